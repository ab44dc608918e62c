"""Battle outcome estimates: how often the attacker wins, the defender wins, both are
eliminated, or the attacker loses on time (10.5), by playing the battle out many times with
the chosen bots, each answer with its 95% Wilson confidence interval.

>>> from titan.odds.estimate import estimate_battle
>>> est = estimate_battle(["Titan", "Dragon", "Dragon"], ["Ogre"], "Hills", trials=100)
>>> est.attacker_wins.p > 0.9
True
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from titan.ai.levels import make_bot
from titan.dice.stats import Share
from titan.engine.scenario import battle_lands
from titan.odds import runner
from titan.odds.battle import OUTCOMES, BattleSpec, Outcome, Trial
from titan.variant import load

DEFAULT_SECONDS = 2.0  # the time budget when neither trials nor seconds is given


@dataclass(frozen=True, slots=True)
class Estimate:
    """The result of :func:`estimate_battle`: trials 0..n-1 of the battle with ``seed``."""

    spec: BattleSpec
    land: int
    seed: int
    trials: int
    seconds: float
    attacker_wins: Share
    defender_wins: Share  # by battle or concession; a time loss is counted apart
    mutual: Share  # both legions eliminated, or both Titans slain (mutual elimination)
    time_loss: Share  # 10.5: the attacker's legion is eliminated after its seventh turn
    attacker_left: float  # mean characters left in each legion after the engagement
    defender_left: float
    attacker_points: float  # mean points each side scored from it (16, 19.4)
    defender_points: float
    mean_turns: float  # mean battle turn of the end (1-7)
    concessions: int  # battles ended by a concession (none when fought out)

    def shares(self) -> dict[Outcome, Share]:
        return {
            "attacker": self.attacker_wins,
            "defender": self.defender_wins,
            "mutual": self.mutual,
            "time_loss": self.time_loss,
        }

    @property
    def half_width(self) -> float:
        """The widest 95% CI half-width among the four outcomes."""
        return max(s.half_width for s in self.shares().values())

    def to_json(self) -> dict[str, Any]:
        s = self.spec
        return {
            "attacker": list(s.attacker),
            "defender": list(s.defender),
            "terrain": s.terrain,
            "land": self.land,
            "bots": {"attacker": s.attacker_bot, "defender": s.defender_bot},
            "fight_out": s.fight_out,
            "seed": self.seed,
            "trials": self.trials,
            "seconds": round(self.seconds, 3),
            "outcomes": {
                name: {"count": sh.count, "p": sh.p, "ci95": list(sh.ci95)}
                for name, sh in self.shares().items()
            },
            "mean_left": {"attacker": self.attacker_left, "defender": self.defender_left},
            "mean_points": {"attacker": self.attacker_points, "defender": self.defender_points},
            "mean_turns": self.mean_turns,
            "concessions": self.concessions,
        }


def estimate_battle(
    attacker: Sequence[str],
    defender: Sequence[str],
    terrain: str,
    *,
    bot: str = "random",
    defender_bot: str | None = None,
    trials: int | None = None,
    seconds: float | None = None,
    half_width: float | None = None,
    seed: int = 0,
    jobs: int = 1,
    fight_out: bool = True,
    attacker_score: int = 0,
    defender_score: int = 0,
    entry_side: str = "bottom",
    land: int | None = None,
    variant: str = "default",
) -> Estimate:
    """Estimate the battle between ``attacker`` and ``defender`` (character names) on a land
    of ``terrain`` (see :func:`titan.engine.scenario.battle_game` for the position and the other
    set-up arguments) by playing it out with ``bot`` (a level of ``titan.ai.levels``) on
    both sides, or ``defender_bot`` for the defender.

    It plays ``trials`` battles if given; otherwise as many as ``seconds`` allow (2 s if
    neither is given); and it stops early once every outcome's 95% CI half-width is at most
    ``half_width``. Trials are numbered from 0 and trial n's dice and bots depend only on
    (``seed``, n), so the result is ``estimate_battle(..., trials=est.trials, seed=seed)``
    exactly, whatever ``jobs`` (worker processes) played it. ``fight_out``: no concessions
    and no one left off (see :mod:`titan.odds.battle`).
    """
    for level in {bot, defender_bot or bot}:
        make_bot(level, 0)  # ValueError naming the known levels
    spec = BattleSpec(
        tuple(attacker),
        tuple(defender),
        terrain,
        attacker_bot=bot,
        defender_bot=defender_bot or bot,
        attacker_score=attacker_score,
        defender_score=defender_score,
        entry_side=entry_side,
        land=land,
        variant=variant,
        fight_out=fight_out,
    )
    if trials is None and seconds is None:
        seconds = DEFAULT_SECONDS
    start = time.perf_counter()
    played = runner.run(
        spec, seed, trials=trials, seconds=seconds, half_width=half_width, jobs=jobs
    )
    where = land if land is not None else battle_lands(load(variant), terrain)[0]
    return summarise(spec, where, seed, played, time.perf_counter() - start)


def summarise(
    spec: BattleSpec, land: int, seed: int, played: list[Trial], seconds: float
) -> Estimate:
    n = len(played)
    counts = Counter(t.outcome for t in played)
    share = {o: Share(counts[o], n) for o in OUTCOMES}
    return Estimate(
        spec,
        land,
        seed,
        n,
        seconds,
        share["attacker"],
        share["defender"],
        share["mutual"],
        share["time_loss"],
        fmean(t.attacker_left for t in played),
        fmean(t.defender_left for t in played),
        fmean(t.attacker_points for t in played),
        fmean(t.defender_points for t in played),
        fmean(t.turns for t in played),
        sum(1 for t in played if t.how == "concede"),
    )
