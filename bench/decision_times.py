"""What ``strong``'s decisions cost, replayed from recorded Colossus games: each server line of a
protocol log is fed to a fresh Network seat (``titan/colossus/seat.py``) and the processor time
of every answer that is a decision is taken (the deciding thread's, ``time.thread_time``).

Prints, per log and for all of them, the decisions, their CPU time in all, p50, p95 and max,
and the slowest decisions with the server line they answered. With no ``--cap`` (the
default) nothing stops a decision early, so the figures are what the decisions cost and do
not depend on how busy the machine is; ``--cap 0.8`` is the bot's own cap on the processor's
clock (``Budget(clock="cpu")``), the largest decision then showing what the cap fails to
bound. Where the replayed bot decides otherwise than the recorded one, the server's lines
still drive the mirror, and the bot works out afresh what it would have kept (a maneuver
plan), so a replay costs somewhat more than the game did. To compare two versions, run the
same logs from both checkouts.

Run: ``.venv/bin/python -m bench.decision_times [LOG ...] [--cap S] [--seed N] [--slowest K]``
(the four-player fixtures of ``tests/fixtures/colossus/`` by default).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import percentile
from titan.ai.strong import StrongBot
from titan.ai.strong.budget import Budget
from titan.colossus import transcript
from titan.colossus.seat import Seat

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "colossus"
DEFAULT_LOGS = sorted(FIXTURES.glob("live-rational-4p-*.tsv.gz"))
PING = "pingRequest"


@dataclass(frozen=True, slots=True)
class Timed:
    """One decision: its CPU seconds, the log and line it answered."""

    cpu: float
    log: str
    line: int
    text: str


def replay(path: Path, budget: Budget, seed: int) -> list[Timed]:
    """Every decision of our seat over the log's server lines, timed."""
    seat = Seat("titan", StrongBot(seed, budget=budget))
    seat.hello()
    out: list[Timed] = []
    for entry in transcript.read(path):
        if not entry.to_client:
            continue
        began = time.thread_time()
        answer = seat.receive(entry.text)
        took = time.thread_time() - began
        if answer and not entry.text.startswith(PING):
            out.append(Timed(took, path.name, entry.number, entry.text))
    return out


def summary(name: str, timed: list[Timed]) -> str:
    if not timed:
        return f"{name}: no decisions"
    cpu = [t.cpu for t in timed]
    return (
        f"{name}: {len(cpu)} decisions, {sum(cpu):.2f} s CPU, p50 {1000 * percentile(cpu, 0.5):.1f}"
        f" ms, p95 {1000 * percentile(cpu, 0.95):.0f} ms, max {1000 * max(cpu):.0f} ms"
    )


def report(per_log: dict[str, list[Timed]], slowest: int) -> list[str]:
    lines = [summary(name, timed) for name, timed in per_log.items()]
    everything = [t for timed in per_log.values() for t in timed]
    if len(per_log) > 1:
        lines.append(summary("all", everything))
    for t in sorted(everything, key=lambda t: -t.cpu)[:slowest]:
        lines.append(f"  {1000 * t.cpu:6.0f} ms  {t.log} line {t.line}: {t.text[:80]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bench.decision_times", description=__doc__.split("\n")[0]
    )
    parser.add_argument("logs", nargs="*", type=Path, help="protocol logs (.tsv or .tsv.gz)")
    parser.add_argument("--cap", type=float, help="strong's cap, seconds of CPU (default: none)")
    parser.add_argument("--seed", type=int, default=0, help="the bot's seed")
    parser.add_argument("--slowest", type=int, default=8, help="decisions listed")
    args = parser.parse_args(argv)
    budget = Budget(seconds=args.cap, clock="cpu")
    logs = args.logs or DEFAULT_LOGS
    per_log = {path.name: replay(path, budget, args.seed) for path in logs}
    for line in report(per_log, args.slowest):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
