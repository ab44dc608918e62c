"""Whether our Titan's legion can still get away next turn: the danger one turn further
ahead than :mod:`titan.ai.strong.safety` looks.

A land can be safe tonight and a trap tomorrow: the enemies move up during their turn, and if
every land our next roll can bring us to (or staying put) is then within their reach, the Titan
is lost whatever we roll (rule 6.2: one die for all our legions, and each enemy legion moves
by its owner's own roll). So a land for the Titan's legion is also judged by its way out: for
each of our next rolls, the least danger among the lands that roll reaches, where the danger
of a land counts every enemy legion that could win there and could come within two of its
moves. Paths depend only on the board (7.2-7.5); blockers are left out, so the count is on
the wary side.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from titan.ai.normal.estimate import BoardEstimate, Member
from titan.ai.normal.threats import approaches
from titan.engine.queries.movement import MAX_ROLL, masterboard_moves
from titan.variant import Variant

Chance = Callable[[Variant, tuple[Member, ...], tuple[Member, ...], str], float]


@cache
def _ends(variant: Variant, land: int, roll: int) -> frozenset[int]:
    """Where a legion on ``land`` can stop with ``roll`` on an empty board."""
    return frozenset(masterboard_moves(variant, land, roll))


@cache
def _one_move(variant: Variant, frm: int, target: int) -> float:
    """The chance that a legion on ``frm`` can enter ``target`` (where our legion stands,
    so it stops there, 6.2) with its owner's next roll."""
    return sum(1 for routes in approaches(variant, frm, target) if routes) / MAX_ROLL


@cache
def _two_moves(variant: Variant, frm: int, target: int) -> float:
    """The chance that a legion on ``frm``, making for ``target`` with its next move (or
    staying put), can then enter it with the move after."""
    total = 0.0
    for roll in range(1, MAX_ROLL + 1):
        best = _one_move(variant, frm, target)
        for step in _ends(variant, frm, roll):
            if step != target:
                best = max(best, _one_move(variant, step, target))
        total += best
    return total / MAX_ROLL


def way_out(
    variant: Variant,
    board: BoardEstimate,
    members: tuple[Member, ...],
    owner: int,
    land: int,
    chance: Chance,
    danger: dict[int, float],
) -> float:
    """The danger our legion holding ``members`` faces after our next move from ``land``:
    the mean over our next roll of the least danger among the lands that roll reaches.
    ``danger`` caches each land's danger for this position."""
    enemy_lands = {f.land for f in board.forces.values() if f.owner != owner}
    total = 0.0
    for roll in range(1, MAX_ROLL + 1):
        best = _danger(variant, board, members, owner, land, chance, danger)
        for x in _ends(variant, land, roll):
            if x not in enemy_lands:
                best = min(best, _danger(variant, board, members, owner, x, chance, danger))
        total += best
    return total / MAX_ROLL


def _danger(
    variant: Variant,
    board: BoardEstimate,
    members: tuple[Member, ...],
    owner: int,
    land: int,
    chance: Chance,
    danger: dict[int, float],
) -> float:
    """The chance that our legion on ``land`` is attacked and beaten by a legion that comes
    within two moves, each player sending its likeliest winner."""
    if land in danger:
        return danger[land]
    terrain = variant.masterboard.land(land).terrain
    best: dict[int, float] = {}
    for f in board.forces.values():
        if f.owner == owner or not board.alive[f.owner]:
            continue
        reach = _two_moves(variant, f.land, land)
        if reach:
            p = reach * chance(variant, f.members, members, terrain)
            best[f.owner] = max(best.get(f.owner, 0.0), p)
    survive = 1.0
    for p in best.values():
        survive *= 1.0 - p
    danger[land] = 1.0 - survive
    return danger[land]
