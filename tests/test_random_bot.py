"""The random player's own proposals are legal (errata 9.3): it once proposed a set repeating
the opponent's proposal (seed 24 of two random players, found by the browser client's helper
scripts), and the simulator and the arena each played something else in its place. Now they
play its choice as it is, and these games reach their end."""

from __future__ import annotations

import pytest

from titan.ai.levels import make_bot
from titan.play import play


@pytest.mark.rules("errata 9.3")
@pytest.mark.parametrize("seed", [24, 25, 26])
def test_random_players_finish_their_games(seed: int) -> None:
    bots = [make_bot("random", seed), make_bot("random", seed + 1)]
    assert play(seed, 2, bots=bots).state.over
