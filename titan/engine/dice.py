"""Counter-based dice: die number n of a game is a pure function of (seed, n).

Nothing but the seed and the counter lives in the game state, so a game is reproduced exactly
from its seed and its action log, and the state serialises to JSON.
"""

from __future__ import annotations

import hashlib


def die(seed: int, n: int) -> int:
    """Face (1-6) of the n-th die rolled in the game with this seed."""
    digest = hashlib.blake2b(f"{seed}:{n}".encode(), digest_size=8).digest()
    # 2**64 is not a multiple of 6; the bias is below 1e-18 and cannot be observed.
    return int.from_bytes(digest, "big") % 6 + 1
