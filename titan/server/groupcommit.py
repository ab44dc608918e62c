"""Group commit for SQLite: one transaction, and so one sync to disk, for every write that
queued while the previous commit was under way, run in a thread of its own.

SQLite has one writer at a time, and with ``synchronous=FULL`` a commit returns only once
the log is on disk (an fsync: 5-50 ms on this machine's disk), so one transaction per write
tops out at a hundred or so writes a second, however many games are played. PostgreSQL
commits concurrent transactions with one flush by itself; here the server does it: writes
are queued, and a single task hands them, as many as have queued (up to :data:`MAX_BATCH`),
to the writer thread, which runs them in order in one transaction on the file's one writing
connection. Each write is acknowledged only after the commit of its transaction, and gets its
own answer: a write that raises makes the whole batch roll back, and each of its writes is
then committed alone.

A write is a plain function ``write(conn) -> T`` of a synchronous SQLAlchemy connection,
run in the writer thread: the whole batch, BEGIN to COMMIT, is one hand-off from the event
loop and one back. Through the async driver (aiosqlite) every statement was a hand-off to its
thread and back, two per action, each waiting for a core: on a loaded machine a batch of ten
actions spent 100-300 ms on them while the disk took a few. A write must tell its caller about
expected outcomes (a lost race, say) by what it returns, since an exception undoes the writes
beside it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine

T = TypeVar("T")
Write = Callable[[Connection], T]
Outcome = tuple[bool, Any]  # (True, the write's result) or (False, the exception it raised)

MAX_BATCH = 100  # writes per transaction at most


class GroupCommit:
    def __init__(self, engine: Engine, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine  # its one connection is only ever used in the writer thread
        self.max_batch = max_batch
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="titan-sqlite-writer")
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
        """Stop committing (writes still queued are cancelled) and close the connection, in
        its own thread once the batch under way, if any, is over."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await asyncio.get_running_loop().run_in_executor(self._thread, self.engine.dispose)
        self._thread.shutdown(wait=False)

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
        loop = asyncio.get_running_loop()
        outcomes = await loop.run_in_executor(self._thread, self._write, [w for w, _ in batch])
        for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
            if future.done():
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def _write(self, writes: list[Write[Any]]) -> list[Outcome]:
        """In the writer thread: ``writes`` in one transaction, each one's outcome."""
        try:
            with self.engine.begin() as conn:
                results = [write(conn) for write in writes]
        except Exception as exc:
            if len(writes) == 1:
                return [(False, exc)]
            # None of them was kept: each alone, with its own answer.
            return [outcome for write in writes for outcome in self._write([write])]
        return [(True, result) for result in results]
