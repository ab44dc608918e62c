"""The battle's own sequence (rules 10-15; errata Complete Sequence of Play 2.5.6): setting
up, the start and end of each maneuver and strike phase, drift damage, removing the slain,
and the end of the battle, whose result goes back to the engagement as data
(``Engagement.result``) so that the battle never calls the engagement code."""

from __future__ import annotations

from collections.abc import Sequence

from titan.engine import events as ev
from titan.engine.battle.state import BattleHow, BattleState, BattleStep, Fighter
from titan.engine.context import Ctx
from titan.engine.phases import reinforcement, summoning
from titan.engine.phases.battle.field import battleland, board, engaged, power
from titan.engine.phases.sides import marker_of, owner_of
from titan.engine.queries.maneuver import in_contact
from titan.engine.queries.model import SIDES, Side, other_side
from titan.engine.state import BattleResult
from titan.variant import TITAN

LAST_TURN = 7  # rule 10.5


def start(ctx: Ctx) -> None:
    """Rule 10, 10.1, 10.2, 10.4: the battleland of the land's terrain, the attacker on the
    side he entered by (in a tower always the bottom)."""
    eng = ctx.state.engagement
    assert eng is not None
    land = ctx.variant.masterboard.land(eng.land)
    attacker = ctx.state.legions[eng.attacker]
    side = "bottom" if land.is_tower else (attacker.entry_side or "bottom")
    b = BattleState(land=eng.land, terrain=land.terrain, entry_side=side)
    for s in SIDES:
        owner = owner_of(eng, s)
        for name in ctx.state.legions[marker_of(eng, s)].characters:
            b.fighters.append(Fighter(name=name, side=s, power=power(ctx, name, owner)))
    eng.battle = b
    ctx.emit(ev.BattleStarted(eng.land, land.terrain, side))


def begin_maneuver(ctx: Ctx, b: BattleState) -> None:
    eng, _ = engaged(ctx)
    b.step = BattleStep.MANEUVER
    b.undo = []
    b.rolled_this_phase = False
    for f in b.fighters:
        f.moved = False
    # 15, 15.3, errata 10.1: the attacker's first maneuver phase after a defender who had
    # entered was slain; only once per battle.
    b.summon_window = (
        b.phasing == "attacker" and b.summon_trigger and not b.summon_spent and not eng.summoned
    )
    if b.summon_window:
        b.summon_spent = True
    # 14: the defender's fourth maneuver phase, once the attacker has committed (14.2).
    b.reinforce_window = (
        b.phasing == "defender" and b.turn == 4 and eng.reinforce_right and not eng.reinforced
    )
    ctx.emit(ev.BattlePhase(b.turn, b.phasing, "maneuver"))


def end_maneuver(ctx: Ctx, b: BattleState) -> None:
    eng, _ = engaged(ctx)
    for f in list(b.fighters):
        if f.newcomer and f.hex is None and not f.gone:
            _send_back(ctx, b, f)  # errata 10.1, 14.1, 15.1: it never came
        elif f.newcomer:
            f.newcomer = None
    if b.turn == 1:
        left_off = [f for f in b.fighters if f.side == b.phasing and not f.entered and not f.gone]
        for f in left_off:  # 10.1, errata 10.1: left off means slain
            f.slain = True
        if left_off:
            ctx.emit(ev.LeftOff(b.phasing, tuple(f.name for f in left_off)))
            remove_slain(ctx, b, left_off)
    if b.phasing == "attacker" and b.turn == 1:
        b.attacker_committed = True
        eng.reinforce_right = True  # errata 2.5.6.4.2.1, 14.2
    b.summon_window = b.reinforce_window = False
    b.undo = []
    drifting = drift_victims(ctx, b)
    if drifting and any(f.hits + 1 >= f.power for f in drifting):
        b.step = BattleStep.DRIFT_CONCEDE  # errata 9.4/11.7
    else:
        begin_strike(ctx, b)


def _send_back(ctx: Ctx, b: BattleState, f: Fighter) -> None:
    b.fighters.remove(f)
    if f.newcomer == "reinforcement":
        reinforcement.return_reinforcement(ctx, f.name)
    else:
        assert f.donor is not None and f.donor_land is not None
        summoning.return_summons(ctx, f.name, f.donor, f.donor_land)


def drift_victims(ctx: Ctx, b: BattleState) -> list[Fighter]:
    """Hazard chart DRIFT: a non-native loses one hit at the start of each strike phase it
    spends in drift (docs/rules-decisions.md: the phasing player's characters)."""
    land = battleland(ctx, b)
    return [
        f
        for f in b.fighters
        if f.side == b.phasing
        and not f.gone
        and f.hex is not None
        and land.hex(f.hex).terrain == "drift"
        and "drift" not in ctx.variant.characters[f.name].natives
    ]


def begin_strike(ctx: Ctx, b: BattleState) -> None:
    """Drift damage, then the strike phase: who is in contact now must strike (13)."""
    for f in drift_victims(ctx, b):
        f.hits = min(f.power, f.hits + 1)
        if f.hits >= f.power:
            f.slain = True  # it may still strike (hazard chart)
        assert f.hex is not None
        ctx.emit(ev.DriftDamage(f.side, f.name, f.hex, f.hits))
    land = battleland(ctx, b)
    here = board(ctx, b)
    for f in b.fighters:
        f.struck = False
        f.in_contact = f.hex is not None and not f.gone and in_contact(land, here, f.hex)
    b.step = BattleStep.STRIKE


def remove_slain(ctx: Ctx, b: BattleState, slain: Sequence[Fighter]) -> None:
    """13.6: the slain leave the battleland at the end of the strike phase."""
    eng, _ = engaged(ctx)
    for f in slain:
        legion = ctx.state.legions[marker_of(eng, f.side)]
        legion.characters.remove(f.name)
        eng.slain[f.side].append(f.name)
        if f.side == "defender" and f.entered:
            b.summon_trigger = True  # 15, errata 10.1: a defender who entered was slain
        f.gone = True
        f.hex = None
        ctx.emit(ev.Slain(f.side, f.name, legion.marker))


def end_strike_phase(ctx: Ctx, b: BattleState) -> None:
    remove_slain(ctx, b, [f for f in b.fighters if f.slain and not f.gone])
    # Errata 2.5.6.4.x.8: the battle ends when a side is eliminated or a Titan is slain, or
    # after the attacker's seventh turn (time loss, 10.5).
    eng, _ = engaged(ctx)
    titan_slain = any(TITAN in eng.slain[s] for s in SIDES)
    wiped = any(not b.alive(s) for s in SIDES)
    if titan_slain or wiped:
        b.ending = True
    elif b.phasing == "attacker" and b.turn >= LAST_TURN:
        b.ending = b.time_loss = True
    if b.ending:
        b.step = BattleStep.ENDING_CONCEDE
        return
    if b.phasing == "defender":
        b.phasing = "attacker"
    else:
        b.phasing = "defender"
        b.turn += 1
    begin_maneuver(ctx, b)


def finish(ctx: Ctx, conceder: Side | None = None) -> None:
    """End the battle: the outcome, then healing (13.3); the engagement takes it from there."""
    eng, b = engaged(ctx)
    dead_titan = {s for s in SIDES if TITAN in eng.slain[s]}
    winner: Side | None
    how: BattleHow
    if conceder is not None:
        rival = other_side(conceder)
        remove_slain(ctx, b, [f for f in b.fighters if f.side == conceder and not f.gone])
        # Errata 9.4/9.5: conceding to a side already wiped out or Titan-less is mutual.
        winner = None if (rival in dead_titan or not b.alive(rival)) else rival
        how = "concede"
    elif b.time_loss:
        remove_slain(ctx, b, [f for f in b.fighters if f.side == "attacker" and not f.gone])
        winner, how = "defender", "time_loss"  # 10.5
    else:
        losers = {s for s in SIDES if s in dead_titan or not b.alive(s)}
        rest = [s for s in SIDES if s not in losers]
        winner = rest[0] if len(rest) == 1 else None
        how = "battle"
    for f in b.fighters:
        f.hits = 0  # 13.3: survivors are healed
    ctx.emit(ev.BattleEnded(how, winner, b.turn))
    eng.result = BattleResult(how=how, winner=winner)
