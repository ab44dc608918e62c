"""No password, password hash, session id or CSRF token in the server's logs: a real ``titan
serve`` at log level ``info`` (uvicorn's access log on) goes through an account's whole life,
wrong passwords and malformed requests included, and its whole log is then searched."""

from __future__ import annotations

import sqlite3

import httpx

from tests.server.harness import Api, ServerPool, human
from titan.server.sessions import COOKIE


def test_no_password_or_hash_reaches_the_log(servers: ServerPool, sqlite_url: str) -> None:
    server = servers.start(sqlite_url, log_level="info")
    first, second, wrong = "first passphrase", "second passphrase", "a wrong guess here"
    with Api(server.url) as api:
        game = api.create_game([human("Ann"), human("Bob")])
    hashes, secrets = [], []
    db = sqlite_url.removeprefix("sqlite:///")

    def stored() -> str:
        with sqlite3.connect(db) as conn:
            return str(conn.execute("SELECT password_hash FROM accounts").fetchone()[0])

    with httpx.Client(base_url=server.url, trust_env=False) as web:
        r = web.post("/api/account/register", json={"name": "Ann", "password": first})
        assert r.status_code == 201
        hashes.append(stored())
        bad = web.post("/api/account/register", json={"name": "Ann\x00", "password": first})
        assert bad.status_code == 422
        assert (
            web.post("/api/account/login", json={"name": "Ann", "password": wrong}).status_code
            == 401
        )
        r = web.post("/api/account/login", json={"name": "Ann", "password": first})
        csrf = {"X-CSRF-Token": r.json()["csrf_token"]}
        secrets += [csrf["X-CSRF-Token"], web.cookies[COOKIE]]
        r = web.post(
            "/api/account/password",
            json={"old_password": first, "new_password": second},
            headers=csrf,
        )
        assert r.status_code == 204
        hashes.append(stored())
        token = game.token(0)
        r = web.post("/api/account/seats", json={"game_id": game.id, "token": token}, headers=csrf)
        assert r.status_code == 200
        r = web.post(f"/api/account/games/{game.id}/open", headers=csrf)
        assert r.json()["seats"][0]["token"] == token
        assert web.post("/api/account/logout").status_code == 403  # no CSRF token
        r = web.request("DELETE", "/api/account", json={"password": second}, headers=csrf)
        assert r.status_code == 204
    server.stop()
    log = server.log()
    assert "POST /api/account/login" in log  # the access log was on
    for secret in [first, second, wrong, token, *hashes, *secrets]:
        assert secret not in log
    for h in hashes:
        assert h.split("$")[-1] not in log and h.split("$")[-2] not in log  # digest, salt
    assert "argon2" not in log.lower()
