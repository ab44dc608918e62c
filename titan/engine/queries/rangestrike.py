"""Rangestriking (rules 12.1-12.6, 13.5; hazard chart RANGESTRIKING; errata 11.7, 13.2-13.5).

Only the phasing player rangestrikes, with characters bearing the bow-and-arrow symbol that
are not in contact, at non-adjacent enemies up to range = skill (at most 4, counting both
hexes). Rangestrikes are optional, never carry over, and the Warlock's magic missile is
neither blocked nor weakened by anything (12.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

from titan.engine.queries.hexgrid import strike_range
from titan.engine.queries.los import paths
from titan.engine.queries.model import Board, Piece
from titan.engine.queries.strike import query_board, strike_number
from titan.variant import Battleland, Hexside, Variant

MAX_RANGE = 4  # 12.3


@dataclass(frozen=True, slots=True)
class RangestrikeOption:
    target: str
    dice: int
    strike_number: int
    path: tuple[str, ...]  # the intervening hexes of the chosen route (12.4)


def _contact(land: Battleland, board: Board, at: str) -> bool:
    me = board[at]
    h = land.hex(at)
    for d, n in enumerate(h.neighbours):
        if n is None or n not in board or board[n].side == me.side:
            continue
        side = h.hexsides[d]
        if side is None or side.hazard != "cliff":
            return True
    return False


def _crossing(land: Battleland, frm: str, to: str) -> Hexside | None:
    d = land.hex(frm).direction_to(to)
    return None if d is None else land.hex(frm).hexsides[d]


def _outer_wall_bases(land: Battleland) -> set[str]:
    """Hexes directly beneath an outer tower wall (below a ring hex of elevation 1)."""
    out = set()
    for label, hx in land.hexes.items():
        for d, n in enumerate(hx.neighbours):
            s = hx.hexsides[d]
            if n and s and s.hazard == "wall" and not s.top and land.hex(n).elevation == 1:
                out.add(label)
    return out


@dataclass(frozen=True, slots=True)
class _Crossing:
    """A hazardous hexside on the path, as the line crosses it."""

    hazard: str
    top: str  # the hex atop it: the hex the hazard is connected to (errata 11.7)
    bottom: str
    up: bool  # the line crosses it going up


def _crossings(land: Battleland, chain: tuple[str, ...]) -> list[_Crossing]:
    """The hazardous hexsides a route crosses, in order from the striker to the target."""
    out = []
    for frm, nxt in pairwise(chain):
        side = _crossing(land, frm, nxt)
        if side is not None:
            top, bottom = (frm, nxt) if side.top else (nxt, frm)
            out.append(_Crossing(side.hazard, top, bottom, up=nxt == top))
    return out


def _cliffs_allow(cliffs: list[_Crossing], at: str, to: str) -> bool:
    """11.7 Cliff: "only if rangestriker is atop that Cliff and the target is not at the base
    of that Cliff (and vice versa)" -- for each cliff crossed."""
    return all((c.top == at and c.bottom != to) or (c.top == to and c.bottom != at) for c in cliffs)


def _slopes_allow(slopes: list[_Crossing], cliffs: list[_Crossing], at: str, to: str) -> bool:
    """11.7 Slope: "may cross one or two Slopes only if the hex Slope is occupied by either
    the rangestriker or the target"; "may cross three slopes if the rangestriker or the
    target is directly atop the third Slope"; with "one Cliff before or after any number of
    Slopes provided the rangestriker or the target occupies the hex atop the Cliff".

    A straight line crosses one hexside of the striker's hex (the first) and one of the
    target's (the last), so only those two slopes can have the striker or the target atop
    them. One or two slopes: one of them has the striker or the target atop it. Three
    slopes (every hexside of a range-4 line): the third is a further condition on top of
    the first sentence, one end atop the first slope and the other atop the third (the
    Gods of Titan text spells it out), i.e. the striker atop the first slope crossed *and*
    the target atop the last (docs/rules-decisions.md, "Rangestrikes across slopes").
    """
    if not slopes:
        return True
    if len(cliffs) == 1:
        return True  # the cliff's own condition (_cliffs_allow) is the only one
    if len(slopes) >= 3:
        return slopes[0].top == at and slopes[-1].top == to
    return any(s.top in (at, to) for s in slopes)


def _dunes_allow(dunes: list[_Crossing], at: str, to: str) -> bool:
    """11.7 Dune: a single dune only if the striker or the target occupies the hex connected
    to it (errata 11.7: the hex atop it); two only if the striker and the target occupy
    those hexes; never more."""
    tops = {d.top for d in dunes}
    if len(dunes) == 1:
        return bool(tops & {at, to})
    if len(dunes) == 2:
        return tops == {at, to}
    return not dunes


def _walls_allow(land: Battleland, walls: list[_Crossing], at: str, to: str) -> bool:
    """11.7 Wall: a single wall only if the striker or the target occupies the hex connected
    to it; two only if one of them is on the tower's centre hex and neither is directly
    beneath an outer wall; never more."""
    if len(walls) == 1:
        return walls[0].top in (at, to)
    if len(walls) == 2:
        centre = {h for h, x in land.hexes.items() if x.terrain == "tower" and x.elevation == 2}
        return bool(centre & {at, to}) and not _outer_wall_bases(land) & {at, to}
    return not walls


def _route(
    land: Battleland,
    board: Board,
    at: str,
    to: str,
    between: tuple[str, ...],
    striker: Piece,
) -> tuple[int, int] | None:
    """For one route: (skill lost, walls crossed up) or None when blocked (12.4, 11.7)."""
    for h in between:
        if _blocks(land, board, h, at, to):
            return None
    crossed = _crossings(land, (at, *between, to))

    def of(hazard: str) -> list[_Crossing]:
        return [c for c in crossed if c.hazard == hazard]

    cliffs, walls = of("cliff"), of("wall")
    if not (
        _cliffs_allow(cliffs, at, to)
        and _slopes_allow(of("slope"), cliffs, at, to)
        and _dunes_allow(of("dune"), at, to)
        and _walls_allow(land, walls, at, to)
    ):
        return None
    walls_up = sum(w.up for w in walls)  # 11.7 Wall: a skill factor per wall crossed going up
    brambles = 0
    if not striker.is_native("bramble"):
        brambles = sum(1 for h in between if land.hex(h).terrain == "bramble")  # 11.7 Bramble
    return brambles + walls_up, walls_up


def _blocks(land: Battleland, board: Board, h: str, at: str, to: str) -> bool:
    """An intervening hex that blocks every rangestrike through it (11.7 Tree, Characters)."""
    hx = land.hex(h)
    if hx.terrain == "tree":
        return True  # trees block rangestrikes
    high = min(land.hex(at).elevation, land.hex(to).elevation)
    # a character blocks unless lower than both, or at the base of a cliff atop which is
    # the striker or the target
    return h in board and hx.elevation >= high and not _cliff_base(land, h, at, to)


def _cliff_base(land: Battleland, h: str, at: str, to: str) -> bool:
    """A character at the base of a cliff whose top is the striker's or target's hex."""
    for end in (at, to):
        side = _crossing(land, h, end)
        if side is not None and side.hazard == "cliff" and not side.top:
            return True
    return False


def rangestrike_targets(
    variant: Variant, land: Battleland, board: Board, at: str
) -> tuple[str, ...]:
    """Enemies this character may rangestrike by some route."""
    return tuple(h for h in sorted(board) if rangestrike_options(variant, land, board, at, h))


def rangestrike_options(
    variant: Variant, land: Battleland, board: Board, at: str, target_at: str
) -> tuple[RangestrikeOption, ...]:
    """One option per distinct result of the legal routes (errata 13.3); empty if the
    target cannot be rangestruck."""
    striker = board.get(at)
    target = board.get(target_at)
    if striker is None or target is None or target.side == striker.side:
        return ()
    ch = striker.character
    if not ch.rangestrikes or target.hits >= target.power or _contact(land, board, at):
        return ()  # 12.1: bow and arrow, not in contact; errata 12.0: not the slain
    warlock = ch.magic_missile
    if target.character.is_lord and not warlock:
        return ()  # 12.6, errata 13.5: lords are immune, except to the Warlock
    hs, ht = land.hex(at), land.hex(target_at)
    rng = strike_range(hs, ht)
    if rng < 2 or rng > min(ch.skill, MAX_RANGE):
        return ()
    if rng == 2 and not warlock:
        return ()  # adjacent: a strike, not a rangestrike (12.1); across a cliff, blocked
    dice = striker.power // 2  # 12.2
    if hs.terrain == "volcano" and striker.is_native("volcano"):
        dice += 2  # a Dragon in the volcano
    out: dict[tuple[int, int], RangestrikeOption] = {}
    for between in paths(at, target_at):
        skill = ch.skill
        target_skill = target.skill
        extra = 0
        if warlock:
            pass  # 12.6: full skill at range 4, no hazard or character affects it
        else:
            route = _route(land, board, at, target_at, between, striker)
            if route is None:
                continue
            skill -= route[0]
            if rng == MAX_RANGE:
                skill -= 1  # 12.3
            if (
                ht.terrain == "bramble"
                and target.is_native("bramble")
                and not (striker.is_native("bramble"))
            ):
                target_skill += 1  # errata 11.7
            if ht.terrain == "volcano" and target.is_native("volcano"):
                extra = 1  # a Dragon in the volcano (not against a Warlock, errata 11.7)
        sn = min(6, strike_number(skill, target_skill) + extra)
        out.setdefault((sn, dice), RangestrikeOption(target_at, dice, sn, between))
    return tuple(sorted(out.values(), key=lambda o: (o.strike_number, -o.dice)))


def rangestrike_options_query(
    variant: Variant,
    terrain: str,
    attacker: str,
    at: str,
    target: str,
    target_at: str,
    *,
    friends: Mapping[str, str] | None = None,
    enemies: Mapping[str, str] | None = None,
    titan_power: int = 6,
    hits: Mapping[str, int] | None = None,
) -> tuple[RangestrikeOption, ...]:
    """Rules query (DESIGN.md) ``titan.rules.rangestrike_options``; arguments as
    :func:`titan.engine.queries.strike.strike_options_query`."""
    land = variant.battlelands[terrain]
    board = query_board(
        variant,
        attacker,
        at,
        target,
        target_at,
        friends or {},
        enemies or {},
        titan_power,
        hits or {},
    )
    return rangestrike_options(variant, land, board, at, target_at)
