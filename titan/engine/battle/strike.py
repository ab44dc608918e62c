"""Striking (rules 12, 13, 13.1-13.5; strike chart; hazard chart; errata 11.7, 12.x).

A strike's dice and strike number come from the two characters' factors and the hazards of
the striker's hex, the target's hex and the hexside between them. The striker must strike at
maximum effectiveness unless a penalty (a higher strike number, fewer dice, or a forsaken
benefit) makes carry-over possible to a character it otherwise could not reach, and never with
a penalty it could drop and still reach the same characters (errata 11.7/12.x).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from titan.engine.battle.model import Board, Piece, Side
from titan.variant import Battleland, Hexside, Variant


@dataclass(frozen=True, slots=True)
class StrikeOption:
    target: str  # hex
    dice: int
    strike_number: int
    carry_targets: frozenset[str]  # hexes excess damage may go to (13.4)
    penalty: bool = False  # a declared penalty (13.4, errata 11.7/12.x)


def strike_number(attacker_skill: int, defender_skill: int) -> int:
    """Strike chart: 4 - attacker skill + defender skill; sixes always hit (13, errata 12.7:
    and there are strikes that hit on every die)."""
    return max(1, min(6, 4 - attacker_skill + defender_skill))


def _side_between(land: Battleland, at: str, to: str) -> Hexside | None:
    d = land.hex(at).direction_to(to)
    return None if d is None else land.hex(at).hexsides[d]


def _adjacent_not_cliff(land: Battleland, at: str, to: str) -> bool:
    if land.hex(at).direction_to(to) is None:
        return False
    side = _side_between(land, at, to)
    return side is None or side.hazard != "cliff"


def up_dune(land: Battleland, at: str, to: str) -> bool:
    """Is a strike from ``at`` to ``to`` made up across a dune?"""
    side = _side_between(land, at, to)
    return side is not None and side.hazard == "dune" and not side.top


def strike_factors(
    land: Battleland, striker: Piece, at: str, target: Piece, to: str
) -> tuple[int, int]:
    """(dice, strike number) at maximum effectiveness (13.2, hazard chart, errata 11.7)."""
    dice = striker.power
    skill = striker.skill
    target_skill = target.skill
    side = _side_between(land, at, to)
    if side is not None:
        down = side.top  # the striker's hex is the upper one
        native = striker.is_native(side.hazard)
        if side.hazard == "slope":
            if down and native:
                dice += 1  # a native adds a die striking down a slope
            elif not down and not native:
                skill -= 1  # a non-native loses a skill factor striking up a slope
        elif side.hazard == "dune":
            if down and native:
                dice += 2  # a native adds two dice striking down a dune
            elif not down and not native:
                dice -= 1  # a non-native loses a die striking up a dune
        elif side.hazard == "wall":
            skill += 1 if down else -1  # any character, down or up a wall
    here = land.hex(at).terrain
    if here == "bramble" and not striker.is_native("bramble"):
        skill -= 1  # striking out of bramble, non-native
    if here == "volcano" and striker.is_native("volcano"):
        dice += 2  # a Dragon striking from the volcano
    if (
        land.hex(to).terrain == "bramble"
        and target.is_native("bramble")
        and not (striker.is_native("bramble"))
    ):
        target_skill += 1  # errata 11.7: the bramble defence modifies skill
    return dice, strike_number(skill, target_skill)


def _enemies_in_contact(land: Battleland, board: Board, at: str, side: Side) -> list[str]:
    out = []
    for n in land.hex(at).neighbours:
        if n is None or n not in board:
            continue
        p = board[n]
        if p.side != side and p.hits < p.power and _adjacent_not_cliff(land, at, n):
            out.append(n)
    return out


def strike_targets(variant: Variant, land: Battleland, board: Board, at: str) -> tuple[str, ...]:
    """Enemies the character on ``at`` may strike: in contact (not across a cliff) and not
    already slain this phase (13, errata 12.0)."""
    return tuple(sorted(_enemies_in_contact(land, board, at, board[at].side)))


def _carry(land: Battleland, board: Board, at: str, to: str, dice: int, sn: int) -> frozenset[str]:
    """Errata 12.2-12.5, 11.7: who can take excess damage from this strike. Another enemy in
    contact, that the striker could have struck with the same or a lower strike number and
    as many or more dice; up a dune only when this strike is up a dune; and only if all
    sixes on these dice could leave at least one hit over the target's remaining ones."""
    striker, target = board[at], board[to]
    if dice - target.remaining < 1:
        return frozenset()
    out = set()
    for other in _enemies_in_contact(land, board, at, striker.side):
        if other == to:
            continue
        if up_dune(land, at, other) and not up_dune(land, at, to):
            continue
        o_dice, o_sn = strike_factors(land, striker, at, board[other], other)
        if o_sn <= sn and o_dice >= dice:
            out.add(other)
    return frozenset(out)


def strike_options(
    variant: Variant, land: Battleland, board: Board, at: str, target_at: str
) -> tuple[StrikeOption, ...]:
    """The strike at maximum effectiveness first, then every legal penalty strike."""
    if target_at not in strike_targets(variant, land, board, at):
        return ()
    striker, target = board[at], board[target_at]
    dice, sn = strike_factors(land, striker, at, target, target_at)
    best = _carry(land, board, at, target_at, dice, sn)
    options = [StrikeOption(target_at, dice, sn, best)]
    reach: dict[tuple[int, int], frozenset[str]] = {}
    for s in range(sn, 7):
        for d in range(dice, 0, -1):
            reach[(s, d)] = _carry(land, board, at, target_at, d, s)
    for (s, d), carry in sorted(reach.items()):
        if (s, d) == (sn, dice) or not carry or carry <= best:
            continue  # a penalty must open carry-over to someone new
        lighter = [k for k in reach if k != (s, d) and k[0] <= s and k[1] >= d]
        if any(reach[k] >= carry for k in lighter):
            continue  # an excess penalty: dropping part of it still reaches them
        options.append(StrikeOption(target_at, d, s, carry, penalty=True))
    return tuple(options)


def _board_for_query(
    variant: Variant,
    side: Side,
    names: Mapping[str, str],
    hits: Mapping[str, int],
    titan_power: int,
) -> dict[str, Piece]:
    out = {}
    for h, name in names.items():
        ch = variant.characters[name]
        power = titan_power if name == "Titan" else ch.power
        out[h] = Piece(ch, side, power, hits.get(h, 0))
    return out


def query_board(
    variant: Variant,
    attacker: str,
    at: str,
    target: str,
    target_at: str,
    friends: Mapping[str, str],
    enemies: Mapping[str, str],
    titan_power: int,
    hits: Mapping[str, int],
) -> dict[str, Piece]:
    """The board a rules query describes: the striker's side and the other side."""
    board = _board_for_query(variant, "attacker", {**friends, at: attacker}, hits, titan_power)
    board.update(
        _board_for_query(variant, "defender", {**enemies, target_at: target}, hits, titan_power)
    )
    return board


def strike_options_query(
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
) -> tuple[StrikeOption, ...]:
    """Rules query (DESIGN.md) ``titan.rules.strike_options``: ``friends`` / ``enemies`` map
    hexes to character names of the striker's and the other side; ``hits`` damage taken."""
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
    return strike_options(variant, land, board, at, target_at)
