"""The two sides of an engagement: which legion and which player each one is."""

from __future__ import annotations

from typing import Literal

from titan.engine.state import Engagement, GameState, Legion

Side = Literal["attacker", "defender"]
SIDES: tuple[Side, Side] = ("attacker", "defender")


def other(side: str) -> Side:
    return "defender" if side == "attacker" else "attacker"


def as_side(side: str) -> Side:
    return "attacker" if side == "attacker" else "defender"


def marker_of(eng: Engagement, side: str) -> str:
    return eng.attacker if side == "attacker" else eng.defender


def owner_of(eng: Engagement, side: str) -> int:
    return eng.attacker_owner if side == "attacker" else eng.defender_owner


def legion_or_none(state: GameState, side: str) -> Legion | None:
    """The side's legion, or None once it has been eliminated."""
    eng = state.engagement
    assert eng is not None
    return state.legions.get(marker_of(eng, side))


def legion_of(state: GameState, side: str) -> Legion:
    legion = legion_or_none(state, side)
    assert legion is not None, f"the {side} has no legion"
    return legion
