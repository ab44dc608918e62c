"""What the battle rules see of a battleland: which character stands on which hex.

The battle functions (maneuver, strike, rangestrike) are pure functions of a
:class:`~titan.variant.Battleland` and a :data:`Board`, so the engine, the AI and
``titan.rules`` share them.

:data:`Side` is defined here, the lowest module that needs it, for the whole engine: the game
state, the events, the views and the wire all name a side of an engagement with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from titan.variant import Character

Side = Literal["attacker", "defender"]
SIDES: tuple[Side, Side] = ("attacker", "defender")


def other_side(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


@dataclass(frozen=True, slots=True)
class Piece:
    """One character on the battleland."""

    character: Character
    side: Side
    power: int  # current power: the Titan's is 6 + score // 100 (19.1)
    hits: int = 0  # damage taken so far this battle (13.3)

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def skill(self) -> int:
        return self.character.skill

    @property
    def remaining(self) -> int:
        """Hits still needed to slay it (13.0)."""
        return self.power - self.hits

    def is_native(self, hazard: str) -> bool:
        return hazard in self.character.natives


Board = Mapping[str, Piece]  # hex label -> the character standing there
