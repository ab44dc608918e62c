"""Running whole games between bots (the demo, the simulator, the invariant tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from titan.ai.base import Bot
from titan.ai.random_bot import RandomBot
from titan.engine.game import Game
from titan.engine.state import Options

SEAT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


class GameTooLong(RuntimeError):
    pass


def play(
    seed: int,
    players: int = 2,
    *,
    bots: Sequence[Bot] | None = None,
    fight: bool = True,
    options: Options | None = None,
    max_actions: int = 200_000,
    after_action: Callable[[Game], None] | None = None,
) -> Game:
    """Play one complete game; the same arguments always give the same game."""
    game = Game.new("default", SEAT_NAMES[:players], seed, options)
    seats: Sequence[Bot] = bots or [RandomBot(seed * 7919 + i, fight=fight) for i in range(players)]
    for _ in range(max_actions):
        if game.state.over:
            return game
        prompt = game.prompt()
        action = seats[prompt.player].choose(game.view(prompt.player), prompt)
        game.act(prompt.player, action)
        if after_action is not None:
            after_action(game)
    raise GameTooLong(f"seed {seed}: no result after {max_actions} actions")
