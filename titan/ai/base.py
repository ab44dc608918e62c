"""The one interface every player program implements."""

from __future__ import annotations

from typing import Any, Protocol

from titan.engine.actions import Action
from titan.engine.prompts import Prompt


class Bot(Protocol):
    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        """Pick a legal answer to ``prompt`` knowing only ``view`` (Game.view of its seat)."""
        ...
