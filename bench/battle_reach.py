"""Workload (ii): battle reach of 19 characters from every hex of every battleland on an
otherwise empty map (19 x 11 x 27 = 5,643 queries), timed after a warm-up; then the same with
other characters on the board, where the search cannot skip the blockers.

Run: ``.venv/bin/python -m bench.battle_reach``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from titan.engine.queries.maneuver import reach
from titan.engine.queries.model import Piece
from titan.variant import BATTLE_LABELS, Battleland, Variant, load_uncached

CREATURES = (
    "Ogre",
    "Troll",
    "Lion",
    "Dragon",
    "Gargoyle",
    "Centaur",
    "Warbear",
    "Giant",
    "Ranger",
    "Hydra",
    "Titan",
    "Angel",
    "Cyclops",
    "Serpent",
    "Colossus",
    "Minotaur",
    "Unicorn",
    "Wyvern",
    "Behemoth",
)
ROUNDS = 10  # passes of 5,643 queries in one timed sample
SAMPLES = 7


def _fresh_variant() -> Variant:
    """A variant object no cache has seen (``load`` memoises)."""
    return load_uncached("default")


def _pieces(variant: Variant) -> list[Piece]:
    return [
        Piece(variant.characters[c], "attacker", variant.characters[c].power) for c in CREATURES
    ]


def _empty_pass(variant: Variant, lands: Sequence[Battleland], pieces: Sequence[Piece]) -> int:
    n = 0
    for land in lands:
        for piece in pieces:
            for label in BATTLE_LABELS:
                reach(variant, land, {}, piece, label)
                n += 1
    return n


def _crowded_boards(variant: Variant, count: int) -> list[dict[str, Piece]]:
    """Fixed boards (seeded, the same on every run) of three friends and four enemies."""
    rng = random.Random(2)
    friend = Piece(variant.characters["Ogre"], "attacker", 6)
    enemy = Piece(variant.characters["Troll"], "defender", 8)
    boards = []
    for _ in range(count):
        hexes = rng.sample(BATTLE_LABELS, 7)
        boards.append({h: friend if i < 3 else enemy for i, h in enumerate(hexes)})
    return boards


def main() -> None:
    variant = _fresh_variant()
    lands = list(variant.battlelands.values())
    pieces = _pieces(variant)

    start = time.perf_counter()
    queries = _empty_pass(variant, lands, pieces)
    warm_s = time.perf_counter() - start

    rates: list[float] = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        for _ in range(ROUNDS):
            _empty_pass(variant, lands, pieces)
        rates.append(ROUNDS * queries / (time.perf_counter() - start))
    print(
        f"first pass on a fresh variant (builds the per-battleland tables): {warm_s * 1000:.1f} ms"
        f" = {queries / warm_s:,.0f} queries/s"
    )
    print(
        f"battle reach, empty battlelands: median {statistics.median(rates):,.0f} queries/s, "
        f"min {min(rates):,.0f}, max {max(rates):,.0f} "
        f"({SAMPLES} samples x {ROUNDS} x {queries} queries)"
    )

    boards = _crowded_boards(variant, 8)
    start = time.perf_counter()
    n = 0
    for board in boards:
        for land in lands:
            for piece in pieces:
                for label in BATTLE_LABELS:
                    if label not in board:
                        reach(variant, land, board, piece, label)
                        n += 1
    per_s = n / (time.perf_counter() - start)
    print(f"battle reach, 3 friends + 4 enemies on the board: {per_s:,.0f} queries/s ({n} queries)")


if __name__ == "__main__":
    main()
