"""A fast estimate of a battle's outcome between two estimated legions on a terrain.

An expected-value attrition model: from the second battle turn (the first is spent entering,
11.1) both sides exchange strikes twice per battle turn (the phasing side's strike and the
other's counterstrike, rule 13) until one side is gone or the time loss (10.5) comes. Each
exchange a side deals its expected hits (power dice hitting as the strike chart says against
the average skill facing it) to the enemy's characters weakest first, the Titan last (players
keep it back), with excess carried on (13.4). Natives of the battleland's hazards fight better,
the tower's defender much better (walls, hazard chart). The margin of the survivor becomes a
win chance through a logistic curve. Microseconds, not the seconds a simulated battle takes,
which is what a heuristic player needs; ``titan.odds`` is the accurate tool.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from titan.ai.normal.estimate import UNKNOWN, Member
from titan.ai.normal.values import strike_number
from titan.dice.strike import hit_probability
from titan.variant import TITAN, Variant

EXCHANGES = 12  # battle turns 2-7, two strike phases each (10.5, 13)
SHARPNESS = 5.0  # logistic slope turning the margin into a win chance
TITAN_FOCUS = 0.5  # the share of the enemy's blows a lone Titan draws, divided among friends
TOWER_DEFENCE = 1.3  # walls: +1 skill striking down, -1 for the attacker striking up


@dataclass(frozen=True, slots=True)
class Outlook:
    """The estimated outcome of a battle, seen from the attacker."""

    attacker_wins: float  # chance the attacker eliminates the defender in time
    defender_wins: float  # chance the defender survives (elimination of the attacker or time)
    attacker_losses: tuple[str, ...]  # characters the attacker is expected to lose if it wins
    defender_losses: tuple[str, ...]  # characters the defender is expected to lose if it wins
    attacker_left: float  # fraction of the attacker's strength left at the end
    defender_left: float


@cache
def hazards(variant: Variant, terrain: str) -> frozenset[str]:
    """The hazards a battleland holds (hex terrains and hexsides), for the natives' edge."""
    land = variant.battlelands[terrain]
    found: set[str] = set()
    for hx in land.hexes.values():
        if hx.terrain not in ("plain", "tower"):
            found.add(hx.terrain)
        for side in hx.hexsides:
            if side is not None:
                found.add(side.hazard)
    return frozenset(found)


def _edge(variant: Variant, name: str, terrain: str, defending: bool) -> float:
    """How much better a character fights on this terrain: natives of its hazards strike and
    stand better (hazard chart); the defender knows the ground better than the attacker."""
    if name in (UNKNOWN, TITAN):
        return 1.0
    native = variant.characters[name].natives & hazards(variant, terrain)
    if not native:
        return 1.0
    return 1.0 + min(0.25, 0.1 * len(native)) * (1.0 if defending else 0.6)


def _order(members: tuple[Member, ...]) -> list[int]:
    """Who falls first: the weakest, the Titan last."""
    return sorted(
        range(len(members)),
        key=lambda i: (members[i].name == TITAN, members[i].power * members[i].skill, i),
    )


def _strength(members: tuple[Member, ...], hp: list[float]) -> float:
    """Hits left to take, each weighted by its character's skill."""
    return sum(m.skill * max(0.0, h) for m, h in zip(members, hp, strict=True))


def _offence(
    members: tuple[Member, ...], hp: list[float], edges: list[float], facing_skill: float
) -> float:
    total = 0.0
    for m, h, e in zip(members, hp, edges, strict=True):
        if h > 0:
            total += m.power * e * hit_probability(round(strike_number(m.skill, facing_skill)))
    return total


def _average_skill(members: tuple[Member, ...], hp: list[float]) -> float:
    alive = [m.skill for m, h in zip(members, hp, strict=True) if h > 0]
    return sum(alive) / len(alive) if alive else 3.0


def _damage(hp: list[float], order: list[int], amount: float, titan: int | None) -> None:
    """Deal ``amount`` hits: a share straight at the Titan, whom the enemy seeks out (its
    death ends the battle, 19.3), more the fewer friends shield it; the rest at the
    weakest first, carrying on (13.4)."""
    if titan is not None and hp[titan] > 0:
        alive = sum(1 for h in hp if h > 0)
        direct = amount * min(1.0, TITAN_FOCUS / alive)
        hp[titan] -= direct
        amount -= direct
        if hp[titan] <= 0:
            for i in range(len(hp)):
                hp[i] = min(hp[i], 0.0)  # the Titan's legion falls with it
            return
    for i in order:
        if amount <= 0:
            return
        if hp[i] > 0:
            taken = min(hp[i], amount)
            hp[i] -= taken
            amount -= taken


def _titan(members: tuple[Member, ...]) -> int | None:
    return next((i for i, m in enumerate(members) if m.name == TITAN), None)


@lru_cache(maxsize=100_000)
def battle_outlook(
    variant: Variant,
    attacker: tuple[Member, ...],
    defender: tuple[Member, ...],
    terrain: str,
    exchanges: int = EXCHANGES,
) -> Outlook:
    """Estimate a battle of ``attacker`` against ``defender`` on ``terrain`` (cached)."""
    if not defender:
        return Outlook(1.0, 0.0, (), (), 1.0, 0.0)
    if not attacker:
        return Outlook(0.0, 1.0, (), (), 0.0, 1.0)
    tower = variant.battlelands[terrain].tower
    a_hp = [m.power for m in attacker]
    d_hp = [m.power for m in defender]
    a_edge = [_edge(variant, m.name, terrain, False) for m in attacker]
    d_edge = [
        _edge(variant, m.name, terrain, True) * (TOWER_DEFENCE if tower else 1.0) for m in defender
    ]
    a_order, d_order = _order(attacker), _order(defender)
    a_titan, d_titan = _titan(attacker), _titan(defender)
    a0, d0 = _strength(attacker, a_hp), _strength(defender, d_hp)
    for _ in range(exchanges):
        to_d = _offence(attacker, a_hp, a_edge, _average_skill(defender, d_hp))
        to_a = _offence(defender, d_hp, d_edge, _average_skill(attacker, a_hp))
        _damage(d_hp, d_order, to_d, d_titan)
        _damage(a_hp, a_order, to_a, a_titan)
        if all(h <= 0 for h in a_hp) or all(h <= 0 for h in d_hp):
            break
    a_left = _strength(attacker, a_hp) / a0 if a0 else 0.0
    d_left = _strength(defender, d_hp) / d0 if d0 else 0.0
    a_dead = tuple(m.name for m, h in zip(attacker, a_hp, strict=True) if h <= 1e-9)
    d_dead = tuple(m.name for m, h in zip(defender, d_hp, strict=True) if h <= 1e-9)
    margin = a_left - d_left
    p = 1.0 / (1.0 + math.exp(-SHARPNESS * margin))
    if a_left > 0 and d_left > 0:
        p *= 0.5  # the time loss (10.5) awaits an attacker that has not finished in time
    return Outlook(p, 1.0 - p, a_dead, d_dead, a_left, d_left)
