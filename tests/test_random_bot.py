"""The random player's own proposals are legal (errata 9.3): a game where it negotiated a
proposal the opponent had made (seed 24, found by the browser client's helper scripts) now
plays to its end, as do its neighbours."""

from __future__ import annotations

import pytest

from titan.ai.levels import make_bot
from titan.engine.game import Game
from titan.engine.prompts import Decision


@pytest.mark.rules("errata 9.3")
@pytest.mark.parametrize("seed", [24, 25, 26])
def test_random_players_finish_their_games(seed: int) -> None:
    game = Game.new("default", ["Ann", "Bob"], seed=seed)
    bots = [make_bot("random", seed), make_bot("random", seed + 1)]
    for _ in range(20_000):
        prompt = game.prompt()
        if prompt.kind == Decision.GAME_OVER:
            break
        game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    assert game.prompt().kind == Decision.GAME_OVER
