"""Normal masterboard movement (rules 6.2, 7, 7.1-7.5; errata 6.2, 2.3).

Every sign-respecting path of each length from each land depends only on the board, so it is
worked out once per variant; a query then only cuts those paths at enemies and drops ends on
friends, which keeps it cheap enough for search-based players.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

from titan.variant import EntrySide, Variant

Step = tuple[int, EntrySide]  # land entered, and the attacker's battle side entering it
Path = tuple[Step, ...]


def _first_exits(variant: Variant, land: int) -> list[tuple[int, EntrySide]]:
    """7.4, 7.5: a block MUST begin the move; otherwise any sign may begin it (arches,
    triple arrows, and a tower's arrows)."""
    exits = variant.masterboard.land(land).exits
    blocks = [e for e in exits if e.sign == "block"]
    return [(e.to, e.entry_side) for e in (blocks or exits)]


def _onward_exits(variant: Variant, land: int, came_from: int) -> list[tuple[int, EntrySide]]:
    """7.4: passing through, a legion follows only arrows (single or triple; no land has
    both, so "must follow the triple arrow" never competes with a single one) and never
    backtracks across the border it just crossed. Blocks and arches bind only the first
    step (7.5)."""
    exits = variant.masterboard.land(land).exits
    return [
        (e.to, e.entry_side) for e in exits if e.sign in ("arrow", "arrows") and e.to != came_from
    ]


@cache
def paths(variant: Variant, land: int, roll: int) -> tuple[Path, ...]:
    """Every path of exactly ``roll`` steps from ``land`` on an empty board."""
    out: list[Path] = []

    def walk(path: list[Step], prev: int) -> None:
        if len(path) == roll:
            out.append(tuple(path))
            return
        here = path[-1][0]
        for to, side in _onward_exits(variant, here, prev):
            path.append((to, side))
            walk(path, here)
            path.pop()

    for to, side in _first_exits(variant, land):
        walk([(to, side)], land)
    return tuple(out)


@cache
def _empty_board_moves(variant: Variant, land: int, roll: int) -> dict[int, frozenset[EntrySide]]:
    found: dict[int, set[EntrySide]] = {}
    for path in paths(variant, land, roll):
        end, side = path[-1]
        found.setdefault(end, set()).add(side)
    return {k: frozenset(v) for k, v in found.items()}


def masterboard_moves(
    variant: Variant,
    land: int,
    roll: int,
    *,
    friends: Collection[int] = (),
    enemies: Collection[int] = (),
) -> dict[int, frozenset[EntrySide]]:
    """The legal normal (non-teleport) moves of a legion on ``land`` for ``roll``:
    ``{destination: entry sides}``.

    ``friends``: lands of the mover's other legions (passed through, never ended on, 7.1);
    ``enemies``: lands of other players' legions (entering one ends the move, 6.2, 7.1). A
    land holding both (an engagement formed this turn) can be neither entered nor crossed
    (7.1). A legion may come back to its own land (errata 6.2) unless a friend stands there.
    The entry sides are those of the last border crossed (errata 2.2/10.1), one per way in.
    """
    if not friends and not enemies:
        return dict(_empty_board_moves(variant, land, roll))
    found: dict[int, set[EntrySide]] = {}
    for path in paths(variant, land, roll):
        for to, side in path:
            if to in enemies:
                if to not in friends:
                    found.setdefault(to, set()).add(side)
                break
        else:
            end, side = path[-1]
            if end not in friends:
                found.setdefault(end, set()).add(side)
    return {k: frozenset(v) for k, v in found.items()}
