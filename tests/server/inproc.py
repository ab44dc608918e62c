"""The server in-process, for fast API tests: ``create_app`` over a SQLite file in the test's
temporary directory, driven by Starlette's TestClient (HTTP and WebSocket, no sockets)."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import time
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tests.server.scripted import choose
from titan.server.app import create_app
from titan.server.config import BotPoolKind, Limits, Settings, normalise_db_url
from titan.server.live import LiveGame
from titan.server.service import GameService

with warnings.catch_warnings():
    # Starlette would rather drive its TestClient with httpx2; httpx works as well.
    warnings.filterwarnings("ignore", message=".*httpx2", category=UserWarning)
    from fastapi.testclient import TestClient

Json = Any


LIMITS = frozenset(f.name for f in dataclasses.fields(Limits))


def settings(where: Path | str, *, bot_pool: BotPoolKind = "thread", **kw: Any) -> Settings:
    """For a database URL, or a directory to keep ``titan.db`` (SQLite) in; ``kw`` names
    Settings' fields and Limits' (``max_open_games=3``)."""
    url = where if isinstance(where, str) else f"sqlite:///{where / 'titan.db'}"
    # One test client: the tests of the rate limits and quotas turn them on.
    limits: dict[str, Any] = {"rates": {}, "max_open_games": 1_000_000, "max_bot_games": 1_000_000}
    limits.update({name: kw.pop(name) for name in LIMITS & kw.keys()})
    return Settings(normalise_db_url(url), bot_pool=bot_pool, limits=Limits(**limits), **kw)


@contextlib.contextmanager
def running(where: Path | str, **kw: Any) -> Iterator[TestClient]:
    """A started server (lifespan run) on a database URL or ``DIRECTORY/titan.db``."""
    with TestClient(create_app(settings(where, **kw))) as client:
        yield client


def service(client: TestClient) -> GameService:
    svc: GameService = client.app.state.titan.service  # type: ignore[attr-defined]
    return svc


def live(client: TestClient, game_id: str) -> LiveGame:
    """The server's own copy of a game (for comparing what it sent with the truth)."""
    found = service(client).cached(game_id)
    assert found is not None, f"game {game_id} is not in memory"
    return found


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def create(
    client: TestClient,
    humans: Sequence[str] = ("Ann", "Bob"),
    bots: Sequence[str] = (),
    level: str = "random",
    options: dict[str, Json] | None = None,
) -> dict[str, Json]:
    seats: list[dict[str, Json]] = [{"name": n, "kind": "human"} for n in humans]
    seats += [{"name": n, "kind": "bot", "level": level} for n in bots]
    body: dict[str, Json] = {"seats": seats}
    if options is not None:
        body["options"] = options
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created: dict[str, Json] = r.json()
    return created


def state(client: TestClient, game_id: str, token: str | None = None, since: int = 0) -> Json:
    r = client.get(f"/api/games/{game_id}/state", headers=auth(token), params={"since": since})
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, game_id: str, token: str | None, action: Json) -> Any:
    return client.post(
        f"/api/games/{game_id}/actions", json={"action": action}, headers=auth(token)
    )


def deciding(client: TestClient, game_id: str) -> int:
    seat: int = state(client, game_id)["view"]["deciding"]
    return seat


def play_some(
    client: TestClient, created: dict[str, Json], actions: int, rng: random.Random
) -> None:
    """``actions`` moves by the human seats (the game must not be waiting on a bot)."""
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(actions):
        seat = deciding(client, created["id"])
        prompt = state(client, created["id"], tokens[seat])["prompt"]
        r = act(client, created["id"], tokens[seat], choose(prompt, rng))
        assert r.status_code == 200, r.text


def wait_for(probe: Any, timeout: float = 30.0, what: str = "the server") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.005)
