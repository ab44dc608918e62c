"""Accounts: the accounts, their sessions, the account a seat belongs to, and the tokens of
the seats that belong to one (handed to the owner on any of its devices).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("name_key", sa.String(192), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    # A plain ADD COLUMN, in place on SQLite and PostgreSQL (never a batch copy of the seats
    # table: see r0002). SQLite takes a REFERENCES clause on an added column whose default is
    # NULL, but Alembic would add the foreign key as a separate ALTER, which SQLite has not.
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id)")
    else:
        op.add_column(
            "seats",
            sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        )
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.create_table(
        "seat_keys",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id", "seat"], ["seats.game_id", "seats.seat"], ondelete="CASCADE"
        ),
    )


def downgrade() -> None:
    op.drop_table("seat_keys")
    op.drop_index("ix_seats_account_id", "seats")
    op.drop_column("seats", "account_id")  # in place (SQLite 3.35+), never by a table copy
    op.drop_index("ix_account_sessions_account_id", "account_sessions")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
