"""Accounts against a hostile or careless client: CSRF (a write authenticated by the cookie
without the session's token is refused and changes nothing), the cookie's attributes, login
only from a JSON body, password hashes in no answer, malformed bodies and cookies answered
4xx, and the rate limits keyed by account (two accounts behind one address have two
budgets) and, for logins, by address and by name."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.accounts_client import PASSWORD, Device, server
from tests.server.harness import ServerPool
from tests.server.inproc import auth, create, state
from titan.server.accounts import CACHE_SECONDS, SessionCache
from titan.server.rates import parse_rates
from titan.server.sessions import COOKIE


def _hash(db: Path, name: str) -> str:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT password_hash FROM accounts WHERE name = ?", (name,)).fetchone()
    return str(row[0])


def test_a_cookie_authenticated_write_without_the_csrf_token_is_refused(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game = create(client)
        token = game["seats"][0]["token"]
        ann = Device(client)
        ann.enter("Ann", new=True)
        good = ann.csrf
        assert good is not None
        writes: list[tuple[str, str, Any]] = [
            ("POST", "/api/account/logout", None),
            ("POST", "/api/account/password", {"old_password": PASSWORD, "new_password": "x" * 12}),
            ("DELETE", "/api/account", {"password": PASSWORD}),
            ("POST", "/api/account/seats", {"game_id": game["id"], "token": token}),
            ("POST", f"/api/account/games/{game['id']}/open", None),
            ("POST", "/api/games", {"seats": [{"name": "A", "mine": True}, {"name": "B"}]}),
        ]
        for forged in (None, "", "not-the-token", good[:-1], good + "x"):
            ann.csrf = forged
            for method, path, body in writes:
                r = ann.request(method, path, json=body)
                assert r.status_code == 403, (forged, path, r.text)
                assert "X-CSRF-Token" in r.json()["error"]
        ann.csrf = good
        # Nothing changed: still logged in, same password, the seat unclaimed, no new game.
        assert ann.request("GET", "/api/account").status_code == 200
        Device(client).enter("Ann")
        assert ann.games() == []
        assert len(client.get("/api/games").json()["games"]) == 1
        assert ann.claim(game["id"], token).status_code == 200  # with the token it works


def test_bearer_requests_need_no_csrf_token_and_the_cookie_holds_no_seat(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game = create(client)
        ann = Device(client)
        ann.enter("Ann", new=True)
        assert ann.claim(game["id"], game["seats"][0]["token"]).status_code == 200
        seat = state(client, game["id"])["view"]["deciding"]
        seat_token = game["seats"][seat]["token"]
        prompt = state(client, game["id"], seat_token)["prompt"]
        # The cookie alone reads as a spectator and cannot act, even for the owner's seat.
        r = ann.request("GET", f"/api/games/{game['id']}/state")
        assert r.json()["seat"] is None
        act = {"action": prompt["options"][0]}
        r = ann.request("POST", f"/api/games/{game['id']}/actions", json=act, csrf=False)
        assert r.status_code == 401
        r = ann.request(
            "POST",
            f"/api/games/{game['id']}/actions",
            json=act,
            csrf=False,
            headers=auth(seat_token),
        )
        assert r.status_code == 200, r.text


def test_the_session_cookie(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        r = client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD})
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=")
        attributes = {a.strip().split("=")[0].lower() for a in cookie.split(";")[1:]}
        assert {"httponly", "path", "samesite", "max-age"} <= attributes
        assert "samesite=lax" in cookie.lower() and "secure" not in attributes
        session = cookie.split(";")[0].split("=", 1)[1]
        assert session not in r.text  # only in the cookie
    with server(tmp_path) as client:
        client.base_url = httpx.URL("https://testserver")
        r = client.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        assert "secure" in {a.strip().lower() for a in r.headers["set-cookie"].split(";")}


def test_logging_in_takes_only_a_json_body(tmp_path: Path) -> None:
    """A form on another site can post text/plain or a form encoding, not JSON: it cannot log
    a browser into an account of its choosing."""
    with server(tmp_path) as client:
        Device(client).enter("Ann", new=True)
        body = json.dumps({"name": "Ann", "password": PASSWORD})
        for kind in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {} if kind is None else {"Content-Type": kind}
            for path in ("/api/account/login", "/api/account/register"):
                r = client.post(path, content=body, headers=headers)
                assert r.status_code == 422, (kind, path)
                assert "set-cookie" not in r.headers


def test_no_answer_holds_a_password_hash(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game = create(client)
        ann = Device(client)
        answers = [
            ann.request("POST", "/api/account/register", json={"name": "Ann", "password": PASSWORD})
        ]
        ann.csrf = answers[0].json()["csrf_token"]
        answers += [
            ann.request("GET", "/api/account"),
            ann.request("POST", "/api/account/login", json={"name": "Ann", "password": PASSWORD}),
            ann.request(
                "POST", "/api/account/login", json={"name": "Ann", "password": "wrong" * 3}
            ),
            ann.claim(game["id"], game["seats"][0]["token"]),
            ann.request("GET", "/api/account/games"),
            ann.request("POST", f"/api/account/games/{game['id']}/open"),
            ann.request("GET", f"/api/games/{game['id']}"),
            ann.request("GET", "/api/games"),
            ann.request("GET", "/openapi.json"),
            ann.request(
                "POST",
                "/api/account/password",
                json={"old_password": "wrong" * 3, "new_password": "y" * 12},
            ),
        ]
        stored = _hash(tmp_path / "titan.db", "Ann")
        assert stored.startswith("$argon2id$")
        for r in answers:
            assert r.status_code < 500
            seen = r.text + json.dumps(dict(r.headers))
            assert "argon2" not in seen.lower(), r.request.url
            assert stored not in seen and stored.split("$")[-1] not in seen
            assert PASSWORD not in seen


BAD_BODIES: list[tuple[str, Any]] = [
    ("/api/account/register", {"name": "A" * 41, "password": PASSWORD}),
    ("/api/account/register", {"name": "A" * 5000, "password": PASSWORD}),
    ("/api/account/register", {"name": "Ann\x00", "password": PASSWORD}),
    ("/api/account/register", {"name": "Ann\nBob", "password": PASSWORD}),
    ("/api/account/register", {"name": "   ", "password": PASSWORD}),
    ("/api/account/register", {"name": "Ann", "password": "short"}),
    ("/api/account/register", {"name": "Ann", "password": "p" * 5000}),
    ("/api/account/register", {"name": "Ann", "password": "\ud800" * 12}),
    ("/api/account/register", {"name": "Ann"}),
    ("/api/account/register", {"password": PASSWORD}),
    ("/api/account/register", {"name": 5, "password": PASSWORD}),
    ("/api/account/register", {"name": "Ann", "password": PASSWORD, "admin": True}),
    ("/api/account/register", ["Ann", PASSWORD]),
    ("/api/account/register", None),
    ("/api/account/login", {"name": "A" * 5000, "password": PASSWORD}),
    ("/api/account/login", {"name": "Ann", "password": None}),
    ("/api/account/login", {}),
    ("/api/account/login", {"name": "\ud800", "password": "\udfff" * 12}),
    ("/api/account/login", {"name": "Ann", "password": "\ud800" * 12}),
]


@pytest.mark.parametrize(("path", "body"), BAD_BODIES)
def test_malformed_bodies_are_refused_with_4xx(tmp_path: Path, path: str, body: Any) -> None:
    with server(tmp_path) as client:
        # json.dumps escapes a lone surrogate (\ud800), as a careless client might send it.
        r = client.post(
            path, content=json.dumps(body), headers={"Content-Type": "application/json"}
        )
        assert 400 <= r.status_code < 500, r.text
        assert "set-cookie" not in r.headers


def test_odd_bytes_and_cookies_are_refused_with_4xx(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        ann = Device(client)
        ann.enter("Ann", new=True)
        headers = {"Content-Type": "application/json"}
        for raw in (b'{"name": "\xff\xfe", "password": "xxxxxxxxxxxx"}', b"\xff" * 100, b"{"):
            r = client.post("/api/account/login", content=raw, headers=headers)
            assert 400 <= r.status_code < 500
            r = ann.request("POST", "/api/account/password", content=raw, headers=headers)
            assert 400 <= r.status_code < 500
        r = client.post("/api/account/register", content=b"x" * 100_000, headers=headers)
        assert r.status_code == 413
        surrogates = '{"name": "Ann", "password": "\\ud800\\udfff\\ud800 and more"}'
        r = client.post("/api/account/login", content=surrogates, headers=headers)
        assert r.status_code in (401, 422)  # pydantic's JSON parser refuses them already
        r = ann.request(
            "DELETE",
            "/api/account",
            content=surrogates.replace('"name": "Ann", ', ""),
            headers=headers,
        )
        assert r.status_code in (401, 422)
        client.cookies.clear()
        for cookie in (
            f"{COOKIE}=nope",
            f"{COOKIE}={'A' * 43}",
            f'{COOKIE}="{ann.session}',
            f"{COOKIE}={'A' * 100_00}",
            f"{COOKIE}=\x7f\x01; other=1",
            "garbage;;;==;",
        ):
            r = client.get("/api/account", headers={"Cookie": cookie})
            assert r.status_code == 401, cookie
            assert client.get("/api/games", headers={"Cookie": cookie}).status_code == 200
        assert ann.request("GET", "/api/account").status_code == 200


def test_two_accounts_behind_one_address_have_two_budgets(tmp_path: Path) -> None:
    with server(tmp_path, rates=parse_rates("read=4/600")) as client:
        ann, bob = Device(client), Device(client)
        ann.enter("Ann", new=True)
        bob.enter("Bob", new=True)
        assert [ann.request("GET", "/api/account/games").status_code for _ in range(5)] == [
            200,
            200,
            200,
            200,
            429,
        ]
        r = ann.request("GET", "/api/games")
        assert r.status_code == 429 and "from this client" in r.json()["error"]
        assert bob.request("GET", "/api/account/games").status_code == 200
        assert client.get("/api/games").status_code == 200  # the address, anonymous: its own
        # Without her cookie, Ann is the address again, whose budget is its own.
        ann.session = None
        assert ann.request("GET", "/api/games").status_code == 200


def test_logins_are_limited_per_address(tmp_path: Path) -> None:
    with server(tmp_path, rates=parse_rates("login=3/600")) as client:
        Device(client).enter("Ann", new=True)  # one
        wrong = {"name": "Ann", "password": "guess number"}
        assert client.post("/api/account/login", json=wrong).status_code == 401  # two
        assert client.post("/api/account/login", json=wrong).status_code == 401  # three
        r = client.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 429 and "login" in r.json()["error"]


def test_logins_are_limited_per_name_across_addresses(servers: ServerPool, sqlite_url: str) -> None:
    server_ = servers.start(sqlite_url, env={"TITAN_RATE_LIMITS": "login=2/600"})

    def login(address: str, name: str, password: str) -> int:
        return httpx.post(
            f"{server_.url}/api/account/login",
            json={"name": name, "password": password},
            headers={"X-Forwarded-For": address},
            trust_env=False,
        ).status_code

    r = httpx.post(
        f"{server_.url}/api/account/register",
        json={"name": "Ann", "password": PASSWORD},
        headers={"X-Forwarded-For": "203.0.113.1"},
        trust_env=False,
    )
    assert r.status_code == 201
    assert login("203.0.113.2", "Ann", "guess number 1") == 401
    assert login("203.0.113.3", "ANN", "guess number 2") == 401
    assert login("203.0.113.4", "ann", PASSWORD) == 429  # the name's budget is spent
    assert login("203.0.113.4", "Bob", "guess number 3") == 401  # another name's is not


def test_the_middleware_trusts_a_looked_up_session_for_a_short_while() -> None:
    now = [1000.0]
    cache = SessionCache(clock=lambda: now[0])
    cache.put("a", 1)
    cache.put("b", 1)
    cache.put("c", 2)
    cache.put("forged", None)
    assert cache.get("a") == (True, 1) and cache.get("forged") == (True, None)
    cache.drop_account(1)  # a password change or a deletion, in this process
    assert cache.get("a") == cache.get("b") == (False, None)
    assert cache.get("c") == (True, 2)
    now[0] += CACHE_SECONDS + 1  # another process's logout is seen within CACHE_SECONDS
    assert cache.get("c") == (False, None)


def test_expired_sessions_are_refused_and_swept_at_start_up(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        ann = Device(client)
        ann.enter("Ann", new=True)
        Device(client).enter("Ann")
    with sqlite3.connect(tmp_path / "titan.db") as conn:
        conn.execute("UPDATE account_sessions SET expires_at = '2020-01-01 00:00:00.000000'")
    # The same browser, after its login expired:
    with server(tmp_path) as client:
        ann.client = client
        assert ann.request("GET", "/api/account").status_code == 401
        with sqlite3.connect(tmp_path / "titan.db") as conn:
            assert conn.execute("SELECT count(*) FROM account_sessions").fetchone() == (0,)
