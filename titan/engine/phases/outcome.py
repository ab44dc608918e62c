"""After an engagement is decided (rules 9.4, 9.5, 14, 15, 16, 17, 19; errata Complete
Sequence of Play 2.5.6.5-2.5.6.10): losses, the winner's summons, the defender's
reinforcement, points, earned lords, Titan elimination and the return of the slain."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from titan.engine import events as ev
from titan.engine.actions import Acquire, Action, Decline, Muster, Summon
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases import elimination, scoring, summoning
from titan.engine.phases.mustering import do_muster
from titan.engine.phases.reinforcement import reinforce_options
from titan.engine.phases.sides import legion_of, legion_or_none, marker_of, owner_of
from titan.engine.phases.turn import check_game_over, end_turn
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.model import SIDES, Side, other_side
from titan.engine.queries.muster import MAX_LEGION
from titan.engine.state import AfterStep, EngagementStep, How
from titan.variant import TITAN


def resolve(ctx: Ctx, how: How, losses: dict[Side, list[str]]) -> None:
    """Apply the losses of a decided engagement (public, errata 9.5), then carry on."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    for side, names in losses.items():
        legion = legion_or_none(state, side)
        if legion is None or not names:
            continue
        rest = Counter(legion.characters)
        rest.subtract(names)
        legion.characters = sorted(rest.elements())
        eng.slain[side] += names
        ctx.emit(ev.Losses(legion.marker, tuple(sorted(names))))
    record_outcome(ctx, how)


def concede(ctx: Ctx, side: Side) -> None:
    """Rule 9.4: the conceding legion is eliminated; the winner suffers no further losses."""
    eng = ctx.state.engagement
    assert eng is not None
    legion = legion_of(ctx.state, side)
    ctx.emit(ev.Conceded(side, legion.marker, eng.land))
    resolve(ctx, "concede", {side: list(legion.characters)})


def battle_over(ctx: Ctx) -> None:
    """A battle handed back its result (rules 10.5, 13.6, 19.3)."""
    eng = ctx.state.engagement
    assert eng is not None and eng.result is not None
    result, eng.result = eng.result, None
    eng.battle = None
    record_outcome(ctx, result.how, result.winner)


def record_outcome(ctx: Ctx, how: How, winner: Side | Literal["auto"] | None = "auto") -> None:
    """Record the outcome, drop eliminated legions (9.5) and continue. ``winner`` "auto": the
    side with characters left, if only one has any; a battle names it (a side whose Titan
    fell has lost even with characters left, 19.3)."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    survivors = [s for s in SIDES if (lg := legion_or_none(state, s)) and lg.characters]
    eng.how = how
    if winner == "auto":
        winner = survivors[0] if len(survivors) == 1 else None
    eng.winner = winner
    for side in SIDES:
        lg = legion_or_none(state, side)
        if lg is not None and not lg.characters:
            elimination.remove_legion(ctx, lg.marker, "destroyed")
    if how == "agreement" and eng.winner == "defender":
        eng.reinforce_right = True  # errata 2.5.5.1
    # In a battle the right is earned when the attacker ends his first maneuver phase
    # (14.2, errata 14.2); a concession before the battle never earns it.
    won = None if eng.winner is None else marker_of(eng, eng.winner)
    ctx.emit(ev.EngagementDecided(eng.land, how, won))
    eng.stage = AfterStep.SUMMON
    after(ctx)


def after(ctx: Ctx) -> None:
    """Errata Complete Sequence 2.5.6.5-2.5.6.10, one step at a time."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    if eng.stage == AfterStep.SUMMON:
        eng.stage = AfterStep.REINFORCE
        if (
            eng.winner == "attacker"
            and eng.summon_right
            and eng.how != "flee"
            and not eng.summoned
            and summoning.summon_options(ctx)
        ):
            eng.step = EngagementStep.SUMMON  # 15.2
            return
    if eng.stage == AfterStep.REINFORCE:
        eng.stage = AfterStep.SCORE
        if eng.winner == "defender" and eng.reinforce_right and reinforce_options(ctx):
            eng.step = EngagementStep.REINFORCE  # 14, 14.2
            return
    if eng.stage == AfterStep.SCORE:
        eng.stage = AfterStep.ACQUIRE
        _score(ctx)
    if eng.stage == AfterStep.ACQUIRE:
        while eng.acquisitions:
            legion = legion_or_none(state, eng.winner) if eng.winner else None
            if (
                legion is not None
                and len(legion.characters) < MAX_LEGION
                and scoring.acquisition_choices(ctx, eng.acquisitions[0])
            ):
                eng.step = EngagementStep.ACQUIRE
                return
            eng.acquisitions.pop(0)  # 17.1: no room or none left: it cannot be taken
        eng.stage = AfterStep.FINISH
        _finish(ctx)


def _score(ctx: Ctx) -> None:
    """Rules 9.5, 16.1, errata 10.5: full value for the loser's slain characters; half on
    flight (rounded down); nothing for mutual elimination or a time loss."""
    eng = ctx.state.engagement
    assert eng is not None
    if eng.winner is None or eng.how == "time_loss":
        return
    loser = other_side(eng.winner)
    value = scoring.value_of(ctx, eng.slain[loser], owner_of(eng, loser))
    if eng.how == "flee":
        value //= 2
    eng.acquisitions = scoring.add_points(
        ctx, owner_of(eng, eng.winner), value, f"engagement on {eng.land} ({eng.how})"
    )


def _finish(ctx: Ctx) -> None:
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    losers = [owner_of(eng, side) for side in SIDES if TITAN in eng.slain[side]]
    if losers:
        others = [owner_of(eng, s) for s in SIDES if owner_of(eng, s) not in losers]
        slayer = others[0] if len(losers) == 1 else None
        elimination.eliminate(ctx, losers, slayer)
    scoring.return_slain(ctx, eng.slain["attacker"] + eng.slain["defender"])
    mover_out = not state.players[state.active].alive
    state.engagement = None
    if check_game_over(ctx):
        return
    if mover_out:
        end_turn(ctx)


# --- the decisions after the outcome: summons, reinforcement, earned lords ----------------


def summon_prompt(ctx: Ctx) -> Prompt:
    eng = ctx.state.engagement
    assert eng is not None
    opts = (*summoning.summon_options(ctx), Decline())
    return Prompt(eng.attacker_owner, Decision.SUMMON, opts)


def check_summon(ctx: Ctx, action: Action) -> None:
    if isinstance(action, Summon):
        if action not in summoning.summon_options(ctx):
            raise IllegalAction("15", f"cannot summon {action.lord} from {action.donor}")
    elif not isinstance(action, Decline):
        raise IllegalAction("15", "summon an angel or decline")


def apply_summon(ctx: Ctx, action: Action) -> None:
    if isinstance(action, Summon):
        summoning.summon(ctx, action)
    after(ctx)


def reinforce_prompt(ctx: Ctx) -> Prompt:
    eng = ctx.state.engagement
    assert eng is not None
    return Prompt(eng.defender_owner, Decision.REINFORCE, (*reinforce_options(ctx), Decline()))


def check_reinforce(ctx: Ctx, action: Action) -> None:
    if isinstance(action, Muster):
        if action not in reinforce_options(ctx):
            raise IllegalAction("14", f"cannot muster {action.creature} as a reinforcement")
    elif not isinstance(action, Decline):
        raise IllegalAction("14", "muster a reinforcement or decline")


def apply_reinforce(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None
    if isinstance(action, Muster):
        do_muster(ctx, legion_of(ctx.state, "defender"), action)
        eng.reinforced = True
    after(ctx)


def acquire_prompt(ctx: Ctx) -> Prompt:
    eng = ctx.state.engagement
    assert eng is not None and eng.winner is not None
    kinds = scoring.acquisition_choices(ctx, eng.acquisitions[0])
    opts = (*(Acquire(k) for k in kinds), Decline())
    player = owner_of(eng, eng.winner)
    return Prompt(player, Decision.ACQUIRE, opts, points=eng.acquisitions[0] * 100)


def check_acquire(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None
    if isinstance(action, Acquire):
        if action.lord not in scoring.acquisition_choices(ctx, eng.acquisitions[0]):
            raise IllegalAction("17.3", f"no {action.lord} is due or available")
    elif not isinstance(action, Decline):
        raise IllegalAction("17", "take the earned lord or decline")


def apply_acquire(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None and eng.winner is not None
    multiple = eng.acquisitions.pop(0)
    if isinstance(action, Acquire):
        marker = legion_of(ctx.state, eng.winner).marker
        scoring.take_from_caretaker(ctx, marker, action.lord, multiple * 100)
    after(ctx)
