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
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("unlisted", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("creator", sa.String(96), nullable=True))
        batch.add_column(sa.Column("manage_hash", sa.String(64), nullable=True))
        batch.create_index("ix_games_creator_status", ["creator", "status"])
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(96), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_buckets")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_creator_status")
        batch.drop_column("manage_hash")
        batch.drop_column("creator")
        batch.drop_column("unlisted")
