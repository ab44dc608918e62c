"""Every database statement the server makes, in one place: creating games, reading them back,
appending one action per transaction, claiming seats, the lobby.

The action log is append-only. An action is written together with the game row's new
version and digest in one transaction, and the write is conditional on the version and
digest it was computed from; two writers of move ``n`` collide on that condition (or on the
primary key (game_id, n)), so exactly one of them wins (:class:`Conflict` for the other).

On PostgreSQL the append is a single statement in autocommit mode (update the game row if it
is still at version ``n``, insert the action if it was, NOTIFY if it was inserted): one round
trip, committed when it returns. On SQLite writes go through :class:`GroupCommit` (plain
functions of a synchronous connection, run in its writer thread; PostgreSQL runs the same
functions through ``run_sync``), and reads through aiosqlite. Without a ping before each
checkout, a pooled connection PostgreSQL has closed is found out by the statement it runs:
reads run once more on a fresh connection, and a write whose fate is unknown is looked up in
the database before anything is decided (:meth:`Store.append`).

The statements on the hot path are built once (:mod:`titan.server.statements`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import (
    Column,
    Connection,
    Executable,
    delete,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from titan.server import statements
from titan.server.db import sqlite_writer, transaction
from titan.server.groupcommit import GroupCommit
from titan.server.listings import Listings
from titan.server.live import hash_token
from titan.server.rows import (
    NOTIFY_CHANNEL,
    GameRow,
    Notice,
    Progress,
    SeatRow,
    game_row,
    now,
    seat_row,
    seat_values,
)
from titan.server.tables import actions, games, seat_keys, seats

log = logging.getLogger("titan.server.store")

T = TypeVar("T")


class Conflict(Exception):
    """Another writer appended this game's next action first."""


LOG_CHUNK = 1000  # a long imported log's actions per transaction, on SQLite
IMPORTING = "importing"  # the status of a game whose long log is being written (SQLite)


class Store(Listings):
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(6)  # this process, in its notifications
        self._group = None if self.postgres else GroupCommit(sqlite_writer(engine))

    async def close(self) -> None:
        if self._group is not None:
            await self._group.close()

    async def create(self, row: GameRow, log: Sequence[tuple[int, str]] = ()) -> None:
        """A new game with its seats (and, for an import, its action log: each action's
        player and JSON text)."""
        stamp = now()
        # SQLite, a long log: the game first, hidden, then its actions a chunk at a time.
        chunked = self._group is not None and len(log) > LOG_CHUNK

        def write_game(conn: Connection) -> None:
            insert_game(conn, row, stamp, hidden=chunked)
            if not chunked:
                write_log(0, len(log), conn)

        def write_log(start: int, stop: int, conn: Connection) -> None:
            if start < stop:
                # Straight to the driver, the JSON already text: through SQLAlchemy's
                # parameter processing 20,000 rows held the event loop for a few hundred ms.
                when = _column_value(conn, actions.c.created_at, stamp)
                conn.exec_driver_sql(
                    statements.LOG_ROWS[conn.dialect.name],
                    [(row.id, n, *log[n], when) for n in range(start, stop)],
                )

        if self._group is not None:
            await self._group.run(write_game)
            if chunked:
                await self._add_log(row, len(log), write_log)
            return
        try:
            async with transaction(self.engine) as conn:
                await conn.run_sync(write_game)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            # Committed or not? The id is fresh and random: if the row is there, it is ours.
            if await self.version(row.id) is None:
                async with transaction(self.engine) as conn:
                    await conn.run_sync(write_game)

    async def _add_log(
        self, row: GameRow, count: int, write_log: Callable[[int, int, Connection], None]
    ) -> None:
        """SQLite: the log of a game :meth:`create` wrote hidden (unlisted, and no quota or
        resumption counts its status), ``LOG_CHUNK`` actions to a transaction, then the game
        shown. In one transaction, 20,000 rows held SQLite's one writer, and every action
        waiting behind it, for 50 ms on a quiet machine and 500-700 ms on a loaded one. Nobody
        knows the game's id until this returns; should it fail, the game is removed."""
        assert self._group is not None
        shown = (
            update(games)
            .where(games.c.id == row.id)
            .values(status=row.status, unlisted=row.unlisted)
        )
        try:
            for start in range(0, count, LOG_CHUNK):
                stop = min(count, start + LOG_CHUNK)
                await self._group.run(partial(write_log, start, stop))
            await self._group.run(lambda conn: conn.execute(shown))
        except BaseException:
            drop = delete(games).where(games.c.id == row.id)
            with contextlib.suppress(Exception):
                await asyncio.shield(self._group.run(lambda conn: conn.execute(drop)))
            raise

    async def game(self, game_id: str) -> GameRow | None:
        async def read(conn: AsyncConnection) -> GameRow | None:
            found = (await conn.execute(select(games).where(games.c.id == game_id))).first()
            if found is None:
                return None
            rows = await conn.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            )
            return game_row(found._mapping, [seat_row(s._mapping) for s in rows])

        return await self._reading(read)

    async def version(self, game_id: str) -> tuple[int, str] | None:
        """The game's version and digest: is a cached copy still current?"""

        async def read(conn: AsyncConnection) -> tuple[int, str] | None:
            found = (await conn.execute(statements.VERSION, {"game_id": game_id})).first()
            return None if found is None else (found.version, found.digest)

        return await self._reading(read)

    async def actions(self, game_id: str, start: int, stop: int) -> list[tuple[int, int, Any]]:
        """Actions ``start <= n < stop`` as (n, player, action JSON), in order. Callers pass a
        ``stop`` read from the game row, so a write landing meanwhile is not half-seen."""
        params = {"game_id": game_id, "start": start, "stop": stop}

        async def read(conn: AsyncConnection) -> list[tuple[int, int, Any]]:
            return [
                (r.n, r.player, r.action) for r in await conn.execute(statements.ACTIONS, params)
            ]

        return await self._reading(read)

    async def append(
        self,
        game_id: str,
        n: int,
        before: str,
        player: int,
        action: dict[str, Any],
        after: Progress,
        then: Callable[[Connection], None] | None = None,
    ) -> None:
        """Action ``n`` and the game's new progress, in one transaction, committed when this
        returns, provided the game is still at version ``n`` with digest ``before``. Raises
        :class:`Conflict` if it is not (another writer got there first). ``then`` writes more
        in that transaction once the action is in (a rated game's end: its ratings); on
        PostgreSQL such an append is a transaction of several statements, not the one
        autocommit statement."""
        params = {
            "game_id": game_id,
            "n": n,
            "before": before,
            "player": player,
            "action": action,
            "new_version": after.version,
            "new_digest": after.digest,
            "to_move": after.to_move,
            "status": "over" if after.over else "running",
            "winner": after.winner,
            "deadline_at": after.deadline_at,
            "deadline_seat": after.deadline_seat,
            "stamp": after.at,  # the action's one time (rows.Progress)
        }
        try:
            if self._group is not None:
                stored = await self._group.run(lambda conn: _append_rows(conn, params, then))
            else:
                params["notice"] = Notice(
                    self.origin, game_id, after.version, after.digest
                ).payload()
                attempt = (
                    partial(self._single, params)
                    if then is None
                    else partial(self._transact, partial(_pg_append_rows, params, then))
                )
                stored = await self._pg_append(
                    attempt, game_id, (n, before), (after.version, after.digest)
                )
        except IntegrityError:
            raise Conflict(game_id, n) from None
        if not stored:
            raise Conflict(game_id, n)

    async def claim(self, game_id: str, seat: int) -> bool:
        """Mark the seat taken; True if this call did (not another process before it)."""
        params = {"claim_game": game_id, "claim_seat": seat}

        if self._group is not None:
            return await self._group.run(
                lambda conn: conn.execute(statements.CLAIM, params).rowcount == 1
            )

        async def write(conn: AsyncConnection) -> bool:
            return (await conn.execute(statements.CLAIM, params)).rowcount == 1

        return await self._reading(write)  # autocommit; and doing it twice does no harm

    async def rotate(self, game_id: str, seat: int, old_hash: str, new_token: str) -> bool:
        """Give a seat a new token, if it still has ``old_hash`` (two rotations at once: one
        wins): its hash in ``seats``, and the token itself in ``seat_keys`` if the seat
        belongs to an account (its owner opens it from there). With PostgreSQL the other
        processes are told in the same transaction (``ORIGIN GAME_ID seats`` on the actions'
        channel)."""
        replace = (
            update(seats)
            .where(
                seats.c.game_id == game_id,
                seats.c.seat == seat,
                seats.c.token_hash == old_hash,
            )
            .values(token_hash=hash_token(new_token))
        )
        keep = (
            update(seat_keys)
            .where(seat_keys.c.game_id == game_id, seat_keys.c.seat == seat)
            .values(token=new_token)
        )

        def write(conn: Connection) -> bool:
            done = conn.execute(replace).rowcount == 1
            if done:
                conn.execute(keep)
            if done and self.postgres:
                notice = f"{self.origin} {game_id} seats"
                conn.execute(select(func.pg_notify(literal_column(f"'{NOTIFY_CHANNEL}'"), notice)))
            return done

        return await self._transact(write)

    async def remove(self, game_id: str, manage_hash: str) -> bool:
        """Delete a game no action has been taken in, if ``manage_hash`` is its creator's (its
        seats go with it: ON DELETE CASCADE)."""
        drop = delete(games).where(
            games.c.id == game_id, games.c.manage_hash == manage_hash, games.c.version == 0
        )

        return await self._transact(lambda conn: conn.execute(drop).rowcount == 1)

    async def _transact(self, write: Callable[[Connection], T]) -> T:
        """``write`` in a transaction: SQLite's group commit, or one of PostgreSQL's own."""
        if self._group is not None:
            return await self._group.run(write)
        async with transaction(self.engine) as conn:
            return await conn.run_sync(write)

    async def write_one(self, statement: Executable, params: dict[str, Any]) -> Any:
        """The one value a one-statement write (``... RETURNING x``) gives back, committed when
        this returns: on SQLite in the group commit, beside the actions (a transaction of its
        own would fight the group commit for SQLite's one write lock, and pay a sync of its
        own); on PostgreSQL alone, in autocommit (one round trip)."""

        if self._group is not None:
            return await self._group.run(lambda conn: conn.execute(statement, params).scalar_one())
        async with self.engine.connect() as conn:
            return (await conn.execute(statement, params)).scalar_one()

    async def seat_rows(self, game_id: str) -> list[SeatRow]:
        async def read(conn: AsyncConnection) -> list[SeatRow]:
            found = await conn.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            )
            return [seat_row(s._mapping) for s in found]

        return await self._reading(read)

    async def transact(self, write: Callable[[Connection], T]) -> T:
        """``write`` in one transaction, for the other tables' statements (chat, rematch,
        accounts): on SQLite in the group commit's writer thread, so it is a plain function
        of a synchronous connection (docs/architecture.md, "Persistence")."""
        return await self._transact(write)

    async def read(self, read: Callable[[AsyncConnection], Awaitable[T]]) -> T:
        """``read`` on a pooled connection, once more on a fresh one if that one was dead."""
        return await self._reading(read)

    # --- inside ----------------------------------------------------------------------------------

    async def _reading(self, read: Callable[[AsyncConnection], Awaitable[T]]) -> T:
        """``read`` on a pooled connection; once more on a fresh one if that connection was
        dead (PostgreSQL restarted, say: the whole pool is then replaced)."""
        try:
            async with self.engine.connect() as conn:
                return await read(conn)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            log.warning("a database connection was lost (%s); trying a fresh one", exc.orig)
        async with self.engine.connect() as conn:
            return await read(conn)

    async def _pg_append(
        self,
        attempt: Callable[[], Awaitable[bool]],
        game_id: str,
        before: tuple[int, str],
        after: tuple[int, str],
    ) -> bool:
        try:
            return await attempt()
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
        # The write may or may not have been committed: the game row says. The digest
        # chains every action, so ``after`` there means this very action (the same seat's
        # same choice on the same position) is stored.
        found = await self.version(game_id)
        if found == after:
            return True
        if found != before:
            return False
        return await attempt()

    async def _single(self, params: dict[str, Any]) -> bool:
        """The PostgreSQL append (autocommit: committed when it returns); did it store?"""
        async with self.engine.connect() as conn:
            return (await conn.execute(statements.PG_APPEND, params)).first() is not None


def insert_game(conn: Connection, row: GameRow, stamp: datetime, *, hidden: bool = False) -> None:
    """A new game's row and its seats (its actions are the caller's). ``hidden``: unlisted and
    'importing' until its long log is in (:meth:`Store.create` on SQLite)."""
    conn.execute(
        insert(games).values(
            id=row.id,
            variant=row.variant,
            options=row.options,
            seed=row.seed,
            status=IMPORTING if hidden else row.status,
            version=row.version,
            digest=row.digest,
            to_move=row.to_move,
            winner=row.winner,
            created_at=stamp,
            updated_at=stamp,
            unlisted=hidden or row.unlisted,
            creator=row.creator,
            manage_hash=row.manage_hash,
            time_kind=row.time_kind,
            time_seconds=row.time_seconds,
            deadline_at=row.deadline_at,
            deadline_seat=row.deadline_seat,
            deadline_version=None if row.deadline_at is None else row.version,
            rated=row.rated,
        )
    )
    conn.execute(insert(seats), [seat_values(row.id, s) for s in row.seats])


def _pg_append_rows(
    params: dict[str, Any], then: Callable[[Connection], None], conn: Connection
) -> bool:
    """PostgreSQL's append with ``then`` (a rated game's end, rare): a transaction of several
    statements, its NOTIFY inside, instead of the one autocommit statement."""
    if not _append_rows(conn, params, then):
        return False
    conn.execute(select(func.pg_notify(literal_column(f"'{NOTIFY_CHANNEL}'"), params["notice"])))
    return True


def _append_rows(
    conn: Connection, params: dict[str, Any], then: Callable[[Connection], None] | None = None
) -> bool:
    """The append as separate statements in the caller's transaction (SQLite's; PostgreSQL's
    when ``then`` writes more); False if the game row had moved on."""
    if conn.execute(statements.MOVE, params).rowcount != 1:
        return False
    conn.execute(statements.LOG, params)
    if then is not None:
        then(conn)
    return True


def _column_value(conn: Connection, column: Column[Any], value: Any) -> Any:
    """``value`` as the driver is given it for ``column`` (SQLite keeps datetimes as text)."""
    process = column.type.dialect_impl(conn.dialect).bind_processor(conn.dialect)
    return value if process is None else process(value)
