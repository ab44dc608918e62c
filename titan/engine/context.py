"""What a rule needs while it runs: the variant, the state it may change, the dice and the
event list it reports to."""

from __future__ import annotations

from typing import Any

from titan.engine.dice import die
from titan.engine.events import Event
from titan.engine.state import GameState
from titan.variant import Variant


class Ctx:
    def __init__(self, variant: Variant, state: GameState) -> None:
        self.variant = variant
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, audience: tuple[int, ...] | None = None, **data: Any) -> None:
        self.events.append(Event(kind, data, audience))

    def roll(self) -> int:
        """Roll one die from the game's counter-based generator."""
        self.state.dice += 1
        return die(self.state.seed, self.state.dice)

    def roll_many(self, n: int) -> list[int]:
        return [self.roll() for _ in range(n)]
