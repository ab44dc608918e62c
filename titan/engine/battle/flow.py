"""The battle as a sequence of decisions, exactly in the order of the errata's Complete
Sequence of Play 2.5.6 (rules 10-15): concessions before the battle, alternating battle turns
(defender first, 10.3), maneuver with undo (errata 11.0), drift damage, strikes and
rangestrikes with carry-over, counterstrikes, removal of the slain, the end-of-battle checks,
reinforcement (14), summoning (15) and time loss (10.5)."""

from __future__ import annotations

from collections.abc import Sequence

from titan.engine import engagement, knowledge
from titan.engine.actions import Action, Concede, Decline, Muster, Summon
from titan.engine.battle.actions import BattleMove, CarryOver, EndPhase, ResetManeuver, Strike
from titan.engine.battle.carryover import carry_sequences
from titan.engine.battle.maneuver import deploy, in_contact, reach
from titan.engine.battle.model import Piece, Side
from titan.engine.battle.rangestrike import rangestrike_options, rangestrike_targets
from titan.engine.battle.state import BattleState, Fighter, PendingCarry
from titan.engine.battle.strike import strike_options, strike_targets
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.prompts import Prompt
from titan.engine.state import Engagement, Legion
from titan.engine.turn import do_muster
from titan.variant import TITAN, Battleland, titan_power

LAST_TURN = 7  # rule 10.5


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def _eng(ctx: Ctx) -> tuple[Engagement, BattleState]:
    eng = ctx.state.engagement
    assert eng is not None and isinstance(eng.battle, BattleState)
    return eng, eng.battle


def _land(ctx: Ctx, b: BattleState) -> Battleland:
    return ctx.variant.battlelands[b.terrain]


def _power(ctx: Ctx, name: str, owner: int) -> int:
    if name == TITAN:
        return titan_power(ctx.state.players[owner].score)  # 19.1
    return ctx.variant.characters[name].power


# --- setting up -------------------------------------------------------------------------------


def start(ctx: Ctx) -> None:
    """Rule 10, 10.1, 10.2, 10.4: the battleland of the land's terrain, the attacker on the
    side he entered by (in a tower always the bottom)."""
    eng = ctx.state.engagement
    assert eng is not None
    land = ctx.variant.masterboard.land(eng.land)
    attacker = ctx.state.legions[eng.attacker]
    side = "bottom" if land.is_tower else (attacker.entry_side or "bottom")
    b = BattleState(land=eng.land, terrain=land.terrain, entry_side=side)
    for s, marker, owner in (
        ("attacker", eng.attacker, eng.attacker_owner),
        ("defender", eng.defender, eng.defender_owner),
    ):
        for name in ctx.state.legions[marker].characters:
            b.fighters.append(Fighter(name, s, power=_power(ctx, name, owner)))
    eng.battle = b
    ctx.emit("battle_started", land=eng.land, terrain=land.terrain, side=side)


def board(b: BattleState, ctx: Ctx, skip: Fighter | None = None) -> dict[str, Piece]:
    out: dict[str, Piece] = {}
    for f in b.fighters:
        if f.hex is not None and not f.gone and f is not skip:
            side: Side = "attacker" if f.side == "attacker" else "defender"
            out[f.hex] = Piece(ctx.variant.characters[f.name], side, f.power, f.hits)
    return out


def _piece(ctx: Ctx, f: Fighter) -> Piece:
    side: Side = "attacker" if f.side == "attacker" else "defender"
    return Piece(ctx.variant.characters[f.name], side, f.power, f.hits)


def _at(b: BattleState, hex_: str) -> Fighter | None:
    for f in b.fighters:
        if f.hex == hex_ and not f.gone:
            return f
    return None


def _owner(eng: Engagement, side: str) -> int:
    return eng.attacker_owner if side == "attacker" else eng.defender_owner


# --- where characters may go ----------------------------------------------------------------


def _entry_hexes(ctx: Ctx, b: BattleState, f: Fighter) -> tuple[str, ...]:
    """10.1, 10.2, 14, 15.1: the attacker's side, the defender's opposite side; in the tower
    the defender deploys inside the walls and reinforces from the name side."""
    e = ctx.variant.entry
    tower = _land(ctx, b).tower
    if f.side == "attacker":
        return e.tower_attacker if tower else e.attacker[b.entry_side]  # type: ignore[index]
    if tower:
        return e.tower_reinforcement if f.newcomer else e.tower_defender_deploys
    return e.defender[b.entry_side]  # type: ignore[index]


def destinations(ctx: Ctx, b: BattleState, f: Fighter) -> frozenset[str]:
    land = _land(ctx, b)
    others = board(b, ctx, skip=f)
    if f.hex is None:
        hexes = _entry_hexes(ctx, b, f)
        if land.tower and f.side == "defender" and not f.newcomer:
            return deploy(land, others, hexes)  # 10.2: deployed in lieu of maneuvering
        return reach(ctx.variant, land, others, _piece(ctx, f), None, entry=hexes)
    return reach(ctx.variant, land, others, _piece(ctx, f), f.hex)


def _may_move(b: BattleState, f: Fighter) -> bool:
    if f.gone or f.moved or f.side != b.phasing:
        return False
    if f.hex is None:
        return (b.turn == 1 and not f.entered) or f.newcomer is not None
    return True


# --- prompts ---------------------------------------------------------------------------------


def prompt(ctx: Ctx) -> Prompt:
    eng, b = _eng(ctx)
    step = b.step
    if step in ("attacker_may_concede", "defender_may_concede"):
        side = "attacker" if step == "attacker_may_concede" else "defender"
        return Prompt(_owner(eng, side), "battle_may_concede", (Concede(), Decline()))
    if step in ("drift_concede", "may_concede_before_counter"):
        return Prompt(_owner(eng, _other(b.phasing)), "battle_may_concede", (Concede(), Decline()))
    if step == "ending_concede":
        return Prompt(_owner(eng, b.phasing), "battle_may_concede", (Concede(), Decline()))
    if step == "concession_offered":
        assert b.conceding is not None
        return Prompt(
            _owner(eng, _other(b.conceding)), "concession_offered", (Decline(), Concede())
        )
    if step == "maneuver":
        return Prompt(
            _owner(eng, b.phasing), "maneuver", tuple(_maneuver_options(ctx, b)), {"turn": b.turn}
        )
    if step in ("strike", "counterstrike"):
        side = b.phasing if step == "strike" else _other(b.phasing)
        return Prompt(_owner(eng, side), step, tuple(_strike_options(ctx, b, side)))
    if step == "carry":
        assert b.carry is not None
        striker = b.fighters[b.carry.striker]
        return Prompt(_owner(eng, striker.side), "carry_over", tuple(_carry_options(ctx, b)))
    raise AssertionError(step)


def _maneuver_options(ctx: Ctx, b: BattleState) -> list[Action]:
    opts: list[Action] = []
    seen: set[tuple[str, str | None]] = set()
    for f in b.fighters:
        if not _may_move(b, f) or (f.name, f.hex) in seen:
            continue
        seen.add((f.name, f.hex))
        opts.extend(BattleMove(f.name, f.hex, to) for to in sorted(destinations(ctx, b, f)))
    if b.reinforce_window:
        opts.extend(engagement.reinforce_options(ctx))
    if b.summon_window:
        opts.extend(engagement.summon_options(ctx))
    if b.undo:
        opts.append(ResetManeuver())
    opts += [EndPhase(), Concede()]
    return opts


def _strike_options(ctx: Ctx, b: BattleState, side: str) -> list[Action]:
    land = _land(ctx, b)
    here = board(b, ctx)
    opts: list[Action] = []
    for f in b.fighters:
        if f.side != side or f.gone or f.hex is None or f.struck:
            continue
        for target in strike_targets(ctx.variant, land, here, f.hex):
            for o in strike_options(ctx.variant, land, here, f.hex, target):
                opts.append(Strike(f.hex, target, o.strike_number, o.dice))
        if side == b.phasing and b.step == "strike" and not in_contact(land, here, f.hex):
            for target in rangestrike_targets(ctx.variant, land, here, f.hex):
                for r in rangestrike_options(ctx.variant, land, here, f.hex, target):
                    opts.append(Strike(f.hex, target, r.strike_number, r.dice, True))
    opts = list(dict.fromkeys(opts))
    if not _required_strikes(ctx, b, side):
        opts.append(EndPhase())
    opts.append(Concede())
    return opts


def _required_strikes(ctx: Ctx, b: BattleState, side: str) -> list[Fighter]:
    """Rule 13: every character that began the phase in contact must strike, unless all the
    enemies in contact with it are already slain."""
    land = _land(ctx, b)
    here = board(b, ctx)
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


def _carry_options(ctx: Ctx, b: BattleState) -> list[CarryOver]:
    """13.4, errata 12.4: see :func:`carry_sequences`."""
    assert b.carry is not None
    left = {}
    for h in b.carry.options:
        f = _at(b, h)
        left[h] = 0 if f is None else max(0, f.power - f.hits)
    return [CarryOver(seq) for seq in carry_sequences(left, b.carry.excess)]


# --- applying ----------------------------------------------------------------------------------


def apply(ctx: Ctx, action: Action) -> None:
    _, b = _eng(ctx)
    step = b.step
    if step in ("attacker_may_concede", "defender_may_concede"):
        side = "attacker" if step == "attacker_may_concede" else "defender"
        if isinstance(action, Concede):
            _finish(ctx, conceder=side)  # errata 2.5.6.2-2.5.6.3
        elif isinstance(action, Decline):
            if step == "attacker_may_concede":
                b.step = "defender_may_concede"
            else:
                _begin_maneuver(ctx, b)
        else:
            raise IllegalAction("errata 2.5.6.2", "concede or let the battle begin")
    elif step == "maneuver":
        _apply_maneuver(ctx, b, action)
    elif step == "concession_offered":
        assert b.conceding is not None
        if isinstance(action, Concede):
            _finish(ctx, conceder=_other(b.conceding))  # errata 9.4: conceding instead
        elif isinstance(action, Decline):
            _finish(ctx, conceder=b.conceding)
        else:
            raise IllegalAction("errata 9.4", "accept the concession or concede instead")
    elif step == "drift_concede":
        if isinstance(action, Concede):
            _finish(ctx, conceder=_other(b.phasing))
        elif isinstance(action, Decline):
            _apply_drift(ctx, b)
        else:
            raise IllegalAction("errata 9.4, 11.7", "concede before drift damage or decline")
    elif step == "may_concede_before_counter":
        if isinstance(action, Concede):
            _finish(ctx, conceder=_other(b.phasing))
        elif isinstance(action, Decline):
            b.step = "counterstrike"
        else:
            raise IllegalAction("errata 2.5.6.4.1.5", "concede or counterstrike")
    elif step in ("strike", "counterstrike"):
        _apply_strike(ctx, b, action)
    elif step == "carry":
        _apply_carry(ctx, b, action)
    elif step == "ending_concede":
        if isinstance(action, Concede):
            _finish(ctx, conceder=b.phasing)  # errata 2.5.6.4.x.8.1, 9.4/10.5
        elif isinstance(action, Decline):
            _finish(ctx)
        else:
            raise IllegalAction("errata 2.5.6.4.1.8.1", "concede or let the battle end")
    else:
        raise AssertionError(step)


def _begin_maneuver(ctx: Ctx, b: BattleState) -> None:
    eng, _ = _eng(ctx)
    b.step = "maneuver"
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
    ctx.emit("battle_phase", turn=b.turn, side=b.phasing, phase="maneuver")


def _apply_maneuver(ctx: Ctx, b: BattleState, action: Action) -> None:
    eng, _ = _eng(ctx)
    if isinstance(action, BattleMove):
        f = _find_mover(b, action)
        if f is None or not _may_move(b, f):
            raise IllegalAction("11", f"no {action.name} of yours can move from {action.frm}")
        if action.to not in destinations(ctx, b, f):
            raise IllegalAction("11.1-11.6", f"{action.name} cannot reach {action.to}")
        b.undo.append((b.fighters.index(f), f.hex, f.entered))
        frm = f.hex
        f.hex, f.moved, f.entered = action.to, True, True
        ctx.emit("battle_moved", side=f.side, name=f.name, frm=frm, to=action.to)
    elif isinstance(action, ResetManeuver):
        if not b.undo or b.rolled_this_phase:
            raise IllegalAction("errata 11.0", "nothing to undo")
        for idx, hex_, entered in reversed(b.undo):
            f = b.fighters[idx]
            f.hex, f.entered, f.moved = hex_, entered, False
        b.undo = []
        ctx.emit("maneuver_reset", side=b.phasing)
    elif isinstance(action, Muster):
        if not b.reinforce_window or action not in engagement.reinforce_options(ctx):
            raise IllegalAction("14", "no reinforcement can be mustered now")
        legion = ctx.state.legions[eng.defender]
        do_muster(ctx, legion, action)
        eng.reinforced = True
        b.reinforce_window = False
        b.fighters.append(
            Fighter(
                action.creature,
                "defender",
                newcomer="reinforcement",
                power=_power(ctx, action.creature, eng.defender_owner),
            )
        )
    elif isinstance(action, Summon):
        if not b.summon_window or action not in engagement.summon_options(ctx):
            raise IllegalAction("15", "no angel can be summoned now")
        donor_land = ctx.state.legions[action.donor].land
        engagement.do_summon(ctx, action)
        b.summon_window = False
        b.fighters.append(
            Fighter(
                action.lord,
                "attacker",
                newcomer=f"summoned {action.donor} {donor_land}",
                power=_power(ctx, action.lord, eng.attacker_owner),
            )
        )
    elif isinstance(action, EndPhase):
        _end_maneuver(ctx, b)
    elif isinstance(action, Concede):
        b.conceding, b.step = b.phasing, "concession_offered"  # errata 9.4, 10.0
    else:
        raise IllegalAction("11", "move a character, end the maneuver phase or concede")


def _find_mover(b: BattleState, action: BattleMove) -> Fighter | None:
    for f in b.fighters:
        if (
            f.name == action.name
            and f.hex == action.frm
            and not f.gone
            and not f.moved
            and (f.side == b.phasing)
        ):
            return f
    return None


def _end_maneuver(ctx: Ctx, b: BattleState) -> None:
    eng, _ = _eng(ctx)
    for f in list(b.fighters):
        if f.newcomer and f.hex is None and not f.gone:
            _undo_newcomer(ctx, b, f)  # errata 10.1, 14.1, 15.1: it never came
        elif f.newcomer:
            f.newcomer = None
    if b.turn == 1:
        left_off = [f for f in b.fighters if f.side == b.phasing and not f.entered and not f.gone]
        for f in left_off:  # 10.1, errata 10.1: left off means slain
            f.slain = True
        if left_off:
            ctx.emit("left_off", side=b.phasing, characters=[f.name for f in left_off])
            _remove_slain(ctx, b, [f for f in left_off])
    if b.phasing == "attacker" and b.turn == 1:
        b.attacker_committed = True
        eng.reinforce_right = True  # errata 2.5.6.4.2.1, 14.2
    b.summon_window = b.reinforce_window = False
    b.undo = []
    drifting = _drift_victims(ctx, b)
    if drifting and any(f.hits + 1 >= f.power for f in drifting):
        b.step = "drift_concede"  # errata 9.4/11.7
    else:
        _apply_drift(ctx, b)


def _undo_newcomer(ctx: Ctx, b: BattleState, f: Fighter) -> None:
    eng, _ = _eng(ctx)
    b.fighters.remove(f)
    if f.newcomer == "reinforcement":
        legion = ctx.state.legions[eng.defender]
        legion.characters.remove(f.name)
        ctx.state.caretaker[f.name] += 1
        knowledge.removed(ctx.state, legion.marker, [f.name])
        eng.reinforced = False
        ctx.emit("reinforcement_returned", creature=f.name)
        return
    _, donor, land = (f.newcomer or "").split()
    legion = ctx.state.legions[eng.attacker]
    legion.characters.remove(f.name)
    knowledge.removed(ctx.state, legion.marker, [f.name])
    back = ctx.state.legions.get(donor)
    if back is None:
        owner = ctx.state.players[eng.attacker_owner]
        owner.markers.remove(donor)
        back = ctx.state.legions[donor] = Legion(donor, eng.attacker_owner, int(land), [])
    back.characters = sorted([*back.characters, f.name])
    knowledge.added(ctx.state, donor, f.name)
    eng.summoned = False
    ctx.state.summoned_this_turn = False
    ctx.emit("summons_returned", lord=f.name, to=donor)


def _drift_victims(ctx: Ctx, b: BattleState) -> list[Fighter]:
    """Hazard chart DRIFT: a non-native loses one hit at the start of each strike phase it
    spends in drift (docs/rules-decisions.md: the phasing player's characters)."""
    land = _land(ctx, b)
    return [
        f
        for f in b.fighters
        if f.side == b.phasing
        and not f.gone
        and f.hex is not None
        and land.hex(f.hex).terrain == "drift"
        and "drift" not in ctx.variant.characters[f.name].natives
    ]


def _apply_drift(ctx: Ctx, b: BattleState) -> None:
    for f in _drift_victims(ctx, b):
        f.hits = min(f.power, f.hits + 1)
        if f.hits >= f.power:
            f.slain = True  # it may still strike (hazard chart)
        ctx.emit("drift_damage", side=f.side, name=f.name, hex=f.hex, hits=f.hits)
    land = _land(ctx, b)
    here = board(b, ctx)
    for f in b.fighters:
        f.struck = False
        f.in_contact = f.hex is not None and not f.gone and in_contact(land, here, f.hex)
    b.step = "strike"


def _apply_strike(ctx: Ctx, b: BattleState, action: Action) -> None:
    side = b.phasing if b.step == "strike" else _other(b.phasing)
    if isinstance(action, Concede):
        b.conceding, b.step = side, "concession_offered"  # errata 9.4, 10.0
        return
    if isinstance(action, EndPhase):
        if _required_strikes(ctx, b, side):
            raise IllegalAction("13", "every character in contact must strike first")
        if b.step == "strike":
            b.step = "may_concede_before_counter"
        else:
            _end_strike_phase(ctx, b)
        return
    if not isinstance(action, Strike):
        raise IllegalAction("12, 13", "strike, rangestrike, finish or concede")
    if action not in _strike_options(ctx, b, side):
        rule = "12.1-12.6, errata 13.5" if action.ranged else "13, errata 11.7/12.x"
        raise IllegalAction(
            rule, f"that {'rangestrike' if action.ranged else 'strike'} is not allowed"
        )
    striker = _at(b, action.frm)
    target = _at(b, action.target)
    assert striker is not None and target is not None
    carry = [] if action.ranged else _carry_targets(ctx, b, action)
    dice = ctx.roll_many(action.dice)
    hits = sum(1 for d in dice if d >= action.strike_number)
    b.rolled_this_phase = True
    striker.struck = True
    remaining = target.power - target.hits
    dealt = min(hits, remaining)
    target.hits += dealt
    if target.hits >= target.power:
        target.slain = True
    ctx.emit(
        "struck",
        side=striker.side,
        striker=striker.name,
        frm=action.frm,
        target=target.name,
        at=action.target,
        ranged=action.ranged,
        strike_number=action.strike_number,
        dice=dice,
        hits=hits,
        damage=dealt,
        slain=target.slain,
    )
    excess = hits - dealt
    carry = [h for h in carry if (c := _at(b, h)) is not None and not c.slain]
    if excess > 0 and carry:  # 12.1: rangestrikes never carry over
        b.carry = PendingCarry(
            b.fighters.index(striker),
            action.target,
            excess,
            action.strike_number,
            action.dice,
            carry,
        )
        b.resume, b.step = b.step, "carry"


def _carry_targets(ctx: Ctx, b: BattleState, action: Strike) -> list[str]:
    land = _land(ctx, b)
    here = board(b, ctx)
    for o in strike_options(ctx.variant, land, here, action.frm, action.target):
        if o.strike_number == action.strike_number and o.dice == action.dice:
            return sorted(o.carry_targets)
    return []


def _apply_carry(ctx: Ctx, b: BattleState, action: Action) -> None:
    assert b.carry is not None
    if not isinstance(action, CarryOver) or action not in _carry_options(ctx, b):
        raise IllegalAction("13.4, errata 12.4", "that carry-over allocation is not allowed")
    excess = b.carry.excess
    for h in action.to:
        f = _at(b, h)
        assert f is not None
        dealt = min(excess, f.power - f.hits)
        f.hits += dealt
        excess -= dealt
        if f.hits >= f.power:
            f.slain = True
        ctx.emit("carried_over", name=f.name, at=h, damage=dealt, slain=f.slain)
    b.carry = None
    b.step = b.resume or "strike"
    b.resume = None


def _remove_slain(ctx: Ctx, b: BattleState, slain: Sequence[Fighter]) -> None:
    """13.6: the slain leave the battleland at the end of the strike phase."""
    eng, _ = _eng(ctx)
    for f in slain:
        legion = ctx.state.legions[eng.attacker if f.side == "attacker" else eng.defender]
        legion.characters.remove(f.name)
        eng.slain[f.side].append(f.name)
        knowledge.removed(ctx.state, legion.marker, [f.name])
        if f.side == "defender" and f.entered:
            b.summon_trigger = True  # 15, errata 10.1: a defender who entered was slain
        f.gone = True
        f.hex = None
        ctx.emit("slain", side=f.side, name=f.name)


def _end_strike_phase(ctx: Ctx, b: BattleState) -> None:
    _remove_slain(ctx, b, [f for f in b.fighters if f.slain and not f.gone])
    # Errata 2.5.6.4.x.8: the battle ends when a side is eliminated or a Titan is slain, or
    # after the attacker's seventh turn (time loss, 10.5).
    eng, _ = _eng(ctx)
    titan_slain = any(TITAN in eng.slain[s] for s in ("attacker", "defender"))
    wiped = any(not b.alive(s) for s in ("attacker", "defender"))
    if titan_slain or wiped:
        b.ending = True
    elif b.phasing == "attacker" and b.turn >= LAST_TURN:
        b.ending = b.time_loss = True
    if b.ending:
        b.step = "ending_concede"
        return
    if b.phasing == "defender":
        b.phasing = "attacker"
    else:
        b.phasing = "defender"
        b.turn += 1
    _begin_maneuver(ctx, b)


def _finish(ctx: Ctx, conceder: str | None = None) -> None:
    """End the battle: the outcome, then healing (13.3) and the after-engagement steps."""
    eng, b = _eng(ctx)
    dead_titan = {s for s in ("attacker", "defender") if TITAN in eng.slain[s]}
    if conceder is not None:
        other = _other(conceder)
        _remove_slain(ctx, b, [f for f in b.fighters if f.side == conceder and not f.gone])
        # Errata 9.4/9.5: conceding to a side already wiped out or Titan-less is mutual.
        winner = None if (other in dead_titan or not b.alive(other)) else other
        how = "concede"
    elif b.time_loss:
        _remove_slain(ctx, b, [f for f in b.fighters if f.side == "attacker" and not f.gone])
        winner, how = "defender", "time_loss"  # 10.5
    else:
        losers = {s for s in ("attacker", "defender") if s in dead_titan or not b.alive(s)}
        rest = [s for s in ("attacker", "defender") if s not in losers]
        winner = rest[0] if len(rest) == 1 else None
        how = "battle"
    for f in b.fighters:
        f.hits = 0  # 13.3: survivors are healed
    ctx.emit("battle_ended", how=how, winner=winner, turn=b.turn)
    eng.battle = None
    engagement.record_outcome(ctx, how, winner)
