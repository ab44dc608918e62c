"""Summoning an Angel or Archangel (rule 15, 15.1-15.3; errata 10.1, 15.0, 18.1): who may be
summoned from where, the summons itself, and its return when the lord never entered."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import Summon
from titan.engine.context import Ctx
from titan.engine.phases import elimination
from titan.engine.queries.muster import MAX_LEGION
from titan.engine.state import Legion
from titan.variant import ANGEL, ARCHANGEL

SUMMONABLE = (ANGEL, ARCHANGEL)


def summon_options(ctx: Ctx) -> list[Summon]:
    """Rule 15, 15.2, errata 15.0: from another legion of the attacker not in an unresolved
    engagement, an Angel or Archangel, once per engagement phase, into a legion with room."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    winner = state.legions.get(eng.attacker)
    if winner is None or len(winner.characters) >= MAX_LEGION or state.summoned_this_turn:
        return []
    out: list[Summon] = []
    for lg in sorted(state.player_legions(eng.attacker_owner), key=lambda x: x.marker):
        if lg.marker == winner.marker:
            continue
        if any(o.owner != lg.owner for o in state.legions_at(lg.land)):
            continue
        out.extend(Summon(lg.marker, lord) for lord in SUMMONABLE if lord in lg.characters)
    return out


def summon(ctx: Ctx, action: Summon) -> None:
    """Rule 15.1: the lord leaves its legion for the attacker's in everyone's sight."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    donor = state.legions[action.donor]
    donor.characters.remove(action.lord)
    winner = state.legions[eng.attacker]
    winner.characters = sorted([*winner.characters, action.lord])
    state.summoned_this_turn = True
    eng.summoned = True
    ctx.emit(ev.Summoned(action.lord, donor.marker, winner.marker))
    if not donor.characters:  # errata 18.1
        elimination.remove_legion(ctx, donor.marker, "disbanded")


def return_summons(ctx: Ctx, lord: str, donor: str, land: int) -> None:
    """Errata 10.1, 15.1: a summoned lord that never entered goes back to its donor (which
    takes its marker again if the summons had emptied it); the summons is not spent."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    legion = state.legions[eng.attacker]
    legion.characters.remove(lord)
    back = state.legions.get(donor)
    if back is None:
        state.players[eng.attacker_owner].markers.remove(donor)
        back = state.legions[donor] = Legion(
            marker=donor, owner=eng.attacker_owner, land=land, characters=[]
        )
    back.characters = sorted([*back.characters, lord])
    eng.summoned = False
    state.summoned_this_turn = False
    ctx.emit(ev.SummonsReturned(lord, legion.marker, donor, land))
