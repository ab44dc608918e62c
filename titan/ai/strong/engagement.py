"""Engagements decided from simulated battles (rule 9; errata 9.2-9.4, 2.5.5): flee, concede,
agree, or fight.

Both legions of an engagement are shown to both players (Complete Sequence 2.5.1-2.5.2), so
the battle is simulated from known contents (:mod:`titan.ai.strong.simulate`). Every outcome
is valued in one currency, points (rule 16): the characters each side loses, our Titan's stake
(the game) and theirs, and the points the winner scores, worth a part of their face value to
whoever scores them (every 100 bring an angel and a point of Titan power, 17, 19.1).

Agreements (errata 9.3) are offered when they beat fighting for us: the opponent may well
prefer them too, since by its own estimate fighting may look worse. Only proposals we would
gladly see accepted are offered (the opponent picks the one it likes best).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from titan.ai.strong.budget import Budget, Deadline
from titan.ai.strong.field import TITAN_STAKE, rivals
from titan.ai.strong.simulate import BattleOdds, simulate_legions, worth_of
from titan.engine.actions import (
    Accept,
    Action,
    Concede,
    DontFlee,
    Fight,
    Flee,
    NoMoreProposals,
    Proposal,
    Propose,
)
from titan.engine.prompts import Decision, Prompt
from titan.engine.views import LegionView, PlayerView
from titan.variant import TITAN, Variant

SCORED = 0.25  # what a point scored is worth to the scorer, against a point of characters
MARGIN = 2.0  # points: prefer fighting it out only when it is clearly better


@dataclass(frozen=True, slots=True)
class Engaged:
    """One engagement from our side."""

    side: str  # "attacker" / "defender"
    mine: tuple[str, ...]
    theirs: tuple[str, ...]
    my_score: int
    their_score: int
    rivals: int  # opponents still in the game


def read_engagement(view: PlayerView) -> tuple[Engaged, LegionView, LegionView]:
    eng = view.engagement
    assert eng is not None and view.you is not None
    legions = {lg.marker: lg for lg in view.legions}
    att, dfd = legions[eng.attacker], legions[eng.defender]
    side = "attacker" if eng.attacker_owner == view.you else "defender"
    mine, theirs = (att, dfd) if side == "attacker" else (dfd, att)
    e = Engaged(
        side,
        tuple(mine.known),
        tuple(theirs.known),
        view.players[mine.owner].score,
        view.players[theirs.owner].score,
        rivals(view),
    )
    return e, att, dfd


def fight_value(variant: Variant, e: Engaged, odds: BattleOdds) -> float:
    """The battle's expected worth to us."""
    mine = worth_of(variant, e.mine, e.my_score)
    theirs = worth_of(variant, e.theirs, e.their_score)
    if e.side == "attacker":
        my_left, their_left = odds.attacker_left, odds.defender_left
        my_titan, their_titan = odds.attacker_titan, odds.defender_titan
        win, lose = odds.attacker_wins, odds.defender_wins
    else:
        my_left, their_left = odds.defender_left, odds.attacker_left
        my_titan, their_titan = odds.defender_titan, odds.attacker_titan
        win, lose = odds.defender_wins, odds.attacker_wins
    # With several opponents, the others profit from this one's losses as much as we do;
    # ours are ours alone (one opponent: share 1, the two-player valuation).
    share = 1.0 / e.rivals
    value = share * (theirs - their_left) - (mine - my_left)
    value += their_titan * TITAN_STAKE / e.rivals - my_titan * TITAN_STAKE
    value += SCORED * (win * theirs - lose * mine)
    return value


def agreement_value(variant: Variant, e: Engaged, p: Proposal) -> float:
    mine, theirs = (
        (p.attacker_losses, p.defender_losses)
        if e.side == "attacker"
        else (p.defender_losses, p.attacker_losses)
    )
    value = worth_of(variant, theirs, e.their_score) / e.rivals - worth_of(
        variant, mine, e.my_score
    )
    if TITAN in mine:
        value -= TITAN_STAKE
    if TITAN in theirs:
        value += TITAN_STAKE / e.rivals
    i_win = len(theirs) == len(e.theirs) and len(mine) < len(e.mine)
    they_win = len(mine) == len(e.mine) and len(theirs) < len(e.theirs)
    if i_win:
        value += SCORED * worth_of(variant, theirs, e.their_score)
    if they_win:
        value -= SCORED * worth_of(variant, mine, e.my_score)
    return value


def concede_value(variant: Variant, e: Engaged) -> float:
    mine = worth_of(variant, e.mine, e.my_score)
    return -mine * (1.0 + SCORED) - (TITAN_STAKE if TITAN in e.mine else 0.0)


def flee_value(variant: Variant, e: Engaged) -> float:
    mine = worth_of(variant, e.mine, e.my_score)
    return -mine * (1.0 + SCORED / 2.0)  # 9.2: half points


def battle_odds(
    variant: Variant,
    view: PlayerView,
    e: Engaged,
    att: LegionView,
    dfd: LegionView,
    rng: random.Random,
    trials: int,
    deadline: Deadline | None,
) -> BattleOdds:
    eng = view.engagement
    assert eng is not None
    scores = (view.players[att.owner].score, view.players[dfd.owner].score)
    return simulate_legions(
        variant,
        att.known,
        dfd.known,
        eng.land,
        att.entry_side,
        scores,
        trials,
        rng,
        deadline,
    )


def decide(
    variant: Variant,
    view: PlayerView,
    prompt: Prompt,
    options: Sequence[Action],
    rng: random.Random,
    budget: Budget,
) -> Action:
    """Flight (9.2), negotiation (errata 9.3) and the final choice (errata 2.5.5)."""
    e, att, dfd = read_engagement(view)
    odds = battle_odds(variant, view, e, att, dfd, rng, budget.engagement_trials, budget.deadline())
    fight = fight_value(variant, e, odds)
    if prompt.kind == Decision.FLEE:
        flee = flee_value(variant, e)
        return Flee() if flee > fight + MARGIN else DontFlee()
    best: Action | None = None
    best_value = fight
    for o in options:
        if isinstance(o, Accept) and not _gives_titan(e, o.proposal):
            v = agreement_value(variant, e, o.proposal)
            if v >= best_value - MARGIN:
                best, best_value = o, v + MARGIN
    if best is not None:
        return best
    if TITAN not in e.mine and concede_value(variant, e) > fight + MARGIN:
        return Concede()
    if prompt.kind == Decision.NEGOTIATE_FINAL:
        return Fight()
    eng = view.engagement
    assert eng is not None and eng.negotiation is not None
    neg = eng.negotiation
    made = neg.attacker_proposals if e.side == "attacker" else neg.defender_proposals
    if not made and prompt.proposals:
        offer = [
            p
            for p in prompt.proposals
            if not _gives_titan(e, p) and agreement_value(variant, e, p) > fight + MARGIN
        ]
        offer.sort(key=lambda p: (-agreement_value(variant, e, p), p))
        if offer:
            return Propose(tuple(offer[:3]))
    return NoMoreProposals()


def _gives_titan(e: Engaged, p: Proposal) -> bool:
    """An agreement to lose our Titan loses the game for certain (1.1); a battle, however
    hopeless, leaves the dice a chance."""
    mine = p.attacker_losses if e.side == "attacker" else p.defender_losses
    return TITAN in mine
