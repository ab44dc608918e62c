"""Opening the database: the async engine (SQLite tuned for one writer at a time, PostgreSQL
in autocommit mode so that a one-statement write is one round trip) and the Alembic
migrations, run every time the server starts."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from titan.server.config import sqlite_path

MIGRATIONS = Path(__file__).parent / "migrations"
# Any constant will do: it only has to be the same in every titan process on one database.
_MIGRATION_LOCK = 0x7174616E  # "titan"

# Connections per process, kept open; a request finding them all busy waits for one. Every
# statement on the hot path is one round trip (PostgreSQL) or one short call (SQLite), so a
# connection is held for well under a millisecond and a few serve hundreds of games. No
# overflow beyond the pool: a connection opened for a burst and closed after it costs more
# (a new PostgreSQL backend, a new SQLite thread) than the wait it saves.
PG_POOL_SIZE = 20
SQLITE_POOL_SIZE = 10


def open_engine(url: str) -> AsyncEngine:
    """The async engine for a normalised URL (see :func:`titan.server.config.normalise_db_url`);
    a SQLite file's directory is created on first use.

    PostgreSQL connections are in autocommit mode: each statement is its own transaction,
    committed (and on disk) when its reply arrives, with no BEGIN or COMMIT round trips; writes
    of several statements take a real transaction (:func:`transaction`). There is no ping
    before each checkout (a round trip per request): a connection found dead by its statement
    is discarded with the rest of the pool, and the store tries once more (``store.py``)."""
    path = sqlite_path(url)
    if path is None:
        return create_async_engine(
            url,
            pool_size=PG_POOL_SIZE,
            max_overflow=0,
            pool_pre_ping=False,
            isolation_level="AUTOCOMMIT",
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, pool_size=SQLITE_POOL_SIZE, max_overflow=0)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def sqlite_writer(engine: AsyncEngine) -> Engine:
    """The SQLite file's one writing connection (synchronous, with the same pragmas), for the
    group commit's writer thread (``groupcommit.py``); ``engine`` keeps the reads."""
    writer = create_engine(engine.url.set(drivername="sqlite"), pool_size=1, max_overflow=0)
    event.listen(writer, "connect", _sqlite_pragmas)
    return writer


@contextlib.asynccontextmanager
async def transaction(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A connection inside one transaction, committed when the block ends (rolled back if it
    raises), whatever the engine's default: PostgreSQL's is autocommit."""
    async with engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            await conn.execution_options(isolation_level="READ COMMITTED")
        async with conn.begin():
            yield conn


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    cur = dbapi_connection.cursor()
    # WAL: readers never wait for the writer. synchronous=FULL: a commit is on disk before the
    # action is acknowledged (NORMAL could lose the last commits on a power cut; see
    # docs/architecture.md, "Server"); the store commits waiting writes together, one sync
    # for many. busy_timeout: a second writer (another process) waits for the lock instead
    # of failing at once.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest revision (idempotent). On PostgreSQL an advisory lock
    makes processes started together take turns, so the schema is created once."""
    async with transaction(engine) as conn:
        if conn.dialect.name == "postgresql":
            await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
        await conn.run_sync(_upgrade)


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
