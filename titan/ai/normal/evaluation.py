"""Whole-position evaluations, for players that search (leaf values) and for reports.

``masterboard_value`` scores a player's position in points: its legions' points (rule 16), the
recruits within their reach, its score (Titan power and angels come with it, 17, 19.1), less
the expected losses to attacks before its next turn, its Titan's safety counting for the game.
``position_value`` is one seat's value against its strongest opponent. ``battle_value`` scores
a battle in progress from one side: what is left of each side, weighted as targets, plus the
estimated chance of winning it.
"""

from __future__ import annotations

from titan.ai.normal.battlefield import Battlefield, my_chance, target_value
from titan.ai.normal.estimate import BoardEstimate
from titan.ai.normal.masterboard import FUTURE_WEIGHT, future_recruits
from titan.ai.normal.threats import loss_chance
from titan.ai.normal.values import TITAN_LOSS
from titan.variant import Variant

SCORE_WEIGHT = 0.5  # points already scored: Titan power and angels, but no longer at stake


def masterboard_value(
    variant: Variant,
    board: BoardEstimate,
    player: int,
    *,
    contents: dict[str, tuple[str, ...]] | None = None,
    dangers: bool = True,
) -> float:
    """``player``'s position in points, as ``board`` estimates it. ``contents`` (marker ->
    characters) lets the recruit term use exact contents where they are known (one's own
    legions); ``dangers=False`` skips the threat estimate (the slow part)."""
    if not board.alive[player]:
        return -TITAN_LOSS
    total = SCORE_WEIGHT * board.scores[player]
    for f in board.of(player):
        total += f.points
        names = (contents or {}).get(f.marker)
        if names is not None:
            total += FUTURE_WEIGHT * future_recruits(variant, f.land, tuple(sorted(names)))
        if dangers:
            total -= loss_chance(variant, board, f.members, player, f.land) * f.stake
    return total


def position_value(
    variant: Variant,
    board: BoardEstimate,
    seat: int,
    *,
    contents: dict[str, tuple[str, ...]] | None = None,
    dangers: bool = True,
) -> float:
    """``seat``'s masterboard value less its strongest living opponent's."""
    mine = masterboard_value(variant, board, seat, contents=contents, dangers=dangers)
    others = [
        masterboard_value(variant, board, p, contents=contents, dangers=dangers)
        for p in range(len(board.alive))
        if p != seat and board.alive[p]
    ]
    return mine - max(others, default=0.0)


def battle_value(field: Battlefield) -> float:
    """A battle in progress from our side: what each side has left (each character weighted
    by its worth as a target, in proportion to the hits it can still take) and the estimated
    chance of winning, worth the enemy's whole legion."""
    ours = theirs = 0.0
    for hex_, piece in field.board.items():
        if hex_ in field.slain:
            continue
        worth = target_value(field, piece) * piece.remaining / piece.power
        if piece.side == field.side:
            ours += worth
        else:
            theirs += worth
    return ours - theirs + my_chance(field) * theirs
