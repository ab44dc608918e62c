"""The HTML pages and the settings: the lobby, starting a game from its form, names escaped;
database URLs; `titan serve` refusing a bad one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.server.inproc import running
from titan.cli import main
from titan.server.config import ConfigError, default_db_url, libpq_dsn, normalise_db_url


def test_the_lobby_starts_a_game_and_hands_out_the_seat_links(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        page = client.get("/")
        assert page.status_code == 200 and "<form" in page.text and "No games yet" in page.text
        form = {
            "name0": "<script>alert(1)</script>",
            "kind0": "human",
            "name1": "Bob",
            "kind1": "human",
            "name2": "Robot",
            "kind2": "bot",
            "level2": "random",
            "name3": "Nobody",
            "kind3": "",
            "turn_limit": "4",
        }
        r = client.post("/games", data=form)
        assert r.status_code == 201, r.text
        assert "<script>alert" not in r.text and "&lt;script&gt;" in r.text
        links = re.findall(r"href='(http://testserver/games/\w+#token=[\w-]+)'", r.text)
        assert len(links) == 2
        gid = links[0].split("/")[-1].split("#")[0]
        summary = client.get(f"/api/games/{gid}").json()
        assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
        assert summary["options"]["turn_limit"] == 4
        lobby = client.get("/").text
        assert gid in lobby and "<script>alert" not in lobby
        game_page = client.get(f"/games/{gid}")
        assert game_page.status_code == 200 and "WebSocket" in game_page.text
        bad = client.post("/games", data={"name0": "Solo", "kind0": "human", "turn_limit": "x"})
        assert bad.status_code == 422 and "class=error" in bad.text


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
