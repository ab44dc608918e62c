"""Every database statement the server makes, in one place: creating games, reading them back,
appending one action per transaction, claiming seats, the lobby.

The action log is append-only. An action is written together with the game row's new
version in one transaction, and the write is conditional on the version it was computed from;
two writers of move ``n`` collide on the primary key (game_id, n) or on that version, so
exactly one of them wins (:class:`Conflict` for the other)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from titan.server.tables import actions, games, seats

NOTIFY_CHANNEL = "titan_actions"  # PostgreSQL: payload "GAME_ID:VERSION" after each action


class Conflict(Exception):
    """Another writer appended this game's next action first."""


@dataclass(slots=True)
class SeatRow:
    seat: int
    name: str
    kind: str  # "human" or "bot"
    level: str | None
    token_hash: str | None
    claimed: bool


@dataclass(slots=True)
class GameRow:
    id: str
    variant: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    digest: str
    to_move: int
    winner: int | None
    created_at: datetime
    updated_at: datetime
    seats: list[SeatRow]


@dataclass(frozen=True, slots=True)
class Progress:
    """A game row's fields that change with each action."""

    version: int
    digest: str
    to_move: int
    over: bool
    winner: int | None


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        # SQLite has one writer at a time anyway; queueing here rather than in its busy
        # handler (which sleeps and polls) keeps writes in order and latency low.
        self._write_lock: asyncio.Lock | None = None if self.postgres else asyncio.Lock()

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        if self._write_lock is None:
            async with self.engine.begin() as conn:
                yield conn
            return
        async with self._write_lock, self.engine.begin() as conn:
            yield conn

    async def create(self, row: GameRow, log: Sequence[tuple[int, dict[str, Any]]] = ()) -> None:
        """A new game with its seats (and, for an import, its action log)."""
        stamp = now()
        async with self._writing() as conn:
            await conn.execute(
                insert(games).values(
                    id=row.id,
                    variant=row.variant,
                    options=row.options,
                    seed=row.seed,
                    status=row.status,
                    version=row.version,
                    digest=row.digest,
                    to_move=row.to_move,
                    winner=row.winner,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            await conn.execute(
                insert(seats),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "name": s.name,
                        "kind": s.kind,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                    }
                    for s in row.seats
                ],
            )
            if log:
                await conn.execute(
                    insert(actions),
                    [
                        {"game_id": row.id, "n": n, "player": p, "action": a, "created_at": stamp}
                        for n, (p, a) in enumerate(log)
                    ],
                )

    async def game(self, game_id: str) -> GameRow | None:
        async with self.engine.connect() as conn:
            found = (await conn.execute(select(games).where(games.c.id == game_id))).first()
            if found is None:
                return None
            rows = await conn.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            )
            return _game_row(found._mapping, [_seat_row(s._mapping) for s in rows])

    async def version(self, game_id: str) -> tuple[int, str] | None:
        """The game's version and digest: is a cached copy still current?"""
        async with self.engine.connect() as conn:
            found = (
                await conn.execute(
                    select(games.c.version, games.c.digest).where(games.c.id == game_id)
                )
            ).first()
        return None if found is None else (found.version, found.digest)

    async def actions(self, game_id: str, start: int, stop: int) -> list[tuple[int, int, Any]]:
        """Actions ``start <= n < stop`` as (n, player, action JSON), in order. Callers pass a
        ``stop`` read from the game row, so a write landing meanwhile is not half-seen."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(actions.c.n, actions.c.player, actions.c.action)
                .where(actions.c.game_id == game_id, actions.c.n >= start, actions.c.n < stop)
                .order_by(actions.c.n)
            )
            return [(r.n, r.player, r.action) for r in rows]

    async def append(
        self, game_id: str, n: int, player: int, action: dict[str, Any], after: Progress
    ) -> None:
        """Action ``n`` and the game's new progress, in one transaction, committed when this
        returns. Raises :class:`Conflict` if action ``n`` is already there."""
        stamp = now()
        try:
            async with self._writing() as conn:
                await conn.execute(
                    insert(actions).values(
                        game_id=game_id, n=n, player=player, action=action, created_at=stamp
                    )
                )
                done = await conn.execute(
                    update(games)
                    .where(games.c.id == game_id, games.c.version == n)
                    .values(
                        version=after.version,
                        digest=after.digest,
                        to_move=after.to_move,
                        status="over" if after.over else "running",
                        winner=after.winner,
                        updated_at=stamp,
                    )
                )
                if done.rowcount != 1:
                    raise Conflict(game_id, n)
                if self.postgres:
                    # Delivered to every listening process when (and only if) this commits.
                    await conn.execute(
                        select(func.pg_notify(NOTIFY_CHANNEL, f"{game_id}:{after.version}"))
                    )
        except IntegrityError:
            raise Conflict(game_id, n) from None

    async def claim(self, game_id: str, seat: int) -> None:
        async with self._writing() as conn:
            await conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat, ~seats.c.claimed)
                .values(claimed=True)
            )

    async def recent(self, limit: int) -> list[GameRow]:
        """The most recently active games, newest first, with their seats (the lobby)."""
        async with self.engine.connect() as conn:
            found = list(
                await conn.execute(select(games).order_by(games.c.updated_at.desc()).limit(limit))
            )
            ids = [g.id for g in found]
            by_game: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                rows = await conn.execute(
                    select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)
                )
                for s in rows:
                    by_game[s.game_id].append(_seat_row(s._mapping))
        return [_game_row(g._mapping, by_game[g.id]) for g in found]

    async def waiting_for_bots(self) -> list[str]:
        """Running games whose next decision is a computer seat's (to resume after a restart)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(games.c.id)
                .join(seats, (seats.c.game_id == games.c.id) & (seats.c.seat == games.c.to_move))
                .where(games.c.status == "running", seats.c.kind == "bot")
            )
            return [r.id for r in rows]


def _seat_row(m: Any) -> SeatRow:
    return SeatRow(m["seat"], m["name"], m["kind"], m["level"], m["token_hash"], m["claimed"])


def _game_row(m: Any, seat_rows: list[SeatRow]) -> GameRow:
    return GameRow(
        m["id"],
        m["variant"],
        m["options"],
        m["seed"],
        m["status"],
        m["version"],
        m["digest"],
        m["to_move"],
        m["winner"],
        m["created_at"],
        m["updated_at"],
        seat_rows,
    )
