"""Group commit for SQLite: one transaction, and so one sync to disk, for every write that
queued while the previous commit was under way.

SQLite has one writer at a time, and with ``synchronous=FULL`` a commit returns only once
the log is on disk (an fsync: about 10 ms on this machine's disk), so one transaction per
write tops out at a hundred or so writes a second, however many games are played.
PostgreSQL commits concurrent transactions with one flush by itself; here the server does it:
writes are queued, and a single task runs them in order, as many as have queued (up to
:data:`MAX_BATCH`) in one transaction. Each write is acknowledged only after the commit of
its transaction, and gets its own answer: a write that raises makes the whole batch roll
back, and each of its writes is then committed alone.

A write is ``async def write(conn) -> T``; it must tell its caller about expected outcomes
(a lost race, say) by what it returns, since an exception undoes the writes beside it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

T = TypeVar("T")
Write = Callable[[AsyncConnection], Awaitable[T]]

MAX_BATCH = 100  # writes per transaction at most


class GroupCommit:
    def __init__(self, engine: AsyncEngine, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self._queue: list[tuple[Write[Any], asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None

    async def run(self, write: Write[T]) -> T:
        """Run ``write`` in the next transaction; returns its result once that is committed."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((write, future))
        if self._task is None:
            self._task = asyncio.create_task(self._drain())
        return await future

    async def close(self) -> None:
        """Stop committing; writes still queued are cancelled."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _drain(self) -> None:
        batch: list[tuple[Write[Any], asyncio.Future[Any]]] = []
        try:
            while self._queue:
                batch = self._queue[: self.max_batch]
                del self._queue[: self.max_batch]
                # A caller that gave up before its transaction began is not written for.
                batch = [(w, f) for w, f in batch if not f.done()]
                if batch:
                    await self._commit(batch)
        finally:
            self._task = None
            for _, future in (*batch, *self._queue):  # only if cancelled (shutting down)
                future.cancel()
            self._queue.clear()

    async def _commit(self, batch: list[tuple[Write[Any], asyncio.Future[Any]]]) -> None:
        results: list[Any] = []
        try:
            async with self.engine.begin() as conn:
                for write, _ in batch:
                    results.append(await write(conn))
        except Exception as exc:
            if len(batch) > 1:
                for item in batch:  # none of them was kept: each alone, with its own answer
                    await self._commit([item])
            elif not batch[0][1].done():
                batch[0][1].set_exception(exc)
            return
        for (_, future), result in zip(batch, results, strict=True):
            if not future.done():
                future.set_result(result)
