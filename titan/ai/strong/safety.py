"""Our Titan's safety on the masterboard: the chance that its legion is attacked and beaten
before our next turn, counted more warily than the ``normal`` player counts it for any legion.

The ``normal`` player's threat model ignores attacks it judges unlikely to succeed; but a
Titan is worth the game to whoever slays it, so an opponent may well try its luck. Here every
attack with a fair chance counts (``WARY``), each enemy legion that can reach the land with
some roll (one roll serves all of a player's legions, 6.2) bringing its chance of winning
(the ``normal`` player's outlook), a Titan teleport too (8.2). With several opponents, not
every such attack is made: each is counted at the share of them Colossus's players made
(``tried``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache

from titan.ai.normal.estimate import BoardEstimate, Member
from titan.ai.normal.outlook import battle_outlook
from titan.ai.normal.threats import always_made, approaches, loss_chance
from titan.engine.queries.movement import MAX_ROLL, masterboard_moves
from titan.engine.queries.teleport import land_distances
from titan.variant import Variant

WARY = 0.15  # an attack this likely to win is one an opponent may try against a Titan
ESCAPE = 0.5  # the share of a danger two moves away that a way out next turn takes away
# With several opponents, an attack on our Titan's legion that would win with chance p was
# made about TRIED + TRIED_SLOPE * p of the times a roll allowed it: 1,847 such rolls in 518
# four-player games against three RationalAIs (bench.colossus_tried; docs/ai.md, twelfth
# session: 0.38 of them at p 0.1-0.3, 0.63 at 0.4-0.7, 0.87 at 0.8 or more). Each has other
# legions to attack and other players to fear; counted as always made, our risks of 0.4-0.6
# came true a quarter of the time. With one opponent left the count came true as counted, and
# stays as it was.
TRIED = 0.3
TRIED_SLOPE = 0.6


def titan_risk(
    variant: Variant,
    board: BoardEstimate,
    members: tuple[Member, ...],
    owner: int,
    land: int,
    vacated: int | None = None,
    occupied: Sequence[int] = (),
) -> float:
    """The chance that our legion holding ``members`` on ``land`` is attacked and beaten
    before our next turn: the ``normal`` player's count, with every fair attack in it, and
    with several opponents each attacking what the ones before would have left of it, if
    he attacks at all (``tried``)."""
    several = sum(1 for p, alive in enumerate(board.alive) if alive and p != owner) > 1
    return loss_chance(
        variant,
        board,
        members,
        owner,
        land,
        vacated,
        occupied,
        _chance,
        chained=True,
        tried=tried if several else always_made,
    )


def tried(p: float) -> float:
    """The chance that one of several opponents makes an attack on our Titan's legion that
    would win with chance ``p``."""
    return min(1.0, TRIED + TRIED_SLOPE * p)


def _chance(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    p = battle_outlook(variant, attacker, defender, terrain).attacker_wins
    return p if p >= WARY else 0.0


def cornered(
    variant: Variant,
    board: BoardEstimate,
    members: tuple[Member, ...],
    owner: int,
    land: int,
    friends: Collection[int],
    enemies: Collection[int],
) -> float:
    """The danger, two moves ahead, of our Titan's legion holding ``members`` on ``land``:
    for each opponent, the best chance (counted as :func:`titan_risk` counts it) of his
    legions that could come within one move of it by his next turn, combined over the
    opponents, and then lessened by the share of our next turn's rolls (6.2) that give the
    legion a way out to a free land (``friends``: our other legions' lands, ``enemies``:
    everyone else's, as they stand). A Titan that stays where a strong enemy can close in
    with nowhere to go is lost a turn later: the traps of issue 23 (seed 424242 game 20)."""
    terrain = variant.masterboard.land(land).terrain
    into = _sources(variant, land)
    best: dict[int, float] = {}
    for f in board.forces.values():
        if f.owner == owner or not board.alive[f.owner]:
            continue
        if f.land not in into and into.isdisjoint(_ends(variant, f.land)):
            continue
        p = _chance(variant, f.members, members, terrain)
        best[f.owner] = max(best.get(f.owner, 0.0), p)
    safe = 1.0
    for p in best.values():
        safe *= 1.0 - p
    if safe == 1.0:
        return 0.0
    free = sum(
        1
        for roll in range(1, MAX_ROLL + 1)
        if any(
            end not in enemies
            for end in masterboard_moves(variant, land, roll, friends=friends, enemies=enemies)
        )
    )
    return (1.0 - safe) * (1.0 - ESCAPE * free / MAX_ROLL)


@cache
def _sources(variant: Variant, land: int) -> frozenset[int]:
    """The lands from which a legion can enter ``land`` with some roll, on an empty board."""
    near = [x for x, d in land_distances(variant, land).items() if 0 < d <= MAX_ROLL]
    return frozenset(x for x in near if any(approaches(variant, x, land)))


@cache
def _ends(variant: Variant, land: int) -> frozenset[int]:
    """Where a legion on ``land`` can end a move with some roll, on an empty board."""
    return frozenset(
        end for roll in range(1, MAX_ROLL + 1) for end in masterboard_moves(variant, land, roll)
    )
