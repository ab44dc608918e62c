"""The server under abuse (issue 19): ordinary players' latency while hostile and careless
clients do their worst, on one real ``titan serve`` (SQLite, or PostgreSQL with ``--pg`` or
``$TITAN_TEST_PG``).

Ordinary clients (this process): ``--games`` (50) two-seat games, each played by its own loop
from its own loopback address (127.0.1.x) with a random think time (mean ``--think``, 1 s), as
in ``bench.server_load``; we report the p50/p99 of their actions and of their state reads in
the measured window. At the same time, in a second process (so that their load is the server's
and not the ordinary clients' own event loop's), each from an address of its own:

- (a) a flooder (127.0.2.1): ``--flooders`` loops creating games and posting actions as fast
  as they can, never waiting;
- (b) an importer (127.0.3.1): posts a record of ``--import-actions`` legal actions (moves
  and their undos, the cheapest way to make a long record; digest recomputed) again and
  again;
- (c) ``--slow`` (300) connections (127.0.4.1) that declare a body and never finish sending
  it; each one the server closes is opened again.

It prints the ordinary clients' percentiles (the target: p99 at most 100 ms), the flooder's
answers by status (it should meet 429s), the importer's answers and times, how many slow
connections the server closed, and every 5xx anyone got (there should be none).

``--titan PATH`` runs another checkout's ``titan`` as the server, so a before/after pair comes
from one sitting::

    .venv/bin/python -m bench.server_abuse
    .venv/bin/python -m bench.server_abuse --titan ../old/.venv/bin/titan
    scripts/with-postgres .venv/bin/python -m bench.server_abuse --pg-only
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import multiprocessing
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec

from bench.server_load import Load, database, percentile, process_cpu
from tests.server.harness import PG_ENV, ServerPool
from tests.server.scripted import choose
from titan.engine.actions import Move, UndoMove
from titan.engine.game import Game

TARGET_P99_MS = 100.0
SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def long_record(actions: int) -> dict[str, Any]:
    """A legal record of about ``actions`` actions: a game's opening, then one legion moved
    and its move undone, over and over."""
    game = Game.new("default", ["Ann", "Bob"], seed=1)
    while not any(isinstance(o, Move) for o in game.prompt().options):
        prompt = game.prompt()
        game.act(prompt.player, prompt.options[0])
    prompt = game.prompt()
    move = next(o for o in prompt.options if isinstance(o, Move))
    while len(game.actions) + 2 <= actions:
        game.act(prompt.player, move)
        game.act(prompt.player, UndoMove(move.legion))
    record: dict[str, Any] = game.save()
    return record


class Abuse:
    def __init__(self, url: str, port: int, args: argparse.Namespace, record: bytes) -> None:
        self.url, self.port, self.args, self.record = url, port, args, record
        self.end = 0.0
        self.flood: collections.Counter[int] = collections.Counter()
        self.imports: list[tuple[int, float]] = []
        self.slow_closed = 0
        self.errors: list[str] = []
        self.five_xx: collections.Counter[str] = collections.Counter()

    def client(self, source: str, timeout: float = 60.0) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.url,
            timeout=timeout,
            trust_env=False,
            transport=httpx.AsyncHTTPTransport(local_address=source),
        )

    async def flooder(self, i: int) -> None:
        """Create a game, play it flat out; when a create is refused, go on acting in the
        last game (reading its state again), never waiting."""
        rng = random.Random(i)
        async with self.client("127.0.2.1") as client:
            game: dict[str, Any] | None = None
            state: dict[str, Any] | None = None
            while time.perf_counter() < self.end:
                try:
                    if state is None or state.get("prompt") is None:
                        r = await client.post("/api/games", json={"seats": SEATS})
                        self.count("flood create", r.status_code)
                        if r.status_code == 201:
                            game = r.json()
                        if game is None:
                            continue
                        seat = 0 if state is None else 1 - int(state["seat"])
                        token = game["seats"][seat]["token"]
                        r = await client.get(
                            f"/api/games/{game['id']}/state",
                            headers={"Authorization": f"Bearer {token}"},
                        )
                        self.count("flood read", r.status_code)
                        state = r.json() if r.status_code == 200 else None
                        continue
                    assert game is not None
                    token = game["seats"][state["seat"]]["token"]
                    r = await client.post(
                        f"/api/games/{game['id']}/actions",
                        json={"action": choose(state["prompt"], rng)},
                        headers={"Authorization": f"Bearer {token}"},
                    )
                    self.count("flood act", r.status_code)
                    state = r.json() if r.status_code == 200 else None
                except httpx.HTTPError as exc:
                    self.errors.append(f"flooder: {exc!r}")

    def count(self, what: str, status: int) -> None:
        self.flood[status] += 1
        if status >= 500:
            self.five_xx[what] += 1

    async def importer(self) -> None:
        async with self.client("127.0.3.1", timeout=120.0) as client:
            while time.perf_counter() < self.end:
                start = time.perf_counter()
                try:
                    r = await client.post(
                        "/api/games/import",
                        content=self.record,
                        headers={"Content-Type": "application/json"},
                    )
                except httpx.HTTPError as exc:
                    self.errors.append(f"importer: {exc!r}")
                    continue
                self.imports.append((r.status_code, time.perf_counter() - start))
                if r.status_code >= 500:
                    self.five_xx["import"] += 1
                if r.status_code == 429:  # wait as told, but not past the run's end
                    left = self.end - time.perf_counter()
                    await asyncio.sleep(
                        max(0.0, min(float(r.headers.get("retry-after", "1")), left))
                    )

    async def slow_one(self) -> None:
        head = (
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{"
        )
        while time.perf_counter() < self.end:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=("127.0.4.1", 0)
                )
            except OSError as exc:
                self.errors.append(f"slow: {exc!r}")
                await asyncio.sleep(0.5)
                continue
            writer.write(head)
            try:
                left = self.end - time.perf_counter()
                answer = await asyncio.wait_for(reader.read(), timeout=max(0.01, left))
                self.slow_closed += 1
                if answer.startswith(b"HTTP/1.1 5"):
                    self.five_xx["slow"] += 1
            except TimeoutError:
                pass
            finally:
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()

    async def run(self) -> None:
        self.end = time.perf_counter() + self.args.think + self.args.warmup + self.args.seconds
        await asyncio.gather(
            *(self.flooder(i) for i in range(self.args.flooders)),
            self.importer(),
            *(self.slow_one() for _ in range(self.args.slow)),
        )

    def results(self) -> tuple[Any, ...]:
        return (self.flood, self.imports, self.slow_closed, self.errors[:20], self.five_xx)

    def take(self, results: tuple[Any, ...]) -> None:
        self.flood, self.imports, self.slow_closed, self.errors, self.five_xx = results


def _abusers(url: str, port: int, args: argparse.Namespace, record: bytes, out: Any) -> None:
    """The abusers, in a process of their own: in the ordinary clients' process their
    thousands of requests would slow the clients' own event loop, and the latency measured
    would be the benchmark's rather than the server's."""
    abuse = Abuse(url, port, args, record)
    asyncio.run(abuse.run())
    out.send(abuse.results())


def one_run(args: argparse.Namespace, backend: str, pg: str | None, record: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp, database(backend, pg) as url:
        pool = ServerPool(Path(tmp) / "logs")
        command = [args.titan] if args.titan else None
        try:
            # The limits and quotas as a server has them by default (the harness turns them off).
            defaults = {
                "TITAN_RATE_LIMITS": "",
                "TITAN_MAX_OPEN_GAMES": "20",
                "TITAN_MAX_BOT_GAMES": "2",
            }
            server = pool.start(url, command=command, env=defaults)
            load = Load(
                server.url,
                args.games,
                args.think,
                args.warmup,
                args.seconds,
                server.proc.pid,
                source=lambda i: f"127.0.1.{i + 1}",
            )
            abuse = Abuse(server.url, server.port, args, record)
            cpu = process_cpu(server.proc.pid)
            ctx = multiprocessing.get_context("spawn")
            theirs, ours = ctx.Pipe(duplex=False)
            abusers = ctx.Process(
                target=_abusers, args=(server.url, server.port, args, record, ours)
            )
            abusers.start()
            asyncio.run(load.run())
            abuse.take(theirs.recv())
            abusers.join(timeout=60)
            report(args, backend, load, abuse, cpu, server.proc.pid)
        finally:
            pool.kill_all()


def report(
    args: argparse.Namespace,
    backend: str,
    load: Load,
    abuse: Abuse,
    cpu_before: float | None,
    pid: int,
) -> None:
    acts, reads = sorted(load.stats.latencies), sorted(load.stats.reads)
    ms = 1000.0

    def pct(values: list[float], q: float) -> str:
        return f"{percentile(values, q) * ms:7.1f}" if values else "    n/a"

    label = args.titan or "this checkout"
    print(f"\n{backend}, server: {label}")
    print(
        f"  ordinary ({args.games} games): {len(acts)} actions p50 {pct(acts, 50)} ms "
        f"p99 {pct(acts, 99)} ms; {len(reads)} reads p50 {pct(reads, 50)} ms "
        f"p99 {pct(reads, 99)} ms (target p99 <= {TARGET_P99_MS:.0f} ms); "
        f"{len(load.stats.errors)} errors"
    )
    flood = ", ".join(f"{code}: {n}" for code, n in sorted(abuse.flood.items()))
    print(f"  flooder ({args.flooders} loops): {flood}")
    imports = collections.Counter(code for code, _ in abuse.imports)
    slowest = max((t for _, t in abuse.imports), default=0.0)
    print(
        f"  importer ({args.import_actions} actions, {len(abuse.record) / 1e6:.1f} MB): "
        f"{dict(imports)}, slowest answer {slowest:.1f} s"
    )
    print(f"  slow bodies ({args.slow} open at a time): {abuse.slow_closed} closed by the server")
    print(f"  5xx: {dict(abuse.five_xx) or 'none'}; client errors: {len(abuse.errors)}")
    for line in (load.stats.errors + abuse.errors)[:5]:
        print(f"    {line[:160]}")
    cpu_after = process_cpu(pid)
    if cpu_before is not None and cpu_after is not None:
        print(f"  server CPU: {cpu_after - cpu_before:.1f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.server_abuse", description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--flooders", type=int, default=4)
    parser.add_argument("--slow", type=int, default=300)
    parser.add_argument("--import-actions", type=int, default=20_000)
    parser.add_argument("--titan", help="the titan command to run as the server")
    parser.add_argument("--pg", default=os.environ.get(PG_ENV), help="PostgreSQL admin URL")
    parser.add_argument("--pg-only", action="store_true")
    args = parser.parse_args(argv)
    record = msgspec.json.encode({"record": long_record(args.import_actions)})
    backends = [] if args.pg_only else ["sqlite"]
    if args.pg:
        backends.append("postgresql")
    for backend in backends:
        one_run(args, backend, args.pg, record)


if __name__ == "__main__":
    main()
