"""Ratings of players over rated games: OpenSkill's Plackett-Luce model.

Why Plackett-Luce: Titan is a game of two to six players whose result is an order (the
winner, then the others by how long they lasted, ties shared: ``engine.summary.places``),
and the Plackett-Luce model rates exactly that, a ranking of any number of players, with an
uncertainty per player that shrinks as they play, where Elo rates pairs only and TrueSkill is
patent-encumbered. OpenSkill is a small, typed, MIT-licensed implementation of it.

A rating is shown as its *ordinal*, ``mu - 3 sigma``: a newcomer starts at 0 and climbs as
the system becomes sure of them, so a lucky first win cannot top the leaderboard.

Each computer level is a rated player too (its key is ``computer:LEVEL``), so a person reads
"strong ≈ …" on the same scale. A level that holds several seats of one game is rated once
per seat against everyone else, all from its rating before the game, and moves by the mean
of those updates: one game is one result for it, however many seats it held.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The figure shown: a conservative estimate (about 99.7% of the time lower)."""
        return self.mu - 3 * self.sigma


def computer(level: str) -> str:
    """The rated player that is a computer level."""
    return f"computer:{level}"


def rate(
    seats: Sequence[str], places: Sequence[int], ratings: Mapping[str, Rating]
) -> dict[str, Rating]:
    """The new ratings of the players of one finished game.

    ``seats[i]`` is the rated player in seat ``i`` (an account's key or ``computer(level)``);
    ``places[i]`` its place (1 first, ties equal); ``ratings`` what each player had before
    (a player missing from it starts afresh).
    """
    if len(seats) != len(places) or len(set(seats)) < 2:
        raise ValueError(f"{len(places)} places for seats {list(seats)}: two players at least")
    before = {key: ratings.get(key, Rating()) for key in seats}
    deltas: dict[str, list[tuple[float, float]]] = {key: [] for key in before}
    for lineup in _lineups(seats):
        teams = [
            [_MODEL.rating(mu=before[seats[i]].mu, sigma=before[seats[i]].sigma)] for i in lineup
        ]
        rated = _MODEL.rate(teams, ranks=[float(places[i]) for i in lineup])
        for i, team in zip(lineup, rated, strict=True):
            key = seats[i]
            deltas[key].append((team[0].mu - before[key].mu, team[0].sigma - before[key].sigma))
    return {
        key: Rating(
            before[key].mu + sum(d[0] for d in changes) / len(changes),
            before[key].sigma + sum(d[1] for d in changes) / len(changes),
        )
        for key, changes in deltas.items()
    }


def _lineups(seats: Sequence[str]) -> list[list[int]]:
    """Seat lists in which no player appears twice: with every player once, the game
    itself; a player holding k seats gives k line-ups, each with one of its seats."""
    repeated = {key for key in seats if seats.count(key) > 1}
    if not repeated:
        return [list(range(len(seats)))]
    lineups: list[list[int]] = []
    for key in sorted(repeated):
        for mine in (i for i, k in enumerate(seats) if k == key):
            lineup = [i for i, k in enumerate(seats) if k != key or i == mine]
            lineups.append(_dedupe(seats, lineup))
    return lineups


def _dedupe(seats: Sequence[str], lineup: list[int]) -> list[int]:
    """Keep the first seat of any other repeated player (each still appears in its own
    line-ups): a line-up must name each player once for the model."""
    seen: set[str] = set()
    out: list[int] = []
    for i in lineup:
        if seats[i] not in seen:
            seen.add(seats[i])
            out.append(i)
    return out
