"""The battle's sequence of play (errata Complete Sequence 2.5.6; rules 10-15, 19.3)."""

from __future__ import annotations

import pytest

from tests.support import check_invariants, cleared, place, snapshot, started
from titan.engine.actions import (
    Concede,
    Decline,
    DontFlee,
    Engage,
    Fight,
    Muster,
    NoMoreProposals,
    Summon,
)
from titan.engine.battle.actions import BattleMove, EndPhase, ResetManeuver, Strike
from titan.engine.battle.state import BattleState
from titan.engine.errors import IllegalAction
from titan.engine.events import DriftDamage
from titan.engine.game import Game
from titan.engine.scenario import clear_board
from titan.engine.state import Phase
from titan.variant import EntrySide


def battle(
    land: int,
    attacker: list[str],
    defender: list[str],
    side: EntrySide = "bottom",
    seed: int = 3,
) -> tuple[Game, int, int]:
    """The mover's Rd01 has engaged Bu01 on ``land``; both declined everything: fight."""
    game, me, them, _, _ = cleared(seed)
    place(game, me, "Rd01", land, attacker)
    place(game, me, "Rd02", 3, ["Angel", "Centaur"])
    place(game, them, "Bu01", land, defender)
    if "Titan" not in attacker:
        place(game, me, "Rd03", 5, ["Titan", "Ogre"])
    if "Titan" not in defender:
        place(game, them, "Bu02", 200, ["Titan", "Ogre"])
    game.state.legions["Rd01"].moved = True
    game.state.legions["Rd01"].entry_side = side
    game.state.phase = Phase.ENGAGE
    game.touch()
    game.act(me, Engage(land))
    if game.prompt().kind == "flee":
        game.act(them, DontFlee())
    game.act(them, NoMoreProposals())
    game.act(me, Fight())
    return game, me, them


def bs(game: Game) -> BattleState:
    eng = game.state.engagement
    assert eng is not None and isinstance(eng.battle, BattleState)
    return eng.battle


@pytest.mark.rules("errata 9.3", "Complete Sequence 2.5.6.1")
def test_fight_makes_both_legions_public_errata_9_3() -> None:
    game, _, _ = battle(1, ["Titan", "Ogre"], ["Troll", "Troll"])
    spectator = {lg.marker: list(lg.known) for lg in game.view(None).legions}
    assert spectator["Rd01"] == ["Ogre", "Titan"] and spectator["Bu01"] == ["Troll", "Troll"]


@pytest.mark.rules("Complete Sequence 2.5.6.2", "Complete Sequence 2.5.6.3", "10.3")
def test_concession_chances_before_the_battle_errata_2_5_6_2() -> None:
    game, me, them = battle(1, ["Titan", "Ogre"], ["Troll", "Troll"])
    assert game.prompt().player == me and game.prompt().kind == "battle_may_concede"
    game.act(me, Decline())
    assert game.prompt().player == them and game.prompt().kind == "battle_may_concede"
    game.act(them, Decline())
    assert game.prompt().player == them and game.prompt().kind == "maneuver"  # 10.3


@pytest.mark.rules("10.1", "11.1")
def test_defender_enters_on_the_side_opposite_the_attacker_10_1() -> None:
    """Errata 2.2: a bottom attack puts the defender on F4, E5 or D6."""
    game, me, them = battle(1, ["Titan", "Ogre"], ["Troll", "Troll"], side="bottom")
    game.act(me, Decline())
    game.act(them, Decline())
    entries = {o.to for o in game.prompt().options if isinstance(o, BattleMove)}
    assert entries <= {"D6", "E5", "F4", "C5", "D5", "E4", "F3", "C4", "D4", "E3", "F2"}
    assert {"D6", "E5", "F4"} <= entries


@pytest.mark.rules("10.1", "errata 10.1")
def test_characters_left_off_are_slain_and_score_10_1() -> None:
    game, me, them = battle(1, ["Titan", "Ogre"], ["Troll", "Troll"])
    game.act(me, Decline())
    game.act(them, Decline())
    moves = [o for o in game.prompt().options if isinstance(o, BattleMove)]
    game.act(them, moves[0])  # one Troll enters, the other stays off
    game.act(them, EndPhase())
    eng = game.state.engagement
    assert eng is not None and eng.slain["defender"] == ["Troll"]
    assert game.state.legions["Bu01"].characters == ["Troll"]
    assert not bs(game).summon_trigger  # errata 10.1: it never entered
    check_invariants(game)


@pytest.mark.rules("errata 11.0")
def test_maneuver_can_be_undone_errata_11_0() -> None:
    game, me, them = battle(1, ["Titan", "Ogre"], ["Troll", "Troll"])
    game.act(me, Decline())
    game.act(them, Decline())
    before = [(f.hex, f.moved) for f in bs(game).fighters]
    moves = [o for o in game.prompt().options if isinstance(o, BattleMove)]
    game.act(them, moves[0])
    game.act(them, ResetManeuver())
    assert [(f.hex, f.moved) for f in bs(game).fighters] == before


@pytest.mark.rules("10.2", "errata 10.2")
def test_tower_defender_deploys_attacker_enters_bottom_10_2() -> None:
    game, me, them = battle(100, ["Titan", "Ogre"], ["Troll", "Troll"], side="left")
    game.act(me, Decline())
    game.act(them, Decline())
    deploys = {o.to for o in game.prompt().options if isinstance(o, BattleMove)}
    assert deploys == {"C3", "C4", "D3", "D4", "D5", "E3", "E4"}
    assert bs(game).entry_side == "bottom"


def _enter_all(game: Game, player: int) -> None:
    while True:
        moves = [o for o in game.prompt().options if isinstance(o, BattleMove)]
        if not moves:
            break
        game.act(player, moves[0])
    game.act(player, EndPhase())


def _finish_strikes(game: Game) -> None:
    while game.prompt().kind in ("strike", "counterstrike", "carry_over", "battle_may_concede"):
        eng = game.state.engagement
        if eng is None or eng.battle is None or bs(game).ending:
            break
        p = game.prompt()
        if p.kind == "battle_may_concede":
            game.act(p.player, Decline())
            continue
        opts = [o for o in p.options if not isinstance(o, Concede)]
        end = [o for o in opts if isinstance(o, EndPhase)]
        game.act(p.player, end[0] if end else opts[0])


@pytest.mark.rules(
    "10.5", "errata 10.5", "Complete Sequence 2.5.6.4.2.8", "Complete Sequence 2.5.6.4.2.8.1"
)
def test_time_loss_after_the_seventh_turn_10_5() -> None:
    """Nobody ever meets: the attacker's legion is eliminated and the defender scores
    nothing (errata 10.5); the attacker's Titan among them ends his game."""
    game, me, them = battle(1, ["Ogre", "Ogre"], ["Troll", "Troll"])
    game.act(me, Decline())
    game.act(them, Decline())
    for _ in range(7):
        for player in (them, me):
            assert game.prompt().kind == "maneuver" and game.prompt().player == player
            game.act(player, EndPhase()) if bs(game).turn > 1 else _enter_far(game, player)
            _finish_strikes(game)
    assert game.prompt().kind == "battle_may_concede" and bs(game).time_loss
    game.act(me, Decline())
    assert "Rd01" not in game.state.legions
    assert game.state.players[them].score == 0
    check_invariants(game)


def _enter_far(game: Game, player: int) -> None:
    """Enter every character on the first entry hex offered (the edge), nothing closer."""
    while True:
        moves = [o for o in game.prompt().options if isinstance(o, BattleMove) and o.frm is None]
        entries = set(game.variant.entry.attacker["bottom"]) | set(
            game.variant.entry.defender["bottom"]
        )
        moves = [m for m in moves if m.to in entries]
        if not moves:
            break
        game.act(player, moves[0])
    game.act(player, EndPhase())


@pytest.mark.rules("14.2", "errata 14.2", "errata 9.4", "Complete Sequence 2.5.6.4.1.2")
def test_attacker_concession_after_committing_gives_reinforcement_14_2() -> None:
    game, me, them = battle(1, ["Titan", "Ogre"], ["Centaur", "Centaur"])  # Plains: Centaurs
    game.act(me, Decline())
    game.act(them, Decline())
    _enter_far(game, them)
    _finish_strikes(game)
    _enter_far(game, me)
    eng = game.state.engagement
    assert eng is not None and eng.reinforce_right
    _finish_strikes(game)
    assert game.prompt().player == them and game.prompt().kind == "maneuver"
    game.act(them, Concede())
    assert game.prompt().kind == "concession_offered" and game.prompt().player == me
    game.act(me, Concede())  # errata 9.4: concede instead
    assert game.prompt().kind == "reinforce" and game.prompt().player == them  # 14.2
    game.act(them, Decline())
    assert not game.state.players[me].alive
    assert "Bu01" in game.state.legions


def test_refused_battle_actions_change_nothing() -> None:
    game, me, them = battle(1, ["Titan", "Ogre"], ["Troll", "Troll"])
    game.act(me, Decline())
    game.act(them, Decline())
    before = snapshot(game)
    for bad, rule, why in (
        (BattleMove("Troll", None, "A1"), "11.1-11.6", "cannot reach A1"),  # not its side
        (BattleMove("Dragon", None, "F4"), "11", "no Dragon of yours"),
        (Strike("F4", "A1", 4, 8), "11", "move a character"),  # no strikes while maneuvering
        (Summon("Rd02", "Angel"), "15", "no angel can be summoned now"),
        (Muster("Bu01", "Troll"), "14", "no reinforcement can be mustered now"),
    ):
        with pytest.raises(IllegalAction, match=why) as exc:
            game.act(them, bad)
        assert exc.value.rule == rule
    assert snapshot(game) == before


def _to_attacker_turn_after_a_kill(game: Game, me: int, them: int) -> None:
    """Enter, then let the strikes run until a defender who entered has been slain."""
    for _ in range(14):
        b = bs(game)
        if b.summon_window or game.state.engagement is None:
            return
        player = game.prompt().player
        if game.prompt().kind == "maneuver":
            moves = [o for o in game.prompt().options if isinstance(o, BattleMove)]
            while moves and bs(game).turn <= 2:
                game.act(player, moves[-1])
                moves = [o for o in game.prompt().options if isinstance(o, BattleMove)]
            if bs(game).summon_window:
                return
            game.act(player, EndPhase())
        _finish_strikes(game)


@pytest.mark.rules("15", "15.1", "15.3", "errata 15.1")
def test_summoning_in_battle_after_a_defender_is_slain_15() -> None:
    """The attacker may summon the Angel from Rd02 in his first maneuver phase after the
    strike phase that slew an entered defender; it enters from the attacker's side."""
    for seed in range(40):
        game, me, them = battle(
            1, ["Titan", "Colossus", "Serpent"], ["Centaur", "Ogre", "Ogre"], seed=seed
        )
        game.act(me, Decline())
        game.act(them, Decline())
        _to_attacker_turn_after_a_kill(game, me, them)
        if game.state.engagement is None or not bs(game).summon_window:
            continue
        assert Summon("Rd02", "Angel") in game.prompt().options
        game.act(me, Summon("Rd02", "Angel"))
        assert "Angel" in game.state.legions["Rd01"].characters
        entry = set(game.variant.entry.attacker["bottom"])
        angel_moves = [
            o for o in game.prompt().options if isinstance(o, BattleMove) and o.name == "Angel"
        ]
        assert angel_moves and all(o.frm is None for o in angel_moves)
        assert entry & {o.to for o in angel_moves}
        game.act(me, EndPhase())  # not entered: back to Rd02 (errata 15.1)
        assert "Angel" in game.state.legions["Rd02"].characters
        assert "Angel" not in game.state.legions["Rd01"].characters
        check_invariants(game)
        return
    raise AssertionError("no seed produced a summoning chance")


@pytest.mark.rules("19.3", "10.1", "errata 10.1", "errata 16.0")
def test_titan_slain_ends_the_battle_and_the_player_19_3() -> None:
    """A Titan left off the battleland is slain: the battle ends after that strike phase."""
    game, me, them = battle(1, ["Titan", "Ogre"], ["Troll", "Troll", "Angel"])
    game.act(me, Decline())
    game.act(them, Decline())
    _enter_far(game, them)
    _finish_strikes(game)
    moves = [o for o in game.prompt().options if isinstance(o, BattleMove) and o.name == "Ogre"]
    game.act(me, moves[0])
    game.act(me, EndPhase())  # the Titan stays off: slain (10.1)
    _finish_strikes(game)
    assert bs(game).ending
    game.act(me, Decline())
    while game.prompt().kind in ("reinforce", "acquire"):
        game.act(game.prompt().player, Decline())
    assert not game.state.players[me].alive
    assert game.state.players[them].score >= 6 * 4  # the Titan's value at 0 points


@pytest.mark.rules("14")
def test_reinforcement_on_the_defenders_fourth_maneuver_14() -> None:
    game, me, them = battle(1, ["Ogre", "Ogre"], ["Centaur", "Centaur"])
    game.act(me, Decline())
    game.act(them, Decline())
    for turn in range(1, 4):
        for player in (them, me):
            game.act(player, EndPhase()) if turn > 1 else _enter_far(game, player)
            _finish_strikes(game)
    assert bs(game).turn == 4 and game.prompt().player == them
    muster = Muster("Bu01", "Centaur", ("Centaur",))
    assert muster in game.prompt().options
    game.act(them, muster)
    assert game.state.legions["Bu01"].characters == ["Centaur"] * 3
    entries = [o for o in game.prompt().options if isinstance(o, BattleMove) and o.frm is None]
    assert {o.to for o in entries} & {"D6", "E5", "F4"}
    game.act(them, entries[0])
    game.act(them, EndPhase())
    assert game.state.legions["Bu01"].characters == ["Centaur"] * 3
    eng = game.state.engagement
    assert eng is not None and eng.reinforced
    check_invariants(game)


@pytest.mark.rules("hazard chart", "Complete Sequence 2.5.6.4.1.3")
def test_drift_damages_non_natives_at_the_start_of_the_strike_phase_hazard_chart() -> None:
    """Tundra: an Ogre (not a drift native) ending its maneuver in drift takes a hit when the
    strike phase begins; a Troll (native) does not."""
    game, me, them = battle(2000, ["Titan", "Ogre"], ["Ogre", "Troll"], side="right")
    game.act(me, Decline())
    game.act(them, Decline())
    land = game.variant.battlelands["Tundra"]
    for name in ("Ogre", "Troll"):
        moves = [
            o
            for o in game.prompt().options
            if isinstance(o, BattleMove) and o.name == name and land.hex(o.to).terrain == "drift"
        ]
        game.act(them, moves[0])
    events = game.act(them, EndPhase())
    hurt = [e.name for e in events if isinstance(e, DriftDamage)]
    assert hurt == ["Ogre"]
    ogre = next(f for f in bs(game).fighters if f.name == "Ogre" and f.side == "defender")
    assert ogre.hits == 1


@pytest.mark.rules("errata 20.4", "Complete Sequence 2.1")
def test_withdrawal_removes_the_players_legions_errata_20_4() -> None:
    from titan.engine.actions import Withdraw

    game = started(4, 3)
    me = game.prompt().player
    game.act(me, Withdraw())
    assert not game.state.players[me].alive and not game.state.player_legions(me)
    assert all(p.score == 0 for p in game.state.players)
    assert game.prompt().player != me and not game.state.over
    check_invariants(game)


@pytest.mark.rules("errata 19.3", "errata 19.4", "16.1", "errata 19.0")
def test_two_titans_fall_together_nobody_scores_errata_19_3() -> None:
    from titan.engine.actions import Accept, Proposal, Propose

    game = started(4, 3)
    me = game.prompt().player
    them, third = [p for p in range(3) if p != me]
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1
    place(game, me, "Rd01", 1000, ["Titan", "Ogre"])
    place(game, me, "Rd02", 1, ["Angel", "Ogre"])
    place(game, them, "Bu01", 1000, ["Titan", "Troll"])
    place(game, them, "Bu02", 100, ["Ogre", "Ogre"])
    place(game, third, "Gr01", 300, ["Titan", "Ogre"])
    game.state.legions["Rd01"].moved = True
    game.state.phase = Phase.ENGAGE
    game.touch()
    game.act(me, Engage(1000))
    both = Proposal(("Ogre", "Titan"), ("Titan", "Troll"))
    game.act(them, Propose((both,)))
    game.act(me, Accept(both))
    assert not game.state.players[me].alive and not game.state.players[them].alive
    assert [p.score for p in game.state.players] == [0, 0, 0]
    assert len(game.state.players[third].markers) == 11  # nobody takes markers
    assert game.state.over and game.state.winner == third
    check_invariants(game)
