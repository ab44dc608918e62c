"""Games over days: each game's time control and the deadline of the seat that must decide
now (kept in the database so that restarts and other processes keep it), and each seat's
controller (its person or the computer) and fallback (what a timeout does).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN and CREATE INDEX, in place on SQLite and PostgreSQL (never a batch
    # operation: see 0002 and 0004).
    op.add_column("games", sa.Column("time_kind", sa.String(16), nullable=True))
    op.add_column("games", sa.Column("time_seconds", sa.Integer, nullable=True))
    op.add_column("games", sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("games", sa.Column("deadline_seat", sa.Integer, nullable=True))
    op.add_column("games", sa.Column("deadline_version", sa.Integer, nullable=True))
    op.add_column("games", sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_deadline_at", "games", ["deadline_at"])
    op.add_column(
        "seats",
        sa.Column("controller", sa.String(8), nullable=False, server_default="person"),
    )
    op.add_column("seats", sa.Column("controller_level", sa.String(32), nullable=True))
    op.add_column(
        "seats",
        sa.Column("fallback", sa.String(8), nullable=False, server_default="computer"),
    )
    op.add_column("seats", sa.Column("fallback_level", sa.String(32), nullable=True))


def downgrade() -> None:
    for column in ("fallback_level", "fallback", "controller_level", "controller"):
        op.drop_column("seats", column)
    op.drop_index("ix_games_deadline_at", "games")
    for column in (
        "claimed_until",
        "deadline_version",
        "deadline_seat",
        "deadline_at",
        "time_seconds",
        "time_kind",
    ):
        op.drop_column("games", column)
