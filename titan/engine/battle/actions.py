"""Decisions taken on a battleland (rules 10-15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from titan.engine.actions import Action


@dataclass(frozen=True, slots=True)
class BattleMove(Action):
    """Move (or, from off the board, enter: ``frm`` None) one ``name`` to hex ``to`` (11)."""

    kind: ClassVar[str] = "battle_move"
    name: str
    frm: str | None
    to: str


@dataclass(frozen=True, slots=True)
class ResetManeuver(Action):
    """Errata 11.0: undo this maneuver phase's moves, until the first strike is rolled."""

    kind: ClassVar[str] = "reset_maneuver"


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Finish the maneuver phase, or the strikes of a strike phase."""

    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """Strike (12, 13) or rangestrike (``ranged``) from hex ``frm`` at ``target``, naming the
    strike number and dice of the chosen option (penalties declared before rolling, 13.4)."""

    kind: ClassVar[str] = "strike"
    frm: str
    target: str
    strike_number: int
    dice: int
    ranged: bool = False


@dataclass(frozen=True, slots=True)
class CarryOver(Action):
    """Errata 12.4: after the roll, where the excess damage goes, character by character."""

    kind: ClassVar[str] = "carry_over"
    to: tuple[str, ...]
