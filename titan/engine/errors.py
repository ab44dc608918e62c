"""The one exception the engine raises for a refused action."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``rule`` names the rule that forbids it.

    Raising it never changes the game: :meth:`titan.engine.game.Game.act` applies every action
    to a copy of the state and keeps the copy only when the action succeeds.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} (rule {rule})")
