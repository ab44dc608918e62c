"""A player that picks uniformly among legal choices, with a few weights so that games move
along (it prefers moving and mustering to stopping). Deterministic for a given seed."""

from __future__ import annotations

import random

from titan.engine.actions import (
    Action,
    Concede,
    Decline,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    Fight,
    Move,
    Muster,
    NoMoreProposals,
    Proposal,
    Propose,
    Split,
    UndoMove,
    Withdraw,
)
from titan.engine.battle.actions import EndPhase, ResetManeuver
from titan.engine.prompts import Prompt
from titan.engine.views import PlayerView

BATTLE_PROMPTS = (
    "battle_may_concede",
    "concession_offered",
    "maneuver",
    "strike",
    "counterstrike",
    "carry_over",
)


class RandomBot:
    memory = "game"  # its generator has drawn for every decision so far

    def __init__(self, seed: int, *, fight: bool = True, withdraw: bool = False) -> None:
        self.rng = random.Random(seed)
        self.fight = fight  # False: settle every engagement by flight, concession or agreement
        self.withdraw = withdraw

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        # Taking moves back (errata 7.0) is for people; a random player would only dither.
        opts = [
            o
            for o in prompt.options
            if (self.withdraw or not isinstance(o, Withdraw)) and not isinstance(o, UndoMove)
        ]
        if not self.fight and len(opts) > 1:
            opts = [o for o in opts if not isinstance(o, Fight)]
        rng = self.rng
        if prompt.kind in ("negotiate",) and rng.random() < 0.4:
            proposal = self._proposal(view, prompt)
            if proposal is not None:
                return Propose((proposal,))
        if prompt.kind == "negotiate_final" and self.fight and rng.random() < 0.6:
            return next((o for o in opts if isinstance(o, Fight)), rng.choice(opts))
        if prompt.kind == "negotiate_final" and not self.fight:
            opts = [o for o in opts if not isinstance(o, Fight)] or opts
        if prompt.kind == "move":
            moves = [o for o in opts if isinstance(o, Move)]
            if moves and (rng.random() < 0.85 or not any(isinstance(o, DoneMoving) for o in opts)):
                return rng.choice(moves)
        if prompt.kind == "split":
            splits = [o for o in opts if isinstance(o, Split)]
            if splits and (
                rng.random() < 0.3 or not any(isinstance(o, DoneSplitting) for o in opts)
            ):
                s = rng.choice(splits)
                return Split(
                    s.legion, rng.choice(prompt.split_markers or (s.marker,)), s.characters
                )
            return next((o for o in opts if isinstance(o, DoneSplitting)), rng.choice(opts))
        if prompt.kind == "muster":
            musters = [o for o in opts if isinstance(o, Muster)]
            if musters and rng.random() < 0.9:
                return rng.choice(musters)
            return next((o for o in opts if isinstance(o, DoneMustering)), rng.choice(opts))
        if prompt.kind == "negotiate" and rng.random() < 0.5:
            return next(o for o in opts if isinstance(o, NoMoreProposals | Concede))
        if prompt.kind in BATTLE_PROMPTS:
            return self._battle(prompt, opts)
        return rng.choice(opts)

    def _battle(self, prompt: Prompt, opts: list[Action]) -> Action:
        """Fight it out: concede rarely, move most characters, strike when it can."""
        rng = self.rng
        stay = [o for o in opts if not isinstance(o, Concede)]
        concede = [o for o in opts if isinstance(o, Concede)]
        if concede and (not stay or rng.random() < 0.01):
            return concede[0]
        if prompt.kind == "battle_may_concede":
            return next((o for o in stay if isinstance(o, Decline)), stay[0])
        if prompt.kind == "concession_offered":
            return rng.choice(opts)
        actions = [o for o in stay if not isinstance(o, EndPhase | ResetManeuver)]
        done = [o for o in stay if isinstance(o, EndPhase)]
        if actions and (not done or rng.random() < 0.9):
            return rng.choice(actions)
        return done[0] if done else rng.choice(stay)

    def _proposal(self, view: PlayerView, prompt: Prompt) -> Proposal | None:
        """A random agreement: one side wholly eliminated, the other losing a few."""
        eng = view.engagement
        if eng is None:
            return None
        contents = {lg.marker: list(lg.known) for lg in view.legions}
        att = contents.get(eng.attacker)
        dfd = contents.get(eng.defender)
        if not att or not dfd:
            return None
        rng = self.rng
        losers = rng.choice(["attacker", "defender"])
        whole, other = (att, dfd) if losers == "attacker" else (dfd, att)
        spare = [c for c in other if c != "Titan"]
        k = rng.randint(0, min(2, len(spare)))
        partial = sorted(rng.sample(spare, k))
        if rng.random() < 0.05:
            partial = sorted(other)  # mutual elimination now and then
        a, d = (sorted(whole), partial) if losers == "attacker" else (partial, sorted(whole))
        proposal = Proposal(tuple(a), tuple(d))
        # Errata 9.3: a set must hold a new proposal and none the opponent made; only what
        # the prompt lists may be named.
        neg = eng.negotiation
        made = set() if neg is None else {*neg.attacker_proposals, *neg.defender_proposals}
        if proposal in made or proposal not in prompt.proposals:
            return None
        return proposal
