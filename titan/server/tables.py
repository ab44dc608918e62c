"""The database schema (SQLAlchemy Core): games, their seats, and each game's append-only
action log. The migrations in ``migrations/versions`` create exactly this (a test compares)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("variant", String(64), nullable=False),
    Column("options", JSON, nullable=False),  # Options' fields: titan_variant, point_target, ...
    Column("seed", BigInteger, nullable=False),  # secret while the game runs
    Column("status", String(16), nullable=False),  # "running" or "over"
    # The number of accepted actions: every write checks and bumps it (optimistic concurrency).
    Column("version", Integer, nullable=False),
    # The record digest over the header and actions 0..version-1 (titan.engine.record): a
    # damaged or tampered action log is detected when the game is loaded.
    Column("digest", String(80), nullable=False),
    Column("to_move", Integer, nullable=False),  # the seat that must decide; -1 once over
    Column("winner", Integer, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # Not in the lobby: reachable only by its links.
    Column("unlisted", Boolean, nullable=False, server_default=false()),
    # The client that created it (titan.server.ratelimit.client_key), for the quotas.
    Column("creator", String(96), nullable=True),
    # sha256 hex of the creator's token, which may remove the game before its first action.
    Column("manage_hash", String(64), nullable=True),
    # The game "play again" made of this one (titan.server.rematch), once someone asked.
    Column("rematch", String(32), nullable=True),
    Index("ix_games_status_updated", "status", "updated_at"),
    Index("ix_games_creator_status", "creator", "status"),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("level", String(32), nullable=True),  # a bot's level (titan.ai.levels)
    Column("token_hash", String(64), nullable=True),  # sha256 hex of a human seat's token
    Column("claimed", Boolean, nullable=False),  # its token has been used: the seat is taken
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    # The primary key (game_id, n) is what makes two writers of the same move collide.
    Column("n", Integer, primary_key=True),
    Column("player", Integer, nullable=False),
    Column("action", JSON, nullable=False),  # the engine's action JSON (titan.engine.actions)
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# Each game's chat (titan.server.chat): the players' lines, the spectators' and the server's
# own (joins, withdrawals). Lines are numbered twice, as each reader may see them: ``n``
# counts every line (what a seat reads), ``pn`` only the public ones (what a spectator reads;
# NULL for a players' line), so a spectator's numbers show no gap where the players spoke.
# Both are per game and gap-free: an insert takes the next of each, and two writers of the
# same number collide on the primary key or the unique constraint (the loser tries again).
chat_lines = Table(
    "chat_lines",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("pn", Integer, nullable=True),
    Column("channel", String(12), nullable=False),  # "players", "spectators" or "system"
    Column("seat", Integer, nullable=True),  # who spoke (or whom a system line is about)
    Column("name", String(64), nullable=False),  # as shown: the seat's or the spectator's name
    Column("text", Text, nullable=False),
    Column("at", Integer, nullable=False),  # the game's version (actions taken) when said
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("game_id", "pn", name="uq_chat_lines_public"),
)

# Rate limits shared by every server process (titan.server.ratelimit): one token bucket per
# kind of request and client.
rate_buckets = Table(
    "rate_buckets",
    metadata,
    Column("key", String(96), primary_key=True),  # "create:203.0.113.9"
    Column("tokens", Float, nullable=False),
    Column("updated", Float, nullable=False),  # seconds since the epoch
)
