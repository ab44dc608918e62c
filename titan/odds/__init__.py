"""Odds: exact strike distributions (:mod:`titan.odds.strike`) and battle outcome estimates by
simulation (:mod:`titan.odds.estimate`); ``titan odds`` prints them (:mod:`titan.odds.command`).

Set up battle positions by hand with :func:`titan.scenario.battle_game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from titan.odds.stats import Share, wilson
from titan.odds.strike import (
    StrikeOdds,
    chance_at_least,
    hit_chance,
    hit_distribution,
    hit_probabilities,
    most_kills_order,
    option_odds,
    slay_chance,
    slay_probability,
    strike_odds,
)

if TYPE_CHECKING:
    from titan.odds.estimate import Estimate, estimate_battle


def __getattr__(name: str) -> Any:
    # The estimate brings in the bots and the engine; importing the strike odds (or the
    # ``titan`` command's parser) should not.
    if name in ("Estimate", "estimate_battle"):
        from titan.odds import estimate

        return getattr(estimate, name)
    raise AttributeError(f"module 'titan.odds' has no attribute {name!r}")


__all__ = [
    "Estimate",
    "Share",
    "StrikeOdds",
    "chance_at_least",
    "estimate_battle",
    "hit_chance",
    "hit_distribution",
    "hit_probabilities",
    "most_kills_order",
    "option_odds",
    "slay_chance",
    "slay_probability",
    "strike_odds",
    "wilson",
]
