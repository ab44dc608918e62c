"""The reads of many games at once: the lobby, an account's games, a client's quotas and the
games left waiting for the computer after a restart. Mixed into :class:`titan.server.store.
Store` (whose ``_reading`` runs them), kept apart from the one-game statements there."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.server.rows import GameRow, SeatRow, game_row, seat_row
from titan.server.tables import games, seats

T = TypeVar("T")


class Listings:
    if TYPE_CHECKING:

        async def _reading(self, read: Callable[[AsyncConnection], Awaitable[T]]) -> T: ...

    async def recent(self, limit: int, since: datetime | None = None) -> list[GameRow]:
        """The most recently active listed games, newest first, with their seats (the lobby):
        unlisted games never, and none idle since before ``since`` (archived)."""

        async def read(conn: AsyncConnection) -> list[GameRow]:
            query = select(games).where(~games.c.unlisted)
            if since is not None:
                query = query.where(games.c.updated_at >= since)
            found = list(await conn.execute(query.order_by(games.c.updated_at.desc()).limit(limit)))
            ids = [g.id for g in found]
            by_game: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                rows = await conn.execute(
                    select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)
                )
                for s in rows:
                    by_game[s.game_id].append(seat_row(s._mapping))
            return [game_row(g._mapping, by_game[g.id]) for g in found]

        return await self._reading(read)

    async def games_by_id(self, ids: Sequence[str]) -> list[GameRow]:
        """These games with their seats, in the order given (missing ones left out)."""

        async def read(conn: AsyncConnection) -> list[GameRow]:
            if not ids:
                return []
            found = {g.id: g for g in await conn.execute(select(games).where(games.c.id.in_(ids)))}
            by_game: dict[str, list[SeatRow]] = {i: [] for i in found}
            rows = await conn.execute(
                select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)
            )
            for s in rows:
                by_game[s.game_id].append(seat_row(s._mapping))
            return [game_row(found[i]._mapping, by_game[i]) for i in ids if i in found]

        return await self._reading(read)

    async def open_games(self, creator: str) -> tuple[int, int]:
        """How many running games ``creator`` made: in all, and with only computer seats."""

        async def read(conn: AsyncConnection) -> tuple[int, int]:
            humans = (
                select(func.count())
                .select_from(seats)
                .where(seats.c.game_id == games.c.id, seats.c.kind == "human")
                .scalar_subquery()
            )
            found = await conn.execute(
                select(games.c.id, humans.label("humans")).where(
                    games.c.creator == creator, games.c.status == "running"
                )
            )
            rows = list(found)
            return len(rows), sum(1 for r in rows if r.humans == 0)

        return await self._reading(read)

    async def waiting_for_bots(self) -> list[str]:
        """Running games whose next decision is a computer seat's (to resume after a restart)."""
        query = (
            select(games.c.id)
            .join(seats, (seats.c.game_id == games.c.id) & (seats.c.seat == games.c.to_move))
            .where(
                games.c.status == "running",
                (seats.c.kind == "bot") | (seats.c.controller == "computer"),
            )
        )

        async def read(conn: AsyncConnection) -> list[str]:
            return [r.id for r in await conn.execute(query)]

        return await self._reading(read)
