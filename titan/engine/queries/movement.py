"""Normal masterboard movement (rules 6.2, 7, 7.1-7.5; errata 6.2, 7.1; Complete Sequence 2.3).

Which sign-respecting paths leave a land for a given roll depends only on the board, so all of
them are worked out once per variant. A query then only cuts those paths at the first enemy
land and drops ends on friends; when no legion stands anywhere on those paths, the answer is
the precomputed one, which keeps the common case cheap enough for search-based players.

Sign semantics, as read from 7.3-7.5 and the default board:

* First step (7.4, 7.5): if a block points out of the land, the move MUST begin through it
  ("no matter what else is on an edge"); otherwise any sign pointing out may begin it: arches,
  triple arrows (7.4 "Triple Arrow" a) and arrows (7.4 "Arrow" a for towers; 7.5 "Arrows ...
  may guide initial directions").
* Later steps (7.4 b, 7.5): blocks and arches no longer count. If a triple arrow points out of
  the land entered, the legion MUST follow a triple arrow if it goes on; otherwise it may take
  any single arrow except back across the border it has just crossed (no backtracking).
* Loops are allowed (errata 6.2): only the border just crossed is forbidden, not lands seen
  earlier in the move.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache

from titan.variant import EntrySide, Exit, Land, Variant

MAX_ROLL = 6  # one die (6.2)

Step = tuple[int, EntrySide]  # land entered, and the attacker's battle side entering it
Path = tuple[Step, ...]
Moves = dict[int, frozenset[EntrySide]]


@dataclass(frozen=True, slots=True)
class _Routes:
    """Everything one (land, roll) query needs that depends on the board alone."""

    paths: tuple[Path, ...]
    moves: Mapping[int, frozenset[EntrySide]]  # the answer on an empty board
    crossed: frozenset[int]  # every land some path enters: enemies elsewhere change nothing
    ends: frozenset[int]  # every land some path ends on: friends elsewhere change nothing


def _first_exits(land: Land) -> tuple[Exit, ...]:
    """7.4 Block, 7.5: a block MUST begin the move; otherwise every sign out may begin it."""
    blocks = tuple(e for e in land.exits if e.sign == "block")
    return blocks or land.exits


def _onward_exits(land: Land, came_from: int) -> tuple[Exit, ...]:
    """7.4 b (arrows, triple arrows), 7.5: blocks and arches bind only the first step; a triple
    arrow out of the land must be followed; single arrows may be, but never backwards."""
    triples = tuple(e for e in land.exits if e.sign == "arrows" and e.to != came_from)
    if triples:
        return triples
    return tuple(e for e in land.exits if e.sign == "arrow" and e.to != came_from)


def _walk(variant: Variant, land: int, roll: int) -> tuple[Path, ...]:
    board = variant.masterboard
    out: list[Path] = []

    def extend(path: Path, here: int, came_from: int) -> None:
        if len(path) == roll:
            out.append(path)
            return
        for e in _onward_exits(board.land(here), came_from):
            extend((*path, (e.to, e.entry_side)), e.to, here)

    for e in _first_exits(board.land(land)):
        extend(((e.to, e.entry_side),), e.to, land)
    return tuple(out)


def _collect(ends: Collection[Step]) -> Moves:
    found: dict[int, set[EntrySide]] = {}
    for to, side in ends:
        found.setdefault(to, set()).add(side)
    return {to: frozenset(sides) for to, sides in found.items()}


@cache
def _routes(variant: Variant) -> Mapping[int, tuple[_Routes, ...]]:
    """Per land, the routes for rolls 1..6 (index roll - 1). Cached per variant object
    (variants hash by identity and ``load`` shares one per name)."""
    table: dict[int, tuple[_Routes, ...]] = {}
    for land in variant.masterboard.lands:
        per_roll: list[_Routes] = []
        for roll in range(1, MAX_ROLL + 1):
            found = _walk(variant, land, roll)
            per_roll.append(
                _Routes(
                    paths=found,
                    moves=_collect([p[-1] for p in found]),
                    crossed=frozenset(to for p in found for to, _ in p),
                    ends=frozenset(p[-1][0] for p in found),
                )
            )
        table[land] = tuple(per_roll)
    return table


def _lookup(variant: Variant, land: int, roll: int) -> _Routes:
    if not 1 <= roll <= MAX_ROLL:
        raise ValueError(f"a movement roll is 1-{MAX_ROLL} (6.2), not {roll}")
    try:
        return _routes(variant)[land][roll - 1]
    except KeyError:
        raise ValueError(f"no land {land} on the masterboard") from None


def paths(variant: Variant, land: int, roll: int) -> tuple[Path, ...]:
    """Every sign-respecting path of exactly ``roll`` steps from ``land`` on an empty board
    (7.2-7.5). Each step is the land entered and the attacker's entry side there."""
    return _lookup(variant, land, roll).paths


def masterboard_moves(
    variant: Variant,
    land: int,
    roll: int,
    *,
    friends: Collection[int] = (),
    enemies: Collection[int] = (),
) -> Moves:
    """The legal normal (non-teleport) moves of a legion on ``land`` for ``roll``:
    ``{destination: attacker entry sides}``.

    ``friends``: lands of the mover's other legions, which it may cross but not end on (7.1);
    ``enemies``: lands of other players' legions: entering one ends the move there (6.2, 7.1).
    A land holding both (an engagement formed this turn) is thus neither entered nor crossed
    (7.1). A legion may come back to its own land (errata 6.2) unless a friend stands there.
    The sides are the battle entry sides of the last border crossed (errata 2.2/10.1), one per
    way in; the mover fixes one of them now for an engagement (Complete Sequence 2.3; errata
    7.0/10.1).
    """
    routes = _lookup(variant, land, roll)
    if routes.crossed.isdisjoint(enemies) and routes.ends.isdisjoint(friends):
        return dict(routes.moves)
    ends: list[Step] = []
    for path in routes.paths:
        for step in path:
            if step[0] in enemies:
                end = step
                break
        else:
            end = path[-1]
        if end[0] not in friends:
            ends.append(end)
    return _collect(ends)
