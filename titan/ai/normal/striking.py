"""Strikes, counterstrikes, rangestrikes and carry-over (rules 12, 13; errata 12.4, 13.4).

Every listed strike is worth its expected damage in points over the exact hit distribution of
its dice: slaying a character is worth all of it (``target_value``), wounding it part of that
(damage stays for the battle, 13.3, so a later strike may finish it), and the hits beyond what
the target can take go to the best character the strike may carry over to (13.4). So a penalty
strike (errata 11.7/12.4: fewer dice or a higher strike number) is chosen exactly when the
carry-over it opens is worth more than what it gives up. Striking never hurts the striker, so
the bot strikes with everyone that can before ending the phase.
"""

from __future__ import annotations

from titan.ai.normal.battlefield import Battlefield, read_field, target_value
from titan.ai.normal.seat import Seat
from titan.dice.strike import hit_probabilities
from titan.engine.actions import Action, Concede
from titan.engine.battle.actions import CarryOver, EndPhase, Strike
from titan.engine.prompts import Prompt
from titan.engine.queries.model import Piece
from titan.engine.queries.strike import strike_options

WOUND = 0.5  # a wound is worth this share of its proportion of a kill


def damage_worth(field: Battlefield, piece: Piece, hits: int) -> float:
    """What ``hits`` more on ``piece`` are worth to us."""
    if hits <= 0:
        return 0.0
    left = piece.remaining
    value = target_value(field, piece)
    if hits >= left:
        return value
    return value * WOUND * hits / left


def _carry_target(field: Battlefield, strike: Strike) -> Piece | None:
    """The best character this strike's excess may go to (13.4), if any."""
    if strike.ranged:
        return None  # rangestrikes never carry over (12)
    for o in strike_options(field.variant, field.land, field.board, strike.frm, strike.target):
        if o.dice == strike.dice and o.strike_number == strike.strike_number:
            # sorted: a set of strings iterates in an order that varies between processes
            pieces = [field.board[h] for h in sorted(o.carry_targets) if h not in field.slain]
            if pieces:
                return max(pieces, key=lambda q: target_value(field, q) / max(1, q.remaining))
    return None


def strike_worth(field: Battlefield, strike: Strike) -> float:
    target = field.board.get(strike.target)
    if target is None:
        return 0.0
    left = target.remaining
    carry = _carry_target(field, strike) if strike.dice > left else None
    total = 0.0
    for hits, chance in enumerate(hit_probabilities(strike.dice, strike.strike_number)):
        worth = damage_worth(field, target, min(hits, left))
        if carry is not None and hits > left:
            worth += damage_worth(field, carry, hits - left)
        total += chance * worth
    return total


def choose_strike(seat: Seat, prompt: Prompt) -> Action:
    field = read_field(seat)
    strikes = [o for o in prompt.options if isinstance(o, Strike)]
    if strikes:
        return max(strikes, key=lambda s: (strike_worth(field, s), s.frm, s.target))
    if any(isinstance(o, EndPhase) for o in prompt.options):
        return EndPhase()
    return next((o for o in prompt.options if not isinstance(o, Concede)), prompt.options[0])


def carry_worth(field: Battlefield, to: tuple[str, ...]) -> float:
    carry = field.battle.carry
    assert carry is not None
    left = carry.excess
    total = 0.0
    for h in to:
        piece = field.board.get(h)
        if piece is None or left <= 0:
            break
        total += damage_worth(field, piece, min(left, piece.remaining))
        left -= piece.remaining
    return total


def choose_carry(seat: Seat, prompt: Prompt) -> Action:
    """Errata 12.4: allocate the excess where it is worth most."""
    field = read_field(seat)
    options = [o for o in prompt.options if isinstance(o, CarryOver)]
    if not options or field.battle.carry is None:
        return prompt.options[0]
    return max(options, key=lambda o: (carry_worth(field, o.to), len(o.to), o.to))
