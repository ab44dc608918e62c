"""Strike and counterstrike phases (rules 12, 13, 13.1-13.6; errata 11.7, 12.0-12.4, 13.4,
13.5): strikes and rangestrikes with their declared penalties, the dice, and carry-over."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import Action, Concede
from titan.engine.battle.actions import CarryOver, EndPhase, Strike
from titan.engine.battle.state import BattleState, BattleStep, Fighter, PendingCarry
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases.battle import sequence
from titan.engine.phases.battle.field import battleland, board, engaged, fighter_at
from titan.engine.phases.sides import owner_of
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.carryover import carry_sequences
from titan.engine.queries.maneuver import in_contact
from titan.engine.queries.model import Board, Side, other_side
from titan.engine.queries.rangestrike import rangestrike_options, rangestrike_targets
from titan.engine.queries.strike import strike_options, strike_targets
from titan.variant import Battleland


def striking_side(b: BattleState) -> Side:
    return b.phasing if b.step == BattleStep.STRIKE else other_side(b.phasing)


def _fighter_strikes(
    ctx: Ctx, b: BattleState, land: Battleland, here: Board, f: Fighter
) -> list[Strike]:
    """Every strike and rangestrike ``f`` may make now, each with its legal options."""
    if f.gone or f.hex is None or f.struck or f.side != striking_side(b):
        return []
    out = [
        Strike(f.hex, target, o.strike_number, o.dice)
        for target in strike_targets(ctx.variant, land, here, f.hex)
        for o in strike_options(ctx.variant, land, here, f.hex, target)
    ]
    # 12.1: only the phasing side rangestrikes, and only out of contact.
    if f.side == b.phasing and b.step == BattleStep.STRIKE and not in_contact(land, here, f.hex):
        out += [
            Strike(f.hex, target, r.strike_number, r.dice, True)
            for target in rangestrike_targets(ctx.variant, land, here, f.hex)
            for r in rangestrike_options(ctx.variant, land, here, f.hex, target)
        ]
    return list(dict.fromkeys(out))


def _may_strike(ctx: Ctx, b: BattleState, f: Fighter, action: Strike) -> bool:
    """Is ``action`` one of :func:`_fighter_strikes` of ``f`` (the fighter on ``action.frm``)?
    Asked of its one target: listing every option of every target, rangestrikes most of all,
    would cost ``act`` far more than the one it checks."""
    if f.gone or f.hex is None or f.struck or f.side != striking_side(b):
        return False
    land, here = battleland(ctx, b), board(ctx, b)
    wanted = (action.strike_number, action.dice)
    if action.ranged:
        # 12.1: only the phasing side rangestrikes, and only out of contact; a target with
        # rangestrike options is one of rangestrike_targets.
        if f.side != b.phasing or b.step != BattleStep.STRIKE or in_contact(land, here, f.hex):
            return False
        ranged = rangestrike_options(ctx.variant, land, here, f.hex, action.target)
        return any((r.strike_number, r.dice) == wanted for r in ranged)
    if action.target not in strike_targets(ctx.variant, land, here, f.hex):
        return False
    options = strike_options(ctx.variant, land, here, f.hex, action.target)
    return any((o.strike_number, o.dice) == wanted for o in options)


def _required(ctx: Ctx, b: BattleState) -> list[Fighter]:
    """Rule 13: every character that began the phase in contact must strike, unless all the
    enemies in contact with it are already slain."""
    land = battleland(ctx, b)
    here = board(ctx, b)
    side = striking_side(b)
    return [
        f
        for f in b.fighters
        if f.side == side
        and not f.gone
        and f.hex is not None
        and f.in_contact
        and not f.struck
        and strike_targets(ctx.variant, land, here, f.hex)
    ]


def prompt(ctx: Ctx) -> Prompt:
    eng, b = engaged(ctx)
    land = battleland(ctx, b)
    here = board(ctx, b)
    opts: list[Action] = []
    for f in b.fighters:
        opts.extend(_fighter_strikes(ctx, b, land, here, f))
    if not _required(ctx, b):
        opts.append(EndPhase())
    opts.append(Concede())
    kind = Decision.STRIKE if b.step == BattleStep.STRIKE else Decision.COUNTERSTRIKE
    return Prompt(owner_of(eng, striking_side(b)), kind, tuple(opts))


def check(ctx: Ctx, action: Action) -> None:
    _, b = engaged(ctx)
    if isinstance(action, Concede):
        return
    if isinstance(action, EndPhase):
        if _required(ctx, b):
            raise IllegalAction("13", "every character in contact must strike first")
        return
    if not isinstance(action, Strike):
        raise IllegalAction("12, 13", "strike, rangestrike, finish or concede")
    striker = fighter_at(b, action.frm)
    if striker is None or not _may_strike(ctx, b, striker, action):
        rule = "12.1-12.6, errata 13.5" if action.ranged else "13, errata 11.7, 12.0, 12.2, 12.4"
        what = "rangestrike" if action.ranged else "strike"
        raise IllegalAction(rule, f"that {what} is not allowed")


def apply(ctx: Ctx, action: Action) -> None:
    _, b = engaged(ctx)
    if isinstance(action, Concede):
        b.conceding, b.step = striking_side(b), BattleStep.CONCESSION_OFFERED  # errata 9.4
    elif isinstance(action, EndPhase):
        if b.step == BattleStep.STRIKE:
            b.step = BattleStep.MAY_CONCEDE_BEFORE_COUNTER
        else:
            sequence.end_strike_phase(ctx, b)
    else:
        assert isinstance(action, Strike)
        _strike(ctx, b, action)


def _strike(ctx: Ctx, b: BattleState, action: Strike) -> None:
    striker = fighter_at(b, action.frm)
    target = fighter_at(b, action.target)
    assert striker is not None and target is not None
    carry = [] if action.ranged else _carry_targets(ctx, b, action)
    dice = ctx.roll_many(action.dice)
    hits = sum(1 for d in dice if d >= action.strike_number)
    b.rolled_this_phase = True
    striker.struck = True
    dealt = min(hits, target.power - target.hits)
    target.hits += dealt
    if target.hits >= target.power:
        target.slain = True
    ctx.emit(
        ev.Struck(
            striker.side,
            striker.name,
            action.frm,
            target.name,
            action.target,
            action.ranged,
            action.strike_number,
            tuple(dice),
            hits,
            dealt,
            target.slain,
        )
    )
    excess = hits - dealt
    carry = [h for h in carry if (c := fighter_at(b, h)) is not None and not c.slain]
    if excess > 0 and carry:  # 12.1: rangestrikes never carry over
        b.carry = PendingCarry(
            striker=b.fighters.index(striker),
            target=action.target,
            excess=excess,
            strike_number=action.strike_number,
            dice=action.dice,
            options=carry,
        )
        b.resume, b.step = b.step, BattleStep.CARRY


def _carry_targets(ctx: Ctx, b: BattleState, action: Strike) -> list[str]:
    land = battleland(ctx, b)
    here = board(ctx, b)
    for o in strike_options(ctx.variant, land, here, action.frm, action.target):
        if o.strike_number == action.strike_number and o.dice == action.dice:
            return sorted(o.carry_targets)
    return []


# --- carry-over (13.4, errata 12.4) ---------------------------------------------------------


def _carry_options(b: BattleState) -> list[CarryOver]:
    """13.4, errata 12.4: see :func:`carry_sequences`."""
    assert b.carry is not None
    left = {}
    for h in b.carry.options:
        f = fighter_at(b, h)
        left[h] = 0 if f is None else max(0, f.power - f.hits)
    return [CarryOver(seq) for seq in carry_sequences(left, b.carry.excess)]


def carry_prompt(ctx: Ctx) -> Prompt:
    eng, b = engaged(ctx)
    assert b.carry is not None
    striker = b.fighters[b.carry.striker]
    opts = tuple(_carry_options(b))
    return Prompt(owner_of(eng, striker.side), Decision.CARRY_OVER, opts)


def check_carry(ctx: Ctx, action: Action) -> None:
    _, b = engaged(ctx)
    if not isinstance(action, CarryOver) or action not in _carry_options(b):
        raise IllegalAction("13.4, errata 12.4", "that carry-over allocation is not allowed")


def apply_carry(ctx: Ctx, action: Action) -> None:
    _, b = engaged(ctx)
    assert b.carry is not None and isinstance(action, CarryOver)
    excess = b.carry.excess
    for h in action.to:
        f = fighter_at(b, h)
        assert f is not None
        dealt = min(excess, f.power - f.hits)
        f.hits += dealt
        excess -= dealt
        if f.hits >= f.power:
            f.slain = True
        ctx.emit(ev.CarriedOver(f.name, h, dealt, f.slain))
    b.carry = None
    b.step = b.resume or BattleStep.STRIKE
    b.resume = None
