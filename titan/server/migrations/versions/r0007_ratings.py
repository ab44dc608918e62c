"""Rated games: the games chosen to be rated, each rated player's rating and totals, and each
rated game's results (titan.server.ratingstore).

Revision ID: 0007
Revises: 0004 (the lead rechains it after 0006 when merging)
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN and CREATE TABLE, in place: never a batch operation (see 0004).
    op.add_column(
        "games", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("score_sum", sa.Integer, nullable=False),
        sa.Column("movement", sa.JSON, nullable=False),
        sa.Column("strikes", sa.JSON, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_ordinal", "ratings", ["ordinal"])
    op.create_index("ix_ratings_account", "ratings", ["account_id"])
    op.create_table(
        "rated_results",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rated_results_player", "rated_results", ["player", "finished_at"])


def downgrade() -> None:
    op.drop_table("rated_results")
    op.drop_table("ratings")
    op.drop_column("games", "rated")  # in place (SQLite 3.35+), never by a table copy
