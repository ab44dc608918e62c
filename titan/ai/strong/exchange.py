"""What one strike phase is expected to inflict, for a board the bot is only considering
(its maneuver candidates), fast enough to weigh a hundred boards per decision.

Each striker in contact (13) picks the target where it adds most to the expected loss,
given the strikes already aimed there; hits on one target add up (their distribution is the
convolution of the strikers' binomials, capped at what the target can take). Rangestrikes
(12) are weighed with the terrain's lines of sight only: other characters are not counted as
blocking (an estimate, not a rules answer). The strike factors of a pair of characters on a
pair of hexes depend on nothing else and are cached.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from titan.ai.normal.battlefield import touching
from titan.ai.strong.field import loss_of, stake_of
from titan.dice.strike import hit_probabilities
from titan.engine.queries.model import Piece, Side
from titan.engine.queries.rangestrike import rangestrike_options
from titan.engine.queries.strike import strike_factors
from titan.variant import Battleland, Character, Variant

Board = Mapping[str, Piece]


@lru_cache(maxsize=500_000)
def factors(
    land: Battleland, striker: Character, at: str, target: Character, to: str
) -> tuple[int, int]:
    """(dice added to the striker's power, strike number) at maximum effectiveness."""
    a = Piece(striker, "attacker", striker.power)
    d = Piece(target, "defender", target.power)
    dice, sn = strike_factors(land, a, at, d, to)
    return dice - striker.power, sn


@lru_cache(maxsize=200_000)
def ranged_factors(
    variant: Variant,
    land: Battleland,
    striker: Character,
    power: int,
    at: str,
    target: Character,
    to: str,
) -> tuple[int, int] | None:
    """(dice, strike number) of the best rangestrike, the terrain alone blocking; None if out
    of range, immune or blocked."""
    board = {at: Piece(striker, "attacker", power), to: Piece(target, "defender", target.power)}
    opts = rangestrike_options(variant, land, board, at, to)
    if not opts:
        return None
    o = opts[0]
    return o.dice, o.strike_number


@lru_cache(maxsize=100_000)
def _capped(dists: tuple[tuple[int, int], ...], cap: int) -> tuple[float, ...]:
    """P(total hits = k) for k < cap, and P(>= cap) last, of several strikes together."""
    out = [1.0] + [0.0] * cap
    for dice, sn in dists:
        nxt = [0.0] * (cap + 1)
        for have, p in enumerate(out):
            if p == 0.0:
                continue
            for h, q in enumerate(hit_probabilities(dice, sn)):
                nxt[min(cap, have + h)] += p * q
        out = nxt
    return tuple(out)


def inflicted(
    piece: Piece, strikes: tuple[tuple[int, int], ...], stakes: Mapping[Side, float]
) -> float:
    """Expected loss of ``piece`` under these strikes (dice, strike number) together."""
    if not strikes or piece.power - piece.hits <= 0:
        return 0.0
    stake = stake_of(piece, stakes)
    return _expected_loss(piece.power, piece.skill, stake, piece.hits, tuple(sorted(strikes)))


@lru_cache(maxsize=200_000)
def _expected_loss(
    power: int, skill: int, stake: float, hits: int, strikes: tuple[tuple[int, int], ...]
) -> float:
    """:func:`inflicted`, by what it depends on: a maneuver decision weighs the same few
    characters under the same few strikes on every board it considers (most of its time)."""
    base = loss_of(power, skill, stake, hits)
    dist = _capped(strikes, power - hits)
    return sum(p * (loss_of(power, skill, stake, hits + k) - base) for k, p in enumerate(dist) if p)


def strike_phase(
    variant: Variant,
    land: Battleland,
    board: Board,
    side: Side,
    stakes: Mapping[Side, float],
    *,
    ranged: bool,
) -> float:
    """The expected loss ``side`` inflicts with one strike phase's strikes on ``board``
    (rangestrikes too if ``ranged``: the phasing side's, 12.1)."""
    touch = touching(land)
    choices: list[list[tuple[str, tuple[int, int]]]] = []
    for at, p in board.items():
        if p.side != side:
            continue
        ch = p.character
        opts: list[tuple[str, tuple[int, int]]] = []
        for n in touch[at]:
            q = board.get(n)
            if q is not None and q.side != side and q.hits < q.power:
                add, sn = factors(land, ch, at, q.character, n)
                opts.append((n, (p.power + add, sn)))
        if not opts and ranged and ch.rangestrikes:
            for n, q in board.items():
                if q.side != side and q.hits < q.power:
                    rf = ranged_factors(variant, land, ch, p.power, at, q.character, n)
                    if rf is not None:
                        opts.append((n, rf))
        if opts:
            choices.append(opts)
    if not choices:
        return 0.0
    choices.sort(key=len)
    aimed: dict[str, tuple[tuple[int, int], ...]] = {}
    total = 0.0
    for opts in choices:
        best_gain, best = -1.0, opts[0]
        for n, f in opts:
            q = board[n]
            had = aimed.get(n, ())
            gain = inflicted(q, (*had, f), stakes) - inflicted(q, had, stakes)
            if gain > best_gain:
                best_gain, best = gain, (n, f)
        aimed[best[0]] = (*aimed.get(best[0], ()), best[1])
        total += best_gain
    return total
