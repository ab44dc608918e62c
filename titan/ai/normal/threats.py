"""Which enemy legions can reach a land next turn, and what that costs the legion there.

Masterboard paths depend only on the board (7.2-7.5), so for a pair of lands the routes from
one into the other are worked out once per roll and kept as the sets of lands crossed before
entering it; whether a legion can come is then only whether some route avoids every land where
it would have to stop first (entering another player's legion ends a move, 6.2, 7.1). One die
serves all of a player's legions (6.2), so a player threatens a land with the rolls for which
any of its legions can come and would win there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import cache, lru_cache

from titan.ai.normal.estimate import BoardEstimate, Force, Member
from titan.ai.normal.outlook import battle_outlook
from titan.engine.queries.movement import MAX_ROLL, paths
from titan.engine.queries.teleport import land_distances
from titan.variant import Variant

TITAN_TELEPORT_SCORE = 400  # 8.2 (Titan power 10 comes with it, 19.1)
WORTH_ATTACKING = 0.35  # below this chance of winning an attack is not expected (it rarely pays)


@cache
def approaches(variant: Variant, frm: int, target: int) -> tuple[tuple[frozenset[int], ...], ...]:
    """Per roll 1..6, the minimal sets of lands a legion on ``frm`` crosses before entering
    ``target`` on some path of that roll (a legion entering an enemy's land stops there)."""
    if land_distances(variant, frm).get(target, MAX_ROLL + 1) > MAX_ROLL:
        return ((),) * MAX_ROLL
    out: list[tuple[frozenset[int], ...]] = []
    for roll in range(1, MAX_ROLL + 1):
        found: set[frozenset[int]] = set()
        for path in paths(variant, frm, roll):
            for k, (land, _) in enumerate(path):
                if land == target:
                    found.add(frozenset(step for step, _ in path[:k]))
                    break
        minimal = [s for s in found if not any(o < s for o in found)]
        out.append(tuple(sorted(minimal, key=sorted)))
    return tuple(out)


def reach_rolls(
    variant: Variant, frm: int, target: int, blockers: Collection[int]
) -> tuple[int, ...]:
    """The rolls with which a legion on ``frm`` can enter ``target``, stopping on none of
    ``blockers`` (lands of other players' legions) first."""
    if frm == target:
        return ()
    out = []
    for roll, routes in enumerate(approaches(variant, frm, target), start=1):
        if any(route.isdisjoint(blockers) for route in routes):
            out.append(roll)
    return tuple(out)


@lru_cache(maxsize=200_000)
def attack_chance(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    """The attacker's chance, if it would attack at all."""
    a = sum(m.power * m.skill for m in attacker)
    d = sum(m.power * m.skill for m in defender)
    if a < 0.5 * d:
        return 0.0  # hopeless: spare the estimate
    p = battle_outlook(variant, attacker, defender, terrain).attacker_wins
    return p if p >= WORTH_ATTACKING else 0.0


def loss_chance(
    variant: Variant,
    board: BoardEstimate,
    members: tuple[Member, ...],
    owner: int,
    land: int,
    vacated: int | None = None,
    occupied: Sequence[int] = (),
    chance: Callable[[Variant, tuple[Member, ...], tuple[Member, ...], str], float] = (
        attack_chance
    ),
) -> float:
    """The chance that a legion of ``owner`` holding ``members`` on ``land`` is attacked and
    beaten before its owner's next turn, each other player rolling once (6.2). ``chance``: an
    attacker's chance of winning, 0 for an attack it would not make (:func:`attack_chance`)."""
    terrain = variant.masterboard.land(land).terrain
    survive = 1.0
    by_player: dict[int, list[Force]] = {}
    for f in board.forces.values():
        if f.owner != owner and board.alive[f.owner]:
            by_player.setdefault(f.owner, []).append(f)
    for player, forces in by_player.items():
        blockers = {
            f.land for f in board.forces.values() if f.owner != player and f.land != vacated
        }
        blockers.update(occupied)
        blockers.discard(land)
        best = [0.0] * (MAX_ROLL + 1)
        for f in forces:
            rolls = reach_rolls(variant, f.land, land, blockers)
            if not rolls:
                continue
            p = chance(variant, f.members, members, terrain)
            for r in rolls:
                best[r] = max(best[r], p)
        if board.scores[player] >= TITAN_TELEPORT_SCORE:  # 8.2: the Titan comes on a 6
            # One of his legions holds the Titan: where we cannot tell which, the chances
            # that each holds it and wins add up (the largest alone took a Titan spread over
            # five unseen legions for a third of a Titan, and RationalAI's came, 15 of 52
            # Titans lost in the fifth session's games).
            p = sum(
                f.titan_chance * chance(variant, f.members, members, terrain)
                for f in forces
                if f.titan_chance > 0
            )
            best[MAX_ROLL] = max(best[MAX_ROLL], min(1.0, p))
        survive *= 1.0 - sum(best) / MAX_ROLL
    return 1.0 - survive
