"""Reinforcing the defender (rule 14, 14.1, 14.2; errata 2.5.5.1, 14.2): what it may muster,
and the return of a reinforcement that never entered."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import Muster
from titan.engine.context import Ctx
from titan.engine.phases.mustering import legion_musters


def reinforce_options(ctx: Ctx) -> list[Muster]:
    """Rule 14, 14.1: a defender with room mustering as the land allows (18); once."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    legion = state.legions.get(eng.defender)
    if legion is None or eng.reinforced:
        return []
    return legion_musters(ctx, legion)


def return_reinforcement(ctx: Ctx, creature: str) -> None:
    """Errata 14.1: a reinforcement that did not enter goes back to the caretaker."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    legion = state.legions[eng.defender]
    legion.characters.remove(creature)
    state.caretaker[creature] += 1
    eng.reinforced = False
    ctx.emit(ev.ReinforcementReturned(legion.marker, creature))
