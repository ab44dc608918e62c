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


class GivenDice:
    """Dice rolled elsewhere and told to the game: die n shows what :meth:`give` said it
    shows. For a game mirrored from another program that rolls every die itself (a Colossus
    server); the engine stays pure, it only reads the faces. A die asked for before it was
    given is an error, never a guess: the mirror and the other program have disagreed about
    which dice are rolled."""

    __slots__ = ("_faces",)

    def __init__(self) -> None:
        self._faces: dict[int, int] = {}

    def give(self, n: int, face: int) -> None:
        """Die ``n`` (1, 2, ...) shows ``face``; a die once given never changes."""
        if not 1 <= face <= 6:
            raise ValueError(f"a die shows 1 to 6, not {face!r}")
        if self._faces.setdefault(n, face) != face:
            raise ValueError(f"die {n} was given as {self._faces[n]}, not {face}")

    def face(self, n: int) -> int:
        try:
            return self._faces[n]
        except KeyError:
            raise LookupError(f"die {n} was rolled but never given") from None
