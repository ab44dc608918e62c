"""The open internet: rate-limit buckets shared by the server processes; unlisted games and
each game's creator (its client, for the per-client quotas) and the hash of the creator's
token, which may remove the game before it starts.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, which SQLite and PostgreSQL both do in place. Not a batch operation:
    # on SQLite that copies and DROPs the games table, and with foreign keys on, the drop
    # deletes every seat and action of every game (ON DELETE CASCADE).
    op.add_column(
        "games", sa.Column("unlisted", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("creator", sa.String(96), nullable=True))
    op.add_column("games", sa.Column("manage_hash", sa.String(64), nullable=True))
    op.create_index("ix_games_creator_status", "games", ["creator", "status"])
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(96), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_buckets")
    op.drop_index("ix_games_creator_status", "games")
    for column in ("manage_hash", "creator", "unlisted"):
        op.drop_column("games", column)  # in place (SQLite 3.35+), never by a table copy
