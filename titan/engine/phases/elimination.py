"""A player leaves the game: his Titan is slain (19.3, 19.4) or he withdraws (errata 20.4)."""

from __future__ import annotations

from collections import defaultdict

from titan.engine import events as ev
from titan.engine.context import Ctx
from titan.engine.phases import scoring
from titan.engine.state import Legion


def remove_legion(ctx: Ctx, marker: str, reason: ev.Removal, *, shown: bool = False) -> Legion:
    """Take a legion off the board and give its marker back to its owner (4.4). ``shown``:
    its characters are made public as it goes (19.4, errata 20.4)."""
    state = ctx.state
    legion = state.legions[marker]
    names = tuple(legion.characters) if shown else ()
    ctx.emit(ev.LegionRemoved(marker, legion.land, reason, names))
    del state.legions[marker]
    state.players[legion.owner].markers.append(marker)
    state.players[legion.owner].markers.sort()
    return legion


def _engaged_with(ctx: Ctx, legion: Legion) -> int | None:
    """The other player whose legion shares this land (an unresolved engagement), if any."""
    for other in ctx.state.legions_at(legion.land):
        if other.owner != legion.owner:
            return other.owner
    return None


def eliminate(ctx: Ctx, losers: list[int], slayer: int | None) -> None:
    """Remove every legion of the players in ``losers`` (19.4).

    Half points (rounded down once per receiving player, errata 19.4) go to the player each
    legion is engaged with, otherwise to ``slayer``; survivors of the slain Titan's own legion
    still share the land with the slayer's legion, or are due to ``slayer`` if it fell too
    (errata 2.5.6.9, 19.3/19.4).
    When two Titans fall together neither eliminated player scores and nobody gets their
    markers (errata 19.3/19.4). Half points never bring angels (19.4).
    """
    state = ctx.state
    due: dict[int, int] = defaultdict(int)
    for loser in losers:
        for legion in list(state.player_legions(loser)):
            receiver = _engaged_with(ctx, legion)
            if receiver is None:
                receiver = slayer
            names = list(legion.characters)
            if receiver is not None and receiver not in losers:
                due[receiver] += scoring.value_of(ctx, names, loser)
            remove_legion(ctx, legion.marker, "eliminated", shown=True)
            scoring.return_slain(ctx, names)
        state.players[loser].alive = False
        ctx.emit(ev.PlayerEliminated(loser, slayer))
    for receiver, points in sorted(due.items()):
        scoring.add_points(ctx, receiver, points // 2, "half points (19.4)")
    if slayer is not None and slayer not in losers and len(losers) == 1:
        loser = losers[0]
        gained = state.players[loser].markers
        state.players[slayer].markers = sorted(state.players[slayer].markers + gained)
        state.players[loser].markers = []
        ctx.emit(ev.MarkersPassed(slayer, loser, tuple(gained)))


def withdraw(ctx: Ctx, player: int) -> None:
    """Errata 20.4: a withdrawing player's legions leave the game; nobody scores them and his
    markers pass to no one (docs/rules-decisions.md)."""
    state = ctx.state
    for legion in list(state.player_legions(player)):
        names = list(legion.characters)
        remove_legion(ctx, legion.marker, "withdrew", shown=True)
        scoring.return_slain(ctx, names)
    state.players[player].alive = False
    ctx.emit(ev.PlayerWithdrew(player))
