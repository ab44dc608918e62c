"""Accounts in the in-process tests: a server with cheap password hashing, and "devices"
(browsers) sharing one TestClient, each with its own session cookie and CSRF token."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.server.inproc import running
from titan.server.sessions import COOKIE

# Argon2id at its cheapest that is still Argon2id: the tests hash dozens of passwords.
CHEAP = {"password_time_cost": 1, "password_memory_kib": 1024}
PASSWORD = "correct horse battery"


@contextlib.contextmanager
def server(where: Path | str, **kw: Any) -> Iterator[Any]:
    with running(where, **{**CHEAP, **kw}) as client:
        yield client


class Device:
    """One browser: its own cookie jar (the TestClient's is swapped in for each request)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.session: str | None = None
        self.csrf: str | None = None

    def request(self, method: str, path: str, *, csrf: bool = True, **kw: Any) -> Any:
        self.client.cookies.clear()
        if self.session is not None:
            self.client.cookies.set(COOKIE, self.session)
        headers = dict(kw.pop("headers", {}))
        if csrf and self.csrf is not None:
            headers["X-CSRF-Token"] = self.csrf
        r = self.client.request(method, path, headers=headers, **kw)
        for header in r.headers.get_list("set-cookie"):
            if header.startswith(f"{COOKIE}="):
                value = header.split(";")[0].split("=", 1)[1].strip('"')
                self.session = None if "Max-Age=0" in header else value
        self.client.cookies.clear()
        return r

    def enter(self, name: str, password: str = PASSWORD, *, new: bool = False) -> Any:
        """Register (``new``) or log in; keeps the session and its CSRF token."""
        path = "/api/account/register" if new else "/api/account/login"
        r = self.request("POST", path, json={"name": name, "password": password})
        assert r.status_code == (201 if new else 200), r.text
        self.csrf = r.json()["csrf_token"]
        return r.json()

    def claim(self, game_id: str, token: str) -> Any:
        return self.request("POST", "/api/account/seats", json={"game_id": game_id, "token": token})

    def games(self) -> Any:
        r = self.request("GET", "/api/account/games")
        assert r.status_code == 200, r.text
        return r.json()["games"]
