"""Alembic migrations of the server's database; run by :func:`titan.server.migrate.migrate`
every time the server starts."""
