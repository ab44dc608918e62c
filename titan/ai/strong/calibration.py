"""What the simulated battles miss when we attack: the simulation plays both sides with the
cheap policy (:mod:`titan.ai.strong.policy`), but our real attacks are played by the planner
(:mod:`titan.ai.strong.planner`), which presses better than the cheap policy does.

Measured with ``bench.colossus_odds`` on 1,112 of our attacks in 386 games against
Colossus's SimpleAI and RationalAI (``docs/ai.md``): attacks simulated to win 30% of the time
won 51-81%, those at 50% won 61-83%, those at 70% won 76-90%, while the simulation foresaw
Colossus's attacks on us within a few points. Our attacks without our Titan are judged with
the simulated chance of winning raised accordingly (``BOLDER``); an attack with our Titan,
where a lost battle loses the game (1.1), keeps the simulation's own odds.
"""

from __future__ import annotations

from dataclasses import replace

from titan.ai.strong.simulate import BattleOdds

BOLDER = 0.6  # p -> p + BOLDER * p * (1 - p): 0.3 -> 0.43, 0.5 -> 0.65, 0.7 -> 0.83


def as_we_attack(odds: BattleOdds) -> BattleOdds:
    """``odds`` of an attack of ours without our Titan, as our planner would fight it: the
    attacker's chance raised, and what each side keeps moved in proportion (the defender keeps
    something only where it is not eliminated, the attacker only where it is not)."""
    p = odds.attacker_wins
    raised = min(1.0, p + BOLDER * p * (1.0 - p))
    if p >= 1.0 or raised <= p:
        return odds
    rest = (1.0 - raised) / (1.0 - p)  # what is left of every outcome but our win
    lost = odds.defender_wins + odds.mutual
    kept = 1.0 - lost
    lost_after = lost * rest
    return replace(
        odds,
        attacker_wins=raised,
        defender_wins=odds.defender_wins * rest,
        mutual=odds.mutual * rest,
        defender_titan=min(1.0, odds.defender_titan * raised / p),
        defender_left=odds.defender_left * rest,
        attacker_left=odds.attacker_left * (1.0 - lost_after) / kept if kept > 0 else 0.0,
    )
