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


class WayOut:
    """The danger a turn ahead for our legion holding ``members`` (``owner``'s), in one
    position: each land's danger is worked out once and kept."""

    def __init__(
        self,
        variant: Variant,
        board: BoardEstimate,
        members: tuple[Member, ...],
        owner: int,
        chance: Chance,
    ) -> None:
        self.variant, self.board, self.members, self.owner = variant, board, members, owner
        self.chance = chance
        self.danger: dict[int, float] = {}
        self.enemy_lands = {f.land for f in board.forces.values() if f.owner != owner}

    def __call__(self, land: int) -> float:
        """The danger our legion faces after our next move from ``land``: the mean over our
        next roll of the least danger among the lands that roll reaches (staying put too)."""
        total = 0.0
        for roll in range(1, MAX_ROLL + 1):
            best = self.danger_at(land)
            for x in _ends(self.variant, land, roll):
                if x not in self.enemy_lands:
                    best = min(best, self.danger_at(x))
            total += best
        return total / MAX_ROLL

    def danger_at(self, land: int) -> float:
        """The chance that our legion on ``land`` is attacked and beaten by a legion that
        comes within two moves, each player sending its likeliest winner."""
        if land in self.danger:
            return self.danger[land]
        terrain = self.variant.masterboard.land(land).terrain
        best: dict[int, float] = {}
        for f in self.board.forces.values():
            if f.owner == self.owner or not self.board.alive[f.owner]:
                continue
            reach = _two_moves(self.variant, f.land, land)
            if reach:
                p = reach * self.chance(self.variant, f.members, self.members, terrain)
                best[f.owner] = max(best.get(f.owner, 0.0), p)
        survive = 1.0
        for p in best.values():
            survive *= 1.0 - p
        self.danger[land] = 1.0 - survive
        return self.danger[land]
