"""Maneuvering on a battleland (rules 10.1, 10.2, 11, 11.1-11.6; hazard chart; errata 11.7).

``reach`` answers "where can this character end its move": a cheapest-cost search in which
entering a hex costs 1, or 2 when a hazard slows the character, and forbidden hexes and
hexsides are never entered or crossed.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence

from titan.engine.battle.model import Board, Piece, Side
from titan.variant import BattleHex, Battleland, Character, EntrySide, Variant

PLACEHOLDER = "Ogre"  # an unnamed occupant of a rules query: a non-flying blocker


def contacts(land: Battleland, board: Board, hex_: str) -> tuple[str, ...]:
    """Hexes of the enemies in contact with the character on ``hex_``: adjacent, but not
    across a cliff (hazard chart CLIFF; 11.3)."""
    me = board[hex_]
    h = land.hex(hex_)
    out = []
    for d, n in enumerate(h.neighbours):
        if n is None or n not in board or board[n].side == me.side:
            continue
        side = h.hexsides[d]
        if side is not None and side.hazard == "cliff":
            continue
        out.append(n)
    return tuple(out)


def in_contact(land: Battleland, board: Board, hex_: str) -> bool:
    return bool(contacts(land, board, hex_))


def deploy(land: Battleland, board: Board, hexes: Iterable[str]) -> frozenset[str]:
    """10.2: the defender places its characters inside the tower's walls, on vacant hexes."""
    return frozenset(h for h in hexes if h not in board)


def _can_land(ch: Character, hx: BattleHex) -> bool:
    """Hazard chart: no character ends on a tree; bog only for natives; the volcano only
    for Dragons (as natives of it)."""
    t = hx.terrain
    if t == "tree":
        return False
    if t in ("bog", "volcano"):
        return t in ch.natives
    return True


def _hex_slows(ch: Character, hx: BattleHex) -> bool:
    """Bramble and drift slow non-natives; sand slows non-flying non-natives (errata 11.7)."""
    t = hx.terrain
    if t in ("bramble", "drift"):
        return t not in ch.natives
    if t == "sand":
        return not ch.flies and "sand" not in ch.natives
    return False


def _walk_cost(ch: Character, frm: BattleHex, d: int, to: BattleHex) -> int | None:
    """Cost for a non-flyer to step from ``frm`` across side ``d`` into ``to``, or None
    if it may not (11.4, 11.5, hazard chart)."""
    if to.terrain == "tree" or (to.terrain in ("bog", "volcano") and to.terrain not in ch.natives):
        return None
    side = frm.hexsides[d]
    slowed = _hex_slows(ch, to)
    if side is not None:
        up = not side.top  # the hex moved into is the upper one
        if side.hazard == "cliff":
            return None  # non-flyers never cross cliffs
        if up and side.hazard == "slope" and "slope" not in ch.natives:
            slowed = True
        if up and side.hazard == "wall":
            slowed = True
    return 2 if slowed else 1


def reach(
    variant: Variant,
    land: Battleland,
    board: Board,
    piece: Piece,
    start: str | None,
    *,
    entry: Sequence[str] = (),
) -> frozenset[str]:
    """The hexes where ``piece`` may end this maneuver phase (``start`` included: not moving
    is always allowed). ``board``: the other characters (the piece itself may be on it at
    ``start``). ``start=None``: entering through ``entry`` (11.1: the entry hex counts).
    A character in contact with an enemy when the phase begins may not move (11.3); this
    reads contact from ``board`` as given."""
    others = {h: p for h, p in board.items() if h != start}
    ch = piece.character
    if start is not None:
        here = {**others, start: piece}
        if in_contact(land, here, start):
            return frozenset({start})
    allowance = ch.skill  # 11.2
    if ch.flies:
        return _fly(land, others, ch, start, entry, allowance)
    return _walk(land, others, ch, start, entry, allowance)


def _walk(
    land: Battleland,
    others: Board,
    ch: Character,
    start: str | None,
    entry: Sequence[str],
    allowance: int,
) -> frozenset[str]:
    best: dict[str, int] = {}
    queue: list[tuple[int, str]] = []
    if start is None:
        for e in entry:
            hx = land.hex(e)
            if e in others:
                continue
            if hx.terrain == "tree" or (
                hx.terrain in ("bog", "volcano") and hx.terrain not in ch.natives
            ):
                continue
            cost = 2 if _hex_slows(ch, hx) else 1
            if cost <= allowance and cost < best.get(e, 99):
                best[e] = cost
                heapq.heappush(queue, (cost, e))
    else:
        best[start] = 0
        queue.append((0, start))
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, 99):
            continue
        hx = land.hex(here)
        for d, n in enumerate(hx.neighbours):
            if n is None or n in others:
                continue  # 11.5: a non-flyer never enters an occupied hex
            step = _walk_cost(ch, hx, d, land.hex(n))
            if step is None or spent + step > allowance:
                continue
            if spent + step < best.get(n, 99):
                best[n] = spent + step
                heapq.heappush(queue, (spent + step, n))
    return frozenset(best)


def _fly(
    land: Battleland,
    others: Board,
    ch: Character,
    start: str | None,
    entry: Sequence[str],
    allowance: int,
) -> frozenset[str]:
    """11.4, 11.5: a flyer passes over characters and hazards (never a volcano, unless a
    Dragon) and lands where landing is allowed, paying 2 for a hex that would slow it.
    Flying is never dearer than walking, so a flyer's reach is its flight's."""

    def passable(hx: BattleHex) -> bool:
        return hx.terrain != "volcano" or "volcano" in ch.natives

    dist: dict[str, int] = {}
    frontier: list[str] = []
    if start is None:
        for e in entry:
            if passable(land.hex(e)):
                dist[e] = 1
                frontier.append(e)
    else:
        dist[start] = 0
        frontier.append(start)
    while frontier:
        nxt = []
        for here in frontier:
            for n in land.hex(here).neighbours:
                if n is not None and n not in dist and passable(land.hex(n)):
                    dist[n] = dist[here] + 1
                    nxt.append(n)
        frontier = nxt
    out = set()
    for h, steps in dist.items():
        if h == start:
            out.add(h)
            continue
        hx = land.hex(h)
        if h in others or not _can_land(ch, hx):
            continue
        if steps + (1 if _hex_slows(ch, hx) else 0) <= allowance:
            out.add(h)
    return frozenset(out)


def _board_from(
    variant: Variant, side: Side, occupants: Mapping[str, str] | Iterable[str], titan_power: int
) -> dict[str, Piece]:
    names = occupants if isinstance(occupants, Mapping) else dict.fromkeys(occupants, PLACEHOLDER)
    out = {}
    for h, name in names.items():
        ch = variant.characters[name]
        out[h] = Piece(ch, side, titan_power if name == "Titan" else ch.power)
    return out


def battle_reach(
    variant: Variant,
    terrain: str,
    creature: str,
    start: str | None,
    *,
    friends: Mapping[str, str] | Iterable[str] = (),
    enemies: Mapping[str, str] | Iterable[str] = (),
    entry_side: EntrySide | None = None,
    defender: bool = False,
    titan_power: int = 6,
) -> frozenset[str]:
    """Rules query (DESIGN.md): where one ``creature`` may end its maneuver on an otherwise
    described battleland of ``terrain``. ``start=None``: entering, through the attacker's
    ``entry_side`` or, with ``defender=True``, the defender's side (in the Tower: deploying,
    10.2; the Tower's attacker always enters A1-D1)."""
    land = variant.battlelands[terrain]
    side: Side = "defender" if defender else "attacker"
    other: Side = "attacker" if defender else "defender"
    board = {
        **_board_from(variant, side, friends, titan_power),
        **_board_from(variant, other, enemies, titan_power),
    }
    ch = variant.characters[creature]
    piece = Piece(ch, side, titan_power if creature == "Titan" else ch.power)
    if start is not None:
        return reach(variant, land, board, piece, start)
    e = variant.entry
    if land.tower:
        if defender:
            return deploy(land, board, e.tower_defender_deploys)
        return reach(variant, land, board, piece, None, entry=e.tower_attacker)
    sides = e.defender if defender else e.attacker
    return reach(variant, land, board, piece, None, entry=sides[entry_side or "bottom"])
