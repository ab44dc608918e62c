"""Workload (ii): battle reach of 19 characters from every hex of every battleland on an
otherwise empty map (19 x 11 x 27 = 5,643 queries)."""

from __future__ import annotations

import time

from titan.engine.battle.maneuver import reach
from titan.engine.battle.model import Piece
from titan.variant import BATTLE_LABELS, load

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


def main() -> None:
    variant = load("default")
    pieces = [
        Piece(variant.characters[c], "attacker", variant.characters[c].power) for c in CREATURES
    ]
    rounds = 3
    start = time.perf_counter()
    n = 0
    for _ in range(rounds):
        for land in variant.battlelands.values():
            for piece in pieces:
                for label in BATTLE_LABELS:
                    reach(variant, land, {}, piece, label)
                    n += 1
    per_s = n / (time.perf_counter() - start)
    print(
        f"battle reach, empty battlelands: {per_s:12,.0f} queries/s "
        f"({n // rounds} queries x {rounds})"
    )


if __name__ == "__main__":
    main()
