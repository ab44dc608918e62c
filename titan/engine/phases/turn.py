"""The boundaries of a player's turn: its start, its end, withdrawal and the end of the game
(rules 1.1, 21; errata 19.0, 20.4; Complete Sequence 2.7)."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.context import Ctx
from titan.engine.phases import elimination
from titan.engine.phases.scoring import value_of
from titan.engine.state import Phase


def begin_turn(ctx: Ctx) -> None:
    state = ctx.state
    for lg in state.legions.values():
        lg.moved = lg.mustered = False
        lg.split_from = lg.entry_side = lg.teleported = None
        lg.start_land = None
    state.roll = None
    state.summoned_this_turn = state.teleported_this_turn = False
    state.moves_made = []
    state.engagement = None
    state.phase = Phase.SPLIT
    ctx.emit(ev.TurnStarted(state.active, state.turn))


def end_turn(ctx: Ctx) -> None:
    """Complete Sequence 2.7: the turn passes to the next remaining player in tower order
    (5.1)."""
    state = ctx.state
    state.players[state.active].turns_taken += 1
    ctx.emit(ev.TurnEnded(state.active))
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


def _game_over(ctx: Ctx, winner: int | None, reason: str, totals: dict[int, int] | None) -> None:
    state = ctx.state
    state.over = True
    state.phase = Phase.OVER
    state.winner = winner
    ctx.emit(ev.GameOver(winner, reason, totals))


def check_game_over(ctx: Ctx) -> bool:
    """Rule 1.1, errata 19.0: the game ends with zero or one players left; rule 21's point
    target ends it at the end of a turn."""
    state = ctx.state
    alive = state.alive_players()
    if len(alive) <= 1:
        _game_over(ctx, alive[0] if alive else None, "last Titan standing", None)
        return True
    target = state.options.point_target
    if target is not None and state.phase in (Phase.MUSTER, Phase.OVER):
        reached = [i for i in alive if state.players[i].score >= target]
        if reached:
            winner = max(reached, key=lambda i: state.players[i].score)
            _game_over(ctx, winner, f"reached {target} points (21)", None)
            return True
    return False


def finish_by_totals(ctx: Ctx, reason: str) -> None:
    """Rule 21: score plus the value of every legion still on the board decides; every
    legion is shown."""
    state = ctx.state
    totals = {
        i: state.players[i].score
        + sum(value_of(ctx, lg.characters, lg.owner) for lg in state.player_legions(i))
        for i in state.alive_players()
    }
    for lg in state.legions.values():
        ctx.emit(ev.LegionRevealed(lg.marker, tuple(lg.characters)))
    winner = max(totals, key=lambda i: (totals[i], state.players[i].score))
    _game_over(ctx, winner, reason, totals)


def withdraw(ctx: Ctx) -> None:
    """Errata 20.4 and Complete Sequence 2.1-2.3, 2.6-2.7: withdrawing ends the turn."""
    player = ctx.state.active
    elimination.withdraw(ctx, player)
    if not check_game_over(ctx):
        end_turn(ctx)
