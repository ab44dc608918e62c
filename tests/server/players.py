"""Clients that play through the API: scripted seats that wait on their WebSocket for a prompt
and post one of its options back unchanged, each in a thread of its own, as separate programs
would; and a spectator that only listens."""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.server.harness import Api, Socket, WaitTimeout, my_turn
from tests.server.scripted import choose

Json = Any

GAME_TIMEOUT = 120.0  # seconds a client waits for its turn before the test fails


def over(m: Mapping[str, Json]) -> bool:
    return m.get("status") == "over"


@dataclass
class Posted:
    """One action a scripted seat posted, and what the server answered."""

    action: Json
    status: int
    body: Json


@dataclass
class SeatClient:
    """A scripted seat playing on its own thread through the WebSocket (pushes) and HTTP
    (actions). ``start()``; then ``join()`` raises whatever went wrong on the thread."""

    base_url: str
    game_id: str
    seat: int
    token: str
    seed: int
    in_query: bool = False  # the token as ?token= instead of the Authorization header
    max_actions: int = 5000
    posted: list[Posted] = field(default_factory=list)
    pushes: list[dict[str, Json]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    error: BaseException | None = None
    _thread: threading.Thread | None = None
    ready: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"seat-{self.seat}", daemon=True)
        self._thread.start()

    def join(self, timeout: float = GAME_TIMEOUT * 2) -> None:
        assert self._thread is not None
        self._thread.join(timeout)
        assert not self._thread.is_alive(), f"seat {self.seat}'s client did not finish"
        if self.error is not None:
            raise AssertionError(f"seat {self.seat}'s client failed: {self.error!r}") from (
                self.error
            )

    def _run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by join()
            self.error = exc

    def _play(self) -> None:
        rng = random.Random(self.seed)
        with (
            Api(self.base_url) as api,
            Socket(self.base_url, self.game_id, self.token, in_query=self.in_query) as ws,
        ):
            self.ready.set()
            acted_at = -1  # the version reached by this seat's last action
            try:
                while len(self.posted) < self.max_actions:
                    since_version = acted_at

                    def ready(m: dict[str, Json], v: int = since_version) -> bool:
                        return over(m) or (my_turn(m) and m["version"] >= v)

                    m = ws.until(
                        ready,
                        timeout=GAME_TIMEOUT,
                        what=f"seat {self.seat}'s turn",
                    )
                    if over(m):
                        return
                    prompt = m["prompt"]
                    action = choose(prompt, rng)
                    r = api.act(self.game_id, self.token, action)
                    body = r.json()
                    self.posted.append(Posted(action, r.status_code, body))
                    assert r.status_code == 200, (
                        f"seat {self.seat}: {action} at version {m['version']} refused: "
                        f"{r.status_code} {r.text}"
                    )
                    acted_at = body["version"]
                raise AssertionError(f"seat {self.seat}: no end after {self.max_actions} actions")
            finally:
                self.pushes = ws.received
                self.raw = ws.raw


@dataclass
class Listener:
    """A WebSocket that only listens (a spectator, or a seat that never acts) until the game
    is over; ``start()``, then ``join()``."""

    base_url: str
    game_id: str
    token: str | None = None
    in_query: bool = False
    pushes: list[dict[str, Json]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    error: BaseException | None = None
    ready: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="listener", daemon=True)
        self._thread.start()
        assert self.ready.wait(30), "the listener did not connect"

    def join(self, timeout: float = GAME_TIMEOUT * 2) -> None:
        assert self._thread is not None
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "the listener did not finish"
        if self.error is not None:
            raise AssertionError(f"the listener failed: {self.error!r}") from self.error

    def _run(self) -> None:
        try:
            with Socket(self.base_url, self.game_id, self.token, in_query=self.in_query) as ws:
                self.ready.set()
                try:
                    ws.until(over, timeout=GAME_TIMEOUT * 2, what="the end of the game")
                finally:
                    self.pushes = ws.received
                    self.raw = ws.raw
        except BaseException as exc:
            self.error = exc
            self.ready.set()


def wait_over(api: Api, game_id: str, timeout: float = GAME_TIMEOUT) -> dict[str, Json]:
    """The spectator's state once the game is over."""
    try:
        return api.wait_for(game_id, None, over, what="the end of the game", timeout=timeout)
    except WaitTimeout as exc:
        raise AssertionError(str(exc)) from None
