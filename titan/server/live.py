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
import time
from dataclasses import dataclass
from typing import Any

from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.record import FORMAT, RecordError, SetupError, extend_digest, parse_record
from titan.server.clocks import (
    COMPUTER,
    PERSON,
    REFUSING,
    Clock,
    clock_wire,
    controllers_wire,
    next_clock,
    stored_control,
)
from titan.server.rows import GameRow, Progress, SeatRow, now


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
    controller: str = PERSON  # titan.server.clocks: who plays it now
    controller_level: str | None = None
    fallback: str = COMPUTER  # ... and what its timeout does
    fallback_level: str | None = None
    account_id: int | None = None  # as last read: a rated game's seat acts only with one

    @classmethod
    def of(cls, row: SeatRow) -> Seat:
        return cls(
            row.seat,
            row.name,
            row.kind,
            row.level,
            row.token_hash,
            row.claimed,
            row.controller,
            row.controller_level,
            row.fallback,
            row.fallback_level,
            row.account_id,
        )

    @property
    def computer_plays(self) -> bool:
        """A computer seat, or a person's seat the computer plays for them."""
        return self.kind == "bot" or self.controller == COMPUTER

    @property
    def refusing(self) -> bool:
        """It ran out of time and refuses to go on (titan.server.clocks.REFUSING)."""
        return self.controller == REFUSING


def successor(game: Game) -> Game:
    """A copy of ``game`` to move on and then keep in its place: the engine's clone (a copy of
    the state, the same dice) with the history and the action log the clone leaves out (a
    search needs neither; every seat's events and the record come from them). Copied, not
    shared, since acting extends them."""
    twin = game.clone()
    twin.history = list(game.history)
    twin.actions = list(game.actions)
    return twin


@dataclass(frozen=True, slots=True)
class Trial:
    """An action tried on a copy of the game: the copy, which becomes the game once the
    database has stored the action, and the game row's fields as they then are."""

    game: Game
    progress: Progress


YIELD_EVERY = 16  # actions replayed between two offers of the GIL (about 1 ms of work)


class LiveGame:
    def __init__(self, row: GameRow, game: Game, marks: list[int]) -> None:
        self.id = row.id
        self.variant = row.variant
        self.seed = row.seed
        self.options = row.options
        self.rated = row.rated
        self.seats = [Seat.of(s) for s in row.seats]
        self.created_at = row.created_at
        self.game = game
        self.version = len(game.actions)
        self.digest = row.digest
        # The time control and the running clock (titan.server.clocks), as the game row has
        # them; the clock moves with each action here, and is read again with the row when
        # another process moved the game (GameService._sync) or the seats (seats_changed).
        self.control = stored_control(row.time_kind, row.time_seconds)
        self.clock = clock_of(row)
        # marks[v]: len(game.history) once v actions are applied, so action n's events are
        # history[marks[n]:marks[n + 1]].
        self.marks = marks
        # ``game`` is moved on (an accepted action, catching up with the database) only on a
        # copy that then replaces it, and only holding this lock, so that two coroutines never
        # apply the same move twice and a reader never sees a move half made.
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
            for n, (player, action) in enumerate(rec.actions, 1):
                game.act(player, action)
                marks.append(len(game.history))
                if n % YIELD_EVERY == 0:
                    # Replays run in a worker thread; this lets the event loop's thread take
                    # the GIL at once instead of after the interpreter's 5 ms switch interval,
                    # which it would wait again after every socket call.
                    time.sleep(0)
        except (RecordError, SetupError, IllegalAction) as exc:
            raise DamagedGame(f"game {row.id}: {exc}") from exc
        return cls(row, game, marks)

    def trial(self, player: int, action: Action) -> Trial:
        """``action`` tried on a copy of the game, so that nothing changes before the
        database has it. Raises IllegalAction."""
        twin = successor(self.game)
        twin.act(player, action)
        decider = -1 if twin.state.over else twin.current_player()
        at = now()
        clock = next_clock(
            self.control,
            self.clock,
            decider,
            decider >= 0 and self.seats[decider].computer_plays,
            at,
            refusing=decider >= 0 and self.seats[decider].refusing,
        )
        progress = Progress(
            at=at,
            version=self.version + 1,
            digest=extend_digest(self.digest, [(player, action)]),
            to_move=twin.current_player(),
            over=twin.state.over,
            winner=twin.state.winner,
            deadline_seat=None if clock is None else clock.seat,
            deadline_at=None if clock is None else clock.deadline,
        )
        return Trial(twin, progress)

    def adopt(self, trial: Trial) -> None:
        """The database has stored the tried action: its copy becomes the game (one ``act``
        per accepted action)."""
        # Tried and stored under the lock, which every other change to the game takes too.
        assert trial.progress.version == self.version + 1, "the game moved on since the trial"
        self.game = trial.game
        self.version = trial.progress.version
        self.digest = trial.progress.digest
        self.marks.append(len(trial.game.history))
        self.clock = clock_of(trial.progress)

    def catch_up(self, log: list[tuple[int, int, Any]], digest: str) -> None:
        """Apply actions another writer stored (``log`` from ``self.version`` on); ``digest``
        is the database's. Raises :class:`DamagedGame` if they do not fit (the caller then
        reloads the game whole); the game is then as it was, since they are applied to a
        copy."""
        if [n for n, _, _ in log] != list(range(self.version, self.version + len(log))):
            raise DamagedGame(f"game {self.id}: the action log has gaps")
        try:
            decoded = [(p, wire.decode_action(a)) for _, p, a in log]
        except wire.WireError as exc:
            raise DamagedGame(f"game {self.id}: a stored action does not decode: {exc}") from exc
        if extend_digest(self.digest, decoded) != digest:
            raise DamagedGame(f"game {self.id}: the digest does not match the action log")
        game = successor(self.game)
        marks = []
        for player, action in decoded:
            try:
                game.act(player, action)
            except IllegalAction as exc:
                raise DamagedGame(f"game {self.id}: a stored action is refused: {exc}") from exc
            marks.append(len(game.history))
        self.game = game
        self.version += len(decoded)
        self.digest = digest
        self.marks += marks

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
        if player < 0 or self.over or not self.seats[player].computer_plays:
            return None
        return player

    def bot_level(self, seat: int) -> str | None:
        """The level the computer plays ``seat`` at (None: the default level)."""
        s = self.seats[seat]
        return s.level if s.kind == "bot" else s.controller_level

    def clock_wire(self) -> dict[str, Any] | None:
        return clock_wire(self.control, self.clock)

    def controllers(self) -> list[str]:
        """Each seat's controller as the API sends it (computer seats: "computer")."""
        return controllers_wire([s.kind for s in self.seats], [s.controller for s in self.seats])

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
            "time_control": self.control.wire(),
            "clock": self.clock_wire(),
            "controllers": self.controllers(),
        }


def clock_of(row: GameRow | Progress) -> Clock | None:
    """The clock a game row (or an action's progress) holds."""
    if row.deadline_seat is None or row.deadline_at is None:
        return None
    return Clock(row.deadline_seat, row.deadline_at)
