"""The state machine in one table: for every decision point of the Complete Sequence of
Play, the handler that says who decides, asks, checks and applies (see :class:`Handler`).

A decision point is a phase, refined inside engagements by the engagement's step and inside
battles by the battle's step. Steps with no decision in them (an engagement phase with
nothing left, a finished battle, an over-full legion) are taken by :func:`advance`.
"""

from __future__ import annotations

from enum import StrEnum

from titan.engine.actions import Action
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.handler import Handler
from titan.engine.phases import (
    commencement,
    engagement,
    movement_phase,
    mustering,
    outcome,
    overflow,
    setup,
    turn,
)
from titan.engine.phases.battle import flow as battle
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.muster import MAX_LEGION
from titan.engine.state import EngagementStep, GameState, Phase

Point = tuple[Phase, StrEnum | None]


def _active(state: GameState) -> int:
    return state.active


def _defender(state: GameState) -> int:
    assert state.engagement is not None
    return state.engagement.defender_owner


def _attacker(state: GameState) -> int:
    assert state.engagement is not None
    return state.engagement.attacker_owner


def _negotiator(state: GameState) -> int:
    eng = state.engagement
    assert eng is not None and eng.negotiation is not None
    return eng.attacker_owner if eng.negotiation.turn == "attacker" else eng.defender_owner


def _winner(state: GameState) -> int:
    eng = state.engagement
    assert eng is not None
    return eng.attacker_owner if eng.winner == "attacker" else eng.defender_owner


def _over_prompt(ctx: Ctx) -> Prompt:
    return Prompt(-1, Decision.GAME_OVER)


def _over_check(ctx: Ctx, action: Action) -> None:
    raise IllegalAction("errata 19.0", "the game is over")


def _apply_colour(ctx: Ctx, action: Action) -> None:
    if setup.apply_colour(ctx, action):
        setup.deal(ctx)
        if not turn.check_game_over(ctx):
            ctx.state.active = ctx.state.order[0]
            turn.begin_turn(ctx)


TABLE: dict[Point, Handler] = {
    (Phase.COLOUR, None): Handler(_active, setup.colour_prompt, setup.check_colour, _apply_colour),
    (Phase.SPLIT, None): Handler(
        _active, commencement.prompt, commencement.check, commencement.apply
    ),
    (Phase.MOVE, None): Handler(
        _active, movement_phase.prompt, movement_phase.check, movement_phase.apply
    ),
    (Phase.RECOMBINE, None): Handler(
        _active,
        movement_phase.recombine_prompt,
        movement_phase.check_recombine,
        movement_phase.apply_recombine,
    ),
    (Phase.ENGAGE, EngagementStep.CHOOSE): Handler(
        _active, engagement.choose_prompt, engagement.check_choose, engagement.apply_choose
    ),
    (Phase.ENGAGE, EngagementStep.FLEE): Handler(
        _defender, engagement.flee_prompt, engagement.check_flee, engagement.apply_flee
    ),
    (Phase.ENGAGE, EngagementStep.NEGOTIATE): Handler(
        _negotiator,
        engagement.negotiate_prompt,
        engagement.check_negotiate,
        engagement.apply_negotiate,
    ),
    (Phase.ENGAGE, EngagementStep.SUMMON): Handler(
        _attacker, outcome.summon_prompt, outcome.check_summon, outcome.apply_summon
    ),
    (Phase.ENGAGE, EngagementStep.REINFORCE): Handler(
        _defender, outcome.reinforce_prompt, outcome.check_reinforce, outcome.apply_reinforce
    ),
    (Phase.ENGAGE, EngagementStep.ACQUIRE): Handler(
        _winner, outcome.acquire_prompt, outcome.check_acquire, outcome.apply_acquire
    ),
    (Phase.MUSTER, None): Handler(_active, mustering.prompt, mustering.check, mustering.apply),
    (Phase.OVER, None): Handler(lambda state: -1, _over_prompt, _over_check, _over_check),
}
TABLE.update({(Phase.ENGAGE, step): h for step, h in battle.STEPS.items()})

# Enum members read once: on Python 3.11 ``Phase.ENGAGE`` goes through EnumType.__getattr__
# (about 0.2 us, ten times a global's cost), and point and advance run for every action.
_ENGAGE, _CHOOSE, _BATTLE = Phase.ENGAGE, EngagementStep.CHOOSE, EngagementStep.BATTLE
_MUSTER = Phase.MUSTER


def point(state: GameState) -> Point:
    """The decision point the game is at."""
    if state.phase != _ENGAGE:
        return (state.phase, None)
    eng = state.engagement
    if eng is None:
        return (_ENGAGE, _CHOOSE)
    if eng.step == _BATTLE:
        assert eng.battle is not None
        return (_ENGAGE, eng.battle.step)
    return (_ENGAGE, eng.step)


def handler(state: GameState) -> Handler:
    return TABLE[point(state)]


def advance(ctx: Ctx) -> None:
    """Steps with no decision in them: a finished battle hands its result to the
    engagement; an engagement phase with nothing left to resolve leads to enlistment
    (Complete Sequence 2.5 -> 2.6); an over-full legion is trimmed (4.1)."""
    state = ctx.state
    eng = state.engagement
    if eng is not None and eng.result is not None:
        outcome.battle_over(ctx)
    idle = state.phase == _ENGAGE and state.engagement is None
    if idle and not engagement.engagement_lands(ctx):
        state.phase = _MUSTER
    # 4.1: "if at any time a legion is found" over seven (the starting eight excepted). One
    # comprehension first: this runs after every action, and almost always finds nobody.
    for legion in [lg for lg in state.legions.values() if len(lg.characters) > MAX_LEGION]:
        if state.players[legion.owner].turns_taken > 0:
            overflow.trim(ctx, legion)
