"""Alembic's environment: migrations always run on the connection the server hands over (see
:mod:`titan.server.migrate`), never from a separate ``alembic.ini``."""

from __future__ import annotations

from alembic import context

from titan.server.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through titan.server.migrate (titan serve does)")
context.configure(
    connection=connection,
    target_metadata=metadata,
    # SQLite cannot ALTER most things in place: batch mode copies the table instead.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
