"""Battle-hex geometry (errata 2.2 labels): distance, range, hex centres."""

from __future__ import annotations

import math

from titan.variant import BattleHex


def distance(a: BattleHex, b: BattleHex) -> int:
    """Hex steps between two hexes (0 for the same hex)."""
    dc = abs(a.col - b.col)
    dh = abs(a.h - b.h)
    return dc + max(0, (dh - dc) // 2)


def strike_range(a: BattleHex, b: BattleHex) -> int:
    """Range as rule 12.3 counts it: both end hexes and every hex between."""
    return distance(a, b) + 1


def centre(h: BattleHex) -> tuple[float, float]:
    """Centre of a hex in units of the hex circumradius (flat-topped hexes, columns A-F)."""
    return (1.5 * h.col, h.h * math.sqrt(3) / 2)
