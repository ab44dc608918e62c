"""Workload (i): every normal masterboard move of a lone legion from each of the 96 lands for
rolls 1-6 (576 queries), and the same with enemies and friends scattered on the board."""

from __future__ import annotations

import random
import time

from titan.engine.movement import masterboard_moves
from titan.variant import load


def main() -> None:
    variant = load("default")
    lands = sorted(variant.masterboard.lands)
    start = time.perf_counter()
    for land in lands:
        for roll in range(1, 7):
            masterboard_moves(variant, land, roll)
    warm = time.perf_counter() - start
    rounds = 200
    start = time.perf_counter()
    for _ in range(rounds):
        for land in lands:
            for roll in range(1, 7):
                masterboard_moves(variant, land, roll)
    per_s = rounds * 576 / (time.perf_counter() - start)
    print(
        f"masterboard moves, lone legion: {per_s:12,.0f} queries/s "
        f"(576 queries x {rounds}; first pass incl. path tables {warm * 1000:.1f} ms)"
    )
    rng = random.Random(1)
    boards = [(set(rng.sample(lands, 4)), set(rng.sample(lands, 12))) for _ in range(50)]
    start = time.perf_counter()
    n = 0
    for friends, enemies in boards:
        for land in lands:
            for roll in range(1, 7):
                masterboard_moves(variant, land, roll, friends=friends - {land}, enemies=enemies)
                n += 1
    per_s = n / (time.perf_counter() - start)
    print(f"masterboard moves, 4 friends + 12 enemies: {per_s:12,.0f} queries/s ({n} queries)")


if __name__ == "__main__":
    main()
