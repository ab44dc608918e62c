"""The path of a rangestrike (12.4, errata 13.3): the hexes a line from the centre of the
striker's hex to the centre of the target's hex passes through.

Exact arithmetic: with hex centres at (1.5 col, h sqrt(3)/2), comparing squared distances
from a point of the line to two centres only involves 3 dcol^2 + dh^2, so the part of the
line inside each hex (its nearest-centre region) is an interval of rationals. Where the line
runs along a hexside, two hexes share an interval: the striker picks either (12.4).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from titan.variant import BATTLE_LABELS, HEX_STEPS

_COL_BASE_H = (3, 2, 1, 0, 1, 2)


def _pos(label: str) -> tuple[int, int]:
    col = "ABCDEF".index(label[0])
    return col, _COL_BASE_H[col] + 2 * (int(label[1:]) - 1)


def _interval(
    a: tuple[int, int], b: tuple[int, int], hx: tuple[int, int]
) -> tuple[Fraction, Fraction] | None:
    """The t in (0, 1) for which a + t (b - a) lies in hex ``hx`` (closest to its centre)."""
    lo, hi = Fraction(0), Fraction(1)
    dc, dh = b[0] - a[0], b[1] - a[1]
    ch, hh = hx
    for sc, sh in HEX_STEPS:
        cg, hg = ch + sc, hh + sh
        alpha = 6 * dc * (cg - ch) + 2 * dh * (hg - hh)
        beta = (
            3 * (cg * cg - ch * ch)
            + (hg * hg - hh * hh)
            - 6 * a[0] * (cg - ch)
            - 2 * a[1] * (hg - hh)
        )
        if alpha > 0:
            hi = min(hi, Fraction(beta, alpha))
        elif alpha < 0:
            lo = max(lo, Fraction(beta, alpha))
        elif beta < 0:
            return None
    return (lo, hi) if lo < hi else None


@cache
def paths(a: str, b: str) -> tuple[tuple[str, ...], ...]:
    """The intervening hexes, in order from ``a`` to ``b``; several tuples when the line
    runs along hexsides and the striker may choose (12.4, errata 13.3)."""
    pa, pb = _pos(a), _pos(b)
    spans = []
    for label in BATTLE_LABELS:
        if label in (a, b):
            continue
        iv = _interval(pa, pb, _pos(label))
        if iv is not None:
            spans.append((iv, label))
    spans.sort()
    groups: list[list[str]] = []
    last: tuple[Fraction, Fraction] | None = None
    for iv, label in spans:
        if last is not None and iv[0] < last[1] and groups:
            groups[-1].append(label)  # shares a stretch of the line: along a hexside
        else:
            groups.append([label])
        last = iv
    return tuple(tuple(choice) for choice in product(*groups))
