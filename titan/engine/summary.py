"""What a game's history says about its players, read off the events alone: the places at
the end of the game (rules 1.1, 19.3-19.4, 21; errata 20.4) and the dice each player rolled.

Pure functions of a history (``Game.history``, or any seat's share of it: the dice and the
eliminations are public), so a rating or a profile never needs the engine's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from titan.engine import events as ev

FACES = 6


def places(history: Sequence[ev.Event], players: int) -> tuple[int, ...] | None:
    """Each player's place at the end of the game (1 is first; players who tie share a
    place and the next place is skipped, as in sport), or None while the game goes on.

    - The winner is first (1.1). With a point target (21) or the turn limit (21), the other
      players still in the game follow by their final totals (the turn limit's totals, which
      count the legions on the board, or else their scores).
    - A game that ends with nobody left (two Titans fall together, errata 19.3) is a draw
      between the players of that last elimination: they share first place.
    - Everyone else, by how long they lasted: the later a player was eliminated or withdrew
      (errata 20.4), the better the place; players eliminated by one blow (the two Titans of
      one battle, 19.3) share theirs.
    """
    over = next((e for e in reversed(history) if isinstance(e, ev.GameOver)), None)
    if over is None:
        return None
    exits = _exits(history)
    gone = {p for group in exits for p in group}
    standing = [p for p in range(players) if p not in gone]
    totals = over.totals or scores(history)
    if over.winner is not None:
        rest = [p for p in standing if p != over.winner]
        order: list[list[int]] = [[over.winner]]
        for total in sorted({totals.get(p, 0) for p in rest}, reverse=True):
            order.append([p for p in rest if totals.get(p, 0) == total])
    else:
        order = [sorted(standing)] if standing else []
    order += [sorted(group) for group in reversed(exits)]
    place = [0] * players
    rank = 1
    for group in order:
        for p in group:
            place[p] = rank
        rank += len(group)
    return tuple(place)


def _exits(history: Iterable[ev.Event]) -> list[list[int]]:
    """Players leaving the game, in order, one group per blow: the eliminations of one
    ``eliminate`` (19.4) follow each other with only their legions' removals between them."""
    groups: list[list[int]] = []
    joinable = False  # the last event was an elimination or one of its removals
    for e in history:
        if isinstance(e, ev.PlayerEliminated):
            if joinable:
                groups[-1].append(e.player)
            else:
                groups.append([e.player])
            joinable = True
        elif isinstance(e, ev.PlayerWithdrew):
            groups.append([e.player])
            joinable = False
        elif not isinstance(e, ev.LegionRemoved):
            joinable = False
    return groups


def scores(history: Iterable[ev.Event]) -> dict[int, int]:
    """Each player's score (rule 19) at the end of ``history``: its last total."""
    scores: dict[int, int] = {}
    for e in history:
        if isinstance(e, ev.Score):
            scores[e.player] = e.total
    return scores


@dataclass(slots=True)
class DiceTally:
    """How often each face came up in one player's rolls: ``movement`` (7.1, with the
    mulligan's new roll, 7.6) and ``strikes`` (every die of every strike and rangestrike the
    player's characters made, 12-13). Index 0 is the face 1."""

    movement: list[int] = field(default_factory=lambda: [0] * FACES)
    strikes: list[int] = field(default_factory=lambda: [0] * FACES)


def dice_tallies(history: Iterable[ev.Event], players: int) -> list[DiceTally]:
    """Each player's dice, read off the public events. A strike's die belongs to the side
    that struck: the attacker of an engagement is the player whose turn it is (9), the
    defender the owner of the defending marker (followed through splits, 4.3)."""
    tallies = [DiceTally() for _ in range(players)]
    owner: dict[str, int] = {}
    active = 0
    sides: dict[str, int] = {}
    for e in history:
        if isinstance(e, ev.LegionCreated):
            owner[e.marker] = e.player
        elif isinstance(e, ev.SplitMade):
            owner[e.new] = owner[e.marker]
        elif isinstance(e, ev.TurnStarted):
            active = e.player
        elif isinstance(e, ev.MovementRoll | ev.MulliganTaken):
            tallies[e.player].movement[e.roll - 1] += 1
        elif isinstance(e, ev.EngagementStarted):
            sides = {"attacker": active, "defender": owner[e.defender]}
        elif isinstance(e, ev.Struck):
            for die in e.dice:
                tallies[sides[e.side]].strikes[die - 1] += 1
    return tallies
