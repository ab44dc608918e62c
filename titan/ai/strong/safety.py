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

from titan.ai.normal.estimate import BoardEstimate, Member
from titan.ai.normal.outlook import battle_outlook
from titan.ai.normal.threats import loss_chance
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
    before our next turn: the ``normal`` player's count, with every fair attack in it."""
    return loss_chance(variant, board, members, owner, land, vacated, occupied, _chance)


def _chance(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    p = battle_outlook(variant, attacker, defender, terrain).attacker_wins
    return p if p >= WARY else 0.0
