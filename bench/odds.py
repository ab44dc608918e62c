"""Odds: exact strike distributions (titan.dice.strike) per second, and the time a battle estimate
takes to become useful (every outcome's 95% CI half-width at most 0.05) for three sample
battles, with the random and normal bots (``--all``: every registered level; ``--quick``:
the random bot only).

Run: ``.venv/bin/python -m bench.odds``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import product

from titan.ai.levels import LEVELS
from titan.dice import strike as strike_module
from titan.dice.strike import slay_probability, strike_odds
from titan.odds import runner
from titan.odds.battle import BattleSpec
from titan.odds.estimate import estimate_battle

SAMPLES = 5
USEFUL = 0.05  # 95% CI half-width
CAP_SECONDS = 30.0  # give up on a level that cannot get there
CPU_TRIALS = 100  # battles timed in CPU seconds, in this process
BATTLES: list[tuple[str, list[str], list[str], str]] = [
    ("lopsided", ["Titan", "Dragon", "Dragon"], ["Ogre"], "Hills"),
    ("even, 3 v 2", ["Titan", "Ogre", "Ogre"], ["Troll", "Troll"], "Plains"),
    (
        "full, 7 v 5, tower",
        ["Titan", "Ogre", "Ogre", "Centaur", "Centaur", "Gargoyle", "Gargoyle"],
        ["Troll", "Troll", "Ogre", "Ogre", "Centaur"],
        "Tower",
    ),
]
# Strikes as a battle sees them: 1-18 dice, every strike number, a target needing 1-10 more
# hits, and no, one or two carry-over candidates.
STRIKES = [
    (dice, sn, target, carry)
    for dice, sn, target, carry in product(
        range(1, 19), range(1, 7), (1, 3, 6, 10), ((), (2,), (3, 5))
    )
]


def _clear() -> None:
    for f in (
        strike_module.hit_distribution,
        strike_module.hit_probabilities,
        strike_module._ways,
        strike_module._ways_at_least,
        strike_module._strike_odds,
        strike_module.slay_probability,
    ):
        f.cache_clear()


def _rate(run: Callable[[], None], count: int, before: Callable[[], None] | None = None) -> float:
    rates = []
    for _ in range(SAMPLES):
        if before is not None:
            before()
        start = time.process_time()  # CPU time: the machine may be shared
        run()
        rates.append(count / (time.process_time() - start))
    return statistics.median(rates)


def strikes() -> None:
    def all_odds() -> None:
        for dice, sn, target, carry in STRIKES:
            strike_odds(dice, sn, target, carry)

    def all_floats() -> None:
        for dice, sn, target, _ in STRIKES:
            slay_probability(dice, sn, target)

    n = len(STRIKES)
    cold = _rate(all_odds, n, before=_clear)
    warm = _rate(all_odds, n)
    floats = _rate(all_floats, n)
    print(
        f"strike distributions (exact, with carry-over; {n} strikes of 1-18 dice): "
        f"{cold:,.0f} per CPU second computed from nothing, {warm:,.0f} cached; "
        f"slay probability (float, cached): {floats:,.0f} per CPU second"
    )


def _cpu_per_trial(spec: BattleSpec, count: int) -> float:
    """CPU seconds per battle in this process: unlike wall time, not inflated when other
    work shares the machine."""
    start = time.process_time()
    runner.run(spec, 0, trials=count)
    return (time.process_time() - start) / count


def estimates(levels: Sequence[str]) -> None:
    jobs = min(2, os.cpu_count() or 1)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"battle estimates until every 95% CI half-width <= {USEFUL} ({jobs} processes; "
        f"load average {load:.1f} when started; 'idle' = battles x CPU per battle / {jobs})"
    )
    for level in levels:
        for name, attacker, defender, terrain in BATTLES:
            est = estimate_battle(
                attacker,
                defender,
                terrain,
                bot=level,
                half_width=USEFUL,
                seconds=CAP_SECONDS,
                jobs=jobs,
            )
            cpu = _cpu_per_trial(est.spec, min(est.trials, CPU_TRIALS))
            shares = " ".join(f"{k} {s.p:.2f}" for k, s in est.shares().items())
            done = "" if est.half_width <= USEFUL else " NOT REACHED by the cap"
            print(
                f"  {level:<7} {name:<19} {est.trials:5} battles{done}: {est.seconds:5.2f} s "
                f"measured, {cpu * 1000:5.1f} ms CPU per battle, "
                f"idle {est.trials * cpu / jobs:5.2f} s; {shares}"
            )


def main(argv: Sequence[str] = ()) -> None:
    strikes()
    if "--quick" in argv:
        levels = ["random"]
    elif "--all" in argv:
        levels = list(LEVELS)
    else:  # a search level may take a second a decision: only with --all
        levels = [lv for lv in ("random", "normal") if lv in LEVELS]
    estimates(levels)


if __name__ == "__main__":
    main(sys.argv[1:])
