"""Exact odds of one strike: hits, damage, and characters slain with carry-over (rules 12,
13.2, 13.4; errata 12.4, 12.7).

A strike rolls ``dice`` dice and each die showing its strike number or more is a hit (13.2).
Strike numbers run from 1 to 6: a six always hits, and some strikes hit on every die (strike
chart; errata 12.7). The dice are independent, so the hits are binomial:
P(k hits) = C(n, k) (7 - s)^k (s - 1)^(n - k) / 6^n, kept as exact fractions.

Carry-over (13.4, errata 12.4): hits beyond what the target still needs may go, after the
roll, to the strike's carry-over candidates, one character at a time: each takes all the
excess left (none may be withheld in part), and the next only after the previous is slain.
:func:`strike_odds` follows one allocation order, the striker's priority, carrying as far as
the hits go; that always deals the most damage there is, min(hits, all the hits the target and
candidates need), whatever the order. Listing the candidates by ascending remaining hits
(:func:`most_kills_order`) slays the most characters for every roll at once: with e hits
over, the k candidates e can slay at most are the k weakest, and the leftover then goes to a
survivor in full. Which candidates may take carry-over at all is a rules question the engine's
strike options answer (``StrikeOption.carry_targets``); rangestrikes never carry over (12.1).

Everything is cached: the distributions depend on (dice, strike number) only, and the
strike odds on small integers, so an AI asking the same questions again pays a dict lookup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Protocol

MAX_DICE = 200  # far beyond any strike (a Serpent's 18 dice + 2); bounds the caches' work


def _check(dice: int, strike_number: int) -> None:
    if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= MAX_DICE:
        raise ValueError(f"dice must be a whole number from 0 to {MAX_DICE}, not {dice!r}")
    if (
        isinstance(strike_number, bool)
        or not isinstance(strike_number, int)
        or not 1 <= strike_number <= 6
    ):
        raise ValueError(f"a strike number is 1 to 6 (strike chart), not {strike_number!r}")


def hit_chance(strike_number: int) -> Fraction:
    """The chance one die hits: (7 - strike number) / 6 (13.2)."""
    _check(0, strike_number)
    return Fraction(7 - strike_number, 6)


@lru_cache(maxsize=8, typed=True)
def hit_probability(strike_number: int) -> float:
    """:func:`hit_chance` as a float, for estimates that need speed more than exactness."""
    return float(hit_chance(strike_number))


@lru_cache(maxsize=4096, typed=True)
def _ways(dice: int, strike_number: int) -> tuple[int, ...]:
    """Of the 6**dice equally likely rolls, how many give exactly k hits, k = 0..dice.
    Whole numbers until the end: Fraction arithmetic would reduce by a gcd at every step."""
    _check(dice, strike_number)
    hit, miss = 7 - strike_number, strike_number - 1
    return tuple(comb(dice, k) * hit**k * miss ** (dice - k) for k in range(dice + 1))


@lru_cache(maxsize=4096, typed=True)
def _ways_at_least(dice: int, strike_number: int) -> tuple[int, ...]:
    """Rolls with at least k hits, k = 0..dice+1."""
    tails = [0] * (dice + 2)
    for k, w in reversed(list(enumerate(_ways(dice, strike_number)))):
        tails[k] = tails[k + 1] + w
    return tuple(tails)


@lru_cache(maxsize=4096, typed=True)
def hit_distribution(dice: int, strike_number: int) -> tuple[Fraction, ...]:
    """P(exactly k hits) for k = 0..dice, exactly (binomial: the dice are independent)."""
    whole = 6**dice
    return tuple(Fraction(w, whole) for w in _ways(dice, strike_number))


@lru_cache(maxsize=4096, typed=True)
def hit_probabilities(dice: int, strike_number: int) -> tuple[float, ...]:
    """:func:`hit_distribution` as floats, for search that needs speed more than exactness."""
    whole = 6**dice
    return tuple(w / whole for w in _ways(dice, strike_number))


def chance_at_least(dice: int, strike_number: int, hits: int) -> Fraction:
    """P(at least ``hits`` hits); 1 for ``hits`` <= 0 and 0 beyond the dice."""
    tails = _ways_at_least(dice, strike_number)
    return Fraction(tails[min(max(hits, 0), dice + 1)], 6**dice)


def slay_chance(dice: int, strike_number: int, remaining: int) -> Fraction:
    """The chance this strike slays a target that needs ``remaining`` more hits (its power
    less the hits it has taken, 13.6): P(at least that many hits)."""
    return chance_at_least(dice, strike_number, remaining)


@lru_cache(maxsize=65536, typed=True)
def slay_probability(dice: int, strike_number: int, remaining: int) -> float:
    """:func:`slay_chance` as a float, cached per (dice, strike number, remaining)."""
    return float(slay_chance(dice, strike_number, remaining))


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """The exact outcome distribution of one strike with carry-over in a fixed order."""

    dice: int
    strike_number: int
    target: int  # hits the target still needs to be slain
    carry: tuple[int, ...]  # carry-over candidates' remaining hits, in allocation order
    hits: tuple[Fraction, ...]  # P(k hits rolled), k = 0..dice
    damage: tuple[Fraction, ...]  # P(d hits dealt in all), d = 0..min(dice, all needed)
    kills: tuple[Fraction, ...]  # P(k characters slain), k = 0..1 + len(carry)
    slain: tuple[Fraction, ...]  # P(slain): the target, then each candidate in order

    @property
    def slay_target(self) -> Fraction:
        """The chance the target is slain by this strike."""
        return self.slain[0]

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in enumerate(self.damage)), Fraction(0))

    @property
    def expected_kills(self) -> Fraction:
        # Linearity: the expected number slain is the sum of each one's chance.
        return sum(self.slain, Fraction(0))


def _check_remaining(target: int, carry: Sequence[int]) -> None:
    for r in (target, *carry):
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise ValueError(f"remaining hits are whole numbers >= 1 (alive), not {r!r}")


@lru_cache(maxsize=65536, typed=True)
def _strike_odds(dice: int, strike_number: int, target: int, carry: tuple[int, ...]) -> StrikeOdds:
    ways = _ways(dice, strike_number)
    at_least = _ways_at_least(dice, strike_number)
    # Character i (0: the target) is slain exactly when the hits reach the running total of
    # the remaining hits up to it: the order takes them one after another (errata 12.4).
    thresholds: list[int] = []
    total = 0
    for r in (target, *carry):
        total += r
        thresholds.append(total)
    damage = [0] * (min(dice, total) + 1)
    kills = [0] * (len(thresholds) + 1)
    for k, w in enumerate(ways):
        damage[min(k, total)] += w
        kills[sum(1 for t in thresholds if k >= t)] += w
    whole = 6**dice

    def exact(counts: Sequence[int]) -> tuple[Fraction, ...]:
        return tuple(Fraction(c, whole) for c in counts)

    slain = [at_least[t] if t <= dice else 0 for t in thresholds]
    return StrikeOdds(
        dice,
        strike_number,
        target,
        carry,
        hit_distribution(dice, strike_number),
        exact(damage),
        exact(kills),
        exact(slain),
    )


def strike_odds(
    dice: int, strike_number: int, target: int, carry: Sequence[int] = ()
) -> StrikeOdds:
    """The odds of a strike of ``dice`` dice at ``strike_number`` on a target needing
    ``target`` more hits, excess hits carried over (13.4, errata 12.4) to characters needing
    ``carry`` more hits, in that order, as far as they go. Pass ``carry=()`` for a strike
    with no carry-over (a rangestrike, 12.1, or no candidate in contact)."""
    _check(dice, strike_number)
    carry = tuple(carry)
    _check_remaining(target, carry)
    return _strike_odds(dice, strike_number, target, carry)


def most_kills_order(remaining: Mapping[str, int]) -> tuple[str, ...]:
    """Carry-over candidates (e.g. hexes) in the order that slays the most characters for
    every roll: ascending remaining hits (ties by name, for a fixed answer)."""
    return tuple(sorted(remaining, key=lambda h: (remaining[h], h)))


class StrikeLike(Protocol):
    """What an engine strike or rangestrike option offers (titan.rules)."""

    @property
    def target(self) -> str: ...
    @property
    def dice(self) -> int: ...
    @property
    def strike_number(self) -> int: ...


def option_odds(
    option: StrikeLike, remaining: Mapping[str, int], order: Sequence[str] | None = None
) -> tuple[StrikeOdds, tuple[str, ...]]:
    """The odds of an engine strike option (``titan.rules.strike_options`` or
    ``rangestrike_options``): ``remaining`` maps hexes to the hits each character still
    needs (the target's and its carry-over candidates'). Carry-over goes to the option's
    ``carry_targets`` (none for a rangestrike, 12.1) in ``order``, by default
    :func:`most_kills_order`. Returns the odds and the carry-over hexes in the order used."""
    allowed = frozenset(getattr(option, "carry_targets", frozenset()))
    if order is None:
        order = most_kills_order({h: remaining[h] for h in allowed})
    elif not set(order) <= allowed:
        raise ValueError(f"carry-over only to {sorted(allowed)} (13.4), not {list(order)}")
    carry = tuple(order)
    odds = strike_odds(
        option.dice, option.strike_number, remaining[option.target], [remaining[h] for h in carry]
    )
    return odds, carry
