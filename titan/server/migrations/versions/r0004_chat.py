"""Players who come back: each game's chat (the players' lines, the spectators' and the
server's own) and the game a finished one was replayed as ("play again").

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN and CREATE TABLE, in place on SQLite and PostgreSQL. Never a batch
    # operation: on SQLite that copies and drops the games table, and the drop deletes every
    # seat, action and chat line of every game (ON DELETE CASCADE; see 0002).
    op.add_column("games", sa.Column("rematch", sa.String(32), nullable=True))
    op.create_table(
        "chat_lines",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("pn", sa.Integer, nullable=True),
        sa.Column("channel", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "pn", name="uq_chat_lines_public"),
    )


def downgrade() -> None:
    op.drop_table("chat_lines")
    op.drop_column("games", "rematch")  # in place (SQLite 3.35+), never by a table copy
