"""The one interface every player program implements."""

from __future__ import annotations

from typing import Protocol

from titan.engine.actions import Action
from titan.engine.prompts import Prompt
from titan.engine.views import PlayerView


class Bot(Protocol):
    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        """Pick a legal answer to ``prompt`` knowing only ``view`` (Game.view of its seat)."""
        ...
