"""The one exception the engine raises for a refused action."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``rule`` names the rule that forbids it.

    Raising it never changes the game: :meth:`titan.engine.game.Game.act` checks an action in
    full (its shape, the player, the rules) before it changes anything, and then applies it to
    the game's own state, with no copy. (Should a rule fail half-way, an engine bug, ``act``
    rolls the game back to its last checkpoint and replays the actions since.)
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} (rule {rule})")
