"""Checking an imported record, in a worker process: a long record's digest and replay are
seconds of CPU, which in the server's process would slow every other request (a worker
thread still holds the interpreter's lock). The worker parses the record, replays it, and
sends back only what the game's row needs and each action's JSON text, ready to be stored as
it is (encoding 20,000 actions is a tenth of a second the server's event loop would spend);
the game is replayed in the server when someone first opens it."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

import msgspec

from titan.engine import wire
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.record import RecordError, SetupError, parse_record


@dataclass(frozen=True, slots=True)
class Checked:
    """A record that replays (``error`` None), or why it does not (``error``, ``path``)."""

    error: str | None = None
    path: str | None = None
    variant: str = ""
    seats: tuple[str, ...] = ()
    seed: int = 0
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    digest: str = ""
    over: bool = False
    to_move: int = -1
    winner: int | None = None
    # Each action's player and JSON text, as the wire writes it (the action log's rows).
    entries: tuple[tuple[int, str], ...] = ()


def check_import(body: bytes) -> Checked:
    """:func:`check_record` of the record in an import request's body (its JSON, which the
    server has parsed and validated already): bytes cross to the worker for nothing, where
    the record itself, 20,000 small objects, pickled in 80 ms holding the server's GIL, a
    stall for every request."""
    return check_record(json.loads(body)["record"])


def check_record(raw: object) -> Checked:
    """Parse and replay ``raw``; never raises for a bad record (exceptions with arguments of
    their own do not always survive the way back from a process), but says why."""
    try:
        rec = parse_record(raw)
    except RecordError as exc:
        return Checked(error=f"record.{exc}", path=f"record.{exc.path}")
    try:
        game = Game.new(rec.variant, rec.seats, rec.seed, rec.options)
        for player, action in rec.actions:
            game.act(player, action)
    except (SetupError, IllegalAction) as exc:
        return Checked(error=f"the record does not replay: {exc}")
    return Checked(
        variant=rec.variant,
        seats=tuple(rec.seats),
        seed=rec.seed,
        options=dataclasses.asdict(rec.options),
        digest=rec.digest,
        over=game.state.over,
        to_move=game.current_player(),
        winner=game.state.winner,
        entries=tuple((p, msgspec.json.encode(wire.encode(a)).decode()) for p, a in rec.actions),
    )
