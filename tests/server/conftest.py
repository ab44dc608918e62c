"""Fixtures for tests that run real servers: ``titan serve`` as a subprocess on loopback, over
SQLite (a file in the test's temporary directory) and over PostgreSQL (a database of its own
per test, created in the server named by ``TITAN_TEST_PG`` and dropped afterwards).

Without ``TITAN_TEST_PG`` the PostgreSQL cases skip, saying why; with ``TITAN_REQUIRE_PG=1``
(as ``.ci/run`` sets, beside ``scripts/with-postgres``) they fail instead, so that CI can never
pass by skipping them. Every server gets a free port and every test its own database, so the
tests run side by side under pytest-xdist.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import (
    PG_ENV,
    REQUIRE_PG_ENV,
    PgDatabases,
    Server,
    ServerPool,
)

DB_KINDS = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: a server test of many games or requests (deselect: -m 'not slow')"
    )


@pytest.fixture(scope="session")
def pg_admin_url() -> str:
    """The PostgreSQL server's maintenance database URL; skips (or fails in CI) without one."""
    url = os.environ.get(PG_ENV)
    if not url:
        reason = (
            f"no PostgreSQL: set {PG_ENV} to a database URL, or run the tests through "
            "scripts/with-postgres (as .ci/run does)"
        )
        if os.environ.get(REQUIRE_PG_ENV) == "1":
            pytest.fail(f"{REQUIRE_PG_ENV}=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return url


@pytest.fixture
def pg_databases(pg_admin_url: str) -> Iterator[PgDatabases]:
    """Creates fresh databases on demand (``.create()``); drops them all after the test."""
    dbs = PgDatabases(pg_admin_url)
    try:
        yield dbs
    finally:
        dbs.drop_all()


@pytest.fixture
def pg_url(pg_databases: PgDatabases) -> str:
    """A fresh, empty PostgreSQL database for this test alone."""
    return pg_databases.create()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A SQLite database file for this test alone (created by the server)."""
    return f"sqlite:///{tmp_path / 'titan.db'}"


@pytest.fixture(params=DB_KINDS)
def db_url(request: pytest.FixtureRequest) -> str:
    """A fresh database of each kind in turn: the test runs once on SQLite, once on PostgreSQL."""
    url: str = request.getfixturevalue(f"{request.param.replace('postgresql', 'pg')}_url")
    return url


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[ServerPool]:
    """Starts ``titan serve`` processes on demand (``.start(db_url)``), each on a free port;
    kills every one that is still running after the test."""
    pool = ServerPool(tmp_path / "server-logs")
    try:
        yield pool
    finally:
        pool.kill_all()


@pytest.fixture
def server(servers: ServerPool, db_url: str) -> Server:
    """One running server on this test's database (both kinds in turn)."""
    return servers.start(db_url)


@pytest.fixture
def serve(server: Server) -> str:
    """The base URL (``http://127.0.0.1:PORT``) of one running server on a fresh database."""
    return server.url
