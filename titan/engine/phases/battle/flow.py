"""The battle's decision points, exactly in the order of the errata's Complete Sequence of
Play 2.5.6 (rules 10-15): concessions before the battle, alternating battle turns (defender
first, 10.3), maneuvers, concessions offered and accepted (errata 9.4), drift, strikes and
counterstrikes, carry-over, and the end-of-battle concession. :data:`STEPS` maps each
:class:`BattleStep` to its handler."""

from __future__ import annotations

from collections.abc import Callable

from titan.engine.actions import Action, Concede, Decline
from titan.engine.battle.state import BattleState, BattleStep
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.handler import Handler
from titan.engine.phases.battle import maneuvering, sequence, striking
from titan.engine.phases.battle.field import engaged
from titan.engine.phases.sides import owner_of
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.model import Side, other_side
from titan.engine.state import GameState

start = sequence.start


def _battle(state: GameState) -> BattleState:
    eng = state.engagement
    assert eng is not None and eng.battle is not None
    return eng.battle


def _carrier(b: BattleState) -> Side:
    assert b.carry is not None
    return b.fighters[b.carry.striker].side


def _offered_to(b: BattleState) -> Side:
    assert b.conceding is not None
    return other_side(b.conceding)


# Which side answers each step's question. A table rather than a chain of comparisons: the
# decider is asked before every action, and on Python 3.11 each ``BattleStep.X`` costs a
# lookup through EnumType.__getattr__.
_DECIDING: dict[BattleStep, Callable[[BattleState], Side]] = {
    BattleStep.ATTACKER_MAY_CONCEDE: lambda b: "attacker",
    BattleStep.DEFENDER_MAY_CONCEDE: lambda b: "defender",
    BattleStep.DRIFT_CONCEDE: lambda b: other_side(b.phasing),
    BattleStep.MAY_CONCEDE_BEFORE_COUNTER: lambda b: other_side(b.phasing),
    BattleStep.CONCESSION_OFFERED: _offered_to,
    BattleStep.STRIKE: striking.striking_side,
    BattleStep.COUNTERSTRIKE: striking.striking_side,
    BattleStep.CARRY: _carrier,
    BattleStep.MANEUVER: lambda b: b.phasing,
    BattleStep.ENDING_CONCEDE: lambda b: b.phasing,
}


def _side_deciding(b: BattleState) -> Side:
    """Which side answers the battle's current question."""
    return _DECIDING[b.step](b)


def decider(state: GameState) -> int:
    eng = state.engagement
    assert eng is not None
    return owner_of(eng, _side_deciding(_battle(state)))


def _concession_prompt(ctx: Ctx) -> Prompt:
    eng, b = engaged(ctx)
    player = owner_of(eng, _side_deciding(b))
    if b.step == BattleStep.CONCESSION_OFFERED:
        return Prompt(player, Decision.CONCESSION_OFFERED, (Decline(), Concede()))
    return Prompt(player, Decision.BATTLE_MAY_CONCEDE, (Concede(), Decline()))


_RULE = {
    BattleStep.ATTACKER_MAY_CONCEDE: ("errata 2.5.6.2", "concede or let the battle begin"),
    BattleStep.DEFENDER_MAY_CONCEDE: ("errata 2.5.6.3", "concede or let the battle begin"),
    BattleStep.CONCESSION_OFFERED: ("errata 9.4", "accept the concession or concede instead"),
    BattleStep.DRIFT_CONCEDE: ("errata 9.4, 11.7", "concede before drift damage or decline"),
    BattleStep.MAY_CONCEDE_BEFORE_COUNTER: ("errata 2.5.6.4.1.5", "concede or counterstrike"),
    BattleStep.ENDING_CONCEDE: ("errata 2.5.6.4.1.8.1", "concede or let the battle end"),
}


def _check_concession(ctx: Ctx, action: Action) -> None:
    _, b = engaged(ctx)
    if not isinstance(action, Concede | Decline):
        raise IllegalAction(*_RULE[b.step])


def _apply_concession(ctx: Ctx, action: Action) -> None:
    """Each concession point's two answers (errata 2.5.6.2-2.5.6.4, 9.4, 10.5)."""
    _, b = engaged(ctx)
    conceding = isinstance(action, Concede)
    deciding = _side_deciding(b)
    step = b.step
    if conceding:
        sequence.finish(ctx, conceder=deciding)  # conceding instead, when one was offered
    elif step == BattleStep.ATTACKER_MAY_CONCEDE:
        b.step = BattleStep.DEFENDER_MAY_CONCEDE
    elif step == BattleStep.DEFENDER_MAY_CONCEDE:
        sequence.begin_maneuver(ctx, b)
    elif step == BattleStep.CONCESSION_OFFERED:
        assert b.conceding is not None
        sequence.finish(ctx, conceder=b.conceding)
    elif step == BattleStep.DRIFT_CONCEDE:
        sequence.begin_strike(ctx, b)
    elif step == BattleStep.MAY_CONCEDE_BEFORE_COUNTER:
        b.step = BattleStep.COUNTERSTRIKE
    else:
        assert step == BattleStep.ENDING_CONCEDE
        sequence.finish(ctx)


_CONCESSION = Handler(decider, _concession_prompt, _check_concession, _apply_concession)
_STRIKE = Handler(decider, striking.prompt, striking.check, striking.apply)

STEPS: dict[BattleStep, Handler] = {
    BattleStep.ATTACKER_MAY_CONCEDE: _CONCESSION,
    BattleStep.DEFENDER_MAY_CONCEDE: _CONCESSION,
    BattleStep.CONCESSION_OFFERED: _CONCESSION,
    BattleStep.DRIFT_CONCEDE: _CONCESSION,
    BattleStep.MAY_CONCEDE_BEFORE_COUNTER: _CONCESSION,
    BattleStep.ENDING_CONCEDE: _CONCESSION,
    BattleStep.MANEUVER: Handler(decider, maneuvering.prompt, maneuvering.check, maneuvering.apply),
    BattleStep.STRIKE: _STRIKE,
    BattleStep.COUNTERSTRIKE: _STRIKE,
    BattleStep.CARRY: Handler(
        decider, striking.carry_prompt, striking.check_carry, striking.apply_carry
    ),
}
