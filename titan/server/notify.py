"""Scale-out with PostgreSQL: every server process LISTENs on one channel, and every accepted
action NOTIFYs it in the action's own transaction (so a notification means a committed
action). The payload (:class:`titan.server.rows.Notice`) names the process that stored the
action, the game, its new version and digest; a process ignores its own, and one that holds
the game reads the actions it lacks from the database and wakes its WebSocket subscribers.
No clustering of our own: PostgreSQL delivers, the database stays the only truth.

A notification lost while the listening connection was down is made up for on reconnecting:
every game with subscribers here is checked against the database."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

import psycopg

from titan.server.rows import NOTIFY_CHANNEL, Notice

log = logging.getLogger("titan.server.notify")

RETRY = 1.0  # seconds between attempts to reconnect


class NotifyListener:
    def __init__(
        self,
        dsn: str,
        origin: str,
        on_action: Callable[[str, int, str], Awaitable[None]],
        on_reconnect: Callable[[], Awaitable[None]],
        on_seats: Callable[[str], Coroutine[Any, Any, None]] | None = None,
        on_other: Mapping[str, Callable[[str], Coroutine[Any, Any, None]]] | None = None,
    ) -> None:
        # ``ORIGIN GAME_ID KIND`` from another process, by KIND: "seats" (a seat's token was
        # replaced), "chat" (a chat line), "rematch" (a finished game was played again).
        self.on_game: dict[str, Callable[[str], Coroutine[Any, Any, None]]] = dict(on_other or {})
        if on_seats is not None:
            self.on_game["seats"] = on_seats
        self.dsn = dsn
        self.origin = origin  # this process's notifications: already applied here
        self.on_action = on_action
        self.on_reconnect = on_reconnect
        self._ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self, timeout: float = 10.0) -> None:
        """Start listening; returns once LISTEN is in place, so that no action accepted after
        the server is up can go unnoticed."""
        self._task = asyncio.create_task(self._run())
        await asyncio.wait_for(self._ready.wait(), timeout)

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._handlers) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self) -> None:
        connected_before = False
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    if connected_before:
                        await self.on_reconnect()
                    connected_before = True
                    self._ready.set()
                    async for note in conn.notifies():
                        self._dispatch(note.payload)
            except (psycopg.Error, OSError) as exc:
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                await asyncio.sleep(RETRY)

    def _dispatch(self, payload: str) -> None:
        parts = payload.split(" ")
        if len(parts) == 3 and not parts[2].isdigit():
            handler = self.on_game.get(parts[2])
            if parts[0] != self.origin and handler is not None:
                self._spawn(handler(parts[1]))
            return
        notice = Notice.parse(payload)
        if notice is None:
            log.warning("ignoring a malformed notification %r", payload)
            return
        if notice.origin == self.origin:
            return
        self._spawn(self._handle(notice))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        # Handled concurrently: one slow game must not hold up the others' notifications.
        task = asyncio.create_task(work)
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _handle(self, notice: Notice) -> None:
        try:
            await self.on_action(notice.game_id, notice.version, notice.digest)
        except Exception:
            log.exception("game %s: catching up after a notification failed", notice.game_id)
