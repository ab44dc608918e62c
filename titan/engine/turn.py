"""A player's game turn outside engagements: commencement (splits), movement, recombination,
enlistment (mustering) and the end of the turn (rules 4.3, 6, 7, 8, 18; errata Complete
Sequence of Play 2.1-2.4, 2.6, 2.7)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from titan.engine import elimination, knowledge
from titan.engine.actions import (
    Action,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    KeepMarker,
    Move,
    Mulligan,
    Muster,
    Split,
    Withdraw,
)
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.movement import masterboard_moves
from titan.engine.muster import muster_options
from titan.engine.prompts import Prompt
from titan.engine.scoring import value_of
from titan.engine.state import GameState, Legion
from titan.engine.teleport import titan_teleports, tower_teleports
from titan.variant import TITAN, titan_power

MAX_LEGION = 7  # rule 4.1


# --- turn boundaries ---------------------------------------------------------------------


def begin_turn(ctx: Ctx) -> None:
    state = ctx.state
    for lg in state.legions.values():
        lg.moved = lg.mustered = False
        lg.split_from = lg.entry_side = lg.teleported = None
        lg.start_land = None
    state.roll = None
    state.summoned_this_turn = state.teleported_this_turn = False
    state.engagement = None
    state.phase = "split"
    ctx.emit("turn_started", player=state.active, turn=state.turn)


def end_turn(ctx: Ctx) -> None:
    """Errata 2.7: the turn passes to the next remaining player in tower order (5.1)."""
    state = ctx.state
    state.players[state.active].turns_taken += 1
    ctx.emit("turn_ended", player=state.active)
    if check_game_over(ctx):
        return
    order = [i for i in state.order if state.players[i].alive]
    later = [i for i in order if state.order.index(i) > state.order.index(state.active)]
    if later:
        state.active = later[0]
    else:
        state.active = order[0]
        state.turn += 1
        limit = state.options.turn_limit
        if limit is not None and state.turn > limit:
            finish_by_totals(ctx, "turn limit (21)")
            return
    begin_turn(ctx)


def check_game_over(ctx: Ctx) -> bool:
    """Rule 1.1, errata 19.0: the game ends with zero or one players left; rule 21's point
    target ends it at the end of a turn."""
    state = ctx.state
    alive = state.alive_players()
    if len(alive) <= 1:
        state.over = True
        state.phase = "over"
        state.winner = alive[0] if alive else None
        ctx.emit("game_over", winner=state.winner, reason="last Titan standing")
        return True
    target = state.options.point_target
    if target is not None and state.phase in ("muster", "over"):
        reached = [i for i in alive if state.players[i].score >= target]
        if reached:
            state.over = True
            state.phase = "over"
            state.winner = max(reached, key=lambda i: state.players[i].score)
            ctx.emit("game_over", winner=state.winner, reason=f"reached {target} points (21)")
            return True
    return False


def legion_total(ctx: Ctx, legion: Legion) -> int:
    return value_of(ctx, legion.characters, legion.owner)


def finish_by_totals(ctx: Ctx, reason: str) -> None:
    """Rule 21: score plus the value of every legion still on the board decides."""
    state = ctx.state
    totals = {
        i: state.players[i].score + sum(legion_total(ctx, lg) for lg in state.player_legions(i))
        for i in state.alive_players()
    }
    for lg in state.legions.values():
        knowledge.reveal_all(state, lg.marker)
    state.over = True
    state.phase = "over"
    state.winner = max(totals, key=lambda i: (totals[i], state.players[i].score))
    ctx.emit("game_over", winner=state.winner, reason=reason, totals=totals)


def withdraw(ctx: Ctx) -> None:
    """Errata 20.4 and Complete Sequence 2.1-2.3, 2.6-2.7: withdrawing ends the turn."""
    player = ctx.state.active
    elimination.withdraw(ctx, player)
    if not check_game_over(ctx):
        end_turn(ctx)


# --- commencement: splits (4.3) -----------------------------------------------------------


def _first_turn(state: GameState) -> bool:
    return state.players[state.active].turns_taken == 0


def _split_groups(
    variant_chars: list[str], lord_names: set[str], first: bool
) -> list[tuple[str, ...]]:
    """Distinct multisets the new legion may take: at least two characters each side (4.3);
    on the first turn exactly four with one lord each side (5.2, errata 4.1, 5.2)."""
    n = len(variant_chars)
    sizes = [4] if first else list(range(2, n - 1))
    seen: set[tuple[str, ...]] = set()
    for k in sizes:
        for combo in combinations(sorted(variant_chars), k):
            if combo in seen:
                continue
            if first:
                rest = list(variant_chars)
                for c in combo:
                    rest.remove(c)
                if (
                    sum(c in lord_names for c in combo) != 1
                    or sum(c in lord_names for c in rest) != 1
                ):
                    continue
            seen.add(combo)
    return sorted(seen)


def split_prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    me = state.active
    first = _first_turn(state)
    player = state.players[me]
    lords = {n for n, c in ctx.variant.characters.items() if c.is_lord}
    opts: list[Action] = []
    already_split = any(lg.split_from for lg in state.player_legions(me))
    if player.markers and not (first and already_split):
        for lg in state.player_legions(me):
            if len(state_own_at(state, lg.land, me)) >= 3:
                continue  # at most a three-way split (4.3)
            if first and len(lg.characters) != 8:
                continue
            for group in _split_groups(lg.characters, lords, first):
                opts.append(Split(lg.marker, player.markers[0], group))
    if not (first and not already_split):
        opts.append(DoneSplitting())
    opts.append(Withdraw())
    return Prompt(me, "split", tuple(opts), {"markers": list(player.markers)})


def state_own_at(state: GameState, land: int, player: int) -> list[Legion]:
    return [lg for lg in state.legions.values() if lg.land == land and lg.owner == player]


def apply_split(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    me = state.active
    if isinstance(action, Withdraw):
        withdraw(ctx)
        return
    if isinstance(action, DoneSplitting):
        if _first_turn(state) and not any(lg.split_from for lg in state.player_legions(me)):
            raise IllegalAction("5.2", "the first turn's legion must be split 4-4, one lord each")
        roll_movement(ctx)
        return
    if not isinstance(action, Split):
        raise IllegalAction("6.1", "only splits happen in the commencement phase")
    legion = state.legions.get(action.legion)
    if legion is None or legion.owner != me:
        raise IllegalAction("4.3", f"{action.legion} is not one of your legions")
    if action.marker not in state.players[me].markers:
        raise IllegalAction("4.2", f"marker {action.marker} is not available to you")
    group = tuple(sorted(action.characters))
    allowed = {
        Split(o.legion, o.marker, o.characters)
        for o in split_prompt(ctx).options
        if isinstance(o, Split)
    }
    candidate = Split(action.legion, state.players[me].markers[0], group)
    if candidate not in allowed:
        if _first_turn(state):
            raise IllegalAction(
                "5.2", "the first split is 4-4 with exactly one lord in each legion"
            )
        raise IllegalAction(
            "4.3", "a split needs at least two characters in each legion, at most three legions"
        )
    rest = Counter(legion.characters)
    rest.subtract(group)
    legion.characters = sorted(rest.elements())
    state.players[me].markers.remove(action.marker)
    root = legion.split_from or legion.marker
    legion.split_from = legion.split_from or legion.marker
    child = Legion(action.marker, me, legion.land, list(group), split_from=root)
    state.legions[action.marker] = child
    knowledge.split(state, legion.marker, action.marker)
    ctx.emit(
        "split",
        marker=legion.marker,
        new=action.marker,
        land=legion.land,
        heights=[len(legion.characters), len(group)],
    )
    ctx.emit("split_detail", (me,), marker=legion.marker, new=action.marker, characters=list(group))


# --- movement (6.2, 7, 8) ------------------------------------------------------------------


def roll_movement(ctx: Ctx) -> None:
    state = ctx.state
    state.roll = ctx.roll()
    state.phase = "move"
    ctx.emit("movement_roll", player=state.active, roll=state.roll)


def _lands(state: GameState, me: int, exclude: str) -> tuple[set[int], set[int]]:
    friends = {lg.land for lg in state.legions.values() if lg.owner == me and lg.marker != exclude}
    enemies = {lg.land for lg in state.legions.values() if lg.owner != me}
    return friends, enemies


def legion_moves(ctx: Ctx, legion: Legion, *, teleports: bool = True) -> list[Move]:
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
    if not teleports or roll != 6 or state.teleported_this_turn:
        return out
    lords = sorted({c for c in legion.characters if ctx.variant.characters[c].is_lord})
    if lords and ctx.variant.masterboard.land(legion.land).is_tower:
        occupied = {lg.land for lg in state.legions.values()}
        for land in sorted(tower_teleports(ctx.variant, legion.land, occupied=occupied)):
            out.extend(Move(legion.marker, land, None, "tower", lord) for lord in lords)
    if TITAN in legion.characters and titan_power(state.players[me].score) >= 10:
        engaged = friends & enemies
        for land, sides in sorted(
            titan_teleports(ctx.variant, legion.land, enemies=enemies, engaged=engaged).items()
        ):
            out.extend(Move(legion.marker, land, side, "titan", TITAN) for side in sorted(sides))
    return out


def _can_move_normally(ctx: Ctx, legion: Legion) -> bool:
    return bool(legion_moves(ctx, legion, teleports=False))


def move_prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    me = state.active
    opts: list[Action] = []
    moved_any = any(lg.moved for lg in state.player_legions(me))
    player = state.players[me]
    if _first_turn(state) and player.mulligans > 0 and not moved_any:
        opts.append(Mulligan())
    for lg in sorted(state.player_legions(me), key=lambda x: x.marker):
        if not lg.moved:
            opts.extend(legion_moves(ctx, lg))
    if _done_moving_error(ctx) is None:
        opts.append(DoneMoving())
    opts.append(Withdraw())
    return Prompt(me, "move", tuple(opts), {"roll": state.roll})


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


def apply_move(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    me = state.active
    if isinstance(action, Withdraw):
        withdraw(ctx)
        return
    if isinstance(action, Mulligan):
        if Mulligan() not in move_prompt(ctx).options:
            raise IllegalAction("7.6", "a mulligan is only for the first turn, before any move")
        state.players[me].mulligans -= 1
        old = state.roll
        state.roll = ctx.roll()
        ctx.emit("mulligan", player=me, old=old, roll=state.roll)
        return
    if isinstance(action, DoneMoving):
        err = _done_moving_error(ctx)
        if err is not None:
            raise err
        recombine(ctx)
        return
    if not isinstance(action, Move):
        raise IllegalAction("6.2", "move legions or declare the movement done")
    legion = state.legions.get(action.legion)
    if legion is None or legion.owner != me:
        raise IllegalAction("7", f"{action.legion} is not one of your legions")
    if legion.moved:
        raise IllegalAction("7", f"{action.legion} has already moved this turn")
    if action not in legion_moves(ctx, legion):
        raise IllegalAction(_move_rule(action), f"{action.legion} cannot move to {action.land} so")
    legion.start_land = legion.land
    legion.land = action.land
    legion.moved = True
    legion.teleported = action.teleport
    enemies = [lg for lg in state.legions_at(action.land) if lg.owner != me]
    legion.entry_side = action.side if enemies else None
    if action.teleport:
        state.teleported_this_turn = True
        if action.lord:
            knowledge.reveal(state, legion.marker, [action.lord])  # 8.1, 8.2: show the lord
    ctx.emit(
        "moved",
        marker=legion.marker,
        frm=legion.start_land,
        to=action.land,
        teleport=action.teleport,
        lord=action.lord,
        side=legion.entry_side,
    )


def _move_rule(action: Move) -> str:
    return {"tower": "8.1", "titan": "8.2"}.get(action.teleport or "", "7.1-7.5")


def recombine(ctx: Ctx) -> None:
    """Rule 4.3, errata 4.7: split-offs still sharing a land become one legion again, under
    the original marker; if only the original moved away, the player picks the marker."""
    state = ctx.state
    me = state.active
    state.pending_recombine = []
    by_land: dict[int, list[Legion]] = {}
    for lg in state.player_legions(me):
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
        state.phase = "recombine"
    else:
        start_engagements(ctx)


def _merge(ctx: Ctx, keep: str, markers: list[str]) -> None:
    state = ctx.state
    into = state.legions[keep]
    for m in markers:
        if m == keep:
            continue
        other = state.legions[m]
        into.characters = sorted(into.characters + other.characters)
        knowledge.merged(state, keep, m)
        elimination.remove_legion(ctx, m)
    ctx.emit(
        "recombined",
        marker=keep,
        absorbed=[m for m in markers if m != keep],
        land=into.land,
        height=len(into.characters),
    )


def recombine_prompt(ctx: Ctx) -> Prompt:
    group = ctx.state.pending_recombine[0]
    return Prompt(ctx.state.active, "keep_marker", tuple(KeepMarker(m) for m in group))


def apply_recombine(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    group = state.pending_recombine[0]
    if not isinstance(action, KeepMarker) or action.marker not in group:
        raise IllegalAction("errata 4.7", f"keep one of the markers {', '.join(group)}")
    _merge(ctx, action.marker, group)
    state.pending_recombine.pop(0)
    if not state.pending_recombine:
        start_engagements(ctx)


def start_engagements(ctx: Ctx) -> None:
    ctx.state.phase = "engage"


# --- enlistment (18) ----------------------------------------------------------------------


def muster_choices(ctx: Ctx, legion: Legion) -> list[Muster]:
    if not legion.moved or legion.mustered or len(legion.characters) >= MAX_LEGION:
        return []  # rule 18.1
    opts = muster_options(
        ctx.variant,
        legion.land,
        legion.characters,
        caretaker=ctx.state.caretaker,
        titan_variant=ctx.state.options.titan_variant,
    )
    return [Muster(legion.marker, c, r) for c, reveals in opts.items() for r in reveals]


def muster_prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    opts: list[Action] = []
    for lg in sorted(state.player_legions(state.active), key=lambda x: x.marker):
        opts.extend(muster_choices(ctx, lg))
    opts += [DoneMustering(), Withdraw()]
    return Prompt(state.active, "muster", tuple(opts))


def apply_muster(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    if isinstance(action, Withdraw):
        withdraw(ctx)
        return
    if isinstance(action, DoneMustering):
        end_turn(ctx)
        return
    if not isinstance(action, Muster):
        raise IllegalAction("18", "muster or end the turn")
    legion = state.legions.get(action.legion)
    if legion is None or legion.owner != state.active:
        raise IllegalAction("18", f"{action.legion} is not one of your legions")
    if action not in muster_choices(ctx, legion):
        raise IllegalAction("18", f"{legion.marker} cannot muster {action.creature} that way")
    do_muster(ctx, legion, action)


def do_muster(ctx: Ctx, legion: Legion, action: Muster) -> None:
    """Add a mustered character, revealing the qualifying ones (18.4)."""
    state = ctx.state
    state.caretaker[action.creature] -= 1
    legion.characters = sorted([*legion.characters, action.creature])
    legion.mustered = True
    knowledge.reveal(state, legion.marker, action.reveal)
    knowledge.added(state, legion.marker, action.creature)
    ctx.emit(
        "mustered",
        marker=legion.marker,
        creature=action.creature,
        reveal=list(action.reveal),
        land=legion.land,
    )
