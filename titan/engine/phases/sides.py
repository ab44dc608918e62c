"""The two sides of an engagement: which legion and which player each one is."""

from __future__ import annotations

from titan.engine.queries.model import Side
from titan.engine.state import Engagement, GameState, Legion


def marker_of(eng: Engagement, side: Side) -> str:
    return eng.attacker if side == "attacker" else eng.defender


def owner_of(eng: Engagement, side: Side) -> int:
    return eng.attacker_owner if side == "attacker" else eng.defender_owner


def legion_or_none(state: GameState, side: Side) -> Legion | None:
    """The side's legion, or None once it has been eliminated."""
    eng = state.engagement
    assert eng is not None
    return state.legions.get(marker_of(eng, side))


def legion_of(state: GameState, side: Side) -> Legion:
    legion = legion_or_none(state, side)
    assert legion is not None, f"the {side} has no legion"
    return legion
