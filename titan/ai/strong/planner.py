"""Maneuvers chosen by playing them out (rules 10, 11, 13).

The greedy maneuver (:mod:`titan.ai.strong.maneuver`) judges a board by one battle turn of
expected exchanges, one character at a time. Here its plan for the whole phase competes with
a few others: the same with another first move (the evaluation's best alternatives, each
completed greedily), the cheap policy's, and the greedy one with the Titan left where it
stands. Each plan is played to the battle's end in the compact battle
(:mod:`titan.ai.strong.fastbattle`), the cheap policy on both sides, every plan with the same
dice (common random numbers: the comparison is not lost in the dice's noise); the greedy plan
and the two most promising others get ``Budget.plan_trials`` playouts, the rest a third of
that. The plan whose battles end best is followed; ties go to the greedy one.

A battle's end is judged by what decides the game: our Titan's fall is the game lost (1.1,
19.3), whatever falls with it, so a mutual elimination counts as a defeat (with one opponent
left it is a draw, which wins nothing either); otherwise the points each side lost (16) and
the enemy Titan's fall at its share of the game.

The plan depends only on the battle as the view shows it (every fighter is public, errata
2.5.6.1) and the seed. The bot keeps the rest of its plan for the phase (the server keeps its
bots between decisions, titan/server/botmemory.py). A bot made afresh would plan again from
the position it is given: the rest of a plan completed greedily is again a candidate (the
greedy plan, or the greedy plan with the Titan held); the rest of the cheap policy's plan may
not be, so such a bot may change course within a phase.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import replace

from titan.ai.strong.budget import Budget, Deadline, expired
from titan.ai.strong.fastbattle import FastBattle, Unit
from titan.ai.strong.field import TITAN_STAKE, Field, entry_hexes, side_of
from titan.ai.strong.maneuver import Evaluator, choose_maneuver, score_moves
from titan.engine.actions import Action
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.queries.maneuver import deploy, reach
from titan.engine.queries.model import Piece
from titan.engine.views import BattleView
from titan.variant import TITAN

ALTERNATIVES = 5  # other first moves tried, each completed greedily
FINALISTS = 2  # plans besides the greedy one played out in full

Step = tuple[int, str]  # a unit (index among the battle's fighters) and where it goes
Signature = tuple[object, ...]


class Planner:
    """The maneuver phase of ``field.me`` from the battle ``battle`` shows."""

    def __init__(self, field: Field, battle: BattleView, their_titan: float) -> None:
        self.field = field
        self.battle = battle
        self.their_titan = their_titan
        chars = field.variant.characters
        self.units = [
            Unit(
                f.name,
                chars[f.name],
                side_of(f.side),
                f.hex,
                f.hits,
                f.power,
                f.entered,
                False,
                f.gone,
            )
            for f in battle.fighters
        ]
        self.ours = float(
            sum(u.power * u.ch.skill for u in self.units if u.side == field.me and not u.gone)
        )
        self.moved = frozenset(i for i, f in enumerate(battle.fighters) if f.moved)
        self.doors = entry_hexes(field.variant, field.land.terrain, field.entry_side, field.me)

    # --- the plans ------------------------------------------------------------------------

    def plans(
        self, alternatives: int = ALTERNATIVES, deadline: Deadline | None = None
    ) -> list[list[Step]]:
        """Distinct plans: the greedy evaluation's; the same with another first move (the
        ``alternatives`` best by the evaluation, one per character, each then completed
        greedily); the cheap policy's; and with the Titan, on the battleland, held back.
        Past the ``deadline`` no further plan is made (the greedy one always is): with the cap
        on the playouts alone, a first turn's seven characters coming onto the battleland took
        seconds of CPU to plan on a slow core, 4.9 s once (docs/ai.md, twenty-sixth session)."""
        greedy = self._greedy(frozenset())
        out: list[list[Step]] = []
        seen: set[frozenset[Step]] = set()

        def add(plan: list[Step]) -> None:
            ends = frozenset(dict(plan).items())
            if ends not in seen:
                seen.add(ends)
                out.append(plan)

        add(greedy)
        if expired(deadline):
            return out
        chosen = dict(greedy)
        units = self.units
        movers, moves = self._options(units, frozenset())
        firsts: dict[int, tuple[float, Step]] = {}
        for move, score in score_moves(self.field, Evaluator(self.field), moves):
            i = movers[(move.name, move.frm)]
            if chosen.get(i) == move.to or (i in firsts and firsts[i][0] >= score):
                continue
            firsts[i] = (score, (i, move.to))
        for _, step in sorted(firsts.values(), key=lambda sf: -sf[0])[:alternatives]:
            if expired(deadline):
                return out
            add(self._greedy(frozenset(), step))
        if expired(deadline):
            return out
        add(self._cheap())
        titan = next(
            (
                i
                for i, u in enumerate(units)
                if u.name == TITAN and u.hex is not None and self._may_move(i, units)
            ),
            None,
        )
        if titan is not None and not expired(deadline):
            add(self._greedy(frozenset({titan})))
        return out

    def _options(
        self, units: Sequence[Unit], done: frozenset[int]
    ) -> tuple[dict[tuple[str, str | None], int], list[BattleMove]]:
        """The units that may still move (:meth:`_movers`) and every move they may make."""
        movers = self._movers(units, done)
        moves = [
            BattleMove(units[i].name, units[i].hex, to)
            for i in movers.values()
            for to in sorted(self.destinations(units, i))
        ]
        return movers, moves

    def _movers(
        self, units: Sequence[Unit], done: frozenset[int]
    ) -> dict[tuple[str, str | None], int]:
        """The units that may still move, one per (name, hex): the engine moves the first of
        identical characters waiting to enter."""
        movers: dict[tuple[str, str | None], int] = {}
        for i in range(len(units)):
            if self._may_move(i, units, done):
                movers.setdefault((units[i].name, units[i].hex), i)
        return movers

    def _may_move(self, i: int, units: Sequence[Unit], moved: frozenset[int] = frozenset()) -> bool:
        u = units[i]
        if u.gone or u.side != self.field.me or i in self.moved or i in moved:
            return False
        return u.hex is not None or (self.field.turn == 1 and not u.entered)

    def _board(self, units: Sequence[Unit]) -> dict[str, Piece]:
        return {u.hex: u.piece() for u in units if u.hex is not None and not u.gone}

    def destinations(self, units: Sequence[Unit], i: int) -> frozenset[str]:
        """Where unit ``i`` may end its move (the engine's own queries: 10.1, 10.2, 11)."""
        f, u = self.field, units[i]
        board = self._board(units)
        if u.hex is not None:
            return reach(f.variant, f.land, board, u.piece(), u.hex)
        if f.land.tower and u.side == "defender":
            return deploy(f.land, board, self.doors)
        return reach(f.variant, f.land, board, u.piece(), None, entry=self.doors)

    def _greedy(self, hold: frozenset[int], first: Step | None = None) -> list[Step]:
        """The greedy evaluation's plan (:func:`choose_maneuver`), move by move, after the
        ``first`` move if one is given; the units in ``hold`` stay where they are."""
        units = [replace(u) for u in self.units]
        done: set[int] = set(hold)
        plan: list[Step] = []
        if first is not None:
            i, to = first
            done.add(i)
            plan.append(first)
            units[i].hex, units[i].entered = to, True
        while True:
            movers, moves = self._options(units, frozenset(done))
            board = self._board(units)
            offboard = [u.piece() for u in units if u.hex is None and not u.gone]
            choice = choose_maneuver(
                replace(self.field, board=board, offboard=offboard), [*moves, EndPhase()]
            )
            if not isinstance(choice, BattleMove):
                return plan
            i = movers[(choice.name, choice.frm)]
            done.add(i)
            if choice.to != choice.frm:
                plan.append((i, choice.to))
                units[i].hex, units[i].entered = choice.to, True

    def _cheap(self) -> list[Step]:
        """The cheap policy's plan (the compact battle's maneuver)."""
        units = [replace(u) for u in self.units]
        fb = FastBattle(
            self.field.variant,
            self.field.land.terrain,
            self.field.entry_side,
            units,
            lambda: 1,
            random.Random(0),
            record=True,
        )
        fb.turn, fb.phasing = self.field.turn, self.field.me
        before = [(u.name, u.hex) for u in units]
        fb._maneuver(self.moved)
        plan: list[Step] = []
        for action in fb.actions or ():
            if isinstance(action, BattleMove):
                i = before.index((action.name, action.frm))
                before[i] = (action.name, action.to)
                plan.append((i, action.to))
        return plan

    # --- playing them out -----------------------------------------------------------------

    def values(
        self, plans: Sequence[Sequence[Step]], trials: int, seed: int, deadline: Deadline | None
    ) -> list[float]:
        """Each plan's mean outcome for us over the same playouts. Every plan gets a third of
        ``trials`` (at least 4); the first plan and the most promising others then go on to
        ``trials``, and the rest are out of the running (minus infinity). Play stops early at
        ``deadline`` (:class:`~titan.ai.strong.budget.Deadline`), though never before 4 playouts."""
        source = random.Random(seed)
        seeds = [(source.getrandbits(64), source.getrandbits(64)) for _ in range(trials)]
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)

        def run(ks: Sequence[int], upto: int) -> None:
            for r in range(counts[ks[0]] if ks else 0, upto):
                if r >= 4 and expired(deadline):
                    return
                dice_seed, policy_seed = seeds[r]
                for k in ks:
                    totals[k] += self._playout(
                        plans[k], _dice(dice_seed), random.Random(policy_seed)
                    )
                    counts[k] += 1

        everyone = list(range(len(plans)))
        run(everyone, min(trials, max(4, trials // 3)))
        means = [t / max(1, c) for t, c in zip(totals, counts, strict=True)]
        rivals = sorted(everyone[1:], key=lambda k: -means[k])[:FINALISTS]
        finalists = [0, *rivals]
        run(finalists, trials)
        return [
            totals[k] / max(1, counts[k]) if k in finalists else float("-inf") for k in everyone
        ]

    def _playout(self, plan: Sequence[Step], roll: Callable[[], int], rng: random.Random) -> float:
        units = [replace(u) for u in self.units]
        for i, to in plan:
            units[i].hex, units[i].entered = to, True
        f = self.field
        lord = None
        if f.summons is not None:  # the attacker's summons, when we defend (15)
            lord = Unit(
                f.summons.name, f.summons.character, "attacker", None, 0, f.summons.power, False
            )
        fb = FastBattle(
            f.variant,
            f.land.terrain,
            f.entry_side,
            units,
            roll,
            rng,
            summons=lord,
            summon_trigger=f.summon_trigger,
        )
        fb.turn, fb.phasing = f.turn, f.me
        result = fb.play(maneuvered=True)
        return self.outcome(units, result.titan_slain)

    def outcome(self, units: Sequence[Unit], titan_slain: tuple[bool, bool]) -> float:
        """What the battle's end is worth to us, with the characters as they ended. Our
        Titan's fall is the game lost (1.1, 19.3), whatever else falls with it: a mutual
        elimination wins nothing. Otherwise the points each side lost (16), the enemy's Titan
        at its share of the game (``self.their_titan``): what its fall is worth in itself,
        the rescue of our Titan being already in the battle's course."""
        me = self.field.me
        value = 0.0
        for k, u in enumerate(units):  # a summoned lord joins at the end (15)
            if k < len(self.units) and self.units[k].gone:
                continue
            fallen = titan_slain[0 if u.side == "attacker" else 1]
            if not (u.gone or fallen):
                continue
            points = u.power * u.ch.skill
            if u.side == me:
                value -= points + (TITAN_STAKE if u.name == TITAN else 0.0)
            else:
                value += points + (self.their_titan if u.name == TITAN else 0.0)
        if titan_slain[0 if me == "attacker" else 1]:
            return min(value, -TITAN_STAKE - self.ours)
        return value


def signature(battle: BattleView) -> Signature:
    return (
        battle.turn,
        battle.phasing,
        tuple((f.name, f.side, f.hex, f.moved, f.gone, f.hits) for f in battle.fighters),
    )


def plan_seed(seed: int, here: Signature) -> int:
    """Playout dice that depend only on the seed and the position ``here`` (crc32: stable
    across processes, unlike hash())."""
    return seed * 1_000_003 + zlib.crc32(repr(here).encode())


def choose_planned(
    field: Field,
    battle: BattleView,
    options: Sequence[Action],
    seed: int,
    budget: Budget,
    memo: dict[Signature, Action],
    their_titan: float,
) -> Action | None:
    """The next move of the best plan, or None where the planner does not apply (newcomers,
    14, 15, are left to :func:`choose_maneuver`). ``memo`` keeps the rest of a chosen plan,
    keyed by the battle as it will then look, so a plan is worked out once a phase.
    ``their_titan``: what the enemy Titan's fall is worth to us (the game shared among the
    opponents left)."""
    if any(f.newcomer for f in battle.fighters if not f.gone):
        return None
    if not any(isinstance(o, BattleMove) for o in options):
        return None
    here = signature(battle)
    known = memo.get(here)
    if known is not None and known in options:
        return known
    deadline = budget.deadline()  # one cap for making the plans and playing them out
    planner = Planner(field, battle, their_titan)
    plans = planner.plans(deadline=deadline)
    best = plans[0]
    if len(plans) > 1:
        values = planner.values(plans, budget.plan_trials, plan_seed(seed, here), deadline)
        best = plans[max(range(len(plans)), key=lambda k: (values[k], -k))]
    memo.clear()
    _remember(planner, battle, best, memo)
    return memo.get(here)


def _remember(
    planner: Planner, battle: BattleView, plan: Sequence[Step], memo: dict[Signature, Action]
) -> None:
    """The plan as a move for each battle it passes through; the phase ends after its last."""
    fighters = list(battle.fighters)
    for i, to in plan:
        f = fighters[i]
        memo[signature(replace(battle, fighters=tuple(fighters)))] = BattleMove(f.name, f.hex, to)
        fighters[i] = replace(f, hex=to, moved=True, entered=True)
    memo[signature(replace(battle, fighters=tuple(fighters)))] = EndPhase()


def _dice(seed: int) -> Callable[[], int]:
    rand = random.Random(seed).random
    return lambda: int(rand() * 6) + 1
