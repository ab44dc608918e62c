"""The question the game asks now: who must decide, and what they may choose."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from titan.engine.actions import Action


@dataclass(frozen=True, slots=True)
class Prompt:
    """``options`` enumerates the legal actions; where a choice is too large to list (a set
    of negotiation proposals, the marker of a split) ``info`` describes what else is allowed
    and the engine validates it when it is played."""

    player: int
    kind: str
    options: tuple[Action, ...] = ()
    info: dict[str, Any] = field(default_factory=dict)
