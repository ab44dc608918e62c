"""The maneuver phase (rules 10, 11, 14, 15): one character at a time.

Each listed move is scored by where the character would stand: the strikes it would exchange
with the enemies in contact there (dice and strike numbers from the hazards, rule 13 and the
hazard chart, so slopes, walls, bramble and dunes count), what it could rangestrike from there
(12), the enemies that could reach it next, drift damage, and how far it is from the enemy.
The posture sets the weights: the attacker must win before the time loss (10.5) and presses
on; a defender that is the stronger fights, a weaker one keeps its distance and lets the clock
run, holding the tower's walls where it has them. Our Titan's wounds weigh the game (its
death ends the battle and the player, 19.3), so it lets the others fight, stands where few
enemies can reach it (counting those still to enter) and where friends fill the hexes around
it; an attacker's Titan joins in from the fourth battle turn when the others cannot win in
time without it (the time loss would take it anyway). The best-gaining move is made;
characters yet to enter always enter, keeping the entry hexes free for those behind them
(11.1: those left off are eliminated). A summons (15) or reinforcement (14) comes first when
the battle is not already safely won.
"""

from __future__ import annotations

from dataclasses import dataclass

from titan.ai.normal.battlefield import (
    Battlefield,
    board_without,
    entry_hexes,
    my_chance,
    outlook_now,
    read_field,
    target_value,
    touching,
    waiting,
    without_titan,
)
from titan.ai.normal.recruiting import best_muster, best_summon
from titan.ai.normal.seat import Seat
from titan.ai.normal.values import strike_number
from titan.dice.strike import hit_probability
from titan.engine.actions import Action, Concede
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.prompts import Prompt
from titan.engine.queries.hexgrid import distance
from titan.engine.queries.model import Piece, other_side
from titan.engine.queries.rangestrike import MAX_RANGE, rangestrike_options
from titan.engine.queries.strike import strike_factors
from titan.variant import TITAN

BLOCK_ENTRY = 30.0  # per character still to enter after this one
MUST_ENTER = 1000.0  # 11.1: a character not entered in the first maneuver phase is eliminated
TITAN_JOINS = 4  # the battle turn from which an attacker's Titan joins a fight it must win
SAFE_ENOUGH = 0.9  # no summons or reinforcement needed beyond this chance of winning


@dataclass(frozen=True, slots=True)
class Posture:
    aggression: float  # weight of the damage we deal
    caution: float  # weight of the damage we take
    approach: float  # points per hex of distance to the nearest enemy (negative: keep away)
    titan_fights: bool  # our Titan goes in like the others (the battle needs it)


def posture(field: Battlefield) -> Posture:
    """How to fight, and (as a side effect on ``field``) what our Titan's loss weighs."""
    o = outlook_now(field)
    mine, theirs = (
        (o.attacker_left, o.defender_left)
        if field.side == "attacker"
        else (o.defender_left, o.attacker_left)
    )
    stronger = mine > theirs
    fights = False
    if field.side == "attacker":
        # 10.5: an attacker that cannot win without its Titan loses it at the time loss anyway.
        field.titan_weight = max(0.05, without_titan(field))
        fights = field.titan_weight < 0.5 and field.battle.turn >= TITAN_JOINS
        # 10.5: time is against the attacker; later turns press harder.
        return Posture(1.0, 0.6 if stronger else 0.8, 1.0 + 0.4 * field.battle.turn, fights)
    if stronger:
        return Posture(1.0, 0.7, 0.8, fights)
    return Posture(0.7, 1.1, -1.5, fights)  # 10.5: a weaker defender plays for time


def _caution(piece: Piece, p: Posture) -> float:
    """Our Titan's wounds are never discounted: its loss is the game's (1.1)."""
    return max(1.0, p.caution) if piece.name == TITAN else p.caution


def _exchange(
    field: Battlefield, piece: Piece, at: str, others: dict[str, Piece], p: Posture
) -> float:
    """Strikes exchanged with the enemies in contact on ``at`` (13): our best blow, against
    their blows shared among the characters of ours each of them touches."""
    land = field.land
    touch = touching(land)
    blows: list[float] = []
    taken = 0.0
    mine = target_value(field, piece)
    for n in touch[at]:
        e = others.get(n)
        if e is None or e.side == piece.side or n in field.slain:
            continue
        dice, sn = strike_factors(land, piece, at, e, n)
        blows.append(target_value(field, e) * min(1.0, dice * hit_probability(sn) / e.remaining))
        e_dice, e_sn = strike_factors(land, e, n, piece, at)
        shared = 1 + sum(
            1 for m in touch[n] if m != at and m in others and others[m].side == piece.side
        )
        taken += mine * min(1.0, e_dice * hit_probability(e_sn) / shared / piece.remaining)
    if not blows:
        return 0.0
    blows.sort(reverse=True)
    offence = blows[0] + 0.15 * sum(blows[1:])  # one strike, with carry-over now and then
    return p.aggression * offence - _caution(piece, p) * taken


def _ranged(field: Battlefield, piece: Piece, at: str, others: dict[str, Piece]) -> float:
    """The best rangestrike (12) ``piece`` could make from ``at`` next strike phase."""
    ch = piece.character
    reach = min(ch.skill, MAX_RANGE)
    here = field.land.hex(at)
    board = dict(others)
    board[at] = piece
    best = 0.0
    for h, e in field.enemies():
        if h not in others or distance(here, field.land.hex(h)) + 1 > reach:
            continue
        for o in rangestrike_options(field.variant, field.land, board, at, h):
            worth = target_value(field, e) * min(
                1.0, o.dice * hit_probability(o.strike_number) / e.remaining
            )
            best = max(best, worth)
    return best


def hex_score(
    field: Battlefield, piece: Piece, at: str, others: dict[str, Piece], p: Posture
) -> float:
    """How good it is for ``piece`` to end its move on ``at``, the others standing as they
    are."""
    land = field.land
    here = land.hex(at)
    enemies = [(h, e) for h, e in field.enemies() if h in others]
    coming = list(entry_hexes(field, other_side(field.side))) if _enemies_waiting(field) else []
    places = [h for h, _ in enemies] + coming
    in_contact = any(
        n in others and others[n].side != piece.side and n not in field.slain
        for n in touching(land)[at]
    )
    score = _exchange(field, piece, at, others, p)
    if places:
        near = min(distance(here, land.hex(h)) for h in places)
        if piece.character.rangestrikes and not in_contact:
            score += p.aggression * _ranged(field, piece, at, others)
            score -= abs(near - 3) * 0.5  # 12.3: a rangestriker stands off, within range
        elif piece.name == TITAN and not p.titan_fights:
            score -= _threatened(field, piece, at, enemies, coming)  # others go first
        elif not in_contact:
            score -= p.approach * near
    if here.terrain == "drift" and "drift" not in piece.character.natives:
        score -= target_value(field, piece) / piece.power  # hazard chart DRIFT: a hit a turn
    if land.tower and field.side == "defender":
        score += 3.0 * here.elevation  # the walls (hazard chart WALL)
    if at in entry_hexes(field, field.side):
        # 11.1: an entry hex taken may leave a later character no way in (and off the board).
        score -= BLOCK_ENTRY * max(0, waiting(field, field.side) - 1)
    return score


def _enemies_waiting(field: Battlefield) -> list[Piece]:
    """Enemies still to enter the battleland (11.1, or newcomers: 14, 15)."""
    chars = field.variant.characters
    enemy = other_side(field.side)
    return [
        Piece(chars[f.name], enemy, f.power, f.hits)
        for f in field.fighters
        if f.side == enemy and f.hex is None
    ]


def _threatened(
    field: Battlefield,
    piece: Piece,
    at: str,
    enemies: list[tuple[str, Piece]],
    coming: list[str],
) -> float:
    """What the enemies that could come into contact with ``at`` next maneuver would be
    expected to do to ``piece``, if half of them came (11.2: within their skill in hexes,
    roughly; one entering counts its entry hex, 11.1). Only as many can come as there are
    vacant hexes around it (11.5), so friends standing around it shield it."""
    land = field.land
    here = land.hex(at)
    blows: list[float] = []
    for h, e in enemies:
        if distance(here, land.hex(h)) - 1 <= e.skill:
            blows.append(e.power * hit_probability(round(strike_number(e.skill, piece.skill))))
    if coming:
        gap = min(distance(here, land.hex(h)) for h in coming)
        for e in _enemies_waiting(field):
            if gap <= e.skill:
                blows.append(e.power * hit_probability(round(strike_number(e.skill, piece.skill))))
    others = field.board
    vacant = sum(1 for n in touching(land)[at] if n not in others or n in field.slain)
    hits = sum(sorted(blows, reverse=True)[:vacant])
    return 0.5 * target_value(field, piece) * min(1.0, hits / piece.remaining)


def choose_maneuver(seat: Seat, prompt: Prompt) -> Action:
    field = read_field(seat)
    p = posture(field)
    chance = my_chance(field)
    if chance < SAFE_ENOUGH:
        extra = best_summon(seat, prompt.options) or best_muster(seat, prompt.options)
        if extra is not None:
            return extra
    elif field.side == "defender":
        m = best_muster(seat, prompt.options)  # a reinforcement is also a recruit kept (14)
        if m is not None:
            return m
    best: Action | None = None
    best_gain = 0.0
    current: dict[tuple[str, str | None], float] = {}
    for o in prompt.options:
        if not isinstance(o, BattleMove) or o.to == o.frm:
            continue
        key = (o.name, o.frm)
        piece = _piece_of(field, o)
        others = board_without(field.board, o.frm)
        if key not in current:
            current[key] = (
                -MUST_ENTER if o.frm is None else hex_score(field, piece, o.frm, others, p)
            )
        gain = hex_score(field, piece, o.to, others, p) - current[key]
        if gain > best_gain:
            best, best_gain = o, gain
    if best is not None:
        return best
    if any(isinstance(o, EndPhase) for o in prompt.options):
        return EndPhase()
    return next((o for o in prompt.options if not isinstance(o, Concede)), prompt.options[0])


def _piece_of(field: Battlefield, move: BattleMove) -> Piece:
    if move.frm is not None:
        return field.board[move.frm]
    for f in field.fighters:
        if f.name == move.name and f.hex is None:
            return Piece(field.variant.characters[f.name], field.side, f.power, f.hits)
    raise ValueError(f"no {move.name} waiting to enter")
