"""The server's settings: which database (its URL normalised to an async driver), where the
default SQLite file lives, how computer seats run, and what a request may weigh."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import platformdirs
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from titan.server.rates import DEFAULT_RATES, Rate

ENV_DB = "TITAN_DB"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

MAX_BODY = 64 * 1024  # every request but an import: an action is well under 1 KiB
MAX_IMPORT_BODY = 8 * 1024 * 1024  # a record of a long game with battles is about 1 MiB
MAX_IMPORT_ACTIONS = 20_000  # see docs/architecture.md, "On the open internet"
MAX_OPEN_GAMES = 20  # running games a client may have created
MAX_BOT_GAMES = 2  # ... with computer seats only: each keeps the bot pool busy for minutes
IDLE_DAYS = 30.0
MAX_WS_MESSAGE = 64 * 1024  # clients only ever send small messages on the socket

BotPoolKind = Literal["process", "thread"]


class ConfigError(ValueError):
    """A database URL or setting the server cannot use; the message says what would do."""


def default_db_path() -> Path:
    """The embedded database: ``titan.sqlite3`` in the user's data directory."""
    return platformdirs.user_data_path("titan", appauthor=False) / "titan.sqlite3"


def default_db_url() -> str:
    """``TITAN_DB`` when set, otherwise SQLite in the user's data directory."""
    return os.environ.get(ENV_DB) or f"sqlite:///{default_db_path()}"


def normalise_db_url(url: str) -> str:
    """The async-driver form of a database URL: ``sqlite:///path`` becomes
    ``sqlite+aiosqlite:///path`` and ``postgresql://...`` (or ``postgres://``, or another
    PostgreSQL driver) becomes ``postgresql+psycopg://...``. Raises :class:`ConfigError`."""
    try:
        parsed = make_url(url.replace("postgres://", "postgresql://", 1))
    except ArgumentError:
        raise ConfigError(
            f"not a database URL: {url!r}; use sqlite:///PATH or postgresql://USER@HOST/DB"
        ) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            # Every pooled connection would get a database of its own, and nothing would last.
            raise ConfigError("an in-memory SQLite database cannot hold games; give a file path")
        return _render(parsed.set(drivername="sqlite+aiosqlite"))
    if backend == "postgresql":
        return _render(parsed.set(drivername="postgresql+psycopg"))
    raise ConfigError(f"unsupported database {backend!r}: use sqlite:///PATH or postgresql://...")


def libpq_dsn(url: str) -> str:
    """The plain ``postgresql://`` form psycopg's own connections take (for LISTEN)."""
    return _render(make_url(url).set(drivername="postgresql"))


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return Path(parsed.database)


def _render(url: URL) -> str:
    return url.render_as_string(hide_password=False)


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client may ask of the server, and how long an idle game stays listed
    (docs/architecture.md, "On the open internet"); the defaults are ``titan serve``'s."""

    rates: Mapping[str, Rate] = field(default_factory=lambda: DEFAULT_RATES)  # ratelimit.py
    max_import_actions: int = MAX_IMPORT_ACTIONS  # a longer record is refused (413)
    max_open_games: int = MAX_OPEN_GAMES  # running games one client may have created
    max_bot_games: int = MAX_BOT_GAMES  # ... of them with computer seats only
    idle_days: float = IDLE_DAYS  # a game without a move for this long leaves the lobby


ENV_SMTP = "TITAN_SMTP"
ENV_PUBLIC_URL = "TITAN_PUBLIC_URL"


@dataclass(frozen=True, slots=True)
class Notices:
    """How the server tells players that a game needs them (titan.server.sender)."""

    public_url: str = "http://127.0.0.1:8000"  # the links in mails and webhooks start here
    smtp: str | None = None  # smtp://user:pass@host:port, smtps://..., ?starttls (mailer.py)
    local_webhooks: bool = False  # webhooks may target loopback addresses (tests, local use)
    poll: float = 5.0  # seconds between two looks at the outbox when nothing wakes the sender
    backoff: float = 30.0  # seconds before the 2nd attempt; doubled each time after
    max_backoff: float = 3600.0
    max_attempts: int = 8
    timeout: float = 10.0  # seconds a webhook, or one exchange with the mail server, may take
    batch: int = 20  # rows claimed at once (sent together)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything ``create_app`` needs; the defaults are what ``titan serve`` uses."""

    db_url: str  # normalised (see normalise_db_url)
    bot_pool: BotPoolKind = "process"
    bot_workers: int = 2
    bot_timeout: float = 60.0  # seconds a bot may think before the fallback move is played
    max_body: int = MAX_BODY
    max_import_body: int = MAX_IMPORT_BODY
    limits: Limits = field(default_factory=Limits)
    cache_size: int = 1000  # live games kept in memory (the database holds them all)
    announce: str | None = None  # printed once the server is ready (``titan serve``)
    # Clocks (titan.server.sweeper): seconds between two looks for expired deadlines, and
    # how long a process's claim on one holds before another process may take it over.
    clock_sweep: float = 1.0
    clock_lease: float = 30.0
    # Accounts (titan.server.accounts): Argon2id's cost per password hash (OWASP's: 2 passes
    # over 19 MiB, one lane; ~25 ms of CPU here), and how long a login lasts unused.
    password_time_cost: int = 2
    password_memory_kib: int = 19 * 1024
    session_days: float = 30.0
    notices: Notices = field(default_factory=Notices)
