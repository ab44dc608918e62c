"""A player leaves the game: his Titan is slain (19.3, 19.4) or he withdraws (errata 20.4)."""

from __future__ import annotations

from collections import defaultdict

from titan.engine import knowledge, scoring
from titan.engine.context import Ctx
from titan.engine.state import Legion


def remove_legion(ctx: Ctx, marker: str) -> Legion:
    """Take a legion off the board and give its marker back to its owner (4.4)."""
    legion = ctx.state.legions.pop(marker)
    ctx.state.players[legion.owner].markers.append(marker)
    ctx.state.players[legion.owner].markers.sort()
    knowledge.forget(ctx.state, marker)
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
            knowledge.reveal_all(state, legion.marker)
            ctx.emit("legion_removed", marker=legion.marker, land=legion.land, characters=names)
            if receiver is not None and receiver not in losers:
                due[receiver] += scoring.value_of(ctx, names, loser)
            remove_legion(ctx, legion.marker)
            scoring.return_slain(ctx, names)
        state.players[loser].alive = False
        ctx.emit("player_eliminated", player=loser, by=slayer)
    for receiver, points in sorted(due.items()):
        scoring.add_points(ctx, receiver, points // 2, "half points (19.4)")
    if slayer is not None and slayer not in losers and len(losers) == 1:
        loser = losers[0]
        gained = state.players[loser].markers
        state.players[slayer].markers = sorted(state.players[slayer].markers + gained)
        state.players[loser].markers = []
        ctx.emit("markers_passed", to=slayer, frm=loser, markers=gained)


def withdraw(ctx: Ctx, player: int) -> None:
    """Errata 20.4: a withdrawing player's legions leave the game; nobody scores them and his
    markers pass to no one (docs/rules-decisions.md)."""
    state = ctx.state
    for legion in list(state.player_legions(player)):
        names = list(legion.characters)
        knowledge.reveal_all(state, legion.marker)
        ctx.emit("legion_removed", marker=legion.marker, land=legion.land, characters=names)
        remove_legion(ctx, legion.marker)
        scoring.return_slain(ctx, names)
    state.players[player].alive = False
    ctx.emit("player_withdrew", player=player)
