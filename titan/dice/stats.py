"""Proportions with 95% confidence intervals (Wilson score intervals)."""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion: unlike the normal
    approximation it stays inside [0, 1] and is sound near 0 and 1 and for small samples
    (a battle one side nearly always wins is the common case). (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # At p = 0 or 1 one end is exactly 0 or 1; rounding must not leave it a hair off.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True, slots=True)
class Share:
    """``count`` of ``trials``: the point estimate and its 95% Wilson interval."""

    count: int
    trials: int

    @property
    def p(self) -> float:
        return self.count / self.trials if self.trials else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.count, self.trials)

    @property
    def half_width(self) -> float:
        low, high = self.ci95
        return (high - low) / 2
