"""Rule 21: shortened games (point target, turn limit) and the Titan Variant, played out."""

from __future__ import annotations

import pytest

from tests.support import check_invariants
from titan.engine.events import GameOver
from titan.engine.state import Options
from titan.play import play


@pytest.mark.rules("21")
def test_point_target_ends_the_game_at_the_end_of_a_turn_21() -> None:
    for seed in range(10):
        game = play(seed, 3, options=Options(point_target=150))
        assert game.state.over and game.state.winner is not None
        over = [e for e in game.history if isinstance(e, GameOver)][-1]
        if "points" in over.reason:
            scores = [p.score for p in game.state.players]
            assert game.state.players[game.state.winner].score == max(
                s for s, p in zip(scores, game.state.players, strict=True) if p.alive
            )
            assert game.state.players[game.state.winner].score >= 150
            return
    raise AssertionError("no game reached the point target")


@pytest.mark.rules("21")
def test_turn_limit_scores_score_plus_legion_values_21() -> None:
    game = play(4, 4, options=Options(turn_limit=3))
    over = [e for e in game.history if isinstance(e, GameOver)][-1]
    assert "turn limit" in over.reason and game.state.turn == 4
    totals = over.totals
    assert totals is not None
    assert game.state.winner == max(totals, key=lambda i: totals[i])


@pytest.mark.rules("21")
def test_titan_variant_plays_out_21() -> None:
    seen: list[list[int]] = [[0, 0, 0]]
    game = play(
        8,
        3,
        options=Options(titan_variant=True),
        after_action=lambda g: seen.append(check_invariants(g, seen[-1])),
    )
    assert game.state.over
    assert game.state.caretaker["Ogre"] == 0 and game.state.dead.get("Ogre", 0) == 0
