"""A game held in memory: the engine's Game rebuilt by replaying the database's log, its seats,
and what each seat may be sent.

Everything a seat or spectator receives is built here, and only from ``game.view(seat)``,
``game.prompt()`` (for the seat that must decide) and the events whose audience includes the
seat (``event.visible``); the seed is never part of any of it.

A seat's events are numbered from 0 in the order it may see them, so that a client that has
read ``next`` events asks for the rest with ``since=next`` (the numbering is the same in every
process, because replay rebuilds the same history)."""

from __future__ import annotations

import asyncio
import bisect
import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.record import FORMAT, RecordError, SetupError, extend_digest, parse_record
from titan.server.rows import GameRow, Progress, SeatRow


class DamagedGame(Exception):
    """A stored game that does not replay or whose digest does not match its action log:
    the database was damaged or tampered with."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class Seat:
    seat: int
    name: str
    kind: str
    level: str | None
    token_hash: str | None
    claimed: bool

    @classmethod
    def of(cls, row: SeatRow) -> Seat:
        return cls(row.seat, row.name, row.kind, row.level, row.token_hash, row.claimed)


class LiveGame:
    def __init__(self, row: GameRow, game: Game, marks: list[int]) -> None:
        self.id = row.id
        self.variant = row.variant
        self.seed = row.seed
        self.options = row.options
        self.seats = [Seat.of(s) for s in row.seats]
        self.created_at = row.created_at
        self.game = game
        self.version = len(game.actions)
        self.digest = row.digest
        # marks[v]: len(game.history) once v actions are applied, so action n's events are
        # history[marks[n]:marks[n + 1]].
        self.marks = marks
        # Every change to ``game`` (an accepted action, catching up with the database) is made
        # holding this lock, so that two coroutines never apply the same move twice.
        self.lock = asyncio.Lock()
        self._seen: dict[int | None, list[int]] = {}  # seat -> indices into history it may see
        self._scanned: dict[int | None, int] = {}  # seat -> how much of history was scanned

    # --- building and advancing ----------------------------------------------------------------

    @classmethod
    def replay(cls, row: GameRow, log: list[tuple[int, int, Any]]) -> LiveGame:
        """Rebuild a stored game from its row and actions 0..version-1; the record digest
        stored with the game must match. Raises :class:`DamagedGame`."""
        if [n for n, _, _ in log] != list(range(row.version)):
            raise DamagedGame(f"game {row.id}: the action log has gaps")
        record = {
            "format": FORMAT,
            "variant": row.variant,
            "seats": [s.name for s in row.seats],
            "seed": row.seed,
            "options": row.options,
            "actions": [{"player": p, "action": a} for _, p, a in log],
            "digest": row.digest,
        }
        try:
            rec = parse_record(record)  # checks every action's form and the digest
            game = Game.new(rec.variant, rec.seats, rec.seed, rec.options)
            marks = [len(game.history)]
            for player, action in rec.actions:
                game.act(player, action)
                marks.append(len(game.history))
        except (RecordError, SetupError, IllegalAction) as exc:
            raise DamagedGame(f"game {row.id}: {exc}") from exc
        return cls(row, game, marks)

    def apply(self, player: int, action: Action, digest: str) -> None:
        """Apply an action the database has accepted (``digest`` is the log's new digest)."""
        self.game.act(player, action)
        self.version += 1
        self.digest = digest
        self.marks.append(len(self.game.history))

    def catch_up(self, log: list[tuple[int, int, Any]], digest: str) -> None:
        """Apply actions another writer stored (``log`` from ``self.version`` on); ``digest``
        is the database's. Raises :class:`DamagedGame` if they do not fit (the caller then
        reloads the game whole)."""
        if [n for n, _, _ in log] != list(range(self.version, self.version + len(log))):
            raise DamagedGame(f"game {self.id}: the action log has gaps")
        try:
            decoded = [(p, wire.decode_action(a)) for _, p, a in log]
        except wire.WireError as exc:
            raise DamagedGame(f"game {self.id}: a stored action does not decode: {exc}") from exc
        if extend_digest(self.digest, decoded) != digest:
            raise DamagedGame(f"game {self.id}: the digest does not match the action log")
        for player, action in decoded:
            try:
                self.apply(player, action, self.digest)
            except IllegalAction as exc:
                raise DamagedGame(f"game {self.id}: a stored action is refused: {exc}") from exc
        self.digest = digest

    def trial(self, player: int, action: Action) -> Progress:
        """What accepting ``action`` would make of the game row, computed on a clone so that
        nothing changes before the database has it. Raises IllegalAction."""
        twin = self.game.clone()
        twin.act(player, action)
        return Progress(
            self.version + 1,
            extend_digest(self.digest, [(player, action)]),
            twin.current_player(),
            twin.state.over,
            twin.state.winner,
        )

    # --- who is asking -----------------------------------------------------------------------

    def seat_for(self, token: str | None) -> int | None:
        """The seat this token holds; None (a spectator) for no token or a wrong one."""
        if not token:
            return None
        digest = hash_token(token)
        found = None
        for s in self.seats:  # compare every seat, in constant time, whatever matches
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        return found

    @property
    def over(self) -> bool:
        return self.game.state.over

    @property
    def status(self) -> str:
        return "over" if self.over else "running"

    def bot_to_move(self) -> int | None:
        """The computer seat that must decide now, if it is one."""
        player = self.game.current_player()
        if player < 0 or self.seats[player].kind != "bot":
            return None
        return player

    # --- what a seat is sent -----------------------------------------------------------------

    def visible(self, seat: int | None) -> list[int]:
        """Indices into the history of the events ``seat`` may see, scanned incrementally."""
        seen = self._seen.setdefault(seat, [])
        history = self.game.history
        start = self._scanned.get(seat, 0)
        seen.extend(i for i in range(start, len(history)) if history[i].visible(seat))
        self._scanned[seat] = len(history)
        return seen

    def snapshot(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """The seat's state: view, prompt (only if it must decide), its events from ``since``."""
        seen = self.visible(seat)
        since = min(since, len(seen))
        return self._message(seat, seen[since:], since, len(seen))

    def after_action(self, seat: int | None, n: int) -> dict[str, Any]:
        """As :meth:`snapshot`, with only the events action ``n`` caused that ``seat`` may see."""
        seen = self.visible(seat)
        lo = bisect.bisect_left(seen, self.marks[n])
        hi = bisect.bisect_left(seen, self.marks[n + 1])
        return self._message(seat, seen[lo:hi], lo, hi)

    def _message(
        self, seat: int | None, indices: list[int], since: int, nxt: int
    ) -> dict[str, Any]:
        history = self.game.history
        prompt = self.game.prompt() if seat is not None and not self.over else None
        return {
            "game": self.id,
            "seat": seat,
            "version": self.version,
            "status": self.status,
            "view": wire.encode(self.game.view(seat)),
            "prompt": wire.encode(prompt) if prompt is not None and prompt.player == seat else None,
            "events": [wire.encode(history[i]) for i in indices],
            "since": since,
            "next": nxt,
        }
