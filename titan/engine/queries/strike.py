"""Striking (rules 12, 13, 13.1-13.5; strike chart; hazard chart; errata 11.7, 12.0,
12.2-12.5, 12.7).

A strike's dice and strike number come from the two characters' factors and the hazards of
the striker's hex, the target's hex and the hexside between them. The striker must strike at
maximum effectiveness unless a penalty (a higher strike number, fewer dice, or a forsaken
benefit) makes carry-over possible to a character it otherwise could not reach, and never with
a penalty it could drop and still reach the same characters (errata 11.7/12.0/12.2/12.4).

Speed: what the hazards around one hex do to a strike by one character (its dice and skill
against each hex in contact) is computed once per battleland, hex and character and cached;
the cached rows are immutable, so sharing them is safe. A query then looks only at the hexes in
contact with the striker (no other character can be struck or take carry-over), and finds the
penalty strikes at the few dice and strike numbers where carry-over changes, instead of trying
every combination.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from titan.engine.queries.model import Board, Piece, Side
from titan.variant import Battleland, Character, Hexside, Variant


@dataclass(frozen=True, slots=True)
class StrikeOption:
    target: str  # hex
    dice: int
    strike_number: int
    carry_targets: frozenset[str]  # hexes excess damage may go to (13.4)
    penalty: bool = False  # a declared penalty (13.4, errata 11.7/12.0/12.2/12.4)


def strike_number(attacker_skill: int, defender_skill: int) -> int:
    """Strike chart: 4 - attacker skill + defender skill; sixes always hit (13, errata 12.7:
    and there are strikes that hit on every die)."""
    return max(1, min(6, 4 - attacker_skill + defender_skill))


def _side_between(land: Battleland, at: str, to: str) -> Hexside | None:
    d = land.hex(at).direction_to(to)
    return None if d is None else land.hex(at).hexsides[d]


def up_dune(land: Battleland, at: str, to: str) -> bool:
    """Is a strike from ``at`` to ``to`` made up across a dune?"""
    side = _side_between(land, at, to)
    return side is not None and side.hazard == "dune" and not side.top


def _modifiers(land: Battleland, striker: Character, at: str, to: str) -> tuple[int, int, bool]:
    """What the hazards do to a strike by ``striker`` from ``at`` at ``to``: (dice added to its
    power, its skill factor, whether a target native to bramble adds 1 to its own skill)."""
    dice = 0
    skill = striker.skill
    natives = striker.natives
    side = _side_between(land, at, to)
    if side is not None:
        down = side.top  # the striker's hex is the upper one
        native = side.hazard in natives
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
    if here == "bramble" and "bramble" not in natives:
        skill -= 1  # striking out of bramble, non-native
    if here == "volcano" and "volcano" in natives:
        dice += 2  # a Dragon striking from the volcano
    # errata 11.7: the bramble defence modifies skill, against a striker not native to bramble
    bramble_defence = land.hex(to).terrain == "bramble" and "bramble" not in natives
    return dice, skill, bramble_defence


def strike_factors(
    land: Battleland, striker: Piece, at: str, target: Piece, to: str
) -> tuple[int, int]:
    """(dice, strike number) at maximum effectiveness (13.2, hazard chart, errata 11.7)."""
    dice, skill, bramble_defence = _modifiers(land, striker.character, at, to)
    target_skill = target.skill
    if bramble_defence and target.is_native("bramble"):
        target_skill += 1
    return striker.power + dice, strike_number(skill, target_skill)


# --- per-battleland tables --------------------------------------------------------------------

# A hex in contact with the striker's: (hex, dice added to the striker's power, the striker's
# skill, whether the bramble defence applies, whether the strike is up a dune).
Contact = tuple[str, int, int, bool, bool]
Row = tuple[Contact, ...]


class _Tables:
    """One battleland's hexes in contact with each hex (every neighbour but those across a
    cliff, hazard chart CLIFF) in direction order, and per hex and striking character the
    :data:`Row` of what its strikes at them are worth, filled in as queries ask."""

    __slots__ = ("_rows", "land", "touching")

    def __init__(self, land: Battleland) -> None:
        self.land = land
        self.touching: Mapping[str, tuple[str, ...]] = {
            label: tuple(
                n
                for n, side in zip(hx.neighbours, hx.hexsides, strict=True)
                if n is not None and (side is None or side.hazard != "cliff")
            )
            for label, hx in land.hexes.items()
        }
        # (hex, name) -> (the character, its row): keyed by name, which hashes fast; the
        # character is kept to tell a modified character of the same name apart.
        self._rows: dict[tuple[str, str], tuple[Character, Row]] = {}

    def row(self, at: str, striker: Character) -> Row:
        hit = self._rows.get((at, striker.name))
        if hit is not None and (hit[0] is striker or hit[0] == striker):
            return hit[1]
        land = self.land
        row = tuple(
            (to, *_modifiers(land, striker, at, to), up_dune(land, at, to))
            for to in self.touching[at]
        )
        if hit is None:
            self._rows[(at, striker.name)] = (striker, row)
        return row


@cache
def _tables(land: Battleland) -> _Tables:
    return _Tables(land)


# --- options ----------------------------------------------------------------------------------

# An enemy in contact and not slain: (hex, dice, strike number at maximum effectiveness,
# whether the strike is up a dune, hits still needed to slay it).
Strikable = tuple[str, int, int, bool, int]


def _options(target_at: str, enemies: Sequence[Strikable]) -> tuple[StrikeOption, ...]:
    """The strike at maximum effectiveness at the enemy on ``target_at``, then every legal
    penalty strike; empty if it is not among ``enemies``, those the striker may strike.

    Errata 12.2-12.5, 11.7: excess damage may carry over to another enemy in contact that the
    striker could have struck with the same or a lower strike number and as many or more dice;
    up a dune only when this strike is up a dune; and only if all sixes on these dice could
    leave at least one hit over the target's remaining ones. So the carry-over targets of a
    strike with ``d`` dice at strike number ``s`` only grow as ``s`` rises or ``d`` falls (down
    to the target's remaining hits, where they vanish). A penalty strike is legal when it opens
    carry-over to someone the best strike cannot reach and no lighter penalty reaches the same
    characters; so it sits at a strike number and a number of dice where the targets change:
    the best strike's or another enemy's.
    """
    target = next((e for e in enemies if e[0] == target_at), None)
    if target is None:
        return ()
    _, dice, sn, dune, remaining = target
    if dice - remaining < 1:  # no carry-over, with these dice or fewer
        return (StrikeOption(target_at, dice, sn, frozenset()),)
    others = [  # no carry-over up a dune unless this strike is up a dune
        (o, o_dice, o_sn)
        for o, o_dice, o_sn, o_dune, _ in enemies
        if o != target_at and (dune or not o_dune)
    ]
    best = frozenset(o for o, o_dice, o_sn in others if o_sn <= sn and o_dice >= dice)
    first = StrikeOption(target_at, dice, sn, best)
    if len(best) == len(others):
        return (first,)  # no one left to open carry-over to
    numbers = sorted({sn, *(o_sn for _, _, o_sn in others if sn < o_sn)})
    dice_counts = sorted({dice, *(o_dice for _, o_dice, _ in others if remaining < o_dice < dice)})
    options = [first]
    for s in numbers:
        for d in dice_counts:
            carry = [(o, o_dice, o_sn) for o, o_dice, o_sn in others if o_sn <= s and o_dice >= d]
            if len(carry) == len(best):
                continue  # no one new: the targets only grow from the best strike's
            if s != sn and all(o_sn != s for _, _, o_sn in carry):
                continue  # a lower strike number reaches the same characters
            if d != dice and all(o_dice != d for _, o_dice, _ in carry):
                continue  # more dice reach the same characters
            options.append(
                StrikeOption(target_at, d, s, frozenset(o for o, _, _ in carry), penalty=True)
            )
    return tuple(options)


def _strikable(land: Battleland, board: Board, at: str) -> list[Strikable]:
    striker = board[at]
    side, power = striker.side, striker.power
    out = []
    for hex_, dice, skill, bramble_defence, dune in _tables(land).row(at, striker.character):
        p = board.get(hex_)
        if p is None or p.side == side or p.hits >= p.power:
            continue
        ch = p.character
        target_skill = ch.skill + 1 if bramble_defence and "bramble" in ch.natives else ch.skill
        out.append((hex_, power + dice, strike_number(skill, target_skill), dune, p.power - p.hits))
    return out


def strike_targets(variant: Variant, land: Battleland, board: Board, at: str) -> tuple[str, ...]:
    """Enemies the character on ``at`` may strike: in contact (not across a cliff) and not
    already slain this phase (13, errata 12.0)."""
    side = board[at].side
    out = []
    for n in _tables(land).touching[at]:
        p = board.get(n)
        if p is not None and p.side != side and p.hits < p.power:
            out.append(n)
    return tuple(sorted(out))


def strike_options(
    variant: Variant, land: Battleland, board: Board, at: str, target_at: str
) -> tuple[StrikeOption, ...]:
    """The strike at maximum effectiveness first, then every legal penalty strike; empty if
    the character on ``at`` may not strike ``target_at``."""
    return _options(target_at, _strikable(land, board, at))


@lru_cache(maxsize=8192)
def _piece(variant: Variant, name: str, side: Side, power: int, hits: int) -> Piece:
    return Piece(variant.characters[name], side, power, hits)


def _board_for_query(
    variant: Variant,
    side: Side,
    names: Mapping[str, str],
    hits: Mapping[str, int],
    titan_power: int,
) -> dict[str, Piece]:
    chars = variant.characters
    return {
        h: _piece(
            variant,
            name,
            side,
            titan_power if name == "Titan" else chars[name].power,
            hits.get(h, 0),
        )
        for h, name in names.items()
    }


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
    hexes to character names of the striker's and the other side; ``hits`` damage taken.

    The answer is that of :func:`strike_options` on :func:`query_board`, found without building
    the board: only the characters in contact with the striker can matter.
    """
    tables = _tables(variant.battlelands[terrain])
    touching = tables.touching[at]
    chars = variant.characters
    striker = chars[attacker]
    friends = friends or {}
    enemies = enemies or {}
    hits = hits or {}
    for known in (target, *friends.values(), *enemies.values()):
        chars[known]  # KeyError for an unknown name wherever it stands, as on the board
    if target_at not in touching or at in enemies:
        return ()  # out of contact, or (a query at odds with itself) an enemy on the striker's hex
    power = titan_power if attacker == "Titan" else striker.power
    strikable = []
    for hex_, dice, skill, bramble_defence, dune in tables.row(at, striker):
        name: str | None = target if hex_ == target_at else enemies.get(hex_)
        if name is None:
            continue
        ch = chars[name]
        enemy_power = titan_power if name == "Titan" else ch.power
        taken = hits.get(hex_, 0)
        if taken >= enemy_power:
            continue  # slain
        target_skill = ch.skill + 1 if bramble_defence and "bramble" in ch.natives else ch.skill
        strikable.append(
            (hex_, power + dice, strike_number(skill, target_skill), dune, enemy_power - taken)
        )
    return _options(target_at, strikable)
