"""Long records never stall the server: an import's parsing and replay run in a worker (the
bot pool's processes in a real server; a thread in these in-process tests), and the replay of
a game missing from the cache in a worker thread, never on the event loop; a record longer
than the import cap is refused with 413 naming the cap, before any work on it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.inproc import running
from titan.engine.record import make_record, parse_record
from titan.play import play
from titan.server import importing
from titan.server import live as live_module


def _on_the_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _spy(calls: list[bool], real: Callable[..., Any]) -> Callable[..., Any]:
    def spying(*args: Any, **kwargs: Any) -> Any:
        calls.append(_on_the_loop())
        return real(*args, **kwargs)

    return spying


def test_imports_and_cache_misses_replay_in_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays: list[bool] = []
    parses: list[bool] = []
    real_replay = live_module.LiveGame.replay.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(
        live_module.LiveGame,
        "replay",
        classmethod(lambda cls, *a: _spy(replays, real_replay)(cls, *a)),
    )
    monkeypatch.setattr(importing, "parse_record", _spy(parses, parse_record))
    record = play(4, 2).save()
    with running(tmp_path) as client:
        r = client.post("/api/games/import", json={"record": record})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
    with running(tmp_path) as client:  # a new server: the game is not in its cache
        assert client.get(f"/api/games/{gid}/state").status_code == 200
    assert parses == [False]  # the import's check (a process in a server, a thread here)
    assert replays == [False]  # the cache miss's: an import is not replayed in the server


def test_a_record_over_the_cap_is_refused_with_413(tmp_path: Path) -> None:
    game = play(4, 2)
    record = game.save()
    assert len(record["actions"]) > 50
    with running(tmp_path, max_import_actions=50) as client:
        r = client.post("/api/games/import", json={"record": record})
        assert r.status_code == 413
        body = r.json()
        assert body["path"] == "record.actions"
        assert f"the record has {len(record['actions'])} actions" in body["error"]
        assert "at most 50" in body["error"]
        first = game.actions[:50]  # at the cap: imported (a game under way)
        partial = make_record("default", game.seats, game.seed or 0, game.state.options, first)
        r = client.post("/api/games/import", json={"record": partial})
        assert r.status_code == 201, r.text
