"""Teleportation on the masterboard (rules 8, 8.1, 8.2; errata 8.0, 8.1, 7.1/8.2, 10.4)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache

from titan.variant import ENTRY_SIDES, EntrySide, Variant

TOWER_TELEPORT_RANGE = 6  # 8.1


@cache
def land_distances(variant: Variant, land: int) -> Mapping[int, int]:
    """Lands distant from ``land`` counting borders crossed, ignoring signs (8.1): every pair
    of lands sharing a long side is joined by at least one sign, so neighbours across long
    sides are exactly the adjacent lands."""
    board = variant.masterboard
    dist = {land: 0}
    frontier = [land]
    while frontier:
        nxt: list[int] = []
        for here in frontier:
            for n in board.land(here).neighbours:
                if n is not None and n not in dist:
                    dist[n] = dist[here] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def tower_teleports(
    variant: Variant, land: int, *, occupied: Collection[int] = ()
) -> frozenset[int]:
    """8.1, errata 8.1: from a tower land, any vacant tower, or any vacant land up to six
    lands away, ignoring signs and legions on the way, but never the land it started on.
    ``occupied``: every land holding a legion. (The caller checks the 6 and the lord.)"""
    board = variant.masterboard
    if not board.land(land).is_tower:
        return frozenset()
    near = {n for n, d in land_distances(variant, land).items() if 0 < d <= TOWER_TELEPORT_RANGE}
    return frozenset(n for n in near | set(board.towers) if n != land and n not in occupied)


def titan_teleports(
    variant: Variant,
    land: int,
    *,
    enemies: Collection[int] = (),
    engaged: Collection[int] = (),
) -> dict[int, frozenset[EntrySide]]:
    """8.2: onto any land holding another player's legion, to engage it; never a land where
    another of the mover's legions is already engaged (errata 7.1/8.2). The attacker picks
    the entry side, even one no sign leads into (10.4, errata 10.4); a tower is always
    entered from the bottom (10.2). (The caller checks the 6, the Titan and 400 points.)"""
    board = variant.masterboard
    out: dict[int, frozenset[EntrySide]] = {}
    for target in enemies:
        if target == land or target in engaged:
            continue
        tower = board.land(target).is_tower
        out[target] = frozenset({"bottom"}) if tower else frozenset(ENTRY_SIDES)
    return out
