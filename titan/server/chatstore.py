"""The chat's statements: adding a line (with the next number of each numbering it is in) and
reading lines back, as a seat or as a spectator may see them.

A line is numbered twice (``tables.chat_lines``): ``n`` among all the game's lines, ``pn``
among its public ones (the spectators' and the server's). Both are taken in the line's own
transaction as one more than the largest so far; two writers taking the same number at once
(two processes on one PostgreSQL) collide on the primary key or the unique constraint, and
the loser takes the next one. So both numberings are gap-free and a number is never seen
before the smaller ones are committed, which is what lets a reader resume with ``since``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, func, insert, literal_column, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.server.rows import NOTIFY_CHANNEL, now
from titan.server.store import Store
from titan.server.tables import chat_lines

PUBLIC = frozenset({"spectators", "system"})  # the channels everyone may read
TRIES = 5  # numbers taken by another writer in a row before giving up


@dataclass(frozen=True, slots=True)
class Line:
    n: int  # among all the game's lines
    pn: int | None  # among its public lines; None for a players' line
    channel: str  # "players", "spectators" or "system"
    seat: int | None
    name: str
    text: str
    at: int  # the game's version when it was said
    time: datetime

    def visible(self, player: bool) -> bool:
        """May a seat (``player``) or a spectator read it?"""
        return player or self.pn is not None

    def number(self, player: bool) -> int:
        """Its number as this reader counts (``since`` and ``i`` are in these numbers)."""
        if player:
            return self.n
        assert self.pn is not None, "a spectator is never given a players' line"
        return self.pn

    def out(self, player: bool) -> dict[str, Any]:
        """The line as sent to a reader who may see it (no other reader's number)."""
        stamp = self.time if self.time.tzinfo else self.time.replace(tzinfo=UTC)
        return {
            "i": self.number(player),
            "channel": self.channel,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at,
            "time": stamp.isoformat(),
        }


_GAME = chat_lines.c.game_id == bindparam("game_id")
_NEXT = select(
    func.coalesce(func.max(chat_lines.c.n) + 1, 0), func.coalesce(func.max(chat_lines.c.pn) + 1, 0)
).where(_GAME)
_COLUMNS = (
    chat_lines.c.n,
    chat_lines.c.pn,
    chat_lines.c.channel,
    chat_lines.c.seat,
    chat_lines.c.name,
    chat_lines.c.text,
    chat_lines.c.at,
    chat_lines.c.created_at,
)


class ChatStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def add(
        self,
        game_id: str,
        channel: str,
        seat: int | None,
        name: str,
        text: str,
        at: int,
        max_lines: int,
    ) -> Line | None:
        """Store a line; None if the game has ``max_lines`` already. With PostgreSQL the other
        processes are told in the same transaction (``ORIGIN GAME_ID chat``). Raises
        IntegrityError if the game is gone (or, unlikely, after TRIES lost races)."""
        public = channel in PUBLIC

        def write(conn: Connection) -> Line | None:
            n, pn = (conn.execute(_NEXT, {"game_id": game_id})).one()
            if n >= max_lines:
                return None
            line = Line(n, pn if public else None, channel, seat, name, text, at, now())
            conn.execute(
                insert(chat_lines).values(
                    game_id=game_id,
                    n=line.n,
                    pn=line.pn,
                    channel=channel,
                    seat=seat,
                    name=name,
                    text=text,
                    at=at,
                    created_at=line.time,
                )
            )
            if self.store.postgres:
                notice = f"{self.store.origin} {game_id} chat"
                conn.execute(select(func.pg_notify(literal_column(f"'{NOTIFY_CHANNEL}'"), notice)))
            return line

        for attempt in range(TRIES):
            try:
                return await self.store.transact(write)
            except IntegrityError:
                if attempt == TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def lines(
        self, game_id: str, player: bool, since: int, limit: int, *, newest: bool
    ) -> list[Line]:
        """The lines this reader may see numbered ``since`` or more, in order: the first
        ``limit`` of them, or with ``newest`` the last ``limit``."""
        number = chat_lines.c.n if player else chat_lines.c.pn
        query = select(*_COLUMNS).where(chat_lines.c.game_id == game_id, number >= since)
        query = query.order_by(number.desc() if newest else number).limit(limit)

        async def read(conn: AsyncConnection) -> list[Line]:
            return [Line(*row) for row in await conn.execute(query)]

        found = await self.store.read(read)
        return found[::-1] if newest else found

    async def tail(self, game_id: str, limit: int) -> tuple[list[Line], int, int]:
        """The game's newest ``limit`` lines, in order, and the next number of each
        numbering (how many lines, and public lines, there are)."""

        async def read(conn: AsyncConnection) -> tuple[list[Line], int, int]:
            # The numbers first, then the lines below them: a line stored in between has
            # greater numbers (they are taken as max + 1), so the two agree.
            n, pn = (await conn.execute(_NEXT, {"game_id": game_id})).one()
            query = (
                select(*_COLUMNS)
                .where(chat_lines.c.game_id == game_id, chat_lines.c.n < n)
                .order_by(chat_lines.c.n.desc())
                .limit(limit)
            )
            found = [Line(*row) for row in await conn.execute(query)]
            return found[::-1], n, pn

        return await self.store.read(read)
