"""Teleportation on the masterboard (rules 8, 8.1, 8.2, 10.2, 10.4; errata 7.1/8.2, 8.1, 10.4).

Only where a legion may land is decided here; whether it may teleport at all (a roll of 6, a
lord in the legion, a score of 400, one teleport per turn, 8.0-8.3) is the caller's check.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from types import MappingProxyType

from titan.variant import ENTRY_SIDES, EntrySide, Variant

TOWER_TELEPORT_RANGE = 6  # "up to six Lands distant" (8.1)
_ANY_SIDE: frozenset[EntrySide] = frozenset(ENTRY_SIDES)
_TOWER_SIDE: frozenset[EntrySide] = frozenset({"bottom"})


@cache
def land_distances(variant: Variant, land: int) -> Mapping[int, int]:
    """How many lands distant each land is from ``land`` (8.1: signs ignored). Lands touch
    only across long sides, and every such border carries a sign, so the board's neighbours
    are exactly the steps to count; voids are not crossed (2.1). Cached per variant."""
    board = variant.masterboard
    if land not in board.lands:
        raise ValueError(f"no land {land} on the masterboard")
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
    return MappingProxyType(dist)


@cache
def _tower_reach(variant: Variant, land: int) -> frozenset[int]:
    """Lands a tower teleport from ``land`` may reach on an empty board (8.1, errata 8.1)."""
    near = {n for n, d in land_distances(variant, land).items() if d <= TOWER_TELEPORT_RANGE}
    return frozenset((near | set(variant.masterboard.towers)) - {land})


def tower_teleports(
    variant: Variant, land: int, *, occupied: Collection[int] = ()
) -> frozenset[int]:
    """Where a legion may tower teleport from ``land`` (8.1): any vacant tower land anywhere,
    or any vacant land up to six lands distant, ignoring signs and legions on the way; never
    the start land itself (errata 8.1: no loop). ``occupied``: every land holding a legion,
    the mover's or another player's. Empty unless ``land`` is a tower (8.1)."""
    board = variant.masterboard
    if land not in board.lands:
        raise ValueError(f"no land {land} on the masterboard")
    if not board.land(land).is_tower:
        return frozenset()
    reach = _tower_reach(variant, land)
    if not occupied:
        return reach
    return reach.difference(occupied)


def titan_teleports(
    variant: Variant,
    land: int,
    *,
    enemies: Collection[int] = (),
    engaged: Collection[int] = (),
) -> dict[int, frozenset[EntrySide]]:
    """Where the Titan legion on ``land`` may titan teleport (8.2), with the entry sides the
    attacker may choose: any land holding another player's legion (``enemies``), since it
    must engage and may not stop on a vacant land (8.2); never one in ``engaged``, where
    another of the mover's legions is already engaged (errata 7.1/8.2). The attacker picks
    any of the three sides, even one no sign leads into (10.4, errata 10.4), except in a tower,
    always entered from the bottom (10.2, errata 10.4). The Titan's own land is excluded: it
    cannot hold an enemy when the legion moves."""
    board = variant.masterboard
    if land not in board.lands:
        raise ValueError(f"no land {land} on the masterboard")
    out: dict[int, frozenset[EntrySide]] = {}
    for target in enemies:
        if target == land or target in engaged:
            continue
        there = board.lands.get(target)
        if there is None:
            raise ValueError(f"no land {target} on the masterboard")
        out[target] = _TOWER_SIDE if there.is_tower else _ANY_SIDE
    return out
