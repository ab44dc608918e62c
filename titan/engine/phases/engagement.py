"""Engagements up to their outcome (rule 9; errata 9.1-9.4; Complete Sequence of Play
2.5-2.5.5): choosing the next one, the defender's flight, negotiation by sets of proposals,
concession, and the start of a battle. What follows the outcome is :mod:`outcome`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from titan.engine import events as ev
from titan.engine.actions import (
    Accept,
    Action,
    Concede,
    DontFlee,
    Engage,
    Fight,
    Flee,
    NoMoreProposals,
    Proposal,
    Propose,
)
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.phases import outcome
from titan.engine.phases.battle import flow as battle
from titan.engine.phases.sides import legion_of, owner_of
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.model import Side, other_side
from titan.engine.state import Engagement, EngagementStep, Negotiation
from titan.variant import TITAN


def engagement_lands(ctx: Ctx) -> list[int]:
    """Lands where the mover's legions share a land with another player's (9.1)."""
    state = ctx.state
    me = state.active
    mine = {lg.land for lg in state.legions.values() if lg.owner == me}
    return sorted({lg.land for lg in state.legions.values() if lg.owner != me} & mine)


# --- choosing (9.1, errata 9.1) -------------------------------------------------------------


def choose_prompt(ctx: Ctx) -> Prompt:
    lands = engagement_lands(ctx)
    return Prompt(ctx.state.active, Decision.ENGAGE, tuple(Engage(x) for x in lands))


def check_choose(ctx: Ctx, action: Action) -> None:
    if not isinstance(action, Engage):
        raise IllegalAction("errata 20.4, 9.1", "choose the next engagement to resolve")
    if action.land not in engagement_lands(ctx):
        raise IllegalAction("9.1", f"there is no engagement on land {action.land}")


def apply_choose(ctx: Ctx, action: Action) -> None:
    assert isinstance(action, Engage)
    state = ctx.state
    me = state.active
    legions = state.legions_at(action.land)
    att = next(lg for lg in legions if lg.owner == me)
    dfd = next(lg for lg in legions if lg.owner != me)
    eng = Engagement(
        land=action.land,
        attacker=att.marker,
        defender=dfd.marker,
        attacker_owner=me,
        defender_owner=dfd.owner,
    )
    state.engagement = eng
    ctx.emit(ev.EngagementStarted(action.land, att.marker, dfd.marker, att.entry_side))
    # Complete Sequence 2.5.1-2.5.2: each side may look at the other's legion.
    ctx.emit(ev.LegionShown(dfd.marker, tuple(dfd.characters), audience=(me,)))
    ctx.emit(ev.LegionShown(att.marker, tuple(att.characters), audience=(dfd.owner,)))
    if any(ctx.variant.characters[c].is_lord for c in dfd.characters):
        _decline_flight(eng)  # 9.2: a legion with a lord cannot flee
    else:
        eng.step = EngagementStep.FLEE


# --- flight (9.2) ---------------------------------------------------------------------------


def flee_prompt(ctx: Ctx) -> Prompt:
    eng = ctx.state.engagement
    assert eng is not None
    return Prompt(eng.defender_owner, Decision.FLEE, (Flee(), DontFlee()))


def check_flee(ctx: Ctx, action: Action) -> None:
    if not isinstance(action, Flee | DontFlee):
        raise IllegalAction("9.2", "the defender decides whether to flee")


def apply_flee(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None
    if isinstance(action, Flee):
        defender = legion_of(ctx.state, "defender")
        ctx.emit(ev.Fled(eng.defender, eng.land))
        outcome.resolve(ctx, "flee", {"defender": list(defender.characters)})
    else:
        _decline_flight(eng)


def _decline_flight(eng: Engagement) -> None:
    eng.summon_right = True  # errata 2.5.3.1
    eng.step = EngagementStep.NEGOTIATE
    eng.negotiation = Negotiation(turn="defender")


# --- negotiation (errata 9.3, Complete Sequence 2.5.4-2.5.5) -------------------------------


def proposal_error(ctx: Ctx, p: Proposal) -> str | None:
    """Errata 9.3: only specific characters of the two legions; at least one legion wholly
    eliminated; losing the Titan means losing its whole legion."""
    state = ctx.state
    sides: tuple[tuple[Side, tuple[str, ...]], ...] = (
        ("attacker", p.attacker_losses),
        ("defender", p.defender_losses),
    )
    for side, losses in sides:
        legion = legion_of(state, side)
        if tuple(sorted(losses)) != losses:
            return "list each side's losses in sorted order"
        if Counter(losses) - Counter(legion.characters):
            return f"the {side} does not have all of {', '.join(losses)}"
        if TITAN in losses and len(losses) != len(legion.characters):
            return "losing the Titan means losing its whole legion"
    att, dfd = legion_of(state, "attacker"), legion_of(state, "defender")
    if len(p.attacker_losses) != len(att.characters) and len(p.defender_losses) != len(
        dfd.characters
    ):
        return "an agreement must eliminate at least one legion"
    return None


def _sub_multisets(names: list[str]) -> Iterator[tuple[str, ...]]:
    counts = sorted(Counter(names).items())
    for picks in product(*(range(n + 1) for _, n in counts)):
        yield tuple(name for (name, _), k in zip(counts, picks, strict=True) for _ in range(k))


def legal_proposals(ctx: Ctx) -> tuple[Proposal, ...]:
    """Every proposal the rules allow now (errata 9.3), in a fixed order."""
    att = sorted(legion_of(ctx.state, "attacker").characters)
    dfd = sorted(legion_of(ctx.state, "defender").characters)
    found = {Proposal(tuple(att), d) for d in _sub_multisets(dfd)}
    found |= {Proposal(a, tuple(dfd)) for a in _sub_multisets(att)}
    return tuple(sorted(p for p in found if proposal_error(ctx, p) is None))


def _sides(neg: Negotiation) -> tuple[list[Proposal], list[Proposal]]:
    """(the proposals of the side to act, the other side's)."""
    if neg.turn == "attacker":
        return neg.attacker_proposals, neg.defender_proposals
    return neg.defender_proposals, neg.attacker_proposals


def negotiate_prompt(ctx: Ctx) -> Prompt:
    eng = ctx.state.engagement
    assert eng is not None and eng.negotiation is not None
    neg = eng.negotiation
    _, theirs = _sides(neg)
    opts: list[Action] = [Accept(p) for p in theirs]
    player = owner_of(eng, neg.turn)
    if neg.no_more is not None:
        return Prompt(player, Decision.NEGOTIATE_FINAL, (*opts, Fight(), Concede()))
    proposable = tuple(p for p in legal_proposals(ctx) if p not in theirs)
    opts += [NoMoreProposals(), Concede()]
    return Prompt(player, Decision.NEGOTIATE, tuple(opts), proposals=proposable)


def check_negotiate(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None and eng.negotiation is not None
    neg = eng.negotiation
    mine, theirs = _sides(neg)
    if isinstance(action, Propose):
        if neg.no_more is not None:
            raise IllegalAction("errata 9.3", "no more proposals: accept, concede or fight")
        for p in action.proposals:
            err = proposal_error(ctx, p)
            if err:
                raise IllegalAction("errata 9.3", err)
            if p in theirs:
                raise IllegalAction("errata 9.3", "a set may not repeat the opponent's proposals")
        if all(p in mine for p in action.proposals):
            raise IllegalAction("errata 9.3", "a set of proposals must include a new one")
    elif isinstance(action, Accept):
        if action.proposal not in theirs:
            raise IllegalAction("errata 9.3", "only a proposal the opponent made can be accepted")
    elif isinstance(action, NoMoreProposals):
        if neg.no_more is not None:
            raise IllegalAction("errata 9.3", "accept, concede or fight")
    elif isinstance(action, Fight):
        if neg.no_more is None or neg.no_more == neg.turn:
            raise IllegalAction(
                "errata 2.5.5",
                "a battle follows only when the other side "
                "has declared it will make no more proposals",
            )
    elif not isinstance(action, Concede):
        raise IllegalAction("errata 9.3", "propose, accept, concede or declare no more proposals")


def apply_negotiate(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None and eng.negotiation is not None
    neg = eng.negotiation
    me = neg.turn
    mine, _ = _sides(neg)
    if isinstance(action, Propose):
        fresh = [p for p in dict.fromkeys(action.proposals) if p not in mine]
        mine.extend(fresh)
        shown = tuple((p.attacker_losses, p.defender_losses) for p in fresh)
        ctx.emit(ev.ProposalsMade(me, shown, audience=(eng.attacker_owner, eng.defender_owner)))
        ctx.emit(ev.Negotiating(me, eng.land))
        neg.turn = other_side(me)
    elif isinstance(action, Accept):
        p = action.proposal
        ctx.emit(ev.Agreement(eng.land, p.attacker_losses, p.defender_losses))
        losses: dict[Side, list[str]] = {
            "attacker": list(p.attacker_losses),
            "defender": list(p.defender_losses),
        }
        outcome.resolve(ctx, "agreement", losses)
    elif isinstance(action, NoMoreProposals):
        neg.no_more = me
        ctx.emit(ev.NoMoreProposalsDeclared(me, eng.land))
        neg.turn = other_side(me)
    elif isinstance(action, Concede):
        outcome.concede(ctx, me)
    else:
        assert isinstance(action, Fight)
        start_battle(ctx)


def start_battle(ctx: Ctx) -> None:
    """Errata 9.3, 2.5.6.1: once the battle is chosen both legions are public."""
    eng = ctx.state.engagement
    assert eng is not None
    for side in ("attacker", "defender"):
        legion = legion_of(ctx.state, side)
        ctx.emit(ev.LegionRevealed(legion.marker, tuple(legion.characters)))
    eng.step = EngagementStep.BATTLE
    battle.start(ctx)
