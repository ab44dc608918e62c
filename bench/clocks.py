"""Clocks under load (issue 20): 200 correspondence games whose clocks run out in waves, while
ordinary players act in other games, on one real ``titan serve`` (PostgreSQL with ``--pg`` or
``$TITAN_TEST_PG``; SQLite too unless ``--pg-only``).

- ``--expiring`` (200) two-seat correspondence games are created first, nobody playing them;
  their first deadlines fall in ``--waves`` (4) waves ``--gap`` (10) seconds apart, from
  ``--first`` (12) seconds after creation. A timeout there is a withdrawal (errata 20.4: the
  seat refuses to go on), and the other seat's clock then starts, with the same allowance: a
  second round of waves. One game in ``--computer-every`` (10) has the computer fallback
  instead: the computer then plays its seats (random level) to the game's end, as a server
  whose absent players' seats are taken over would.
- ``--games`` (50) ordinary players (``bench.server_load``'s loops, think time ``--think``,
  1 s), in correspondence games of their own (one day per turn: their clocks never run out),
  whose actions' and state reads' latencies are measured in a window covering the waves.

It prints the ordinary actions' p50/p95/p99 (the target: p99 at most 50 ms on PostgreSQL),
the state reads', the timeouts the server handled (from the games' chat: "ran out of time"),
and how late after its deadline each first-round timeout came (the sweep runs every second)::

    scripts/with-postgres nice .venv/bin/python -m bench.clocks --pg-only
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from datetime import datetime
from pathlib import Path

import httpx

from bench.server_load import Load, database, percentile, process_cpu
from tests.server.harness import PG_ENV, ServerPool

TARGET_P99_MS = 50.0
DAY = 24 * 3600


async def create_expiring(url: str, args: argparse.Namespace) -> list[tuple[str, float]]:
    """The games whose clocks run out, each with its first deadline (epoch seconds)."""
    made: list[tuple[str, float]] = []
    start = time.time()
    async with httpx.AsyncClient(base_url=url, timeout=60.0, trust_env=False) as client:
        for i in range(args.expiring):
            wave = i % args.waves
            due = start + args.first + wave * args.gap
            seconds = max(1, round(due - time.time()))
            computer = args.computer_every and i % args.computer_every == 0
            fallback = {"then": "computer", "level": "random"} if computer else {"then": "withdraw"}
            seats = [{"name": n, "fallback": fallback} for n in ("Ann", "Bob")]
            body = {"seats": seats, "time_control": {"kind": "correspondence", "seconds": seconds}}
            r = await client.post("/api/games", json=body)
            assert r.status_code == 201, r.text
            made.append((r.json()["id"], time.time() + seconds))
    return made


async def timeouts(url: str, games: list[tuple[str, float]]) -> tuple[int, list[float]]:
    """Every timeout the chats tell of, and each game's first one's lateness (seconds)."""
    total, late = 0, []
    async with httpx.AsyncClient(base_url=url, timeout=60.0, trust_env=False) as client:
        for game_id, due in games:
            lines = (await client.get(f"/api/games/{game_id}/chat")).json()["lines"]
            said = [ln for ln in lines if "ran out of time" in ln["text"]]
            total += len(said)
            if said:
                late.append(datetime.fromisoformat(said[0]["time"]).timestamp() - due)
    return total, late


def one_run(args: argparse.Namespace, backend: str, pg: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp, database(backend, pg) as url:
        pool = ServerPool(Path(tmp) / "logs")
        try:
            server = pool.start(url)
            expiring = asyncio.run(create_expiring(server.url, args))
            load = Load(
                server.url,
                args.games,
                args.think,
                args.warmup,
                args.seconds,
                server.proc.pid,
                extra={"time_control": {"kind": "correspondence", "seconds": DAY}},
            )
            cpu = process_cpu(server.proc.pid)
            asyncio.run(load.run())
            cpu_after = process_cpu(server.proc.pid)
            handled, late = asyncio.run(timeouts(server.url, expiring))
        finally:
            pool.kill_all()
    acts, reads, late = sorted(load.stats.latencies), sorted(load.stats.reads), sorted(late)
    ms = 1000.0

    def pct(values: list[float], q: float, scale: float = ms) -> str:
        return f"{percentile(values, q) * scale:6.1f}" if values else "   n/a"

    print(f"\n{backend}: {args.expiring} expiring correspondence games, {args.games} players")
    print(
        f"  ordinary actions: {len(acts)}, p50 {pct(acts, 50)} ms, p95 {pct(acts, 95)} ms, "
        f"p99 {pct(acts, 99)} ms (target p99 <= {TARGET_P99_MS:.0f} ms); state reads "
        f"{len(reads)}, p50 {pct(reads, 50)} ms, p99 {pct(reads, 99)} ms; "
        f"{len(load.stats.errors)} errors"
    )
    print(
        f"  timeouts handled: {handled} ({len(late)} games timed out at least once); first "
        f"timeout after its deadline: p50 {pct(late, 50, 1.0)} s, max {pct(late, 100, 1.0)} s"
    )
    if cpu is not None and cpu_after is not None:
        print(f"  server CPU: {cpu_after - cpu:.1f} s")
    for line in load.stats.errors[:5]:
        print(f"    {line[:160]}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.clocks", description=__doc__)
    parser.add_argument("--expiring", type=int, default=200)
    parser.add_argument("--waves", type=int, default=4)
    parser.add_argument("--first", type=float, default=12.0)
    parser.add_argument("--gap", type=float, default=10.0)
    parser.add_argument("--computer-every", type=int, default=10)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pg", default=os.environ.get(PG_ENV), help="PostgreSQL admin URL")
    parser.add_argument("--pg-only", action="store_true")
    args = parser.parse_args(argv)
    backends = [] if args.pg_only else ["sqlite"]
    if args.pg:
        backends.append("postgresql")
    for backend in backends:
        one_run(args, backend, args.pg)


if __name__ == "__main__":
    main()
