"""What a seat may believe about every legion on the board, from its view alone.

A seat knows its own legions whole and, of the others, their heights and a lower bound of
their contents (``LegionView.known``: rules 4.5, 9.1, 18.4). What each player holds in all is
public (``PlayerInfo.in_legions``), so the characters of his that nobody has located are
what he holds less what is known of his legions, and each unknown slot of his is estimated
as an average member of them: a player with Dragons unseen is not averaged with one
with Ogres. A player's Titan, if not located, is in one of its legions with unknown slots
(rule 1.1): each such legion holds it with a chance in proportion to those slots.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from titan.ai.determinize import unseen_of
from titan.ai.normal.values import TITAN_LOSS, point_value
from titan.engine.views import LegionView, PlayerView
from titan.variant import TITAN, Variant, titan_power

UNKNOWN = "?"


@dataclass(frozen=True, slots=True, order=True)
class Member:
    """A character as the estimates see it (ordered by name, power, skill)."""

    name: str  # UNKNOWN: an average member of the pool of unlocated characters
    power: float  # hits it can still take
    skill: float


@dataclass(frozen=True, slots=True)
class Force:
    """One legion as the deciding seat estimates it."""

    marker: str
    owner: int
    land: int
    height: int
    members: tuple[Member, ...]  # the known characters, then one UNKNOWN per unknown slot
    titan_chance: float  # the chance that the owner's Titan is in it
    points: float  # expected point value (rule 16) of its characters

    @property
    def stake(self) -> float:
        """What losing it costs its owner: its points, plus the game when the Titan is in it."""
        return self.points + self.titan_chance * TITAN_LOSS


@dataclass(frozen=True, slots=True)
class BoardEstimate:
    """Every legion on the board as ``seat`` estimates it."""

    seat: int
    forces: dict[str, Force]
    pool_power: float  # average power of an unlocated character (of anyone's)
    pool_skill: float
    scores: tuple[int, ...]
    alive: tuple[bool, ...]
    order: tuple[int, ...] = ()  # turn order (5.1); empty: by seat

    def of(self, owner: int) -> list[Force]:
        return [f for f in self.forces.values() if f.owner == owner]


def _pool(variant: Variant, view: PlayerView) -> Counter[str]:
    """Characters in play that nobody in this view has located (errata 4.6: the stacks and
    the dead pile are public, so in play = count - caretaker - dead)."""
    pool: Counter[str] = Counter()
    for name, ch in variant.characters.items():
        if ch.count is None:
            continue  # the Titans are placed per player below
        left = ch.count - view.caretaker.get(name, 0) - view.dead.get(name, 0)
        if left > 0:
            pool[name] = left
    for lg in view.legions:
        for name in lg.known:
            if pool[name] > 0:
                pool[name] -= 1
    return +pool


def _located_titans(view: PlayerView) -> set[int]:
    return {lg.owner for lg in view.legions if TITAN in lg.known}


def _average(variant: Variant, pool: Counter[str]) -> tuple[float, float, float] | None:
    """The average power, skill and point value of a member of ``pool`` (None: empty)."""
    total = sum(pool.values())
    if not total:
        return None
    power = sum(variant.characters[n].power * k for n, k in pool.items()) / total
    skill = sum(variant.characters[n].skill * k for n, k in pool.items()) / total
    points = sum(variant.characters[n].value * k for n, k in pool.items()) / total
    return power, skill, points


def read_board(variant: Variant, view: PlayerView) -> BoardEstimate:
    """Estimate every legion from ``view`` (the deciding seat's view)."""
    everyone = _average(variant, _pool(variant, view)) or (5.0, 3.0, 15.0)
    # Each owner's unseen characters, his Titan aside (its chance is counted apart, below).
    averages = {
        p.index: _average(variant, unseen_of(view, p.index) - Counter({TITAN: 1})) or everyone
        for p in view.players
    }
    scores = tuple(p.score for p in view.players)
    located = _located_titans(view)
    unknown_slots: Counter[int] = Counter()
    for lg in view.legions:
        unknown_slots[lg.owner] += lg.height - len(lg.known)
    forces: dict[str, Force] = {}
    for lg in view.legions:
        forces[lg.marker] = _force(variant, lg, scores, located, unknown_slots, averages[lg.owner])
    return BoardEstimate(
        view.you if view.you is not None else -1,
        forces,
        everyone[0],
        everyone[1],
        scores,
        tuple(p.alive for p in view.players),
        tuple(view.order),
    )


def _force(
    variant: Variant,
    lg: LegionView,
    scores: tuple[int, ...],
    located: set[int],
    unknown_slots: Counter[int],
    average: tuple[float, float, float],
) -> Force:
    score = scores[lg.owner]
    members: list[Member] = []
    points = 0.0
    for name in lg.known:
        if name == TITAN:
            members.append(Member(TITAN, float(titan_power(score)), 4.0))
        else:
            ch = variant.characters[name]
            members.append(Member(name, float(ch.power), float(ch.skill)))
        points += point_value(variant, name, score)
    missing = lg.height - len(lg.known)
    members.extend(Member(UNKNOWN, average[0], average[1]) for _ in range(missing))
    points += missing * average[2]
    if TITAN in lg.known:
        chance = 1.0
    elif lg.owner in located or missing == 0 or not unknown_slots[lg.owner]:
        chance = 0.0
    else:
        chance = missing / unknown_slots[lg.owner]
    return Force(lg.marker, lg.owner, lg.land, lg.height, tuple(members), chance, points)


def members_of(variant: Variant, names: tuple[str, ...], score: int) -> tuple[Member, ...]:
    """Members for characters known by name (a battle's fighters, one's own legion)."""
    out: list[Member] = []
    for name in names:
        if name == TITAN:
            out.append(Member(TITAN, float(titan_power(score)), 4.0))
        else:
            ch = variant.characters[name]
            out.append(Member(name, float(ch.power), float(ch.skill)))
    return tuple(out)
