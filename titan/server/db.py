"""Opening the database: the async engine (SQLite tuned for one writer at a time, PostgreSQL
as it is) and the Alembic migrations, run every time the server starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event, text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from titan.server.config import sqlite_path

MIGRATIONS = Path(__file__).parent / "migrations"
# Any constant will do: it only has to be the same in every titan process on one database.
_MIGRATION_LOCK = 0x7174616E  # "titan"


def open_engine(url: str) -> AsyncEngine:
    """The async engine for a normalised URL (see :func:`titan.server.config.normalise_db_url`);
    a SQLite file's directory is created on first use."""
    path = sqlite_path(url)
    if path is None:
        return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    cur = dbapi_connection.cursor()
    # WAL: readers never wait for the writer. synchronous=FULL: a commit is on disk before the
    # action is acknowledged (NORMAL could lose the last commits on a power cut). busy_timeout:
    # a second writer (another process) waits for the lock instead of failing at once.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest revision (idempotent). On PostgreSQL an advisory lock
    makes processes started together take turns, so the schema is created once."""
    async with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
        await conn.run_sync(_upgrade)


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
