"""Are the dice fair? Pearson's chi-square test of the faces rolled against a fair die.

The peers' players asked it of their programs for years; a profile answers it with the
counts, the statistic and its p-value (the chance that fair dice would look at least this
uneven). Standard library only: the p-value is the chi-square distribution's upper tail,
the regularised upper incomplete gamma function Q(k/2, x/2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import exp, lgamma, log

_EPS = 1e-15
_TINY = 1e-300
_STEPS = 500


@dataclass(frozen=True, slots=True)
class Fairness:
    counts: tuple[int, ...]  # how often each face came up, face 1 first
    rolls: int
    chi_square: float
    p_value: float  # 1.0 with no rolls: nothing speaks against fairness


def fairness(counts: Sequence[int]) -> Fairness:
    """The test of ``counts`` (one per face) against equally likely faces."""
    if len(counts) < 2 or any(c < 0 for c in counts):
        raise ValueError(f"face counts {list(counts)}")
    rolls = sum(counts)
    if rolls == 0:
        return Fairness(tuple(counts), 0, 0.0, 1.0)
    expected = rolls / len(counts)
    chi2 = sum((c - expected) ** 2 for c in counts) / expected
    return Fairness(tuple(counts), rolls, chi2, chi_square_tail(chi2, len(counts) - 1))


def chi_square_tail(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square distributed with ``dof`` degrees of freedom."""
    if dof < 1:
        raise ValueError(f"{dof} degrees of freedom")
    if x <= 0:
        return 1.0
    return _upper_gamma(dof / 2, x / 2)


def _upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): by its power series below x = a + 1, where that converges
    fast, and by its continued fraction above, where the series would lose precision."""
    scale = exp(a * log(x) - x - lgamma(a))
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(_STEPS):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * scale)
    # Lentz's evaluation of Q's continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, _STEPS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return min(1.0, h * scale)
