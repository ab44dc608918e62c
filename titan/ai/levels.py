"""The computer players a seat can be given, by level name: one registry for ``titan
simulate``, the arena and the server."""

from __future__ import annotations

from collections.abc import Callable

from titan.ai.base import Bot
from titan.ai.normal import NormalBot
from titan.ai.random_bot import RandomBot
from titan.ai.strong import StrongBot

# level -> factory(seed) -> a new bot with its own seeded random generator
LEVELS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "normal": lambda seed: NormalBot(seed),
    "strong": lambda seed: StrongBot(seed),
}


def make_bot(level: str, seed: int) -> Bot:
    """A new bot of ``level``; ValueError naming the known levels otherwise."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None
    return factory(seed)
