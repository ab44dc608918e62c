"""The database schema (SQLAlchemy Core): games, their seats, each game's append-only action
log, the shared rate-limit buckets, and accounts with their sessions. The migrations in
``migrations/versions`` create exactly this (a test compares)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
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
    # The time control (titan.server.clocks): NULL (none), "live" or "correspondence", with
    # its allowance in seconds.
    Column("time_kind", String(16), nullable=True),
    Column("time_seconds", Integer, nullable=True),
    # The running clock: the seat that must decide by ``deadline_at``, set when the game's
    # version was ``deadline_version`` (written with the action that made that seat the
    # decider); NULL while nobody's clock runs. A sweeper claims an expired one until
    # ``claimed_until`` (titan.server.sweeper).
    Column("deadline_at", DateTime(timezone=True), nullable=True),
    Column("deadline_seat", Integer, nullable=True),
    Column("deadline_version", Integer, nullable=True),
    Column("claimed_until", DateTime(timezone=True), nullable=True),
    # Rated (chosen at creation): its end updates its players' ratings (titan.server.ratingstore).
    Column("rated", Boolean, nullable=False, server_default=false()),
    Index("ix_games_status_updated", "status", "updated_at"),
    Index("ix_games_deadline_at", "deadline_at"),
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
    # The account the seat belongs to (claimed into it, or created by it); NULL: a link only.
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
    # Who plays a human seat now: "person" or "computer" (a timeout's fallback, or "play for
    # me"), at ``controller_level``, or "refusing" (a "withdraw" timeout, which stands for the
    # rest of the game); and what a timeout does: "computer" (at ``fallback_level``) or
    # "withdraw" (titan.server.clocks).
    Column("controller", String(8), nullable=False, server_default="person"),
    Column("controller_level", String(32), nullable=True),
    Column("fallback", String(8), nullable=False, server_default="computer"),
    Column("fallback_level", String(32), nullable=True),
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

# --- accounts (titan.server.accounts; docs/architecture.md, "Accounts and sessions") ---------

# A person's account. The id is for ever: a deleted account keeps its row as a tombstone (no
# name, no password) so that the seats, and later ratings or clocks, that point at it still
# point at something ("deleted player"); its name is free again.
accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=True),  # as registered; NULL once deleted
    # The name case-folded (NFKC, casefold): unique, so "Ann" and "ANN" are one name. NULL once
    # deleted (NULLs never collide), which frees the name.
    Column("name_key", String(192), nullable=True, unique=True),
    Column("password_hash", String(256), nullable=True),  # Argon2id, PHC string; NULL deleted
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("deleted_at", DateTime(timezone=True), nullable=True),
)

# Logged-in browsers: one row per session, keyed by the SHA-256 of the session id the cookie
# holds (the id itself is never stored, so the table is no list of cookies).
account_sessions = Table(
    "account_sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column(
        "account_id",
        Integer,
        ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

# The current token of each seat that belongs to an account, so that its owner can open it
# from any device where the account is logged in. Kept apart from ``seats`` so that only the
# accounts' own statements ever read it; a rotation (store.rotate) replaces it in the same
# transaction as the seat's hash.
seat_keys = Table(
    "seat_keys",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(64), nullable=False),
    ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"], ondelete="CASCADE"),
)

# --- notifications (titan.server.outbox; docs/architecture.md, "Notifications") ---------------

# Where an account wants to be told that a game needs it. A table of its own rather than
# columns of ``accounts`` (per-account settings live in tables keyed by the account); the row
# is deleted with the account's personal data when the account is deleted.
notice_settings = Table(
    "notice_settings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("email", String(254), nullable=True),
    Column("webhook", String(2048), nullable=True),
    Column("notify_email", Boolean, nullable=False),
    Column("notify_webhook", Boolean, nullable=False),
)

# Notices waiting to be sent, one row per notice and channel ("email", "webhook"), added in
# the transaction of the action that calls for it; the sender task claims due rows.
outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=True),  # the seat that must decide (None: the game's end)
    Column("kind", String(12), nullable=False),  # "turn", "reminder" or "end"
    Column("channel", String(8), nullable=False),  # "email" or "webhook"
    # What makes a notice one of a kind: "turn SEAT TURN" (one per seat per game turn),
    # "end", "reminder SEAT DEADLINE".
    Column("dedupe", String(80), nullable=False),
    Column("deadline_at", DateTime(timezone=True), nullable=True),  # a reminder's deadline
    Column("due_at", DateTime(timezone=True), nullable=False),  # next attempt (or claim's end)
    Column("attempts", Integer, nullable=False),
    Column("state", String(8), nullable=False),  # "pending", "sent", "failed", "dropped"
    Column("last_error", String(200), nullable=True),
    # SHA-256 of the secret in this mail's unsubscribe link (each mail has its own, valid as
    # long as its row is kept; the secret itself is never stored).
    Column("unsubscribe_hash", String(64), nullable=True, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_outbox_due", "state", "due_at"),
    Index("ix_outbox_dedupe", "game_id", "dedupe"),
)


# --- ratings (titan.server.ratingstore; docs/architecture.md, "Ratings") ---------------------

# Each rated player: an account ("account:ID", so a renamed or deleted account keeps its
# results) or a computer level ("computer:LEVEL"). ``ordinal`` is mu - 3 sigma, the
# leaderboard's order, kept as a column so the leaderboard is one indexed read. ``seats`` and
# ``score_sum`` count seats, not games (a computer level may hold several seats of one game);
# ``movement`` and ``strikes`` are the player's dice over its rated games, six counts each.
ratings = Table(
    "ratings",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("seats", Integer, nullable=False),
    Column("score_sum", Integer, nullable=False),
    Column("movement", JSON, nullable=False),
    Column("strikes", JSON, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_ratings_ordinal", "ordinal"),
    Index("ix_ratings_account", "account_id"),
)

# Each seat of each rated game once it ended: its player, place, score and the player's
# rating before and after (written in the transaction that records the game's end).
rated_results = Table(
    "rated_results",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False),
    Index("ix_rated_results_player", "player", "finished_at"),
)
