"""One decision point of the state machine: who decides, what they are asked, whether an
action is legal, and what it does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from titan.engine.actions import Action
from titan.engine.context import Ctx
from titan.engine.prompts import Prompt
from titan.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Handler:
    decider: Callable[[GameState], int]  # cheap: no options are listed to learn it
    prompt: Callable[[Ctx], Prompt]
    check: Callable[[Ctx, Action], None]  # raises IllegalAction; never changes the state
    apply: Callable[[Ctx, Action], None]  # only after check: changes the state
