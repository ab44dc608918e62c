"""Rules engine I §6: many seeded random games, invariants checked after every action, and
replays identical to the originals."""

from __future__ import annotations

import pytest

from tests.support import check_invariants
from titan.engine.game import Game
from titan.play import play

GAMES = 200


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_keeps_invariants_and_replays(seed: int) -> None:
    players = 2 + seed % 5
    scores: list[list[int]] = [[0] * players]

    def check(game: Game) -> None:
        scores.append(check_invariants(game, scores[-1]))

    game = play(seed, players, after_action=check)
    assert game.state.over
    alive = game.state.alive_players()
    assert len(alive) <= 1
    assert game.state.winner == (alive[0] if alive else None)
    again = Game.load(game.save())
    assert again.state == game.state
    assert again.history == game.history
