"""The browser client's pages and data (titan/server/web.py), and the settings: database URLs;
`titan serve` refusing a bad one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.inproc import running
from titan.ai.levels import LEVELS
from titan.cli import main
from titan.server.config import ConfigError, default_db_url, libpq_dsn, normalise_db_url


def test_the_lobby_and_game_pages_serve_the_client(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gid = client.post(
            "/api/games", json={"seats": [{"name": "Ann"}, {"name": "Hal", "kind": "bot"}]}
        ).json()["id"]
        pages = ("/", f"/games/{gid}", "/games/no-such-game", f"/games/{gid}/dice")
        for path in (*pages, "/leaderboard", "/players/Ann", "/players/computer:normal"):
            page = client.get(path)
            # The page is the same everywhere: the client reads the path (and the token from
            # the fragment, which never reaches the server) and draws the lobby or the game.
            assert page.status_code == 200, path
            assert page.headers["content-type"].startswith("text/html")
            assert '<div id="app">' in page.text and "/static/app.js" in page.text
        script = client.get("/static/app.js")
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
        assert len(script.text) > 1000
        assert client.get("/static/app.css").status_code == 200
        assert client.get("/static/no-such-file.js").status_code == 404


def test_the_variant_data_and_the_levels(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        data = client.get("/api/variants/default")
        assert data.status_code == 200
        body = data.json()
        assert set(body) == {"masterboard", "battlelands", "characters", "recruits"}
        assert all(body[k] for k in body)
        # A name that is no variant, or tries to climb out of the variants' folder, is a 404
        # (never a 500, never a file from elsewhere).
        for bad in ("nonesuch", "..", "%2e%2e", "..%2fx", "%2e%2e%2fstate", "default%00"):
            r = client.get(f"/api/variants/{bad}")
            assert r.status_code == 404, (bad, r.status_code, r.text)
        r = client.get("/api/variants/../x")
        assert r.status_code == 404
        levels = client.get("/api/levels").json()
        assert levels["levels"] == list(LEVELS)
        assert levels["default"] in levels["levels"]


def test_database_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    assert normalise_db_url("sqlite:////tmp/t.db") == "sqlite+aiosqlite:////tmp/t.db"
    assert normalise_db_url("sqlite:///rel.db") == "sqlite+aiosqlite:///rel.db"
    pg = "postgresql+psycopg://u:p@h:5/db"
    for url in ("postgresql://u:p@h:5/db", "postgres://u:p@h:5/db", pg):
        assert normalise_db_url(url) == pg
    assert libpq_dsn(pg) == "postgresql://u:p@h:5/db"
    for bad in ("mysql://x/y", "nonsense", "sqlite://", "sqlite:///:memory:"):
        with pytest.raises(ConfigError):
            normalise_db_url(bad)
    monkeypatch.setenv("TITAN_DB", "postgresql://elsewhere/titan")
    assert default_db_url() == "postgresql://elsewhere/titan"
    monkeypatch.delenv("TITAN_DB")
    assert default_db_url().startswith("sqlite:///") and default_db_url().endswith("titan.sqlite3")


def test_serve_refuses_a_bad_database_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "mysql://nowhere/x"]) == 2
    assert "unsupported database" in capsys.readouterr().err
