"""The battle as the ``strong`` bot sees it: every fighter is public once a battle starts
(errata 2.5.6.1), so the board is read straight from the seat's view; and what damage to each
character is worth, the one scale every battle decision is measured on.

Worth: a character's points (power x skill, rule 16); a Titan adds its stake, the game itself
for its owner (19.3) and a share of it for its slayer. Damage short of slaying is worth a part
of that: half the points in proportion to the hits (a wounded character is nearer to death for
the rest of the battle, 13.3), and of a Titan's stake the square of the fraction (one hit on a
fresh Titan costs little; the last hits cost nearly the game).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from titan.engine.queries.maneuver import reach
from titan.engine.queries.model import Piece, Side
from titan.engine.views import BattleView, PlayerView
from titan.variant import TITAN, Battleland, Variant

TITAN_STAKE = 1000.0  # losing one's Titan loses the game (rule 1.1, 19.3)
PARTIAL = 0.5  # share of a character's points that its wounds are worth
TITAN_EXP = 2.0  # how steeply a Titan's wounds weigh as they near its power


@dataclass(slots=True)
class Field:
    variant: Variant
    land: Battleland
    me: Side
    board: dict[str, Piece]  # hex -> character standing there (slain ones included, 13.6)
    offboard: list[Piece]  # ours and theirs still to enter (first turn, newcomers)
    turn: int
    phasing: Side
    stakes: dict[Side, float]  # what a side's Titan is worth beyond its points
    entry_side: str  # the attacker's (10.1)
    summons: Piece | None = None  # the lord the attacker may yet summon when we defend (15)
    summon_trigger: bool = False  # a defender who had entered has been slain (15.3)

    def enemy(self) -> Side:
        return "defender" if self.me == "attacker" else "attacker"


def side_of(value: str) -> Side:
    return "attacker" if value == "attacker" else "defender"


def read_field(variant: Variant, view: PlayerView) -> Field:
    eng = view.engagement
    assert eng is not None and eng.battle is not None and view.you is not None
    b: BattleView = eng.battle
    me: Side = "attacker" if eng.attacker_owner == view.you else "defender"
    chars = variant.characters
    board: dict[str, Piece] = {}
    offboard: list[Piece] = []
    for f in b.fighters:
        if f.gone:
            continue
        piece = Piece(chars[f.name], side_of(f.side), f.power, f.hits)
        if f.hex is None:
            offboard.append(piece)
        else:
            board[f.hex] = piece
    enemy: Side = "defender" if me == "attacker" else "attacker"
    stakes: dict[Side, float] = {me: TITAN_STAKE, enemy: _their_stake(view, b, me)}
    return Field(
        variant,
        variant.battlelands[b.terrain],
        me,
        board,
        offboard,
        b.turn,
        side_of(b.phasing),
        stakes,
        b.entry_side,
        _summons_to_come(variant, view, b, me),
        b.summon_trigger,
    )


SUMMONABLE = ("Archangel", "Angel")  # the stronger first (15, 17.3)


def _summons_to_come(
    variant: Variant, view: PlayerView, battle: BattleView, me: Side
) -> Piece | None:
    """The lord the attacker may still summon into the battle we defend (15): he has not
    summoned this engagement phase (15.0) nor in this battle (15.3), his legion has room
    (4.1), and he holds a lord outside it (what a player holds is public, 17, PlayerInfo;
    which legion holds it may not be, so a donor engaged elsewhere is not ruled out). Slain
    characters stay in their legion until the engagement is resolved, so the legion's lords
    are all the attacker's fighters'."""
    eng = view.engagement
    if me != "defender" or eng is None or view.summoned_this_turn or eng.summoned:
        return None
    if battle.summon_spent or not eng.summon_right:
        return None
    mine = [f for f in battle.fighters if f.side == "attacker"]
    if sum(1 for f in mine if not f.gone) >= 7:  # 4.1, 15: a full legion cannot summon
        return None
    held = view.players[eng.attacker_owner].in_legions
    for lord in SUMMONABLE:
        if held.count(lord) > sum(1 for f in mine if f.name == lord):
            return Piece(variant.characters[lord], "attacker", variant.characters[lord].power)
    return None


def _their_stake(view: PlayerView, battle: BattleView, me: Side) -> float:
    """What the enemy's Titan is worth to us. With several opponents, 1/n of ours: the others
    profit from its fall as much as we do. But while our own Titan fights in this battle, its
    fall ends the battle (19.3) and with it the danger to ours: then it is worth as much as
    ours. (Counted at 1/3 with three opponents, the defence of our Titan's legion against the
    battles it lost in arena games held 31% of them instead of 35%: bench/titan_defence.py.)"""
    ours = any(f.name == TITAN and not f.gone and side_of(f.side) == me for f in battle.fighters)
    return TITAN_STAKE if ours else TITAN_STAKE / rivals(view)


def rivals(view: PlayerView) -> int:
    """The opponents still in the game, at least one (shares of a fall are divided by it)."""
    return max(1, sum(1 for p in view.players if p.alive and p.index != view.you))


def loss(piece: Piece, hits: int, stakes: Mapping[Side, float]) -> float:
    """What ``piece`` has lost with ``hits`` damage in all (slain at its power)."""
    return loss_of(piece.power, piece.skill, stake_of(piece, stakes), hits)


def stake_of(piece: Piece, stakes: Mapping[Side, float]) -> float:
    """What ``piece``'s fall costs beyond its points: its side's stake if it is a Titan."""
    return stakes[piece.side] if piece.character.name == TITAN else 0.0


def loss_of(power: int, skill: int, stake: float, hits: int) -> float:
    """:func:`loss` of a character of this power, skill and stake: what the cached sums of
    :mod:`titan.ai.strong.exchange` are keyed by."""
    points = power * skill
    if hits >= power:
        return points + stake
    if hits <= 0:
        return 0.0
    f = hits / power
    return points * PARTIAL * f + stake * math.pow(f, TITAN_EXP)


def worth(piece: Piece, stakes: Mapping[Side, float]) -> float:
    """Everything it still has to lose."""
    return loss(piece, piece.power, stakes) - loss(piece, piece.hits, stakes)


@cache
def distances(land: Battleland) -> Mapping[str, Mapping[str, int]]:
    """Hex steps between every two hexes of the battleland."""
    from titan.engine.queries.hexgrid import distance

    hexes = land.hexes
    return {a: {b: distance(ha, hb) for b, hb in hexes.items()} for a, ha in hexes.items()}


def entry_hexes(variant: Variant, terrain: str, entry_side: str, side: str) -> tuple[str, ...]:
    """Where a side's characters come onto the battleland (10.1, 10.2): the attacker's side,
    the defender's opposite one; in the tower the attacker's bottom and the defender's walls."""
    e = variant.entry
    land = variant.battlelands[terrain]
    if side == "attacker":
        return e.tower_attacker if land.tower else e.attacker[entry_side]  # type: ignore[index]
    return e.tower_defender_deploys if land.tower else e.defender[entry_side]  # type: ignore[index]


def entry_order(name: str, skill: int, entering: bool) -> tuple[bool, int]:
    """Who moves first in a maneuver phase (a sort key; the sort keeps the order otherwise):
    the Titan last of all, to find cover among the others (11.5); of those coming onto the
    battleland, the farthest-moving (skill, 11.2) first, so that they go deep and leave the
    entry hexes to the rest (a slowed entry hex, the Desert's sand, is a whole move for the
    slow: 11.1, 11.4). Characters already on the battleland keep their order."""
    return (name == TITAN, -skill if entering else 0)


def shuts_out_titan(
    variant: Variant,
    land: Battleland,
    board: Mapping[str, Piece],
    doors: Sequence[str],
    end: str,
    piece: Piece,
    titan: Piece,
) -> bool:
    """Whether ``piece`` stopping on ``end`` leaves our Titan, still to come on, no way onto
    the battleland: a Titan left off is slain (errata 10.1), which loses the battle and the
    game (19.3). Only an entry hex can shut it out."""
    if end not in doors:
        return False
    return not reach(variant, land, {**board, end: piece}, titan, None, entry=doors)
