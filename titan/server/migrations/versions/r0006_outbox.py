"""Notifications: each account's notice settings (e-mail, webhook, unsubscribe secret) and
the outbox of notices waiting to be sent.

Revision ID: 0006
Revises: 0004 (the lead chains it after 0005 when merging)
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # CREATE TABLE only: nothing existing is copied or dropped (see 0002 and 0004).
    op.create_table(
        "notice_settings",
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("webhook", sa.String(2048), nullable=True),
        sa.Column("notify_email", sa.Boolean, nullable=False),
        sa.Column("notify_webhook", sa.Boolean, nullable=False),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("dedupe", sa.String(80), nullable=False),
        sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("last_error", sa.String(200), nullable=True),
        sa.Column("unsubscribe_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_outbox_due", "outbox", ["state", "due_at"])
    op.create_index("ix_outbox_dedupe", "outbox", ["game_id", "dedupe"])


def downgrade() -> None:
    op.drop_table("outbox")
    op.drop_table("notice_settings")
