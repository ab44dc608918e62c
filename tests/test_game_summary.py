"""A finished game's places (1.1, 19.3-19.4, 21, errata 20.4), each player's dice and their
fairness test, and the ratings that follow from the places."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from math import erfc, exp, factorial, sqrt

import pytest

from titan.dice.fairness import chi_square_tail, fairness
from titan.engine import events as ev
from titan.engine.state import Options
from titan.engine.summary import dice_tallies, places
from titan.play import play
from titan.server.ratings import Rating, computer, rate


def _exits(game_history: list[ev.Event]) -> list[int]:
    return [
        e.player for e in game_history if isinstance(e, ev.PlayerEliminated | ev.PlayerWithdrew)
    ]


@pytest.mark.rules("1.1", "19.4")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_places_of_played_games_follow_the_eliminations(players: int) -> None:
    for seed in range(3):
        game = play(seed, players)
        got = places(game.history, players)
        assert got is not None
        exits = _exits(game.history)
        if game.state.winner is not None:
            assert got[game.state.winner] == 1
            assert sorted(got) == list(range(1, players + 1)) or len(exits) < players - 1
        # the later a player went, the better (or equal) its place
        for early, late in pairwise(exits):
            assert got[late] <= got[early]


def test_no_places_before_the_end() -> None:
    history = [ev.TurnStarted(0, 1), ev.PlayerEliminated(1, 0)]
    assert places(history, 3) is None


@pytest.mark.rules("19.3")
def test_two_titans_falling_together_share_their_place() -> None:
    # Four players: 3 withdraws, then 0 and 2 fall in one battle, 1 is left and wins.
    history: list[ev.Event] = [
        ev.PlayerWithdrew(3),
        ev.TurnStarted(1, 5),
        ev.LegionRemoved("Rd01", 5, "eliminated", ("Titan",)),
        ev.PlayerEliminated(0, None),
        ev.LegionRemoved("Bu01", 5, "eliminated", ("Titan",)),
        ev.PlayerEliminated(2, None),
        ev.Score(1, 10, 200, "half points (19.4)"),
        ev.GameOver(1, "last Titan standing"),
    ]
    assert places(history, 4) == (2, 1, 2, 4)


@pytest.mark.rules("19.3")
def test_a_mutual_elimination_of_the_last_two_is_a_shared_first_place() -> None:
    history: list[ev.Event] = [
        ev.PlayerEliminated(2, 0),
        ev.TurnStarted(0, 9),
        ev.PlayerEliminated(0, None),
        ev.LegionRemoved("Bu01", 5, "eliminated", ("Titan",)),
        ev.PlayerEliminated(1, None),
        ev.GameOver(None, "last Titan standing"),
    ]
    assert places(history, 3) == (1, 1, 3)


@pytest.mark.rules("errata 20.4")
def test_withdrawals_one_after_another_are_not_shared() -> None:
    history: list[ev.Event] = [
        ev.PlayerWithdrew(0),
        ev.PlayerWithdrew(1),
        ev.GameOver(2, "last Titan standing"),
    ]
    assert places(history, 3) == (3, 2, 1)


@pytest.mark.rules("21")
def test_turn_limit_places_the_players_left_by_their_totals() -> None:
    game = play(4, 4, options=Options(turn_limit=3))
    over = [e for e in game.history if isinstance(e, ev.GameOver)][-1]
    assert over.totals is not None
    got = places(game.history, 4)
    assert got is not None
    totals = over.totals
    left = sorted(totals, key=lambda p: -totals[p])
    assert left[0] == game.state.winner and got[left[0]] == 1
    for better, worse in pairwise(left):
        assert got[better] <= got[worse]


def test_dice_tallies_count_every_movement_roll_and_strike_die() -> None:
    game = play(3, 4)
    tallies = dice_tallies(game.history, 4)
    rolls = Counter[int]()
    dice = 0
    for e in game.history:
        if isinstance(e, ev.MovementRoll | ev.MulliganTaken):
            rolls[e.player] += 1
        if isinstance(e, ev.Struck):
            dice += len(e.dice)
    assert [sum(t.movement) for t in tallies] == [rolls[p] for p in range(4)]
    assert sum(sum(t.strikes) for t in tallies) == dice > 0
    # The spectator's share of the history is enough: dice and eliminations are public.
    public = game.events_for(None)
    assert [(t.movement, t.strikes) for t in dice_tallies(public, 4)] == [
        (t.movement, t.strikes) for t in tallies
    ]
    assert places(public, 4) == places(game.history, 4)


def test_chi_square_tail_matches_the_closed_forms() -> None:
    for x in (0.01, 0.5, 1.0, 4.0, 11.07, 30.0, 120.0):
        assert chi_square_tail(x, 1) == pytest.approx(erfc(sqrt(x / 2)), rel=1e-10)
        for dof in (2, 4, 6, 10):
            closed = exp(-x / 2) * sum((x / 2) ** i / factorial(i) for i in range(dof // 2))
            assert chi_square_tail(x, dof) == pytest.approx(closed, rel=1e-10, abs=1e-300)
    assert chi_square_tail(11.0705, 5) == pytest.approx(0.05, abs=1e-6)


def test_fairness_of_even_and_loaded_dice() -> None:
    even = fairness([10] * 6)
    assert (even.rolls, even.chi_square, even.p_value) == (60, 0.0, 1.0)
    loaded = fairness([20, 5, 5, 5, 5, 20])
    assert loaded.chi_square == 30.0 and loaded.p_value < 1e-4
    assert fairness([0] * 6).p_value == 1.0
    with pytest.raises(ValueError):
        fairness([3, -1, 2, 2, 2, 2])


def test_the_engines_dice_look_fair_over_many_games() -> None:
    counts = [0] * 6
    for seed in range(6):
        game = play(seed, 4)
        for t in dice_tallies(game.history, 4):
            counts = [a + b + c for a, b, c in zip(counts, t.movement, t.strikes, strict=True)]
    result = fairness(counts)
    assert result.rolls > 800 and result.p_value > 0.001


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ratings_move_by_place(players: int) -> None:
    seats = [f"account:{i}" for i in range(players)]
    new = rate(seats, list(range(1, players + 1)), {})
    mus = [new[s].mu for s in seats]
    assert mus == sorted(mus, reverse=True) and mus[0] > Rating().mu > mus[-1]
    assert all(new[s].sigma < Rating().sigma for s in seats)


def test_a_draw_moves_equal_players_alike() -> None:
    new = rate(["account:1", "account:2", "account:3"], [1, 1, 3], {})
    assert new["account:1"] == new["account:2"]
    assert new["account:1"].mu > new["account:3"].mu


def test_beating_a_stronger_player_gains_more() -> None:
    strong = Rating(mu=35.0, sigma=3.0)
    weak = Rating(mu=20.0, sigma=3.0)
    upset = rate(["account:1", "account:2"], [1, 2], {"account:1": weak, "account:2": strong})
    expected = rate(["account:1", "account:2"], [2, 1], {"account:1": weak, "account:2": strong})
    assert upset["account:1"].mu - weak.mu > expected["account:2"].mu - strong.mu > 0


def test_a_computer_level_in_two_seats_is_rated_once() -> None:
    bot = computer("strong")
    seats = ["account:1", bot, bot, "account:2"]
    new = rate(seats, [2, 1, 4, 3], {})
    assert set(new) == {"account:1", bot, "account:2"}
    assert new["account:1"].mu > new["account:2"].mu
    with pytest.raises(ValueError):
        rate([bot, bot], [1, 2], {})


def test_ratings_from_a_played_game_with_a_withdrawal() -> None:
    history: list[ev.Event] = [
        ev.PlayerWithdrew(1),
        ev.PlayerEliminated(2, 0),
        ev.GameOver(0, "last Titan standing"),
    ]
    got = places(history, 3)
    assert got == (1, 3, 2)
    new = rate(["account:a", "account:b", computer("normal")], list(got), {})
    assert new["account:a"].mu > new[computer("normal")].mu > new["account:b"].mu
    assert Rating().ordinal == pytest.approx(0.0)
