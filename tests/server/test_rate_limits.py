"""Per-client rate limits: token buckets (exact arithmetic on a fake clock), their settings,
429 with Retry-After through the app, forwarded addresses from a trusted proxy as separate
clients, and the create/import buckets shared by two server processes on one PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest

from tests.server.harness import ServerPool
from tests.server.inproc import running
from titan.server.ratelimit import REFUSAL_DELAY, MemoryBuckets, client_key, request_kind
from titan.server.rates import DEFAULT_RATES, LimitError, Rate, parse_rates

GAME = {"seats": [{"name": "Ann"}, {"name": "Bob"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_gives_its_burst_then_refills_at_its_rate() -> None:
    clock = Clock()
    buckets = MemoryBuckets(clock)
    rate = Rate(3, 30)  # 3 at once, one every 10 s

    def take() -> int:
        return asyncio.run(buckets.take("k", rate))

    assert [take() for _ in range(3)] == [0, 0, 0]
    assert take() == 20  # -1 token left: two more refills before one whole token
    clock.now += 19.9
    assert take() > 0  # knocking while refused costs a token too
    clock.now += 30
    assert take() == 0
    assert asyncio.run(buckets.take("other", rate)) == 0  # each key its own bucket


def test_a_flooder_waits_at_most_one_whole_refill() -> None:
    clock = Clock()
    buckets = MemoryBuckets(clock)
    rate = Rate(2, 10)
    waits = [asyncio.run(buckets.take("k", rate)) for _ in range(1000)]
    assert waits[:2] == [0, 0] and max(waits) == 15  # floor -2: (1 + 2) / 0.2 s


def test_rate_settings() -> None:
    assert parse_rates("") == DEFAULT_RATES
    assert parse_rates("off") == {}
    rates = parse_rates(" create = 3/60 , act=10/1")
    assert rates["create"] == Rate(3, 60) and rates["act"] == Rate(10, 1)
    assert rates["read"] == DEFAULT_RATES["read"]
    for bad in ("create=3", "fly=1/1", "create=0/60", "create=1/0", "create=-1/5", "x" * 500):
        with pytest.raises(LimitError, match="KIND=BURST/SECONDS"):
            parse_rates(bad)


def test_clients_are_addresses_and_ipv6_networks() -> None:
    assert client_key({"client": ("203.0.113.9", 5)}) == "203.0.113.9"
    assert client_key({"client": ("2001:db8:1:2:3:4:5:6", 5)}) == "2001:db8:1:2::/64"
    assert client_key({"client": ("::ffff:198.51.100.1", 5)}) == "198.51.100.1"
    assert client_key({"client": None}) == "unknown"


def test_an_empty_bucket_is_answered_429_with_retry_after(tmp_path: Path) -> None:
    with running(tmp_path, rates=parse_rates("create=3/60,read=1000/1")) as client:
        assert [client.post("/api/games", json=GAME).status_code for _ in range(3)] == [201] * 3
        started = time.monotonic()
        r = client.post("/api/games", json=GAME)
        assert r.status_code == 429
        assert time.monotonic() - started >= REFUSAL_DELAY  # held back: floods slow down
        assert r.headers["retry-after"] == "40"  # back to 0 in 20 s, to 1 in 40 s
        assert "too many create requests" in r.json()["error"]
        assert r.headers["content-security-policy"]  # refusals carry the headers too
        assert client.get("/api/games").status_code == 200  # other kinds are not affected


def test_forwarded_addresses_count_as_clients_only_from_a_trusted_proxy(
    servers: ServerPool, sqlite_url: str
) -> None:
    limits = {"TITAN_RATE_LIMITS": "create=1/600"}
    trusting = servers.start(sqlite_url, env=limits)

    def create(server_url: str, address: str) -> int:
        headers = {"X-Forwarded-For": address}
        return httpx.post(
            f"{server_url}/api/games", json=GAME, headers=headers, trust_env=False
        ).status_code

    assert create(trusting.url, "203.0.113.1") == 201
    assert create(trusting.url, "203.0.113.1") == 429
    assert create(trusting.url, "203.0.113.2") == 201  # another client behind the proxy
    trusting.stop()
    wary = servers.start(sqlite_url, env={**limits, "TITAN_FORWARDED_ALLOW_IPS": "192.0.2.1"})
    assert create(wary.url, "203.0.113.3") == 201
    assert create(wary.url, "203.0.113.4") == 429  # the header is not believed: one client


def test_two_processes_share_the_create_buckets(servers: ServerPool, pg_url: str) -> None:
    limits = {"TITAN_RATE_LIMITS": "create=4/600,import=4/600"}
    one, two = servers.start(pg_url, env=limits), servers.start(pg_url, env=limits)
    answers = [
        httpx.post(f"{s.url}/api/games", json=GAME, trust_env=False).status_code
        for s in (one, two, one, two, one, two)
    ]
    assert answers == [201, 201, 201, 201, 429, 429]


def test_quotas_of_open_and_computer_only_games(tmp_path: Path) -> None:
    bots = {"seats": [{"name": "Hal", "kind": "bot"}, {"name": "Ivy", "kind": "bot"}]}
    with running(tmp_path, max_open_games=3, max_bot_games=1) as client:
        assert client.post("/api/games", json=bots).status_code == 201
        r = client.post("/api/games", json=bots)
        assert r.status_code == 429 and "computer players only" in r.json()["error"]
        assert client.post("/api/games", json=GAME).status_code == 201
        assert client.post("/api/games", json=GAME).status_code == 201
        r = client.post("/api/games", json=GAME)
        assert r.status_code == 429 and "at most 3" in r.json()["error"]


def test_unlisted_and_idle_games_are_in_no_lobby_listing(tmp_path: Path) -> None:
    with running(tmp_path, idle_days=30) as client:
        hidden = client.post("/api/games", json={**GAME, "unlisted": True}).json()
        shown = client.post("/api/games", json=GAME).json()
        for query in ("", "?status=open", "?status=running", "?status=over", "?limit=200"):
            listed = {g["id"] for g in client.get(f"/api/games{query}").json()["games"]}
            assert hidden["id"] not in listed
        assert shown["id"] in {g["id"] for g in client.get("/api/games").json()["games"]}
        # Reachable by its link all the same, and playable by its seats.
        assert client.get(f"/api/games/{hidden['id']}").status_code == 200
        token = hidden["seats"][0]["token"]
        r = client.get(
            f"/api/games/{hidden['id']}/state", headers={"Authorization": f"Bearer {token}"}
        )
        assert r.json()["seat"] == 0
    with running(tmp_path, idle_days=1e-9) as client:  # every game idle for longer than that
        assert client.get("/api/games").json()["games"] == []
        assert client.get(f"/api/games/{shown['id']}").status_code == 200


def test_writes_that_are_not_games_actions_or_chat_have_a_kind_of_their_own() -> None:
    """Notification settings, unsubscribing, seats, a seat's new link, removing a game and
    logging out write to the database: not at the read rate."""

    def kind(method: str, path: str, type_: str = "http") -> str:
        return request_kind({"type": type_, "method": method, "path": path})

    assert kind("PUT", "/api/account/notifications") == "write"
    assert kind("POST", "/api/unsubscribe") == "write"
    assert kind("POST", "/api/account/seats") == "write"
    assert kind("POST", "/api/account/games/abc/open") == "write"
    assert kind("POST", "/api/account/logout") == "write"
    assert kind("POST", "/api/games/abc/token") == "write"
    assert kind("DELETE", "/api/games/abc") == "write"
    assert kind("POST", "/api/account/login") == "login"
    assert kind("POST", "/api/games/abc/actions") == "act"
    for method in ("GET", "HEAD", "OPTIONS"):
        assert kind(method, "/api/account/notifications") == "read"
    assert kind("GET", "/api/games/abc/ws", "websocket") == "read"
    assert parse_rates("write=5/10")["write"] == Rate(5, 10)
    assert DEFAULT_RATES["write"] == Rate(30, 60)


def test_notification_settings_are_limited_as_writes(tmp_path: Path) -> None:
    with running(tmp_path, rates=parse_rates("write=2/60,read=1000/1")) as client:
        answers = [client.put("/api/account/notifications", json={}) for _ in range(3)]
        assert [r.status_code for r in answers] == [401, 401, 429]  # counted before the login
        assert "too many write requests" in answers[2].json()["error"]
        assert int(answers[2].headers["retry-after"]) > 0
        assert client.get("/api/leaderboard").status_code == 200  # reads keep their own budget
