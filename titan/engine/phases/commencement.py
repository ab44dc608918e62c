"""The commencement phase: splitting legions (rules 4.3, 5.2, 6.1; errata 4.1, 5.2;
Complete Sequence of Play 2.1)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from titan.engine import events as ev
from titan.engine.actions import Action, DoneSplitting, Split, Withdraw
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases import movement_phase, turn
from titan.engine.prompts import Decision, Prompt
from titan.engine.state import GameState, Legion

MAX_PER_LAND = 3  # 4.3: at most a three-way split


def _first_turn(state: GameState) -> bool:
    return state.players[state.active].turns_taken == 0


def _split_this_turn(state: GameState) -> bool:
    return any(lg.split_from for lg in state.player_legions(state.active))


def _own_at(state: GameState, land: int, player: int) -> int:
    return sum(1 for lg in state.legions.values() if lg.land == land and lg.owner == player)


def _lords(ctx: Ctx, names: list[str] | tuple[str, ...]) -> int:
    chars = ctx.variant.characters
    return sum(1 for n in names if chars[n].is_lord)


def _groups(ctx: Ctx, legion: Legion, first: bool) -> list[tuple[str, ...]]:
    """Distinct multisets the new legion may take: at least two characters each side (4.3);
    on the first turn exactly four with one lord each side (5.2, errata 4.1, 5.2)."""
    chars = sorted(legion.characters)
    sizes = [4] if first else list(range(2, len(chars) - 1))
    seen: set[tuple[str, ...]] = set()
    for k in sizes:
        for combo in combinations(chars, k):
            if combo not in seen and (not first or _first_split_ok(ctx, chars, combo)):
                seen.add(combo)
    return sorted(seen)


def _first_split_ok(ctx: Ctx, chars: list[str], group: tuple[str, ...]) -> bool:
    rest = Counter(chars)
    rest.subtract(group)
    return _lords(ctx, group) == 1 and _lords(ctx, list(rest.elements())) == 1


def _may_split(ctx: Ctx, legion: Legion, first: bool) -> bool:
    state = ctx.state
    if first and (len(legion.characters) != 8 or _split_this_turn(state)):
        return False  # 5.2: the first turn's only split is the starting legion's
    return _own_at(state, legion.land, legion.owner) < MAX_PER_LAND


def prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    me = state.active
    first = _first_turn(state)
    player = state.players[me]
    opts: list[Action] = []
    if player.markers:
        for lg in state.player_legions(me):
            if _may_split(ctx, lg, first):
                opts.extend(Split(lg.marker, player.markers[0], g) for g in _groups(ctx, lg, first))
    if not (first and not _split_this_turn(state)):
        opts.append(DoneSplitting())
    opts.append(Withdraw())
    return Prompt(me, Decision.SPLIT, tuple(opts), split_markers=tuple(player.markers))


def check(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    me = state.active
    first = _first_turn(state)
    if isinstance(action, Withdraw):
        return
    if isinstance(action, DoneSplitting):
        if first and not _split_this_turn(state):
            raise IllegalAction("5.2", "the first turn's legion must be split 4-4, one lord each")
        return
    if not isinstance(action, Split):
        raise IllegalAction("6.1", "only splits happen in the commencement phase")
    legion = state.legions.get(action.legion)
    if legion is None or legion.owner != me:
        raise IllegalAction("4.3", f"{action.legion} is not one of your legions")
    if action.marker not in state.players[me].markers:
        raise IllegalAction("4.2", f"marker {action.marker} is not available to you")
    group = action.characters
    if Counter(group) - Counter(legion.characters):
        raise IllegalAction("4.3", f"{action.legion} does not hold all of {', '.join(group)}")
    if first:
        if not _may_split(ctx, legion, first) or len(group) != 4:
            raise IllegalAction("5.2", "the first split is 4-4 with exactly one lord in each")
        if not _first_split_ok(ctx, sorted(legion.characters), tuple(sorted(group))):
            raise IllegalAction("5.2", "the first split is 4-4 with exactly one lord in each")
        return
    if not 2 <= len(group) <= len(legion.characters) - 2:
        raise IllegalAction("4.3", "a split leaves at least two characters in each legion")
    if not _may_split(ctx, legion, first):
        raise IllegalAction("4.3", "at most three legions may share a land after splitting")


def apply(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    me = state.active
    if isinstance(action, Withdraw):
        turn.withdraw(ctx)
        return
    if isinstance(action, DoneSplitting):
        movement_phase.roll_movement(ctx)
        return
    assert isinstance(action, Split)
    legion = state.legions[action.legion]
    group = sorted(action.characters)
    rest = Counter(legion.characters)
    rest.subtract(group)
    legion.characters = sorted(rest.elements())
    state.players[me].markers.remove(action.marker)
    root = legion.split_from or legion.marker
    legion.split_from = root
    state.legions[action.marker] = Legion(
        marker=action.marker, owner=me, land=legion.land, characters=group, split_from=root
    )
    heights = (len(legion.characters), len(group))
    ctx.emit(ev.SplitMade(legion.marker, action.marker, legion.land, heights))
    ctx.emit(ev.SplitDetail(legion.marker, action.marker, tuple(group), audience=(me,)))
