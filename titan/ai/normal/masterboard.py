"""What a legion is worth where it stands on the masterboard: the recruit it may muster there
(18), the recruits within reach next turn, the danger of being attacked and beaten before its
owner's next turn, and for a land holding an enemy, the expected result of the engagement.
Values are in points (rule 16), a lost Titan costing the game (``TITAN_LOSS``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from titan.ai.normal.estimate import Force
from titan.ai.normal.outlook import battle_outlook
from titan.ai.normal.seat import Seat
from titan.ai.normal.threats import loss_chance
from titan.ai.normal.values import TITAN_LOSS, best_recruit, point_value, recruit_gain
from titan.engine.queries.movement import MAX_ROLL, masterboard_moves
from titan.engine.queries.muster import MAX_LEGION
from titan.variant import Variant

POINTS_GIVEN = 0.5  # what the points an opponent scores from us are worth to us, lost
MIN_ATTACK = 0.25  # below this estimated chance an attack is a lottery ticket: never
FUTURE_WEIGHT = 0.35  # a recruit next turn is uncertain (the roll, the enemies) and later


@lru_cache(maxsize=100_000)
def future_recruits(variant: Variant, land: int, contents: tuple[str, ...]) -> float:
    """The worth of the best recruit reachable from ``land`` next turn, averaged over the six
    rolls, on an empty board (7, 18)."""
    if len(contents) >= MAX_LEGION:
        return 0.0
    board = variant.masterboard
    total = 0.0
    for roll in range(1, MAX_ROLL + 1):
        ends = masterboard_moves(variant, land, roll)
        total += max(
            (best_recruit(variant, board.land(to).terrain, contents)[1] for to in ends),
            default=0.0,
        )
    return total / MAX_ROLL


def titan_kill_bonus(seat: Seat) -> float:
    """Eliminating a player (19.3): the game itself with one opponent left, less with more."""
    return TITAN_LOSS / max(1, seat.opponents_alive())


def losses_value(seat: Seat, names: Sequence[str], owner: int) -> float:
    score = seat.board.scores[owner]
    return float(
        sum(point_value(seat.variant, n, score) for n in names if n in seat.variant.characters)
    )


def stake(seat: Seat, contents: Sequence[str], owner: int, extra: float = 0.0) -> float:
    """What losing a legion holding ``contents`` costs its owner: its characters, the points
    they give the winner (16: Titan power and angels for him, 17, 19.1), and the game if the
    Titan is among them."""
    titan = TITAN_LOSS if "Titan" in contents else 0.0
    return (1.0 + POINTS_GIVEN) * losses_value(seat, contents, owner) + titan + extra


def place_value(
    seat: Seat,
    legion: Force,
    contents: tuple[str, ...],
    land: int,
    *,
    moved: bool,
    occupied: Sequence[int] = (),
) -> float:
    """Our legion on an unoccupied ``land``: the recruit if it moved (18.1), recruits next
    turn, less the expected loss if an enemy comes and wins."""
    v = seat.variant
    terrain = seat.terrain(land)
    recruit = recruit_gain(v, terrain, contents, seat.view.caretaker) if moved else 0.0
    full = len(contents) + (1 if recruit else 0) >= MAX_LEGION
    future = 0.0 if full else future_recruits(v, land, tuple(sorted(contents)))
    risk = loss_chance(
        v, seat.board, legion.members, seat.me, land, vacated=legion.land, occupied=occupied
    )
    return recruit + FUTURE_WEIGHT * future - risk * stake(seat, contents, seat.me, recruit)


def attack_value(
    seat: Seat, legion: Force, contents: tuple[str, ...], enemy: Force, land: int
) -> float:
    """The expected result of attacking ``enemy`` on ``land`` (9, 10): winning scores its
    points (16) and may muster after (18.1); losing costs our legion."""
    v = seat.variant
    terrain = seat.terrain(land)
    o = battle_outlook(v, legion.members, enemy.members, terrain)
    ours = stake(seat, contents, seat.me)
    lost_if_win = losses_value(seat, o.attacker_losses, seat.me)
    if "Titan" in o.attacker_losses:
        lost_if_win += TITAN_LOSS
    survivors = len(contents) - len(o.attacker_losses)
    recruit = (
        recruit_gain(v, terrain, contents, seat.view.caretaker) if survivors < MAX_LEGION else 0.0
    )
    gain = enemy.points + enemy.titan_chance * titan_kill_bonus(seat)
    harm = (1.0 - o.defender_left) * enemy.points * 0.5  # damage done even in defeat
    win = o.attacker_wins
    if win < MIN_ATTACK:
        return -ours
    return win * (gain - lost_if_win + recruit) - (1.0 - win) * (ours - harm)
