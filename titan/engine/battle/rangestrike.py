"""Rangestriking (rules 12.1-12.6, 13.5; hazard chart RANGESTRIKING; errata 11.7, 13.x).

Only the phasing player rangestrikes, with characters bearing the bow-and-arrow symbol that
are not in contact, at non-adjacent enemies up to range = skill (at most 4, counting both
hexes). Rangestrikes are optional, never carry over, and the Warlock's magic missile is
neither blocked nor weakened by anything (12.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

from titan.engine.battle.hexgrid import strike_range
from titan.engine.battle.los import paths
from titan.engine.battle.model import Board, Piece
from titan.engine.battle.strike import query_board, strike_number
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


def _tops(land: Battleland, frm: str, to: str, side: Hexside) -> tuple[str, str]:
    """(upper hex, lower hex) of the hexside between ``frm`` and ``to``."""
    return (frm, to) if side.top else (to, frm)


def _outer_wall_bases(land: Battleland) -> set[str]:
    """Hexes directly beneath an outer tower wall (below a ring hex of elevation 1)."""
    out = set()
    for label, hx in land.hexes.items():
        for d, n in enumerate(hx.neighbours):
            s = hx.hexsides[d]
            if n and s and s.hazard == "wall" and not s.top and land.hex(n).elevation == 1:
                out.add(label)
    return out


def _route(
    land: Battleland,
    board: Board,
    at: str,
    to: str,
    between: tuple[str, ...],
    striker: Piece,
) -> tuple[int, int] | None:
    """For one route: (skill lost, walls crossed up) or None when blocked (hazard chart,
    errata 11.7)."""
    chain = (at, *between, to)
    high = min(land.hex(at).elevation, land.hex(to).elevation)
    for h in between:
        hx = land.hex(h)
        if hx.terrain == "tree":
            return None  # trees block rangestrikes
        if h in board and hx.elevation >= high and not _cliff_base(land, h, at, to):
            return None  # a character blocks unless lower than both, or below a cliff
    cliffs = dunes = 0
    dune_tops: set[str] = set()
    walls_up = 0
    walls: list[tuple[str, str]] = []
    for frm, nxt in pairwise(chain):
        side = _crossing(land, frm, nxt)
        if side is None:
            continue
        top, bottom = _tops(land, frm, nxt, side)
        if side.hazard == "cliff":
            cliffs += 1
            if not ((top == at and bottom != to) or (top == to and bottom != at)):
                return None  # only from or to the hex atop it, not at its base
        elif side.hazard == "slope":
            if top not in (at, to):
                return None  # the slope's hex must be the striker's or the target's
        elif side.hazard == "dune":
            dunes += 1
            dune_tops.add(top)
        elif side.hazard == "wall":
            walls.append((top, bottom))
            if nxt == top:
                walls_up += 1
    if dunes == 1 and not dune_tops & {at, to}:
        return None  # a single dune: striker or target on the hex it is connected to
    if dunes == 2 and dune_tops != {at, to}:
        return None
    if dunes > 2 or cliffs > 2:
        return None
    if len(walls) == 1 and walls[0][0] not in (at, to):
        return None
    if len(walls) == 2:
        centre = {h for h, x in land.hexes.items() if x.terrain == "tower" and x.elevation == 2}
        if not centre & {at, to} or _outer_wall_bases(land) & {at, to}:
            return None
    if len(walls) > 2:
        return None
    brambles = 0
    if not striker.is_native("bramble"):
        brambles = sum(1 for h in between if land.hex(h).terrain == "bramble")
    return brambles + walls_up, walls_up


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
    :func:`titan.engine.battle.strike.strike_options_query`."""
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
