"""The mustering phase: recruits for the legions that moved (rule 18; Complete Sequence of
Play 2.6-2.7), and the one way any character is mustered (reinforcements too, 14)."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import Action, DoneMustering, Muster, Withdraw
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases import turn
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.muster import MAX_LEGION, Reveal, muster_options
from titan.engine.state import Legion


def recruits(ctx: Ctx, legion: Legion) -> dict[str, tuple[Reveal, ...]]:
    """What this legion may muster by the land it stands on (18.2-18.5), if it has room:
    ``{recruit: (reveal, ...)}``."""
    if len(legion.characters) >= MAX_LEGION:
        return {}  # 18.1
    return muster_options(
        ctx.variant,
        legion.land,
        legion.characters,
        caretaker=ctx.state.caretaker,
        titan_variant=ctx.state.options.titan_variant,
    )


def legion_musters(ctx: Ctx, legion: Legion) -> list[Muster]:
    """Every Muster of :func:`recruits`."""
    opts = recruits(ctx, legion)
    return [Muster(legion.marker, c, r) for c, reveals in opts.items() for r in reveals]


def may_muster(ctx: Ctx, legion: Legion, action: Muster) -> bool:
    """Is ``action`` one of :func:`legion_musters` (the legion being ``action.legion``'s)?
    Asked without listing them: ``act`` checks the one action it is given."""
    return action.reveal in recruits(ctx, legion).get(action.creature, ())


def _moved_unmustered(legion: Legion) -> bool:
    return legion.moved and not legion.mustered  # rule 18.1: only a legion that moved, once


def _choices(ctx: Ctx, legion: Legion) -> list[Muster]:
    return legion_musters(ctx, legion) if _moved_unmustered(legion) else []


def prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    opts: list[Action] = []
    for lg in sorted(state.player_legions(state.active), key=lambda x: x.marker):
        opts.extend(_choices(ctx, lg))
    opts += [DoneMustering(), Withdraw()]
    return Prompt(state.active, Decision.MUSTER, tuple(opts))


def check(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    if isinstance(action, Withdraw | DoneMustering):
        return
    if not isinstance(action, Muster):
        raise IllegalAction("18", "muster or end the turn")
    legion = state.legions.get(action.legion)
    if legion is None or legion.owner != state.active:
        raise IllegalAction("18", f"{action.legion} is not one of your legions")
    if not (_moved_unmustered(legion) and may_muster(ctx, legion, action)):
        raise IllegalAction("18", f"{legion.marker} cannot muster {action.creature} that way")


def apply(ctx: Ctx, action: Action) -> None:
    if isinstance(action, Withdraw):
        turn.withdraw(ctx)
    elif isinstance(action, DoneMustering):
        turn.end_turn(ctx)
    else:
        assert isinstance(action, Muster)
        do_muster(ctx, ctx.state.legions[action.legion], action)


def do_muster(ctx: Ctx, legion: Legion, action: Muster) -> None:
    """Add a mustered character, showing it and the qualifying ones to everyone (18.4)."""
    ctx.state.caretaker[action.creature] -= 1
    legion.characters = sorted([*legion.characters, action.creature])
    legion.mustered = True
    ctx.emit(ev.Mustered(legion.marker, action.creature, tuple(action.reveal), legion.land))
