"""The maneuver phase (rules 10.1, 10.2, 11, 14, 15; errata 11.0): entering, moving,
deploying in the tower, undoing the phase's moves, reinforcements and summoned lords."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import Action, Concede, Muster, Summon
from titan.engine.battle.actions import BattleMove, EndPhase, ResetManeuver
from titan.engine.battle.state import BattleState, BattleStep, Fighter
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases import reinforcement, summoning
from titan.engine.phases.battle import sequence
from titan.engine.phases.battle.field import battleland, board, engaged, piece, power
from titan.engine.phases.mustering import do_muster
from titan.engine.phases.sides import owner_of
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.maneuver import deploy, reach


def _entry_hexes(ctx: Ctx, b: BattleState, f: Fighter) -> tuple[str, ...]:
    """10.1, 10.2, 14, 15.1: the attacker's side, the defender's opposite side; in the tower
    the defender deploys inside the walls and reinforces from the name side."""
    e = ctx.variant.entry
    tower = battleland(ctx, b).tower
    if f.side == "attacker":
        return e.tower_attacker if tower else e.attacker[b.entry_side]
    if tower:
        return e.tower_reinforcement if f.newcomer else e.tower_defender_deploys
    return e.defender[b.entry_side]


def destinations(ctx: Ctx, b: BattleState, f: Fighter) -> frozenset[str]:
    land = battleland(ctx, b)
    others = board(ctx, b, skip=f)
    if f.hex is None:
        hexes = _entry_hexes(ctx, b, f)
        if land.tower and f.side == "defender" and not f.newcomer:
            return deploy(land, others, hexes)  # 10.2: deployed in lieu of maneuvering
        return reach(ctx.variant, land, others, piece(ctx, f), None, entry=hexes)
    return reach(ctx.variant, land, others, piece(ctx, f), f.hex)


def _may_move(b: BattleState, f: Fighter) -> bool:
    if f.gone or f.moved or f.side != b.phasing:
        return False
    if f.hex is None:
        return (b.turn == 1 and not f.entered) or f.newcomer is not None
    return True


def _mover(b: BattleState, action: BattleMove) -> int | None:
    """The index of the fighter that ``action`` moves (the first that fits), if any. An index,
    for the undo list; not ``fighters.index``, whose dataclass comparisons cost ``act`` more."""
    for i, f in enumerate(b.fighters):
        if f.name == action.name and f.hex == action.frm and _may_move(b, f):
            return i
    return None


def prompt(ctx: Ctx) -> Prompt:
    eng, b = engaged(ctx)
    opts: list[Action] = []
    seen: set[tuple[str, str | None]] = set()
    for f in b.fighters:
        if not _may_move(b, f) or (f.name, f.hex) in seen:
            continue
        seen.add((f.name, f.hex))
        opts.extend(BattleMove(f.name, f.hex, to) for to in sorted(destinations(ctx, b, f)))
    if b.reinforce_window:
        opts.extend(reinforcement.reinforce_options(ctx))
    if b.summon_window:
        opts.extend(summoning.summon_options(ctx))
    if b.undo and not b.rolled_this_phase:
        opts.append(ResetManeuver())
    opts += [EndPhase(), Concede()]
    player = owner_of(eng, b.phasing)
    return Prompt(player, Decision.MANEUVER, tuple(opts), battle_turn=b.turn)


def check(ctx: Ctx, action: Action) -> None:
    _, b = engaged(ctx)
    if isinstance(action, BattleMove):
        i = _mover(b, action)
        if i is None:
            raise IllegalAction("11", f"no {action.name} of yours can move from {action.frm}")
        if action.to not in destinations(ctx, b, b.fighters[i]):
            raise IllegalAction("11.1-11.6", f"{action.name} cannot reach {action.to}")
    elif isinstance(action, ResetManeuver):
        if not b.undo or b.rolled_this_phase:
            raise IllegalAction("errata 11.0", "nothing to undo")
    elif isinstance(action, Muster):
        if not b.reinforce_window or action not in reinforcement.reinforce_options(ctx):
            raise IllegalAction("14", "no reinforcement can be mustered now")
    elif isinstance(action, Summon):
        if not b.summon_window or action not in summoning.summon_options(ctx):
            raise IllegalAction("15", "no angel can be summoned now")
    elif not isinstance(action, EndPhase | Concede):
        raise IllegalAction("11", "move a character, end the maneuver phase or concede")


def apply(ctx: Ctx, action: Action) -> None:
    eng, b = engaged(ctx)
    if isinstance(action, BattleMove):
        i = _mover(b, action)
        assert i is not None
        f = b.fighters[i]
        b.undo.append((i, f.hex, f.entered))
        frm = f.hex
        f.hex, f.moved, f.entered = action.to, True, True
        ctx.emit(ev.BattleMoved(f.side, f.name, frm, action.to))
    elif isinstance(action, ResetManeuver):
        for idx, hex_, entered in reversed(b.undo):
            f = b.fighters[idx]
            f.hex, f.entered, f.moved = hex_, entered, False
        b.undo = []
        ctx.emit(ev.ManeuverReset(b.phasing))
    elif isinstance(action, Muster):
        do_muster(ctx, ctx.state.legions[eng.defender], action)
        eng.reinforced = True
        b.reinforce_window = False
        strength = power(ctx, action.creature, eng.defender_owner)
        b.fighters.append(
            Fighter(name=action.creature, side="defender", newcomer="reinforcement", power=strength)
        )
    elif isinstance(action, Summon):
        donor_land = ctx.state.legions[action.donor].land
        summoning.summon(ctx, action)
        b.summon_window = False
        strength = power(ctx, action.lord, eng.attacker_owner)
        b.fighters.append(
            Fighter(
                name=action.lord,
                side="attacker",
                newcomer="summoned",
                power=strength,
                donor=action.donor,
                donor_land=donor_land,
            )
        )
    elif isinstance(action, EndPhase):
        sequence.end_maneuver(ctx, b)
    else:
        assert isinstance(action, Concede)
        b.conceding, b.step = b.phasing, BattleStep.CONCESSION_OFFERED  # errata 9.4, 10.0
