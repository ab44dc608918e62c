"""Load benchmark of the game server (issue 7): N concurrent games on loopback against a real
``titan serve`` process, each driven by one bounded client loop, reporting actions/s and the
p50/p95/p99 latency of an action (``POST /api/games/{id}/actions``, request to reply).

Each game has two human seats played by its loop: the loop reads the deciding seat's state,
posts one of the prompt's options back unchanged, and goes on with the prompt in the reply
(or reads the other seat's state when the turn has passed). When a game ends (a turn limit
keeps them short) its loop starts a new one, so N games are always under way.

Two regimes per N:

- paced: each loop waits a random think time (exponential, mean ``--think`` seconds: 5 and 1
  by default) before each action, as players do; the latency is what a player would feel at
  that load (the target: p99 at most 50 ms with 200 games on PostgreSQL, on the 2-core
  machine). The loops start spread over one think time, and the measured window opens a
  warm-up after the last has started, so that it sees play under way rather than the burst
  of game creations a cold start is;
- flat out: no think time; every loop keeps one request in flight, so the server's
  throughput is measured, and the latency is mostly queueing (Little's law: N / throughput).

The client runs on the same machine (and cores) as the server and costs CPU too, so the
figures are conservative; each loop has its own HTTP client (one keep-alive connection, as a
player has), made before the clock starts. Each line also gives the server process's CPU time
per action in the measured window (requests for state included): unlike latency, it hardly
depends on what else the machine is doing. Run::

    .venv/bin/python -m bench.server_load                       # SQLite
    scripts/with-postgres .venv/bin/python -m bench.server_load # + PostgreSQL ($TITAN_TEST_PG)
    .venv/bin/python -m bench.server_load --pg postgresql://user@host/db --games 200

Each run gets a fresh database (a temporary SQLite file; a new PostgreSQL database, created in
the server the URL names and dropped afterwards) and a fresh server process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import os
import random
import ssl
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import PG_ENV, PgDatabases, Server, ServerPool
from tests.server.scripted import choose

Json = Any

TARGET_P99_MS = 50.0
TURN_LIMIT = 5  # games of ~60-120 actions: new games keep being created, as in real use


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, actions in the window
    reads: list[float] = field(default_factory=list)  # seconds, GET state in the window
    actions: int = 0  # in the window
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)
    server_cpu: float | None = None  # seconds of the server process's CPU in the window


@dataclass(frozen=True)
class Result:
    backend: str
    games: int
    think: float
    seconds: float
    stats: Stats

    def line(self) -> str:
        s = self.stats
        lat = sorted(s.latencies)
        regime = f"paced {self.think:4.1f} s" if self.think else "flat out   "
        if not lat:
            return f"{self.backend:10} {self.games:4} games  {regime}  no action completed"
        p = {q: percentile(lat, q) * 1000 for q in (50, 95, 99)}
        reads = sorted(s.reads)
        cpu = ""
        if s.server_cpu is not None and s.actions:
            cpu = f"server CPU {s.server_cpu / s.actions * 1000:4.1f} ms/action; "
        mark = ""
        if self.think and self.backend == "postgresql":
            mark = "  (target p99 <= 50 ms: " + ("met)" if p[99] <= TARGET_P99_MS else "MISSED)")
        return (
            f"{self.backend:10} {self.games:4} games  {regime}  "
            f"{s.actions / self.seconds:7.0f} actions/s  "
            f"action p50 {p[50]:6.1f} ms  p95 {p[95]:6.1f} ms  p99 {p[99]:6.1f} ms  "
            f"(read p50 {percentile(reads, 50) * 1000:5.1f} ms; {cpu}{s.actions} actions, "
            f"{s.games_finished} games finished, {len(s.errors)} errors){mark}"
        )


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of sorted values; 0 for none."""
    if not sorted_values:
        return 0.0
    rank = max(1, round(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


class Load:
    """N client loops against one server for a fixed time; measures inside a window that
    opens after a warm-up."""

    def __init__(
        self,
        url: str,
        games: int,
        think: float,
        warmup: float,
        seconds: float,
        server_pid: int | None = None,
        source: Callable[[int], str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.url = url
        self.extra = extra or {}  # more of each new game's body (bench.clocks: a time control)
        self.source = source  # loop -> the loopback address its connections come from
        self.server_pid = server_pid
        self.games = games
        self.think = think
        self.warmup = warmup
        self.seconds = seconds
        self.stats = Stats()
        self.opens = 0.0
        self.closes = 0.0

    def measuring(self, t: float) -> bool:
        return self.opens <= t < self.closes

    async def run(self) -> Stats:
        async with contextlib.AsyncExitStack() as stack:
            # A client (one keep-alive connection) per loop, as each player has its own (one
            # client shared by hundreds of loops spends more CPU scanning its pool than the
            # server spends answering). Made before the clock starts: making one costs the
            # client's event loop milliseconds (an SSL context), which would be counted in
            # the latency of every request in flight.
            ctx = ssl.create_default_context()
            clients = [
                await stack.enter_async_context(
                    httpx.AsyncClient(
                        base_url=self.url,
                        timeout=60.0,
                        trust_env=False,
                        transport=httpx.AsyncHTTPTransport(
                            verify=ctx, local_address=self.source(i) if self.source else None
                        ),
                    )
                )
                for i in range(self.games)
            ]
            # The client is the measuring instrument: a full pass of its garbage collector
            # over everything made so far (the clients, the imports) stalls it for up to
            # ~150 ms, counted in the latency of every request in flight.
            gc.collect()
            gc.freeze()
            # Paced loops start over one think time; the window opens a warm-up after the last.
            self.opens = time.perf_counter() + self.think + self.warmup
            self.closes = self.opens + self.seconds
            await asyncio.gather(
                self.count_cpu(), *(self.loop(c, i) for i, c in enumerate(clients))
            )
        return self.stats

    async def count_cpu(self) -> None:
        """The server process's CPU time between the window's opening and closing."""
        if self.server_pid is None:
            return
        await asyncio.sleep(max(0.0, self.opens - time.perf_counter()))
        start = process_cpu(self.server_pid)
        await asyncio.sleep(max(0.0, self.closes - time.perf_counter()))
        end = process_cpu(self.server_pid)
        if start is not None and end is not None:
            self.stats.server_cpu = end - start

    async def loop(self, client: httpx.AsyncClient, i: int) -> None:
        rng = random.Random(i)
        if self.think:  # spread the loops' first actions over one think time
            await asyncio.sleep(rng.uniform(0, self.think))
        while time.perf_counter() < self.closes:
            try:
                await self.play_one(client, rng)
            except (httpx.HTTPError, AssertionError, KeyError) as exc:
                self.stats.errors.append(repr(exc))
                await asyncio.sleep(0.05)

    async def play_one(self, client: httpx.AsyncClient, rng: random.Random) -> None:
        """One game, until it ends or the time is up."""
        seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
        r = await client.post(
            "/api/games",
            json={"seats": seats, "options": {"turn_limit": TURN_LIMIT}, **self.extra},
        )
        assert r.status_code == 201, r.text
        created = r.json()
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        seat = 0
        nexts = [0, 0]  # each seat's events read so far: a client asks only for newer ones
        state = await self.read(client, gid, tokens[seat], nexts[seat])
        while time.perf_counter() < self.closes:
            if state["status"] == "over":
                self.stats.games_finished += 1
                return
            prompt = state["prompt"]
            if prompt is None:  # the other seat decides now
                nexts[seat] = state["next"]
                seat = 1 - seat
                state = await self.read(client, gid, tokens[seat], nexts[seat])
                continue
            if self.think:
                await asyncio.sleep(rng.expovariate(1 / self.think))
            action = choose(prompt, rng)
            start = time.perf_counter()
            r = await client.post(
                f"/api/games/{gid}/actions",
                json={"action": action},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            end = time.perf_counter()
            if r.status_code != 200:
                raise AssertionError(f"action refused: {r.status_code} {r.text[:200]}")
            if self.measuring(end):
                self.stats.latencies.append(end - start)
                self.stats.actions += 1
            state = r.json()

    async def read(self, client: httpx.AsyncClient, gid: str, token: str, since: int) -> Json:
        start = time.perf_counter()
        r = await client.get(
            f"/api/games/{gid}/state",
            params={"since": since},
            headers={"Authorization": f"Bearer {token}"},
        )
        end = time.perf_counter()
        if r.status_code != 200:
            raise AssertionError(f"state: {r.status_code} {r.text[:200]}")
        if self.measuring(end):
            self.stats.reads.append(end - start)
        return r.json()


def process_cpu(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def database(backend: str, pg_admin: str | None) -> Iterator[str]:
    """A fresh database URL of ``backend``, removed afterwards."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="titan-bench-") as tmp:
            yield f"sqlite:///{Path(tmp) / 'titan.db'}"
        return
    assert pg_admin is not None
    dbs = PgDatabases(pg_admin)
    try:
        yield dbs.create()
    finally:
        dbs.drop_all()


def measure(
    backend: str, pg_admin: str | None, games: int, think: float, warmup: float, seconds: float
) -> Result:
    with (
        database(backend, pg_admin) as url,
        tempfile.TemporaryDirectory(prefix="titan-bench-logs-") as logs,
    ):
        pool = ServerPool(Path(logs))
        try:
            server: Server = pool.start(url)
            load = Load(server.url, games, think, warmup, seconds, server.proc.pid)
            stats = asyncio.run(load.run())
            if stats.errors:
                print(f"  errors (first 3 of {len(stats.errors)}): {stats.errors[:3]}")
                tail = server.log()[-2000:]
                if tail.strip():
                    print("  server log tail:\n" + tail)
        finally:
            pool.kill_all()
    return Result(backend, games, think, seconds, stats)


def quick_missing_sniffio() -> None:
    """httpcore imports ``sniffio`` on every request; when it is not installed, each attempt
    searches the whole of sys.path again (a quarter of this client's CPU at 200 games). A
    ``None`` in sys.modules makes the import fail at once, as it would anyway."""
    if importlib.util.find_spec("sniffio") is None:
        sys.modules.setdefault("sniffio", None)  # type: ignore[arg-type]  # (see above)


def main(argv: list[str] | None = None) -> None:
    quick_missing_sniffio()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200])
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[5.0, 1.0],
        help="mean think times to run, seconds (5: a brisk human; 1: far busier than people)",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=4.0, help="unmeasured start per run")
    parser.add_argument("--pg", help=f"a PostgreSQL URL (default ${PG_ENV})")
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument("--no-flat-out", action="store_true", help="only the paced runs")
    args = parser.parse_args(argv)
    pg = args.pg or os.environ.get(PG_ENV)
    backends = ([] if args.no_sqlite else ["sqlite"]) + (["postgresql"] if pg else [])
    if not pg:
        print(f"(no PostgreSQL: give --pg URL or set ${PG_ENV} for its figures)")
    regimes = [t for t in args.think if t > 0] + ([] if args.no_flat_out else [0.0])
    cpu = os.cpu_count()
    print(
        f"server load: {args.seconds:.0f} s measured per run after {args.warmup:.0f} s, "
        f"two-seat games with a turn limit of {TURN_LIMIT}, client and server on {cpu} cores"
    )
    for backend in backends:
        for games in args.games:
            for think in regimes:
                result = measure(backend, pg, games, think, args.warmup, args.seconds)
                print(result.line(), flush=True)


if __name__ == "__main__":
    main()
