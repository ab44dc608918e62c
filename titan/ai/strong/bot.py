"""The ``strong`` computer player: search on top of the ``normal`` player's judgement.

It decides from its seat's view and the prompt alone, plus generators seeded from its own seed
and the position, so the same view always gets the same answer. Battles are its own: strikes
by expectimax over the exact hit distributions, maneuvers by a one-turn lookahead evaluation.
Engagements are decided from battles simulated on determinized positions. Elsewhere it
starts from the ``normal`` player's policies. See docs/ai.md.
"""

from __future__ import annotations

from dataclasses import replace

from titan.ai.normal import NormalBot
from titan.ai.normal.seat import Seat, decision_rng
from titan.ai.strong import engagement, movement
from titan.ai.strong.budget import Budget
from titan.ai.strong.field import TITAN_STAKE, Field, read_field, rivals
from titan.ai.strong.maneuver import choose_maneuver, spares
from titan.ai.strong.planner import Signature, choose_planned
from titan.ai.strong.strikes import choose_carry, choose_strike
from titan.engine.actions import Action, Concede, Decline, Muster, Summon, UndoMove, Withdraw
from titan.engine.battle.actions import ResetManeuver
from titan.engine.prompts import Decision, Prompt
from titan.engine.views import PlayerView
from titan.variant import Variant, load


class StrongBot:
    def __init__(
        self,
        seed: int,
        variant: Variant | None = None,
        *,
        budget: Budget | None = None,
        judge: bool = True,
        engage: bool = True,
        wary: bool = True,
        plan: bool = True,
    ) -> None:
        self.wary = wary
        self.use_plan = plan
        self.seed = seed
        self.budget = budget if budget is not None else Budget()
        self.use_judge = judge
        self.use_engage = engage
        self.variant = variant if variant is not None else load("default")
        self.normal = NormalBot(seed, self.variant)
        self.judge = movement.AttackJudge()
        self.plan: dict[Signature, Action] = {}

    def _planned(self, field: Field, view: PlayerView, options: list[Action]) -> Action | None:
        """A maneuver by the planner, unless a newcomer (14) or a summons (15) comes first."""
        if not self.use_plan or any(isinstance(o, Muster | Summon) for o in options):
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
        if kind == Decision.MOVE and self.use_judge:
            seat = Seat.of(self.variant, view, self.seed)
            rng = decision_rng(self.seed, view)
            return movement.choose_move(seat, prompt, self.judge, rng, self.budget, self.wary)
        if (
            kind in (Decision.FLEE, Decision.NEGOTIATE, Decision.NEGOTIATE_FINAL)
            and self.use_engage
        ):
            rng = decision_rng(self.seed, view)
            return engagement.decide(self.variant, view, prompt, options, rng, self.budget)
        if kind == Decision.SUMMON:
            # After a won engagement (15): the normal player's choice among the donors that
            # can spare their angel (never the one guarding a short Titan legion).
            donors = _donors(view)
            allowed = tuple(o for o in options if not isinstance(o, Summon) or spares(o, donors))
            return self.normal.choose(view, replace(prompt, options=allowed))
        if kind == Decision.BATTLE_MAY_CONCEDE:
            return Decline()  # conceding gives the winner the same points, sooner (9.4)
        if kind == Decision.CONCESSION_OFFERED:
            return Decline()
        action = self.normal.choose(view, prompt)
        if isinstance(action, Concede) and kind in (Decision.MANEUVER, Decision.STRIKE):
            return options[0]
        return action


def _donors(view: PlayerView) -> dict[str, tuple[str, ...]]:
    """Our legions' contents, by marker: whom a summons would take an angel from (15.1)."""
    return {lg.marker: tuple(lg.known) for lg in view.legions if lg.owner == view.you}
