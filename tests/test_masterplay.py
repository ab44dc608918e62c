"""Masterplay rules through the engine contract, each test citing its rule."""

from __future__ import annotations

import pytest

from tests.support import check_invariants, place, snapshot, started
from titan.engine.actions import (
    Accept,
    Acquire,
    ChooseColour,
    Concede,
    Decline,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    DontFlee,
    Engage,
    Fight,
    Flee,
    KeepMarker,
    Move,
    Mulligan,
    Muster,
    NoMoreProposals,
    Proposal,
    Propose,
    Split,
    Summon,
    Withdraw,
)
from titan.engine.errors import IllegalAction
from titan.engine.events import Losses
from titan.engine.game import Game
from titan.engine.queries.movement import masterboard_moves
from titan.engine.scenario import clear_board
from titan.engine.state import Options, Phase
from titan.variant import ENTRY_SIDES

FIRST = ("Angel", "Centaur", "Gargoyle", "Ogre")


def refused(game: Game, player: int, action: object, rule: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.act(player, action)  # type: ignore[arg-type]
    assert info.value.rule.startswith(rule) or rule in info.value.rule, info.value.rule
    assert snapshot(game) == before


# --- setup (5, errata 5.0, 5.1) ----------------------------------------------------------


@pytest.mark.rules("5.1", "Complete Sequence 1.3.1")
def test_tower_rolls_give_distinct_towers_5_1() -> None:
    for seed in range(30):
        game = Game.new("default", ["a", "b", "c", "d", "e", "f"], seed)
        towers = [p.tower for p in game.state.players]
        assert sorted(towers) == [100, 200, 300, 400, 500, 600]  # type: ignore[type-var]


@pytest.mark.rules(
    "errata 5.0", "errata 20.1", "errata 5.1", "Complete Sequence 1.4.1", "Complete Sequence 2"
)
def test_colours_in_ascending_tower_order_and_turns_descending_errata_5_0() -> None:
    game = Game.new("default", ["a", "b", "c"], 3)
    order: list[int] = []
    while game.state.phase == "colour":
        p = game.prompt().player
        order.append(game.state.players[p].tower or 0)
        game.act(p, ChooseColour(["Red", "Blue", "Gold"][len(order) - 1]))
    assert order == sorted(order)
    towers = [game.state.players[i].tower for i in game.state.order]
    assert towers == sorted(towers, reverse=True)  # type: ignore[type-var]
    assert game.prompt().player == game.state.order[0]


@pytest.mark.rules("errata 5.0", "Complete Sequence 1.4.1")
def test_colour_taken_is_refused_and_withdrawal_allowed_errata_5_0() -> None:
    game = Game.new("default", ["a", "b", "c"], 3)
    first = game.prompt().player
    game.act(first, ChooseColour("Red"))
    refused(game, game.prompt().player, ChooseColour("Red"), "errata 5.0")
    game.act(game.prompt().player, Withdraw())
    assert sum(p.alive for p in game.state.players) == 2


@pytest.mark.rules("errata 5.0", "errata 19.0", "errata 20.4", "1.1")
def test_a_withdrawal_while_colours_are_chosen_ends_a_two_player_game_at_once() -> None:
    """The first chooser withdraws: the other has won, with no colour to choose first."""
    game = Game.new("default", ["a", "b"], 3)
    first = game.prompt().player
    game.act(first, Withdraw())
    assert game.state.over and game.state.winner == 1 - first
    assert game.state.legions == {}
    refused(game, 1 - first, ChooseColour("Red"), "errata 19.0")


@pytest.mark.rules("5.2", "4.2", "errata 3.5", "errata 4.1", "errata 5.2", "Complete Sequence 1.5")
def test_initial_legion_and_markers_5_2_4_2() -> None:
    game = started(1, 2)
    for p in game.state.players:
        legions = game.state.player_legions(p.index)
        assert len(legions) == 1
        assert legions[0].characters == sorted(
            ["Titan", "Angel", "Centaur", "Centaur", "Gargoyle", "Gargoyle", "Ogre", "Ogre"]
        )
        assert legions[0].land == p.tower and len(p.markers) == 11
    assert game.state.caretaker["Centaur"] == 25 - 4


@pytest.mark.rules("21")
def test_titan_variant_rule_21() -> None:
    game = Game.new("default", ["a", "b"], 1, Options(titan_variant=True))
    game.act(game.prompt().player, ChooseColour("Red"))
    game.act(game.prompt().player, ChooseColour("Blue"))
    for p in game.state.players:
        (legion,) = game.state.player_legions(p.index)
        assert sorted(legion.characters) == sorted(
            ["Titan", "Angel", "Cyclops", "Cyclops", "Lion", "Lion", "Troll", "Troll"]
        )
        assert len(p.markers) == 7
    assert game.state.caretaker["Ogre"] == 0 and game.state.caretaker["Lion"] == 28 - 4


# --- splitting (4.3, 5.2) -----------------------------------------------------------------


def _mover(game: Game) -> int:
    return game.prompt().player


def _first_split(game: Game, group: tuple[str, ...] = FIRST) -> str:
    me = _mover(game)
    (legion,) = game.state.player_legions(me)
    marker = game.state.players[me].markers[0]
    game.act(me, Split(legion.marker, marker, tuple(sorted(group))))
    return marker


@pytest.mark.rules("5.2", "errata 5.2", "Complete Sequence 2.1")
def test_first_turn_split_is_4_4_with_one_lord_each_5_2() -> None:
    game = started()
    me = _mover(game)
    refused(game, me, DoneSplitting(), "5.2")
    (legion,) = game.state.player_legions(me)
    marker = game.state.players[me].markers[0]
    refused(game, me, Split(legion.marker, marker, ("Angel", "Centaur", "Ogre", "Titan")), "5.2")
    refused(game, me, Split(legion.marker, marker, ("Centaur", "Gargoyle", "Ogre")), "5.2")
    splits = [o for o in game.prompt().options if isinstance(o, Split)]
    assert len(splits) == 14  # Titan or Angel, with 7 multisets of three creatures
    _first_split(game)
    assert sorted(len(lg.characters) for lg in game.state.player_legions(me)) == [4, 4]
    assert not any(isinstance(o, Split) for o in game.prompt().options)  # one split only
    game.act(me, DoneSplitting())
    assert game.state.phase == "move" and game.state.roll in range(1, 7)


@pytest.mark.rules("4.3", "4.2")
def test_split_needs_two_each_side_and_an_available_marker_4_3() -> None:
    game = started()
    me = _mover(game)
    clear_board(game)
    game.state.players[me].turns_taken = 1
    place(game, me, "Rd01", 1, ["Titan", "Ogre", "Ogre", "Troll", "Troll"])
    refused(game, me, Split("Rd01", "Rd02", ("Ogre",)), "4.3")
    refused(game, me, Split("Rd01", "Rd02", ("Ogre", "Ogre", "Titan", "Troll")), "4.3")
    refused(game, me, Split("Rd01", "Bu02", ("Ogre", "Ogre")), "4.2")
    game.act(me, Split("Rd01", "Rd05", ("Ogre", "Ogre")))
    assert game.state.legions["Rd05"].characters == ["Ogre", "Ogre"]
    assert "Rd05" not in game.state.players[me].markers


@pytest.mark.rules("4.3", "5.2")
def test_split_knowledge_becomes_uncertain_4_3() -> None:
    """Others knew the starting eight; after a 4-4 split nobody knows where the Titan is."""
    game = started()
    me = _mover(game)
    other = 1 - me
    new = _first_split(game)
    view = game.view(other)
    for lg in view.legions:
        if lg.owner == me:
            assert not lg.complete and lg.height == 4
            assert "Titan" not in lg.known and "Angel" not in lg.known
    assert any(lg.complete and lg.known for lg in game.view(me).legions if lg.marker == new)


# --- movement (6.2, 7.6, 4.3, errata 4.7) -----------------------------------------------


def _to_move(game: Game) -> int:
    me = _mover(game)
    _first_split(game)
    game.act(me, DoneSplitting())
    return me


@pytest.mark.rules("7.6", "Complete Sequence 2.2.1")
def test_mulligan_only_on_the_first_turn_before_moving_7_6() -> None:
    game = started(5)
    me = _to_move(game)
    assert Mulligan() in game.prompt().options
    counter = game.state.dice
    game.act(me, Mulligan())
    assert game.state.dice == counter + 1
    refused(game, me, Mulligan(), "7.6")


@pytest.mark.rules("6.2", "4.3")
def test_must_move_at_least_one_legion_errata_6_2_and_split_rule_4_3() -> None:
    game = started(5)
    me = _to_move(game)
    refused(game, me, DoneMoving(), "6.2")
    move = next(o for o in game.prompt().options if isinstance(o, Move))
    game.act(me, move)
    game.act(me, DoneMoving())
    assert game.state.phase in ("muster", "engage")


@pytest.mark.rules("errata 4.7", "Complete Sequence 2.4")
def test_unmoved_split_offs_recombine_under_the_original_marker_errata_4_7() -> None:
    game = started(5)
    me = _mover(game)
    clear_board(game)
    game.state.players[me].turns_taken = 1
    place(game, me, "Rd01", 100, ["Titan", "Ogre", "Ogre", "Troll", "Troll", "Lion", "Lion"])
    game.touch()
    game.act(me, Split("Rd01", "Rd02", ("Ogre", "Ogre")))
    game.act(me, Split("Rd01", "Rd03", ("Lion", "Lion")))
    game.act(me, DoneSplitting())
    move = next(o for o in game.prompt().options if isinstance(o, Move) and o.legion == "Rd02")
    game.act(me, move)
    game.act(me, DoneMoving())
    assert game.state.legions["Rd01"].characters == ["Lion", "Lion", "Titan", "Troll", "Troll"]
    assert "Rd03" not in game.state.legions and "Rd03" in game.state.players[me].markers


@pytest.mark.rules("errata 4.7", "Complete Sequence 2.4")
def test_when_only_the_original_moved_the_player_picks_the_marker_errata_4_7() -> None:
    game = started(5)
    me = _mover(game)
    clear_board(game)
    game.state.players[me].turns_taken = 1
    place(game, me, "Rd01", 100, ["Titan", "Ogre", "Ogre", "Troll", "Troll", "Lion", "Lion"])
    game.touch()
    game.act(me, Split("Rd01", "Rd02", ("Ogre", "Ogre")))
    game.act(me, Split("Rd01", "Rd03", ("Lion", "Lion")))
    game.act(me, DoneSplitting())
    move = next(o for o in game.prompt().options if isinstance(o, Move) and o.legion == "Rd01")
    game.act(me, move)
    game.act(me, DoneMoving())
    assert game.prompt().kind == "keep_marker"
    refused(game, me, KeepMarker("Rd01"), "errata 4.7")
    game.act(me, KeepMarker("Rd03"))
    assert game.state.legions["Rd03"].characters == ["Lion", "Lion", "Ogre", "Ogre"]


@pytest.mark.rules("Complete Sequence 2.3")
def test_moving_onto_an_enemy_names_the_entry_side_errata_2_3() -> None:
    game = started(5)
    me = _mover(game)
    clear_board(game)
    game.state.players[me].turns_taken = 1
    game.state.players[1 - me].turns_taken = 1
    start, roll, sides = next(
        (land, roll, sides)
        for land in sorted(game.variant.masterboard.lands)
        for roll in range(1, 6)
        if (sides := masterboard_moves(game.variant, land, roll, enemies={1000}).get(1000))
    )
    place(game, me, "Rd01", start, ["Titan", "Ogre"])
    place(game, 1 - me, "Bu01", 1000, ["Titan", "Ogre"])
    game.act(me, DoneSplitting())
    game.state.roll = roll
    game.touch()
    wrong = next(s for s in ENTRY_SIDES if s not in sides)
    refused(game, me, Move("Rd01", 1000, wrong), "7")
    refused(game, me, Move("Rd01", 1000, None), "7")
    side = sorted(sides)[0]
    game.act(me, Move("Rd01", 1000, side))
    assert game.state.legions["Rd01"].entry_side == side


# --- engagements (9, errata 9.x), scoring (16, 17), elimination (19) --------------------


def engaged(
    seed: int = 5,
    attacker: list[str] | None = None,
    defender: list[str] | None = None,
    scores: tuple[int, int] = (0, 0),
) -> tuple[Game, int, int]:
    """A position: the mover's Rd01 has just moved onto the enemy's Bu01 on land 1000."""
    game = started(seed)
    me = _mover(game)
    them = 1 - me
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1
    game.state.players[me].score, game.state.players[them].score = scores
    place(game, me, "Rd01", 1000, attacker or ["Titan", "Ogre", "Ogre"])
    place(game, me, "Rd02", 3, ["Angel", "Centaur"])
    place(game, them, "Bu01", 1000, defender or ["Troll", "Troll"])
    place(game, them, "Bu02", 200, ["Titan", "Ogre"])
    game.state.legions["Rd01"].moved = True
    game.state.legions["Rd01"].entry_side = "left"
    game.state.phase = Phase.ENGAGE
    game.touch()
    return game, me, them


@pytest.mark.rules("9.2", "16.1", "Complete Sequence 2.5.3")
def test_defender_without_lord_may_flee_for_half_points_9_2_16_1() -> None:
    game, me, them = engaged(defender=["Troll", "Ogre", "Centaur"])
    game.act(me, Engage(1000))
    assert game.prompt().player == them and game.prompt().kind == "flee"
    game.act(them, Flee())
    assert game.state.players[me].score == (16 + 12 + 12) // 2
    assert "Bu01" not in game.state.legions
    assert game.state.dead["Troll"] == 1
    assert game.prompt().kind == "muster"  # 15.2: no summons after a flight


@pytest.mark.rules("9.2")
def test_a_legion_with_a_lord_cannot_flee_9_2() -> None:
    game, me, them = engaged(defender=["Angel", "Troll"])
    game.act(me, Engage(1000))
    assert game.prompt().kind == "negotiate" and game.prompt().player == them
    refused(game, them, Flee(), "errata 9.3")


@pytest.mark.rules(
    "9.3", "errata 9.3", "Complete Sequence 2.5.4.1", "Complete Sequence 2.5.4.2", "9.5", "15.2"
)
def test_negotiation_proposals_errata_9_3() -> None:
    game, me, them = engaged()
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    bad_titan = Proposal(("Titan",), ("Troll", "Troll"))
    refused(game, them, Propose((bad_titan,)), "errata 9.3")
    nobody_out = Proposal(("Ogre",), ("Troll",))
    refused(game, them, Propose((nobody_out,)), "errata 9.3")
    p1 = Proposal(("Ogre",), ("Troll", "Troll"))
    game.act(them, Propose((p1,)))
    assert game.prompt().player == me
    refused(game, me, Propose((p1,)), "errata 9.3")  # the opponent's proposal
    p2 = Proposal((), ("Troll", "Troll"))
    game.act(me, Propose((p2,)))
    refused(game, them, Propose((p1,)), "errata 9.3")  # nothing new
    refused(game, them, Accept(p1), "errata 9.3")  # only the opponent's
    game.act(them, Accept(p2))
    assert "Bu01" not in game.state.legions
    assert game.prompt().kind == "summon"  # errata 2.5.6.5 comes before the points
    game.act(me, Decline())
    assert game.state.legions["Rd01"].characters == ["Ogre", "Ogre", "Titan"]
    assert game.state.players[me].score == 32


@pytest.mark.rules("errata 9.5")
def test_agreement_losses_are_public_errata_9_5() -> None:
    game, me, them = engaged()
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    game.act(them, Propose((Proposal(("Ogre",), ("Troll", "Troll")),)))
    game.act(me, Accept(Proposal(("Ogre",), ("Troll", "Troll"))))
    kinds = [e.kind for e in game.history if e.visible(None)]
    assert "losses" in kinds
    public_losses = [e for e in game.history if isinstance(e, Losses)]
    assert Losses("Rd01", ("Ogre",)) in public_losses


@pytest.mark.rules("Complete Sequence 2.5.5", "errata 9.3", "16.1", "19.4")
def test_no_more_proposals_then_accept_concede_or_fight_errata_2_5_5() -> None:
    game, me, them = engaged()
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    game.act(them, NoMoreProposals())
    assert set(map(type, game.prompt().options)) == {Fight, Concede}
    refused(game, me, Propose((Proposal((), ("Troll", "Troll")),)), "errata 9.3")
    game.act(me, Concede())
    assert "Rd01" not in game.state.legions
    # Titan 24 + two Ogres; the mover's Titan fell, so half of Rd02 (Angel, Centaur) too
    assert game.state.players[them].score == 24 + 12 + 12 + (24 + 12) // 2
    assert not game.state.players[me].alive


@pytest.mark.rules("15.2", "16.1", "17")
def test_concession_gives_full_points_and_an_angel_17() -> None:
    game, me, them = engaged(defender=["Troll", "Troll", "Ogre"], scores=(90, 0))
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    game.act(them, Concede())
    # 15.2 first: the attacker may summon the Angel from Rd02
    assert game.prompt().kind == "summon"
    game.act(me, Summon("Rd02", "Angel"))
    assert "Angel" in game.state.legions["Rd01"].characters
    assert "Rd02" in game.state.legions  # the Centaur stays behind
    assert game.state.players[me].score == 90 + 44
    assert game.prompt().kind == "acquire"
    game.act(me, Acquire("Angel"))
    assert game.state.legions["Rd01"].characters.count("Angel") == 2
    check_invariants(game)


@pytest.mark.rules("17.3", "errata 17.3")
def test_archangel_or_angel_at_500_errata_17_3() -> None:
    game, me, them = engaged(defender=["Troll", "Troll"], scores=(490, 0))
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    game.act(them, Concede())
    if game.prompt().kind == "summon":
        game.act(me, Decline())
    options = game.prompt().options
    assert Acquire("Archangel") in options and Acquire("Angel") in options
    game.act(me, Acquire("Archangel"))
    assert "Archangel" in game.state.legions["Rd01"].characters


@pytest.mark.rules("19.4", "19.1", "errata 4.6", "errata 19.0")
def test_titan_elimination_half_points_and_markers_19_4() -> None:
    game, me, them = engaged(defender=["Titan", "Troll"], scores=(0, 150))
    game.act(me, Engage(1000))
    game.act(them, Concede())
    game.act(me, Decline())  # no summons
    # full points: Titan (power 7 at 150 points: 28) + Troll 16; half of Bu02 (Titan 28 + Ogre 12)
    assert game.state.players[me].score == 28 + 16 + (28 + 12) // 2
    assert not game.state.players[them].alive
    assert not game.state.player_legions(them)
    assert any(m.startswith("Bu") for m in game.state.players[me].markers)
    assert game.state.over and game.state.winner == me


@pytest.mark.rules("16.1", "19.4")
def test_mutual_elimination_scores_nothing_16_1() -> None:
    game, me, them = engaged(defender=["Troll", "Troll"])
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    both = Proposal(("Ogre", "Ogre", "Titan"), ("Troll", "Troll"))
    game.act(them, Propose((both,)))
    game.act(me, Accept(both))
    # the mover's Titan fell: the opponent takes half points for Rd02 and the markers
    assert game.state.players[them].score == (24 + 12) // 2
    assert not game.state.players[me].alive and game.state.over


@pytest.mark.rules("Complete Sequence 2.5.5.1", "14.2")
def test_defender_winning_by_agreement_may_reinforce_errata_2_5_5_1() -> None:
    game, me, them = engaged(attacker=["Titan", "Ogre", "Ogre"], defender=["Lion", "Lion"])
    game.state.legions["Rd01"].characters = ["Ogre", "Ogre"]
    game.state.legions["Rd02"].characters = ["Angel", "Centaur", "Titan"]
    game.touch()
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    deal = Proposal(("Ogre", "Ogre"), ("Lion",))
    game.act(them, Propose((deal,)))
    game.act(me, Accept(deal))
    assert game.prompt().kind == "reinforce" and game.prompt().player == them
    assert game.prompt().options == (Muster("Bu01", "Lion", ("Lion",)), Decline())
    game.act(them, game.prompt().options[0])
    assert game.state.legions["Bu01"].characters == ["Lion", "Lion"]


@pytest.mark.rules("18.1")
def test_muster_only_moved_legions_once_18_1() -> None:
    game, me, them = engaged(attacker=["Titan", "Lion", "Lion"], defender=["Troll", "Troll"])
    game.act(me, Engage(1000))
    game.act(them, DontFlee())
    game.act(them, Concede())
    while game.prompt().kind != "muster":
        game.act(me, Decline())
    musters = [o for o in game.prompt().options if isinstance(o, Muster)]
    assert musters and all(m.legion == "Rd01" for m in musters)  # Rd02 did not move
    refused(game, me, Muster("Rd02", "Centaur"), "18")
    game.act(me, musters[0])
    assert not any(isinstance(o, Muster) for o in game.prompt().options)
    game.act(me, DoneMustering())
    assert game.prompt().player == them


@pytest.mark.rules("errata 1.3")
def test_wrong_player_is_refused_errata_1_3() -> None:
    game, _, them = engaged()
    refused(game, them, Engage(1000), "errata 1.3")
