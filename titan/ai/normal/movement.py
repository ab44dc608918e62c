"""The movement phase: the first turn's mulligan (7.6) and one move at a time (7, 8).

Each call weighs every listed move (normal moves, tower and Titan teleports, attacks) by what
the legion is worth where it would end against what it is worth staying put (a legion that
does not move musters nothing, 18.1), and makes the move that gains most; when nothing gains
and the rules allow it (6.2, 4.3), it declares the movement done. Moves already made are never
taken back (errata 7.0 is for people changing their minds)."""

from __future__ import annotations

from collections.abc import Iterable

from titan.ai.normal.masterboard import attack_value, place_value
from titan.ai.normal.seat import Seat
from titan.engine.actions import Action, DoneMoving, Move, Mulligan
from titan.engine.prompts import Prompt
from titan.engine.queries.movement import MAX_ROLL, masterboard_moves
from titan.engine.queries.teleport import tower_teleports

MULLIGAN_MARGIN = 1.0  # points: re-roll only a roll clearly worse than the average one


def _enemy_at(seat: Seat, land: int) -> str | None:
    for lg in seat.view.legions:
        if lg.land == land and lg.owner != seat.me:
            return lg.marker
    return None


def move_value(seat: Seat, marker: str, land: int, occupied: Iterable[int]) -> float:
    """Our legion ``marker`` after moving to ``land``."""
    legion = seat.force(marker)
    contents = tuple(seat.legions[marker].known)
    enemy = _enemy_at(seat, land)
    if enemy is not None:
        return attack_value(seat, legion, contents, seat.force(enemy), land)
    return place_value(seat, legion, contents, land, moved=True, occupied=tuple(occupied))


def stay_value(seat: Seat, marker: str) -> float:
    legion = seat.force(marker)
    contents = tuple(seat.legions[marker].known)
    return place_value(seat, legion, contents, legion.land, moved=False)


def choose_move(seat: Seat, prompt: Prompt) -> Action:
    options = prompt.options
    if any(isinstance(o, Mulligan) for o in options) and should_mulligan(seat, prompt.roll or 0):
        return Mulligan()
    done = any(isinstance(o, DoneMoving) for o in options)
    mine = seat.mine()
    stays: dict[str, float] = {}
    best: Move | None = None
    best_gain = float("-inf")
    for o in options:
        if not isinstance(o, Move):
            continue
        if o.legion not in stays:
            stays[o.legion] = stay_value(seat, o.legion)
        others = [lg.land for lg in mine if lg.marker != o.legion]
        gain = move_value(seat, o.legion, o.land, others) - stays[o.legion]
        if o.teleport == "tower":
            gain -= 1.0  # 8.1: it shows a lord, and keeps the teleport for later otherwise
        if gain > best_gain:
            best, best_gain = o, gain
    if best is None or (done and best_gain <= 0.0):
        if done:
            return DoneMoving()
        return options[0]
    return best


def _roll_value(seat: Seat, roll: int) -> float:
    """How well our legions could move with ``roll``: the two best distinct destinations
    (the first turn's two legions share the tower, 5.2)."""
    v = seat.variant
    mine = seat.mine()
    enemies = {lg.land for lg in seat.view.legions if lg.owner != seat.me}
    per_legion: list[dict[int, float]] = []
    for lg in mine:
        friends = {o.land for o in mine if o.marker != lg.marker}
        ends = set(masterboard_moves(v, lg.land, roll, friends=friends, enemies=enemies))
        if roll == MAX_ROLL and any(v.characters[c].is_lord for c in lg.known):
            occupied = {o.land for o in seat.view.legions}
            ends |= tower_teleports(v, lg.land, occupied=occupied)  # 8.1
        others = [o.land for o in mine if o.marker != lg.marker]
        per_legion.append({to: move_value(seat, lg.marker, to, others) for to in ends})
    if not per_legion:
        return 0.0
    if len(per_legion) == 1:
        return max(per_legion[0].values(), default=0.0)
    a, b = per_legion[0], per_legion[1]
    best = float("-inf")
    for first, second in ((a, b), (b, a)):
        if not first:
            continue
        to = max(first, key=lambda k: first[k])
        rest = [val for land, val in second.items() if land != to]
        best = max(best, first[to] + max(rest, default=0.0))
    return best if best != float("-inf") else 0.0


def should_mulligan(seat: Seat, roll: int) -> bool:
    """Rule 7.6: re-roll when this roll moves our legions clearly worse than an average roll
    would (the re-roll is binding, so only the average matters)."""
    values = [_roll_value(seat, r) for r in range(1, MAX_ROLL + 1)]
    return values[roll - 1] < sum(values) / MAX_ROLL - MULLIGAN_MARGIN
