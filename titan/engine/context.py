"""What a rule needs while it runs: the variant, the state it may change, the dice and the
events it reports."""

from __future__ import annotations

from titan.engine.dice import DiceSource
from titan.engine.events import Event
from titan.engine.knowledge import learn
from titan.engine.state import GameState
from titan.variant import Variant


class Ctx:
    __slots__ = ("dice", "events", "state", "variant")

    def __init__(self, variant: Variant, state: GameState, dice: DiceSource) -> None:
        self.variant = variant
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Report ``event`` to its audience, and let that audience learn what it shows
        (:func:`titan.engine.knowledge.learn`): one operation, so the two cannot disagree."""
        learn(self.state, event)
        self.events.append(event)

    def roll(self) -> int:
        """Roll one die."""
        self.state.dice += 1
        return self.dice.face(self.state.dice)

    def roll_many(self, n: int) -> list[int]:
        return [self.roll() for _ in range(n)]
