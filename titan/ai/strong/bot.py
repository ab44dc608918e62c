"""The ``strong`` computer player: search on top of the ``normal`` player's judgement.

It decides from its seat's view and the prompt alone, plus generators seeded from its own seed
and the position, so the same view always gets the same answer. Battles are its own: strikes
by expectimax over the exact hit distributions, maneuvers by a one-turn lookahead evaluation.
Engagements are decided from battles simulated on determinized positions. Elsewhere it
starts from the ``normal`` player's policies. See docs/ai.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from titan.ai.normal import NormalBot
from titan.ai.normal.bot import pickled, unpickled
from titan.ai.normal.seat import Seat, decision_rng
from titan.ai.strong import engagement, movement
from titan.ai.strong.budget import Budget
from titan.ai.strong.field import TITAN_STAKE, Field, read_field, rivals
from titan.ai.strong.maneuver import choose_maneuver, spares
from titan.ai.strong.planner import Signature, choose_planned
from titan.ai.strong.splitting import keep_titan_strong
from titan.ai.strong.strikes import choose_carry, choose_strike
from titan.engine.actions import Action, Decline, Muster, Summon, UndoMove, Withdraw
from titan.engine.battle.actions import ResetManeuver
from titan.engine.prompts import Decision, Prompt
from titan.engine.views import PlayerView
from titan.variant import Variant, load


@dataclass(frozen=True, slots=True)
class Parts:
    """Which of its own parts the bot uses: each is switched off only to measure what it
    brings (games with it against games without); off, the decision falls back on the
    ``normal`` player's, or on a simpler one of its own."""

    judge: bool = True  # movement: attacks re-judged by simulated battles
    wary: bool = True  # movement: what a move risks for our Titan's legion
    engage: bool = True  # flight and negotiation from simulated battles
    plan: bool = True  # maneuvers by the planner, not the one-turn evaluation


class StrongBot:
    # What it carries between decisions (this turn's judged attacks, the rest of a maneuver
    # plan) is dropped when a player's turn begins: a bot rebuilt from the turn's decisions is
    # the same bot (titan/server/botmemory.py).
    memory = "turn"
    remembers = frozenset({Decision.MOVE, Decision.MANEUVER})  # the only decisions that add to it

    def __init__(
        self,
        seed: int,
        variant: Variant | None = None,
        *,
        budget: Budget | None = None,
        parts: Parts = Parts(),
    ) -> None:
        self.seed = seed
        self.budget = budget if budget is not None else Budget()
        self.parts = parts
        self.variant = variant if variant is not None else load("default")
        self.normal = NormalBot(seed, self.variant)
        self.judge = movement.AttackJudge()
        self.plan: dict[Signature, Action] = {}
        self.turn: tuple[int, int] | None = None  # (game turn, active player) of what it keeps

    def __getstate__(self) -> dict[str, object]:
        return pickled(self.__dict__)

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(unpickled(state))

    def _planned(self, field: Field, view: PlayerView, options: list[Action]) -> Action | None:
        """A maneuver by the planner, unless a newcomer (14) or a summons (15) comes first."""
        if not self.parts.plan or any(isinstance(o, Muster | Summon) for o in options):
            return None
        eng = view.engagement
        assert eng is not None and eng.battle is not None
        their_titan = TITAN_STAKE / rivals(view)
        return choose_planned(
            field, eng.battle, options, self.seed, self.budget, self.plan, their_titan
        )

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        options = [
            o for o in prompt.options if not isinstance(o, Withdraw | UndoMove | ResetManeuver)
        ]
        if len(options) == 1 and not prompt.proposals and not prompt.split_markers:
            return options[0]
        if self.turn != (view.turn, view.active):
            self.turn = (view.turn, view.active)
            self.judge, self.plan = movement.AttackJudge(), {}
        kind = prompt.kind
        if kind in (Decision.STRIKE, Decision.COUNTERSTRIKE):
            return choose_strike(read_field(self.variant, view), options)
        if kind == Decision.CARRY_OVER:
            eng = view.engagement
            assert eng is not None and eng.battle is not None and eng.battle.carry is not None
            return choose_carry(read_field(self.variant, view), options, eng.battle.carry.excess)
        if kind == Decision.MANEUVER:
            field = read_field(self.variant, view)
            planned = self._planned(field, view, options)
            if planned is not None:
                return planned
            return choose_maneuver(field, options, _donors(view))
        if kind == Decision.MOVE and self.parts.judge:
            seat = Seat.of(self.variant, view, self.seed)
            rng = decision_rng(self.seed, view)
            return movement.choose_move(seat, prompt, self.judge, rng, self.budget, self.parts.wary)
        if (
            kind in (Decision.FLEE, Decision.NEGOTIATE, Decision.NEGOTIATE_FINAL)
            and self.parts.engage
        ):
            rng = decision_rng(self.seed, view)
            return engagement.decide(self.variant, view, prompt, options, rng, self.budget)
        if kind == Decision.SUMMON:
            # After a won engagement (15): the normal player's choice among the donors that
            # can spare their angel (never the one guarding a short Titan legion).
            donors = _donors(view)
            allowed = tuple(o for o in options if not isinstance(o, Summon) or spares(o, donors))
            return self.normal.choose(view, replace(prompt, options=allowed))
        if kind == Decision.SPLIT:
            chosen = self.normal.choose(view, prompt)
            return keep_titan_strong(self.variant, view, prompt.options, chosen)
        if kind in (Decision.BATTLE_MAY_CONCEDE, Decision.CONCESSION_OFFERED):
            return Decline()  # conceding gives the winner the same points, sooner (9.4)
        return self.normal.choose(view, prompt)


def _donors(view: PlayerView) -> dict[str, tuple[str, ...]]:
    """Our legions' contents, by marker: whom a summons would take an angel from (15.1)."""
    return {lg.marker: tuple(lg.known) for lg in view.legions if lg.owner == view.you}
