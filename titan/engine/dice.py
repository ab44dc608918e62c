"""Dice as chance: a dice source gives the face of die number n (1, 2, ...) of a game.

Sources are counter-based: the face is a pure function of the source and n, so a game is
reproduced exactly from its seed and its action log, and a game that rolls back and replays
rolls the same dice again. The seed lives only in the source, never in the game state: a
clone for search is given a source of its own (any other seed), so it cannot know the real
future rolls.
"""

from __future__ import annotations

import hashlib
from typing import Protocol


class DiceSource(Protocol):
    def face(self, n: int) -> int:
        """Face (1-6) of the n-th die rolled."""
        ...


class SeededDice:
    """The game's dice: die n is blake2b(seed, n) reduced to 1-6."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        self._seed = seed

    def face(self, n: int) -> int:
        digest = hashlib.blake2b(f"{self._seed}:{n}".encode(), digest_size=8).digest()
        # 2**64 is not a multiple of 6; the bias is below 1e-18 and cannot be observed.
        return int.from_bytes(digest, "big") % 6 + 1

    def __repr__(self) -> str:
        return "SeededDice(<hidden>)"  # the seed must not leak through logs or errors


def die(seed: int, n: int) -> int:
    """Face (1-6) of the n-th die rolled in the game with this seed."""
    return SeededDice(seed).face(n)
