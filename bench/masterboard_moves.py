"""Workload (i): every normal masterboard move of a lone legion from each of the 96 lands for
rolls 1-6 (576 queries), timed after a warm-up; then the same with legions on the board.

Run: ``.venv/bin/python -m bench.masterboard_moves``. Target: 80,000 lone-legion queries/s.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from titan.engine.queries.movement import masterboard_moves
from titan.variant import Variant, load_uncached

ROLLS = range(1, 7)
TARGET_PER_S = 80_000
ROUNDS = 200  # passes of 576 queries in one timed sample
SAMPLES = 7


def _fresh_variant() -> Variant:
    """A variant object no cache has seen (``load`` memoises)."""
    return load_uncached("default")


def _lone_pass(variant: Variant, lands: Sequence[int]) -> None:
    for land in lands:
        for roll in ROLLS:
            masterboard_moves(variant, land, roll)


def _crowded_boards(lands: Sequence[int], count: int) -> list[tuple[set[int], set[int]]]:
    rng = random.Random(1)  # fixed seed: the same boards on every run
    return [(set(rng.sample(lands, 4)), set(rng.sample(lands, 12))) for _ in range(count)]


def main() -> None:
    start = time.perf_counter()
    variant = _fresh_variant()
    load_s = time.perf_counter() - start
    lands = sorted(variant.masterboard.lands)
    queries = len(lands) * len(ROLLS)

    start = time.perf_counter()
    _lone_pass(variant, lands)
    warm_s = time.perf_counter() - start

    rates: list[float] = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        for _ in range(ROUNDS):
            _lone_pass(variant, lands)
        rates.append(ROUNDS * queries / (time.perf_counter() - start))
    median = statistics.median(rates)
    print(f"variant load (not timed below): {load_s * 1000:.1f} ms")
    print(f"first pass on a fresh variant (builds the path tables): {warm_s * 1000:.1f} ms")
    print(
        f"masterboard moves, lone legion: median {median:,.0f} queries/s, "
        f"min {min(rates):,.0f}, max {max(rates):,.0f} "
        f"({SAMPLES} samples x {ROUNDS} x {queries} queries; target {TARGET_PER_S:,}: "
        f"{'met' if min(rates) >= TARGET_PER_S else 'MISSED'})"
    )

    boards = _crowded_boards(lands, 50)
    start = time.perf_counter()
    n = 0
    for friends, enemies in boards:
        for land in lands:
            for roll in ROLLS:
                masterboard_moves(variant, land, roll, friends=friends - {land}, enemies=enemies)
                n += 1
    per_s = n / (time.perf_counter() - start)
    print(f"masterboard moves, 4 friends + 12 enemies: {per_s:,.0f} queries/s ({n} queries)")


if __name__ == "__main__":
    main()
