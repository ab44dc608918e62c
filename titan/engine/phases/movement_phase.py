"""The movement phase: the roll and the mulligan, moving legions with their teleports,
adjusting moves, and recombining split-offs left together (rules 4.3, 6.2, 7, 7.6, 8;
errata 4.7, 7.0; Complete Sequence of Play 2.2-2.4)."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import (
    Action,
    DoneMoving,
    KeepMarker,
    Move,
    Mulligan,
    UndoMove,
    Withdraw,
)
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases import elimination, turn
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.movement import masterboard_moves
from titan.engine.queries.teleport import titan_teleports, tower_teleports
from titan.engine.state import GameState, Legion, Phase
from titan.variant import TITAN, titan_power


def roll_movement(ctx: Ctx) -> None:
    state = ctx.state
    state.roll = ctx.roll()
    state.phase = Phase.MOVE
    state.moves_made = []
    ctx.emit(ev.MovementRoll(state.active, state.roll))


def _lands(state: GameState, me: int, exclude: str) -> tuple[set[int], set[int]]:
    friends = {lg.land for lg in state.legions.values() if lg.owner == me and lg.marker != exclude}
    enemies = {lg.land for lg in state.legions.values() if lg.owner != me}
    return friends, enemies


def _lords(ctx: Ctx, legion: Legion) -> list[str]:
    """The lords a tower teleport may show (8.1), one move per lord."""
    return sorted({c for c in legion.characters if ctx.variant.characters[c].is_lord})


def _may_titan_teleport(state: GameState, legion: Legion) -> bool:
    return TITAN in legion.characters and titan_power(state.players[legion.owner].score) >= 10


def legion_moves(ctx: Ctx, legion: Legion) -> list[Move]:
    """Every move this legion may make now (7, 8)."""
    state = ctx.state
    me = legion.owner
    roll = state.roll or 0
    friends, enemies = _lands(state, me, legion.marker)
    out: list[Move] = []
    for land, sides in sorted(
        masterboard_moves(ctx.variant, legion.land, roll, friends=friends, enemies=enemies).items()
    ):
        if land in enemies:
            out.extend(Move(legion.marker, land, side) for side in sorted(sides))
        else:
            out.append(Move(legion.marker, land))
    if roll != 6 or state.teleported_this_turn:
        return out
    lords = _lords(ctx, legion)
    if lords and ctx.variant.masterboard.land(legion.land).is_tower:
        occupied = {lg.land for lg in state.legions.values()}
        for land in sorted(tower_teleports(ctx.variant, legion.land, occupied=occupied)):
            out.extend(Move(legion.marker, land, None, "tower", lord) for lord in lords)
    if _may_titan_teleport(state, legion):
        engaged = friends & enemies
        for land, sides in sorted(
            titan_teleports(ctx.variant, legion.land, enemies=enemies, engaged=engaged).items()
        ):
            out.extend(Move(legion.marker, land, side, "titan", TITAN) for side in sorted(sides))
    return out


def may_move(ctx: Ctx, legion: Legion, action: Move) -> bool:
    """Is ``action`` one of :func:`legion_moves` (the legion being ``action.legion``'s)?
    Asked of the one destination, without listing the others: ``act`` checks only the action
    it is given, and a legion on the masterboard may have dozens of moves."""
    state = ctx.state
    roll = state.roll or 0
    friends, enemies = _lands(state, legion.owner, legion.marker)
    if action.teleport is None:
        sides = masterboard_moves(
            ctx.variant, legion.land, roll, friends=friends, enemies=enemies
        ).get(action.land)
        if sides is None or action.lord is not None:
            return False
        # An engagement names the side it enters by (Complete Sequence 2.3); a move to a
        # vacant land names none.
        return action.side in sides if action.land in enemies else action.side is None
    if roll != 6 or state.teleported_this_turn:
        return False
    if action.teleport == "tower":
        occupied = {lg.land for lg in state.legions.values()}
        return (
            action.side is None
            and action.lord in _lords(ctx, legion)
            and action.land in tower_teleports(ctx.variant, legion.land, occupied=occupied)
        )
    if action.lord != TITAN or not _may_titan_teleport(state, legion):
        return False
    engaged = friends & enemies
    sides = titan_teleports(ctx.variant, legion.land, enemies=enemies, engaged=engaged).get(
        action.land
    )
    return sides is not None and action.side in sides


def _can_move_normally(ctx: Ctx, legion: Legion) -> bool:
    """Has the legion a move without teleporting (6.2, errata 6.2)? Each destination gives
    at least one move, so this needs no list of them."""
    friends, enemies = _lands(ctx.state, legion.owner, legion.marker)
    roll = ctx.state.roll or 0
    return bool(masterboard_moves(ctx.variant, legion.land, roll, friends=friends, enemies=enemies))


def _may_mulligan(state: GameState) -> bool:
    """Rule 7.6: once, on the first turn, before any legion has moved."""
    player = state.players[state.active]
    return player.turns_taken == 0 and player.mulligans > 0 and not state.moves_made


def prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    me = state.active
    opts: list[Action] = []
    if _may_mulligan(state):
        opts.append(Mulligan())
    for lg in sorted(state.player_legions(me), key=lambda x: x.marker):
        if not lg.moved:
            opts.extend(legion_moves(ctx, lg))
    opts.extend(UndoMove(m) for m in state.moves_made)
    if _done_moving_error(ctx) is None:
        opts.append(DoneMoving())
    opts.append(Withdraw())
    return Prompt(me, Decision.MOVE, tuple(opts), roll=state.roll)


def _done_moving_error(ctx: Ctx) -> IllegalAction | None:
    state = ctx.state
    mine = state.player_legions(state.active)
    if not any(lg.moved for lg in mine) and any(_can_move_normally(ctx, lg) for lg in mine):
        return IllegalAction("6.2, errata 6.2", "at least one legion must move")
    families: dict[str, list[Legion]] = {}
    for lg in mine:
        if lg.split_from:
            families.setdefault(lg.split_from, []).append(lg)
    for root, group in families.items():
        unmoved = not any(lg.moved for lg in group)
        if unmoved and any(_can_move_normally(ctx, lg) for lg in group):
            return IllegalAction("4.3", f"one of the legions split from {root} must move if it can")
    return None


def _move_rule(action: Move) -> str:
    return {"tower": "8.1", "titan": "8.2"}.get(action.teleport or "", "7.1-7.5")


def check(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    if isinstance(action, Withdraw):
        return
    if isinstance(action, Mulligan):
        if not _may_mulligan(state):
            raise IllegalAction("7.6", "a mulligan is only for the first turn, before any move")
        return
    if isinstance(action, DoneMoving):
        err = _done_moving_error(ctx)
        if err is not None:
            raise err
        return
    if isinstance(action, UndoMove):
        if action.legion not in state.moves_made:
            raise IllegalAction("errata 7.0", f"{action.legion} has made no move to take back")
        return
    if not isinstance(action, Move):
        raise IllegalAction("6.2", "move legions or declare the movement done")
    legion = state.legions.get(action.legion)
    if legion is None or legion.owner != state.active:
        raise IllegalAction("7", f"{action.legion} is not one of your legions")
    if legion.moved:
        raise IllegalAction("7", f"{action.legion} has already moved this turn")
    if not may_move(ctx, legion, action):
        raise IllegalAction(_move_rule(action), f"{action.legion} cannot move to {action.land} so")


def apply(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    if isinstance(action, Withdraw):
        turn.withdraw(ctx)
    elif isinstance(action, Mulligan):
        state.players[state.active].mulligans -= 1
        old = state.roll or 0
        state.roll = ctx.roll()
        ctx.emit(ev.MulliganTaken(state.active, old, state.roll))
    elif isinstance(action, DoneMoving):
        recombine(ctx)
    elif isinstance(action, UndoMove):
        undo_moves(ctx, action.legion)
    else:
        assert isinstance(action, Move)
        _move(ctx, action)


def _move(ctx: Ctx, action: Move) -> None:
    state = ctx.state
    legion = state.legions[action.legion]
    legion.start_land = legion.land
    legion.land = action.land
    legion.moved = True
    legion.teleported = action.teleport
    enemies = any(lg.owner != legion.owner for lg in state.legions_at(action.land))
    legion.entry_side = action.side if enemies else None
    if action.teleport:
        state.teleported_this_turn = True
    state.moves_made.append(legion.marker)
    # 8.1, 8.2: a teleport shows its lord (the event teaches every observer).
    ctx.emit(
        ev.Moved(
            legion.marker,
            legion.start_land,
            action.land,
            action.teleport,
            action.lord,
            legion.entry_side,
        )
    )


def undo_moves(ctx: Ctx, marker: str) -> None:
    """Errata 7.0: adjusting a move undoes every move made after it, latest first."""
    state = ctx.state
    while state.moves_made:
        last = state.moves_made.pop()
        legion = state.legions[last]
        assert legion.start_land is not None
        frm = legion.land
        if legion.teleported:
            state.teleported_this_turn = False  # 8: the one teleport may be used again
        legion.land, legion.start_land = legion.start_land, None
        legion.moved = False
        legion.entry_side = legion.teleported = None
        ctx.emit(ev.MoveUndone(last, frm, legion.land))
        if last == marker:
            return


# --- recombination (4.3, errata 4.7) -------------------------------------------------------


def recombine(ctx: Ctx) -> None:
    """Rule 4.3, errata 4.7: split-offs still sharing a land become one legion again, under
    the original marker; if only the original moved away, the player picks the marker."""
    state = ctx.state
    state.pending_recombine = []
    by_land: dict[int, list[Legion]] = {}
    for lg in state.player_legions(state.active):
        by_land.setdefault(lg.land, []).append(lg)
    for group in by_land.values():
        if len(group) < 2:
            continue
        markers = sorted(lg.marker for lg in group)
        root = group[0].split_from
        if root in markers:
            _merge(ctx, root, markers)
        else:
            state.pending_recombine.append(markers)
    if state.pending_recombine:
        state.phase = Phase.RECOMBINE
    else:
        state.phase = Phase.ENGAGE


def _merge(ctx: Ctx, keep: str, markers: list[str]) -> None:
    state = ctx.state
    into = state.legions[keep]
    absorbed = [m for m in markers if m != keep]
    for m in absorbed:
        into.characters = sorted(into.characters + state.legions[m].characters)
    ctx.emit(ev.Recombined(keep, tuple(absorbed), into.land, len(into.characters)))
    for m in absorbed:
        elimination.remove_legion(ctx, m, "recombined")


def recombine_prompt(ctx: Ctx) -> Prompt:
    group = ctx.state.pending_recombine[0]
    return Prompt(ctx.state.active, Decision.KEEP_MARKER, tuple(KeepMarker(m) for m in group))


def check_recombine(ctx: Ctx, action: Action) -> None:
    group = ctx.state.pending_recombine[0]
    if not isinstance(action, KeepMarker) or action.marker not in group:
        raise IllegalAction("errata 4.7", f"keep one of the markers {', '.join(group)}")


def apply_recombine(ctx: Ctx, action: Action) -> None:
    assert isinstance(action, KeepMarker)
    state = ctx.state
    _merge(ctx, action.marker, state.pending_recombine.pop(0))
    if not state.pending_recombine:
        state.phase = Phase.ENGAGE
