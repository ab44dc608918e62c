"""Real servers for the tests and the load benchmark: ``titan serve`` as a subprocess on a
free loopback port, fresh PostgreSQL databases, and a small typed client for the HTTP API
and the WebSocket of issue 7.

Nothing here imports the server's code: the tests see it only as a process and its API, as
any client in any language would.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode, urlsplit, urlunsplit

import httpx
import psycopg
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

PG_ENV = "TITAN_TEST_PG"  # a PostgreSQL URL whose server the tests may create databases in
REQUIRE_PG_ENV = "TITAN_REQUIRE_PG"  # "1": a missing TITAN_TEST_PG fails instead of skipping
PRELOAD_ENV = "TITAN_TEST_PRELOAD"  # a module a test server imports first (tests/server/leaky.py)

Json = Any  # JSON-ready builtins: dict, list, str, int, float, bool, None
T = TypeVar("T")

START_TIMEOUT = 60.0  # seconds for a server to answer after it is started (both cores busy)
HTTP_TIMEOUT = 30.0


class WaitTimeout(AssertionError):
    pass


def wait_until(
    probe: Callable[[], T | None],
    *,
    timeout: float,
    what: str,
    interval: float = 0.02,
) -> T:
    """Call ``probe`` until it returns something other than None (returned) or ``timeout``
    seconds pass (WaitTimeout naming ``what``)."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value is not None:
            return value
        if time.monotonic() > deadline:
            raise WaitTimeout(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def free_port() -> int:
    """A TCP port nobody listens on now (the kernel's choice, so parallel workers differ)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def titan_command(preload: str | None = None) -> list[str]:
    """The ``titan`` command of this environment (the venv's console script); with
    ``preload``, ``titan`` run after importing that module (the tests' leaky servers)."""
    script = Path(sys.executable).with_name("titan")
    if script.exists() and preload is None:
        return [str(script)]
    first = f"import {preload}; " if preload else ""
    return [
        sys.executable,
        "-c",
        f"{first}import sys; from titan.cli import main; sys.exit(main())",
    ]


# --- PostgreSQL ---------------------------------------------------------------------------------


def with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


class PgDatabases:
    """Fresh databases in one PostgreSQL server, dropped together at the end."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.names: list[str] = []

    def create(self) -> str:
        name = f"titan_test_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # a name made here, not a client's
        self.names.append(name)
        return with_database(self.admin_url, name)

    def drop_all(self) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            for name in self.names:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.names.clear()


# --- servers ------------------------------------------------------------------------------------


class Server:
    """One ``titan serve`` process, in a process group of its own (its worker processes, if
    any, die with it)."""

    def __init__(
        self,
        db_url: str,
        port: int,
        log_path: Path,
        *,
        log_level: str = "warning",
        env: Mapping[str, str] | None = None,
        command: Sequence[str] | None = None,
        args: Sequence[str] = (),
    ) -> None:
        self.db_url = db_url
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log_path = log_path
        environ = {k: v for k, v in os.environ.items() if k != "TITAN_DB"}
        # Tests and benchmarks send everything from 127.0.0.1: one client to the rate
        # limits and quotas, which their tests turn on again.
        environ["TITAN_RATE_LIMITS"] = "off"
        environ["TITAN_MAX_OPEN_GAMES"] = environ["TITAN_MAX_BOT_GAMES"] = "1000000"
        environ.update(env or {})
        environ["PYTHONUNBUFFERED"] = "1"
        titan = list(command) if command else titan_command(environ.get(PRELOAD_ENV))
        cmd = [*titan, "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(port), "--db", db_url, "--log-level", log_level, *args]
        with log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=environ,
                start_new_session=True,
            )

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        """Until the server answers ``GET /api/games``; AssertionError with its log if it
        exits first or never answers."""

        def probe() -> bool | None:
            if not self.alive:
                raise AssertionError(
                    f"titan serve exited with {self.proc.returncode} before answering:\n"
                    + self.log()
                )
            try:
                r = httpx.get(f"{self.url}/api/games", timeout=2.0, trust_env=False)
            except httpx.TransportError:
                return None
            return True if r.status_code == 200 else None

        try:
            wait_until(probe, timeout=timeout, what=f"titan serve on port {self.port}")
        except WaitTimeout as exc:
            raise AssertionError(f"{exc}; its log:\n{self.log()}") from None

    def kill(self) -> None:
        """SIGKILL, as a crash would: no shutdown code runs. To the whole process group, even
        when the server itself is gone already: its fork server, bot workers and resource
        tracker are in its group, and outlive it (a worker waits for work for ever)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM and wait; SIGKILL if it will not go."""
        if self.alive:
            self.proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=timeout)
        self.kill()


class ServerPool:
    """Starts servers, each on a free port, and kills them all at the end."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.started: list[Server] = []

    def start(
        self,
        db_url: str,
        *,
        port: int | None = None,
        env: Mapping[str, str] | None = None,
        log_level: str = "warning",
        command: Sequence[str] | None = None,
        args: Sequence[str] = (),
    ) -> Server:
        """A running server on ``db_url`` (on ``port`` if given: a restart on the same port),
        with ``env`` added to its environment and ``args`` to its command line."""
        attempts = 1 if port is not None else 3
        for attempt in range(attempts):
            chosen = free_port() if port is None else port
            log_path = self.log_dir / f"serve-{len(self.started)}-{chosen}.log"
            server = Server(
                db_url, chosen, log_path, env=env, log_level=log_level, command=command, args=args
            )
            self.started.append(server)
            try:
                server.wait_ready()
            except AssertionError:
                # Another process may have taken the free port between the look and the bind.
                if attempt + 1 < attempts and "address already in use" in server.log().lower():
                    server.kill()
                    continue
                server.kill()
                raise
            return server
        raise AssertionError("unreachable")

    def kill_all(self) -> None:
        for server in self.started:
            server.kill()


# --- the HTTP API -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    kind: str  # "human" or "bot"
    token: str | None  # None for a bot seat (nobody outside the server plays it)
    url: str


@dataclass(frozen=True)
class NewGame:
    id: str
    seats: tuple[SeatInfo, ...]

    def token(self, seat: int) -> str:
        token = self.seats[seat].token
        assert token, f"seat {seat} has no token"
        return token

    @property
    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]


def human(name: str) -> dict[str, Json]:
    return {"name": name, "kind": "human"}


def bot(name: str, level: str = "random") -> dict[str, Json]:
    return {"name": name, "kind": "bot", "level": level}


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


class Api:
    """The HTTP API of one server, synchronously (``httpx.Client``, keep-alive)."""

    def __init__(self, base_url: str, *, timeout: float = HTTP_TIMEOUT) -> None:
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=timeout, trust_env=False)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create_game(
        self,
        seats: Sequence[Mapping[str, Json]],
        *,
        variant: str = "default",
        options: Mapping[str, Json] | None = None,
    ) -> NewGame:
        body: dict[str, Json] = {"variant": variant, "seats": list(seats)}
        if options is not None:
            body["options"] = dict(options)
        r = self.http.post("/api/games", json=body)
        assert r.status_code in (200, 201), f"create game: {r.status_code} {r.text}"
        return parse_new_game(r.json())

    def state_response(
        self, game_id: str, token: str | None = None, since: int = 0
    ) -> httpx.Response:
        params = {"since": since} if since else None
        return self.http.get(f"/api/games/{game_id}/state", headers=auth(token), params=params)

    def state(self, game_id: str, token: str | None = None) -> dict[str, Json]:
        r = self.state_response(game_id, token)
        assert r.status_code == 200, f"state of {game_id}: {r.status_code} {r.text}"
        body: dict[str, Json] = r.json()
        return body

    def act(self, game_id: str, token: str | None, action: Json) -> httpx.Response:
        return self.http.post(
            f"/api/games/{game_id}/actions", json={"action": action}, headers=auth(token)
        )

    def control(self, game_id: str, token: str | None, by: str) -> httpx.Response:
        """The seat's "Play for me" (``by="computer"``) or "Take my seat back" (``"person"``)."""
        return self.http.post(f"/api/games/{game_id}/control", json={"by": by}, headers=auth(token))

    def record(self, game_id: str, token: str | None = None) -> httpx.Response:
        return self.http.get(f"/api/games/{game_id}/record", headers=auth(token))

    def final_record(self, game_id: str) -> dict[str, Json]:
        r = self.record(game_id)
        assert r.status_code == 200, f"record of {game_id}: {r.status_code} {r.text}"
        record: dict[str, Json] = r.json()
        return record

    def wait_for(
        self,
        game_id: str,
        token: str | None,
        ready: Callable[[dict[str, Json]], bool],
        *,
        what: str,
        timeout: float = 60.0,
    ) -> dict[str, Json]:
        """Poll the state (as ``token`` sees it) until ``ready`` holds; returns that state."""

        def probe() -> dict[str, Json] | None:
            state = self.state(game_id, token)
            return state if ready(state) else None

        return wait_until(probe, timeout=timeout, what=what, interval=0.01)


def parse_new_game(body: Json) -> NewGame:
    assert isinstance(body, dict), body
    seats = tuple(
        SeatInfo(
            seat=int(s["seat"]),
            name=str(s["name"]),
            kind=str(s["kind"]),
            token=s.get("token"),
            url=str(s.get("url", "")),
        )
        for s in body["seats"]
    )
    return NewGame(id=str(body["id"]), seats=seats)


# --- what the state and the pushes say ----------------------------------------------------------


def prompt_of(state: Mapping[str, Json]) -> dict[str, Json] | None:
    """The prompt in a state or push, if it holds one (only the deciding seat gets one)."""
    prompt = state.get("prompt")
    return prompt if isinstance(prompt, dict) else None


def reached(version: int) -> Callable[[Mapping[str, Json]], bool]:
    """Is a state or push at least at ``version``?"""
    return lambda m: isinstance(m.get("version"), int) and m["version"] >= version


def my_turn(state: Mapping[str, Json]) -> bool:
    prompt = prompt_of(state)
    return prompt is not None and bool(prompt.get("options"))


# --- the WebSocket ------------------------------------------------------------------------------


def ws_url(
    base_url: str,
    game_id: str,
    token: str | None = None,
    *,
    in_query: bool = False,
    since: int = 0,
) -> str:
    url = base_url.replace("http://", "ws://", 1) + f"/api/games/{game_id}/ws"
    query = {}
    if token is not None and in_query:
        query["token"] = token
    if since:
        query["since"] = str(since)
    return url + ("?" + urlencode(query) if query else "")


class Socket:
    """One WebSocket connection to a game, receiving JSON messages; every message received is
    kept in ``received`` (raw text too, for the leak checks)."""

    def __init__(
        self,
        base_url: str,
        game_id: str,
        token: str | None = None,
        *,
        in_query: bool = False,
        since: int = 0,
    ) -> None:
        headers = None if token is None or in_query else auth(token)
        self.conn: ClientConnection = connect(
            ws_url(base_url, game_id, token, in_query=in_query, since=since),
            additional_headers=headers,
            proxy=None,
            open_timeout=HTTP_TIMEOUT,
            max_size=16 * 1024 * 1024,
        ).__enter__()  # closed by close(): the object outlives one with-block
        self.received: list[dict[str, Json]] = []
        self.raw: list[str] = []

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def recv(self, timeout: float) -> dict[str, Json] | None:
        """The next message, or None if none comes within ``timeout`` seconds."""
        try:
            data = self.conn.recv(timeout=timeout)
        except TimeoutError:
            return None
        text = data if isinstance(data, str) else data.decode()
        self.raw.append(text)
        message = json.loads(text)
        assert isinstance(message, dict), f"a WebSocket message that is not an object: {text}"
        self.received.append(message)
        return message

    def until(
        self, done: Callable[[dict[str, Json]], bool], *, timeout: float, what: str
    ) -> dict[str, Json]:
        """Receive until a message satisfies ``done``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise WaitTimeout(f"timed out after {timeout:.0f} s waiting for {what}")
            try:
                message = self.recv(timeout=left)
            except ConnectionClosed as exc:
                raise AssertionError(f"the WebSocket closed waiting for {what}: {exc}") from None
            if message is not None and done(message):
                return message
