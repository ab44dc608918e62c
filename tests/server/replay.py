"""What the server may send, worked out from the engine: a finished game's record replayed
action by action, with every observer's view, prompt and visible events at every point.

The engine's own secrecy is tested adversarially (``tests/test_secrecy.py``, whose oracle also
checks every replayed action here). What this module lets the server tests check is that the
server sends nothing beyond the engine's filtered output: each payload a seat or spectator
receives must equal ``wire.encode`` of what the engine gives that observer at some point of the
game, and the seed, which the record reveals only once the game is over, must appear nowhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.test_secrecy import SecrecyChecker, Tally
from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.game import Game
from titan.engine.record import parse_record

Json = Any
Observer = int | None  # a seat, or None for the spectator


def canon(value: Json) -> str:
    """One text per JSON value, whatever the key order."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def who(observer: Observer) -> str:
    return "the spectator" if observer is None else f"seat {observer}"


@dataclass
class Point:
    """The game after ``k`` actions, as each observer may see it."""

    k: int
    views: dict[Observer, str]  # canon(wire.encode(game.view(o)))
    prompt: str | None  # canon(wire.encode(game.prompt())), None once the game is over
    deciding: int
    history: int  # len(game.history)


@dataclass
class Replay:
    """A finished game rebuilt from its record, every action checked by the secrecy oracle."""

    record: Mapping[str, Json]
    game: Game = field(init=False)
    seed: int = field(init=False)
    actions: tuple[tuple[int, Action], ...] = field(init=False)
    points: list[Point] = field(init=False)
    events: list[Json] = field(init=False)  # the whole history, encoded
    caused: list[tuple[int, int]] = field(init=False)  # action k caused events[a:b]
    tally: Tally = field(init=False)

    def __post_init__(self) -> None:
        rec = parse_record(self.record)
        self.seed = rec.seed
        self.actions = rec.actions
        self.game = game = Game.new(rec.variant, rec.seats, rec.seed, rec.options)
        self.tally = Tally()
        checker = SecrecyChecker(game, rec.seed, self.tally, json_views_every=0)
        checker.begin()
        self.points = []
        self.caused = []
        self._snapshot()
        for player, action in rec.actions:
            before = len(game.history)
            checker.act(player, action)
            self.caused.append((before, len(game.history)))
            self._snapshot()
        checker.finish()
        self.events = [wire.encode(e) for e in game.history]
        assert game.state.over, "the record's game is not over"

    @property
    def observers(self) -> tuple[Observer, ...]:
        return (*range(len(self.game.seats)), None)

    def _snapshot(self) -> None:
        game = self.game
        over = game.state.over
        self.points.append(
            Point(
                k=len(game.actions),
                views={o: canon(wire.encode(game.view(o))) for o in self.observers},
                prompt=None if over else canon(wire.encode(game.prompt())),
                deciding=game.current_player(),
                history=len(game.history),
            )
        )

    # --- what an observer may be sent --------------------------------------------------------

    def visible(self, observer: Observer, start: int = 0, stop: int | None = None) -> list[Json]:
        """The encoded events of ``history[start:stop]`` that ``observer`` may see."""
        history = self.game.history
        end = len(history) if stop is None else stop
        return [self.events[i] for i in range(start, end) if history[i].visible(observer)]

    def points_with_view(self, observer: Observer, view: Json) -> list[int]:
        """The points at which ``observer``'s view is ``view`` (empty: a view never sent)."""
        text = canon(view)
        return [p.k for p in self.points if p.views[observer] == text]

    def action_index(self, seat: int, nth: int) -> int:
        """The index in the log of ``seat``'s ``nth`` action (from 0)."""
        seen = -1
        for k, (player, _) in enumerate(self.actions):
            if player == seat:
                seen += 1
                if seen == nth:
                    return k
        raise AssertionError(f"seat {seat} has fewer than {nth + 1} actions in the record")

    def seed_texts(self) -> tuple[str, ...]:
        """How the seed would look in a payload: its decimal and hexadecimal digits."""
        return (str(self.seed), format(self.seed, "x"), format(self.seed, "X"))


def assert_no_seed(replay: Replay, texts: Iterable[tuple[str, str]]) -> int:
    """No payload (``(where, raw text)``) holds the seed; returns how many were checked."""
    n = 0
    for where, text in texts:
        n += 1
        for secret in replay.seed_texts():
            assert secret not in text, f"the dice seed {replay.seed} is in {where}: {text[:300]}"
    return n


def assert_same_events(got: Sequence[Json], want: Sequence[Json], where: str) -> None:
    if [canon(e) for e in got] != [canon(e) for e in want]:
        raise AssertionError(
            f"{where}: the events sent are not exactly the engine's for this observer\n"
            f"sent:   {canon(list(got))[:2000]}\nengine: {canon(list(want))[:2000]}"
        )
