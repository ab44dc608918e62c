"""Strikes, rangestrikes and carry-over chosen by expectimax over the exact hit distributions
(rules 12, 13, 13.4; errata 12.4).

Every strike is a binomial roll (``titan.dice.strike.hit_probabilities``). A strike's worth is
the expected loss it inflicts (:func:`titan.ai.strong.field.loss`), carry-over allocated as well
as it can be after the roll. Which strike to make first matters: a weak striker tried first
at a target tells the strong one whether it is still needed. So each candidate strike is
valued over its outcomes, each followed by the best next strike (depth two), and then by the
remaining strikers greedily; only the most promising candidates get the deeper look.
Striking never costs the striker anything (the counterstrike comes regardless, 13), so a
character that may strike always does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations

from titan.ai.strong.field import Field, loss
from titan.dice.strike import hit_probabilities
from titan.engine.actions import Action
from titan.engine.battle.actions import CarryOver, EndPhase, Strike
from titan.engine.queries.model import Piece
from titan.engine.queries.strike import strike_options, strike_targets

Hits = dict[str, int]
DEEP = 3  # candidates given the two-strike look


@dataclass(frozen=True, slots=True)
class Option:
    """A strike or rangestrike as the planner weighs it."""

    frm: str  # the striker's hex
    target: str
    dice: int
    strike_number: int
    carry: frozenset[str]  # hexes its excess hits may carry over to (13.4)
    ranged: bool


class StrikePlanner:
    def __init__(self, field: Field, ranged: Mapping[str, Sequence[Option]]) -> None:
        self.field = field
        self.ranged = ranged  # rangestrike options as listed: they depend on no one's hits
        self.base = dict(field.board)

    def board(self, hits: Hits) -> dict[str, Piece]:
        out = dict(self.base)
        for h, k in hits.items():
            p = out[h]
            if p.hits != k:
                out[h] = Piece(p.character, p.side, p.power, k)
        return out

    def options(self, hits: Hits, striker: str) -> list[Option]:
        f = self.field
        board = self.board(hits)
        out: list[Option] = []
        for t in strike_targets(f.variant, f.land, board, striker):
            for so in strike_options(f.variant, f.land, board, striker, t):
                out.append(Option(striker, t, so.dice, so.strike_number, so.carry_targets, False))
        for ro in self.ranged.get(striker, ()):
            p = board[ro.target]
            if p.hits < p.power:
                out.append(ro)
        return out

    def outcomes(self, hits: Hits, opt: Option) -> list[tuple[float, Hits, float]]:
        """(chance, hits afterwards, worth inflicted) per distinct result of the roll."""
        target, dice, sn, carry = opt.target, opt.dice, opt.strike_number, opt.carry
        board = self.base
        stakes = self.field.stakes
        tp = board[target]
        before = hits.get(target, tp.hits)
        remaining = tp.power - before
        alive = [c for c in sorted(carry) if hits.get(c, board[c].hits) < board[c].power]
        merged: dict[tuple[int, tuple[tuple[str, int], ...]], tuple[float, Hits, float]] = {}
        for h, p in enumerate(hit_probabilities(dice, sn)):
            if p == 0.0:
                continue
            dealt = min(h, remaining)
            after = dict(hits)
            after[target] = before + dealt
            gain = loss(tp, before + dealt, stakes) - loss(tp, before, stakes)
            excess = h - dealt
            spread: tuple[tuple[str, int], ...] = ()
            if excess > 0 and alive:
                extra, spread = self._carry(hits, alive, excess)
                gain += extra
                for c, k in spread:
                    after[c] = k
            key = (dealt, spread)
            if key in merged:
                q, _, g = merged[key]
                merged[key] = (q + p, after, g)
            else:
                merged[key] = (p, after, gain)
        return list(merged.values())

    def _carry(
        self, hits: Hits, alive: list[str], excess: int
    ) -> tuple[float, tuple[tuple[str, int], ...]]:
        """The best allocation of ``excess`` hits (errata 12.4: each candidate takes all that
        is left, the next only once it is slain)."""
        board, stakes = self.base, self.field.stakes
        best: tuple[float, tuple[tuple[str, int], ...]] = (0.0, ())
        for order in permutations(alive):
            left, gain, spread = excess, 0.0, []
            for c in order:
                if left <= 0:
                    break
                p = board[c]
                had = hits.get(c, p.hits)
                dealt = min(left, p.power - had)
                gain += loss(p, had + dealt, stakes) - loss(p, had, stakes)
                spread.append((c, had + dealt))
                left -= dealt
            if gain > best[0]:
                best = (gain, tuple(spread))
        return best

    def expected(self, hits: Hits, opt: Option) -> float:
        return sum(p * g for p, _, g in self.outcomes(hits, opt))

    def rest(self, hits: Hits, strikers: frozenset[str]) -> float:
        """The remaining strikers greedily, each on the likeliest result of the one before."""
        total = 0.0
        hits = dict(hits)
        for s in sorted(strikers):
            opts = self.options(hits, s)
            if not opts:
                continue
            scored = [(self.expected(hits, o), o) for o in opts]
            value, opt = max(scored, key=lambda x: (x[0], x[1].target))
            total += value
            likely = max(self.outcomes(hits, opt), key=lambda x: x[0])
            hits = likely[1]
        return total

    def value(self, hits: Hits, opt: Option, strikers: frozenset[str], depth: int) -> float:
        after = strikers - {opt.frm}
        total = 0.0
        for p, h2, gain in self.outcomes(hits, opt):
            if depth <= 1 or not after:
                total += p * (gain + self.rest(h2, after))
            else:
                nexts = [o for s in sorted(after) for o in self.options(h2, s)]
                best = max(
                    (self.value(h2, o, after, 1) for o in nexts),
                    default=self.rest(h2, after),
                )
                total += p * (gain + best)
        return total


def choose_strike(field: Field, options: Sequence[Action]) -> Action:
    """The strike (or the end of the phase, when nothing is left worth striking) to make now."""
    strikes = [o for o in options if isinstance(o, Strike)]
    end = next((o for o in options if isinstance(o, EndPhase)), None)
    if not strikes:
        return end if end is not None else options[0]
    ranged: dict[str, list[Option]] = {}
    listed: dict[Option, Strike] = {}
    for s in strikes:
        carry: frozenset[str] = frozenset()
        if not s.ranged:
            carry = next(
                (
                    o.carry_targets
                    for o in strike_options(field.variant, field.land, field.board, s.frm, s.target)
                    if o.dice == s.dice and o.strike_number == s.strike_number
                ),
                frozenset(),
            )
        opt = Option(s.frm, s.target, s.dice, s.strike_number, carry, s.ranged)
        listed[opt] = s
        if s.ranged:
            ranged.setdefault(s.frm, []).append(opt)
    planner = StrikePlanner(field, ranged)
    hits: Hits = {}
    strikers = frozenset(o.frm for o in listed)
    shallow = sorted(
        ((planner.value(hits, o, strikers, 1), o) for o in listed),
        key=lambda x: (-x[0], x[1].frm, x[1].target, x[1].strike_number, -x[1].dice),
    )
    best_value, best = shallow[0]
    for _, opt in shallow[:DEEP]:
        v = planner.value(hits, opt, strikers, 2)
        if v > best_value + 1e-9:
            best_value, best = v, opt
    if best_value <= 0.0 and end is not None:
        return end
    return listed[best]


def choose_carry(field: Field, options: Sequence[Action], excess: int) -> Action:
    """The allocation of ``excess`` hits that inflicts the most (errata 12.4)."""
    board, stakes = field.board, field.stakes
    best, best_gain = options[0], -1.0
    for o in options:
        if not isinstance(o, CarryOver):
            continue
        gain, left = 0.0, excess
        for h in o.to:
            p = board.get(h)
            if p is None or left <= 0:
                continue
            dealt = min(left, p.power - p.hits)
            gain += loss(p, p.hits + dealt, stakes) - loss(p, p.hits, stakes)
            left -= dealt
        if gain > best_gain:
            best, best_gain = o, gain
    return best
