"""Where the cheap policy sends a character in a maneuver (rules 10.1, 11): the one scoring
of battle moves that both of its boards use, the engine's (:mod:`titan.ai.strong.policy`,
playouts through ``Game``) and the compact battle's (:mod:`titan.ai.strong.fastbattle`).

A character goes where contact pays best: its expected share of each enemy it would touch,
weighted by what that enemy is worth (a Titan adding a share of its stake), less the share it
would take back, weighted by its own worth and the side's caution; out of contact, as near the
enemy as the side's posture wants (an attacker must close in before the time loss, 10.5); a
Titan also by its cover (11.5). Characters entering go deep, so that the entry hexes stay free
for the rest (10.1: one left off the battleland is slain).
"""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from titan.ai.normal.battlefield import touching
from titan.ai.strong.exchange import factors
from titan.ai.strong.field import TITAN_STAKE, distances, entry_hexes
from titan.engine.queries.model import Board, Piece, Side
from titan.variant import TITAN, Battleland, Variant


@dataclass(frozen=True, slots=True)
class CheapWeights:
    """The cheap maneuver's weights (tuned so that simulated battles resemble real ones)."""

    titan_attacking: float = 4.0  # an aggressive side's Titan's caution (less as time runs out)
    attacking: float = 0.4  # an aggressive side's others' caution
    titan_defending: float = 2.5  # a cautious side's Titan's caution
    defending: float = 0.5  # a cautious side's others' caution
    stake: float = 0.1  # the share of a Titan's stake its attacker counts (19.3)
    cover: float = 0.1  # a Titan's points, per vacant hex beside it (11.5)
    away: float = 0.1  # a Titan's points, per hex (up to three) from the nearest enemy


CHEAP = CheapWeights()


class Ground(Protocol):
    """The battle as the scoring reads it: the battleland, the turn, and who stands where."""

    @property
    def variant(self) -> Variant: ...

    @property
    def terrain(self) -> str: ...

    @property
    def entry_side(self) -> str: ...

    @property
    def land(self) -> Battleland: ...

    @property
    def turn(self) -> int: ...

    @property
    def board(self) -> Board: ...  # hex -> the character standing there


def titan_cover(
    to: str,
    frm: str | None,
    touch: Mapping[str, tuple[str, ...]],
    occupied: Container[str],
    dist: Mapping[str, Mapping[str, int]],
    enemies: Sequence[str],
) -> float:
    """How well a Titan would be sheltered on ``to``, in multiples of its points: each vacant
    hex beside it is a place an enemy could strike it from (11.5), each hex of distance from
    the nearest enemy (up to three) a turn's grace. Without it the cheap policy's Titans stood
    in the open, and its battles overrated every attack on a Titan's legion (a 4-character
    legion against a Titan's legion won three times in four in simulation, never against
    ``normal``)."""
    vacant = sum(1 for n in touch[to] if n == frm or n not in occupied)
    near = min((dist[to][e] for e in enemies), default=3)
    return CHEAP.away * min(near, 3) - CHEAP.cover * vacant


def _other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


def destination(
    ground: Ground,
    piece: Piece,
    frm: str | None,
    ends: Sequence[str],
    rng: random.Random,
    *,
    withdraw: bool,
) -> str:
    """Where ``piece`` (of the phasing side, on ``frm`` or entering) goes among ``ends`` (its
    own hex among them: staying is a choice). Ties go to ``rng``, drawn once per candidate in
    the order given, so a caller that lists the same candidates in the same order with the same
    generator gets the same answer. ``withdraw``: with no enemy on the battleland, a character
    already on it goes as deep behind its side's entry as it can, rather than holding."""
    side = piece.side
    land, board = ground.land, ground.board
    dist = distances(land)
    enemies = [h for h, p in board.items() if p.side != side and p.hits < p.power]
    titan = piece.name == TITAN
    if frm is None and titan and not enemies:
        # The Titan enters last (its callers move it last), as sheltered as it can be from
        # where the enemy will come in.
        their_doors = entry_hexes(ground.variant, ground.terrain, ground.entry_side, _other(side))
        touch = touching(land)
        return max(
            ends,
            key=lambda h: (titan_cover(h, None, touch, board, dist, their_doors), rng.random()),
        )
    if frm is None and not titan:
        # Entering (10.1): go deep, so that the entry hexes stay free for the rest (one left
        # off the battleland is slain).
        doors = entry_hexes(ground.variant, ground.terrain, ground.entry_side, side)
        depth = {h: min(dist[h][d] for d in doors) for h in ends}
        deepest = max(depth.values())
        ends = [h for h in ends if depth[h] >= deepest - 1]
        if not enemies:
            return max(ends, key=lambda h: (depth[h], rng.random()))
    elif not enemies:
        if not withdraw:
            assert frm is not None  # an entering Titan with no enemy went above
            return frm
        doors = entry_hexes(ground.variant, ground.terrain, ground.entry_side, side)
        return max(ends, key=lambda h: (min(dist[h][d] for d in doors), rng.random()))
    scores = hex_scores(ground, piece, frm, ends)
    best, best_score = ends[0], float("-inf")
    for h, score in zip(ends, scores, strict=True):
        score += rng.random() * 0.01
        if score > best_score:
            best, best_score = h, score
    return best


def hex_scores(ground: Ground, piece: Piece, frm: str | None, ends: Sequence[str]) -> list[float]:
    """What ending its move on each of ``ends`` is worth to ``piece`` while enemies stand on
    the battleland (without the tie-breaking noise)."""
    side = piece.side
    land, board = ground.land, ground.board
    dist = distances(land)
    enemies = [h for h, p in board.items() if p.side != side and p.hits < p.power]
    ours = theirs = titans = 0.0
    for p in board.values():
        strength = (p.power - p.hits) * p.character.skill
        if p.side == side:
            ours += strength
            titans += strength if p.character.name == TITAN else 0.0
        else:
            theirs += strength
    aggressive = side == "attacker" or ours > 1.2 * theirs
    titan = piece.name == TITAN
    # An attacker still facing enemies at the seventh turn loses everything (10.5), its
    # Titan too: from the fourth turn on the Titan joins in, more boldly each turn; from the
    # first, if the others are too weak to win without it (maneuver.pressure: the same).
    late = 0
    if side == "attacker":
        late = max(0, ground.turn - 3)
        if titan and ours - titans < theirs:
            late = max(late, ground.turn)
    if aggressive:
        caution = CHEAP.titan_attacking / (1 + late) if titan else CHEAP.attacking
    else:
        caution = CHEAP.titan_defending if titan else CHEAP.defending
    closing = (1.0 if not titan else 0.5 * late) if aggressive else 0.0
    touch = touching(land)
    ch = piece.character
    left = max(1, piece.power - piece.hits)
    my_worth = piece.power * ch.skill
    out: list[float] = []
    for h in ends:
        score = 0.0
        contact = False
        for n in touch[h]:
            e = board.get(n)
            if e is None or e.side == side:
                continue
            contact = True
            ech = e.character
            # The share of each other's remaining strength a strike is expected to take.
            add, sn = factors(land, ch, h, ech, n)
            hurt = (piece.power + add) * (7 - sn) / 6.0 / max(1, e.power - e.hits)
            worth = e.power * ech.skill + (TITAN_STAKE * CHEAP.stake if ech.name == TITAN else 0.0)
            score += min(1.0, hurt) * worth
            back_add, back_sn = factors(land, ech, n, ch, h)
            fear = (e.power + back_add) * (7 - back_sn) / 6.0 / left
            score -= min(1.0, fear) * my_worth * caution
        if not contact:
            score -= min(dist[h][e] for e in enemies) * closing
        if titan and not late:
            score += titan_cover(h, frm, touch, board, dist, enemies) * my_worth
        out.append(score)
    return out
