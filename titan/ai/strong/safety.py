"""Our Titan's safety on the masterboard: the chance that its legion is attacked and beaten
before our next turn, counted more warily than the ``normal`` player counts it for any legion.

The ``normal`` player's threat model ignores attacks it judges unlikely to succeed; but a
Titan is worth the game to whoever slays it, so an opponent may well try its luck. Here every
attack with a fair chance counts (``WARY``), each enemy legion that can reach the land with
some roll (one roll serves all of a player's legions, 6.2) bringing its chance of winning
(the ``normal`` player's outlook), a Titan teleport too (8.2).
"""

from __future__ import annotations

from collections.abc import Sequence

from titan.ai.normal.estimate import BoardEstimate, Force, Member
from titan.ai.normal.outlook import battle_outlook
from titan.ai.normal.threats import TITAN_TELEPORT_SCORE, reach_rolls
from titan.engine.queries.movement import MAX_ROLL
from titan.variant import Variant

WARY = 0.15  # an attack this likely to win is one an opponent may try against a Titan


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
    before our next turn."""
    terrain = variant.masterboard.land(land).terrain
    survive = 1.0
    by_player: dict[int, list[Force]] = {}
    for f in board.forces.values():
        if f.owner != owner and board.alive[f.owner]:
            by_player.setdefault(f.owner, []).append(f)
    for player, forces in by_player.items():
        blockers = {
            f.land for f in board.forces.values() if f.owner != player and f.land != vacated
        }
        blockers.update(occupied)
        blockers.discard(land)
        best = [0.0] * (MAX_ROLL + 1)
        for f in forces:
            rolls = reach_rolls(variant, f.land, land, blockers)
            if rolls:
                p = _chance(variant, f.members, members, terrain)
                for r in rolls:
                    best[r] = max(best[r], p)
        if board.scores[player] >= TITAN_TELEPORT_SCORE:
            for f in forces:
                if f.titan_chance > 0:
                    p = f.titan_chance * _chance(variant, f.members, members, terrain)
                    best[MAX_ROLL] = max(best[MAX_ROLL], p)
        survive *= 1.0 - sum(best) / MAX_ROLL
    return 1.0 - survive


def _chance(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    p = battle_outlook(variant, attacker, defender, terrain).attacker_wins
    return p if p >= WARY else 0.0
