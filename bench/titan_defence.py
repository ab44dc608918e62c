"""How well a computer player defends its Titan's legion: the battles that decide most games.

In four-player arena games most of the ``strong`` player's eliminations were an attack on its
Titan's legion between its turns (docs/ai.md). The matchups below are those battles, as they
were fought in arena games (one ``strong`` against three ``normal``), each played out
``--trials`` times with ``normal`` attacking and the chosen level defending, fought to the end
(no concessions; every Titan at score 0, power 6). The figure is the share of battles the
defender survives (it wins, or the attacker runs out of time, 10.5), the mean over matchups,
with a 95% interval over all the battles played.

A measure of battle play with a small error (about ±1.5 points at the default 100 trials), where
an arena run of 300 four-player games carries about ±5.5: a change to the defence can be
judged here in minutes before it is played in the arena. Run:
``.venv/bin/python -m bench.titan_defence [--levels strong,normal] [--trials 100]``.
"""

from __future__ import annotations

import argparse
import math
import time

from titan.odds.command import legion_names
from titan.odds.estimate import estimate_battle
from titan.variant import load

# (attacker, defender, land): Name:N repeats a character.
MATCHUPS = [
    ("Angel:2,Cyclops,Ranger:3", "Titan,Warbear,Warlock:3", 17),
    ("Gargoyle,Lion,Ranger:3,Titan", "Cyclops,Ogre:2,Titan,Troll", 101),
    ("Centaur,Cyclops,Minotaur:3,Titan", "Angel,Ranger,Titan,Troll:2", 101),
    ("Angel,Archangel,Titan", "Angel:2,Titan", 127),
    ("Centaur:3,Lion:2,Warbear", "Gargoyle,Ranger:2,Titan,Troll", 32),
    ("Angel,Gargoyle,Ogre,Ranger,Titan,Warlock", "Angel:3,Gorgon,Titan", 6),
    ("Angel:2,Archangel,Titan,Warlock", "Angel,Titan,Warbear,Warlock", 41),
    ("Gorgon,Titan,Warlock:4", "Angel,Titan,Warlock", 105),
    ("Cyclops,Ranger:6", "Angel,Gorgon:2,Titan", 129),
    ("Angel:2,Titan,Warlock", "Cyclops,Ranger:2,Titan,Warlock", 23),
    ("Titan", "Titan", 129),
    ("Angel:2,Ranger,Titan", "Gorgon:4,Titan,Troll:2", 13),
    ("Angel:2,Griffon:2,Hydra", "Angel,Guardian:2,Titan,Warlock", 10),
    ("Ogre:2,Ranger:4", "Titan,Warlock:4", 10),
    ("Angel,Centaur,Minotaur,Ranger,Troll", "Angel,Cyclops,Titan", 133),
    ("Cyclops,Gorgon:2,Lion,Ranger", "Titan", 133),
    ("Behemoth:2,Gorgon:2,Titan", "Angel:2,Titan", 12),
    ("Cyclops,Gorgon,Ranger:3,Titan", "Gorgon:2,Ranger:2,Titan,Troll", 110),
    ("Angel,Cyclops,Ranger:2,Troll", "Gorgon,Ranger,Titan,Warlock:2", 129),
    ("Angel,Cyclops,Gorgon:2,Troll:2", "Gargoyle,Minotaur,Titan,Troll:2", 121),
    ("Cyclops:2,Gorgon:3,Titan", "Angel,Archangel,Gorgon,Titan,Warlock", 130),
    ("Angel,Centaur:2,Cyclops,Lion:2", "Gargoyle,Ogre:2,Titan,Troll,Warlock", 129),
    ("Cyclops,Gorgon:3,Ranger,Troll", "Gargoyle,Lion,Ranger:2,Titan,Troll", 129),
    ("Angel,Archangel,Gorgon,Titan", "Gorgon:2,Titan,Warlock:3", 28),
    ("Angel,Centaur,Gargoyle:2,Lion,Warbear", "Gargoyle,Ogre:2,Titan,Troll", 39),
    ("Cyclops,Gorgon:5", "Cyclops,Ranger,Titan,Warlock", 116),
    ("Angel,Gorgon,Guardian,Titan", "Gorgon:3,Ranger,Titan", 30),
    ("Cyclops,Ogre:2,Titan,Troll", "Cyclops,Gorgon:2,Ogre,Titan", 127),
    ("Angel,Centaur,Gargoyle,Guardian:2,Lion", "Gorgon:4,Titan", 127),
    ("Griffon,Lion:4,Ranger", "Angel,Titan", 39),
    ("Cyclops:2,Gargoyle:2", "Cyclops:2,Gorgon,Lion:2,Titan", 141),
    ("Angel:2,Archangel,Titan,Warlock:3", "Angel:2,Archangel,Titan,Warlock", 34),
    # the first turns: a short Titan's legion, no angel, against an angel's legion
    ("Gargoyle:2,Titan,Troll,Warlock", "Centaur:2,Gargoyle:2,Lion,Titan", 4),
    ("Angel,Gargoyle:2,Ogre,Troll", "Gargoyle:2,Ogre:3,Titan", 12),
    ("Angel,Gargoyle:2,Troll:2", "Gargoyle,Ogre:2,Titan,Troll:2", 111),
    ("Angel,Cyclops,Ogre:2,Troll", "Centaur:3,Gargoyle,Titan", 23),
    ("Angel,Gargoyle:2,Ogre:2", "Centaur:2,Gargoyle:2,Titan", 104),
]


def survival(level: str, trials: int, jobs: int) -> tuple[float, float]:
    """The defender's mean survival over the matchups, and the 95% half-width."""
    board = load("default").masterboard
    shares = []
    for attacker, defender, land in MATCHUPS:
        est = estimate_battle(
            legion_names(attacker),
            legion_names(defender),
            board.land(land).terrain,
            bot="normal",
            defender_bot=level,
            trials=trials,
            seed=3,
            land=land,
            jobs=jobs,
        )
        shares.append((est.defender_wins.count + est.time_loss.count) / est.trials)
    mean = sum(shares) / len(shares)
    # Each matchup's share is a binomial proportion; the mean's variance is their average
    # variance over the number of matchups.
    var = sum(p * (1 - p) / trials for p in shares) / len(shares) ** 2
    return mean, 1.96 * math.sqrt(var)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench.titan_defence", description=__doc__)
    parser.add_argument("--levels", default="strong,normal")
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"Titan's legion defended, {len(MATCHUPS)} matchups x {args.trials} battles")
    for level in args.levels.split(","):
        start = time.perf_counter()
        mean, half = survival(level, args.trials, args.jobs)
        took = time.perf_counter() - start
        print(f"  {level:8s} survives {100 * mean:5.1f}% (+/- {100 * half:.1f})  {took:.0f} s")


if __name__ == "__main__":
    main()
