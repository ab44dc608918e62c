"""Hidden information (rules 4.5, 9.1, 18.4; errata 9.3, 9.5): what a view and the event
history show each player."""

from __future__ import annotations

import pytest

from tests.support import place, started
from titan.engine.actions import DoneSplitting, Engage, Muster, Split
from titan.engine.scenario import clear_board
from titan.engine.state import Phase


@pytest.mark.rules("4.3")
def test_split_contents_reach_only_the_owner_4_3() -> None:
    game = started(2, 3)
    me = game.prompt().player
    (legion,) = game.state.player_legions(me)
    marker = game.state.players[me].markers[0]
    events = game.act(me, Split(legion.marker, marker, ("Angel", "Centaur", "Gargoyle", "Ogre")))
    detail = [e for e in events if e.kind == "split_detail"]
    assert detail and all(
        e.visible(me) and not e.visible(o) for e in detail for o in range(3) if o != me
    )
    assert not any(e.kind == "split_detail" for e in game.events_for(None))
    for other in range(3):
        if other == me:
            continue
        for lg in game.view(other).legions:
            if lg.owner == me:
                assert not lg.complete and lg.height == 4


@pytest.mark.rules("9.1", "Complete Sequence 2.5.2")
def test_engagement_looks_are_private_to_the_two_players_9_1() -> None:
    game = started(2, 3)
    me = game.prompt().player
    them, third = [p for p in range(3) if p != me]
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1
    place(game, me, "Rd01", 1000, ["Titan", "Dragon", "Lion"])
    place(game, them, "Bu01", 1000, ["Titan", "Hydra"])
    place(game, third, "Gr01", 100, ["Titan", "Ogre"])
    game.state.legions["Rd01"].moved = True
    game.state.phase = Phase.ENGAGE
    game.touch()
    game.act(me, Engage(1000))
    known = {lg.marker: lg.known for lg in game.view(them).legions}
    assert known["Rd01"] == ("Dragon", "Lion", "Titan")
    known = {lg.marker: lg.known for lg in game.view(third).legions}
    assert known["Rd01"] == () and known["Bu01"] == ()
    assert not [e for e in game.events_for(third) if e.kind == "legion_shown"]


@pytest.mark.rules("18", "18.4")
def test_mustering_reveals_the_qualifying_characters_18_4() -> None:
    game = started(2, 2)
    me = game.prompt().player
    other = 1 - me
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1
    place(game, me, "Rd01", 1000, ["Titan", "Lion", "Lion", "Ogre"])
    place(game, other, "Bu01", 100, ["Titan", "Ogre"])
    game.act(me, DoneSplitting())
    game.state.legions["Rd01"].moved = True
    game.state.phase = Phase.MUSTER
    game.touch()
    game.act(me, Muster("Rd01", "Minotaur", ("Lion", "Lion")))
    (seen,) = [lg for lg in game.view(other).legions if lg.marker == "Rd01"]
    assert seen.known == ("Lion", "Lion", "Minotaur") and seen.height == 5
    assert not seen.complete
