"""Engagements up to the battle (rule 9; errata 9.1-9.4, 2.5.5): which to resolve first, the
defender's flight, negotiation by proposals, concession, or the battle.

Everything is judged by one currency: what an outcome is worth to us in points (rule 16),
losing our Titan costing the game and eliminating another player's Titan winning (a share of)
it. A battle is worth its estimated expected result (``outlook``); an agreement is accepted
when it is worth about as much as fighting. One is offered when it is about as good for us as
fighting and no worse for the opponent than fighting is for him, judged from his side by the
same estimates, so that a sensible opponent accepts it: typically the weaker legion's
elimination for the losses the stronger would expect to suffer in the battle, without its
risk. Failing such, the best for us is offered if it is clearly better than fighting. Each
side offers once, then declares no more proposals (errata 9.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from titan.ai.normal.masterboard import losses_value, stake, titan_kill_bonus
from titan.ai.normal.outlook import Outlook, battle_outlook
from titan.ai.normal.seat import Seat
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
from titan.engine.prompts import Prompt
from titan.variant import TITAN

ACCEPT_MARGIN = 3.0  # points: an agreement this close to fighting's worth saves the risk
HOPELESS = 0.03  # a chance of winning below which a legion without its Titan may concede


@dataclass(frozen=True, slots=True)
class Stakes:
    """One engagement from our side."""

    side: str  # "attacker" / "defender"
    mine: tuple[str, ...]
    theirs: tuple[str, ...]
    my_owner: int
    their_owner: int
    outlook: Outlook  # from the attacker's side

    def mirror(self) -> Stakes:
        """The same engagement from the opponent's side (his view of it, as we model it)."""
        other = "defender" if self.side == "attacker" else "attacker"
        return Stakes(other, self.theirs, self.mine, self.their_owner, self.my_owner, self.outlook)

    @property
    def win(self) -> float:
        return self.outlook.attacker_wins if self.side == "attacker" else self.outlook.defender_wins


def stakes(seat: Seat) -> Stakes:
    eng = seat.view.engagement
    assert eng is not None
    side = "attacker" if eng.attacker_owner == seat.me else "defender"
    att, dfd = seat.legions[eng.attacker], seat.legions[eng.defender]
    o = battle_outlook(
        seat.variant,
        seat.force(eng.attacker).members,
        seat.force(eng.defender).members,
        seat.terrain(eng.land),
    )
    mine, theirs = (att, dfd) if side == "attacker" else (dfd, att)
    return Stakes(side, tuple(mine.known), tuple(theirs.known), mine.owner, theirs.owner, o)


def _their_loss_worth(seat: Seat, s: Stakes, names: Sequence[str]) -> float:
    if len(names) >= len(s.theirs):
        titan = titan_kill_bonus(seat) if TITAN in s.theirs else 0.0
        return losses_value(seat, s.theirs, s.their_owner) + titan
    return losses_value(seat, names, s.their_owner)


def _my_loss_worth(seat: Seat, s: Stakes, names: Sequence[str]) -> float:
    if len(names) >= len(s.mine):
        return stake(seat, s.mine, s.my_owner)
    return losses_value(seat, names, s.my_owner)


def fight_worth(seat: Seat, s: Stakes) -> float:
    """The battle's expected worth to us."""
    o = s.outlook
    mine_if_win = o.attacker_losses if s.side == "attacker" else o.defender_losses
    their_left = o.defender_left if s.side == "attacker" else o.attacker_left
    harm = (1.0 - their_left) * losses_value(seat, s.theirs, s.their_owner) * 0.5
    win = _their_loss_worth(seat, s, s.theirs) - _my_loss_worth(seat, s, mine_if_win)
    lose = _my_loss_worth(seat, s, s.mine) - harm
    return s.win * win - (1.0 - s.win) * lose


def agreement_worth(seat: Seat, s: Stakes, p: Proposal) -> float:
    mine, theirs = (
        (p.attacker_losses, p.defender_losses)
        if s.side == "attacker"
        else (p.defender_losses, p.attacker_losses)
    )
    return _their_loss_worth(seat, s, theirs) - _my_loss_worth(seat, s, mine)


def _offer(seat: Seat, s: Stakes, proposals: Sequence[Proposal]) -> list[Proposal]:
    """The proposal best for us among those the opponent should prefer to fighting (judged
    from his side by the same estimates) and that are about as good for us as fighting;
    failing that, the best for us if it is clearly better than fighting."""
    fight = fight_worth(seat, s)
    them = s.mirror()
    their_fight = fight_worth(seat, them)
    fair: list[tuple[float, Proposal]] = []
    greedy: list[tuple[float, Proposal]] = []
    for p in proposals:
        mine = p.attacker_losses if s.side == "attacker" else p.defender_losses
        if TITAN in mine:
            continue  # never agree to lose the Titan (the game, 1.1)
        worth = agreement_worth(seat, s, p)
        if worth < fight - ACCEPT_MARGIN:
            continue
        if agreement_worth(seat, them, p) >= their_fight - ACCEPT_MARGIN:
            fair.append((worth, p))
        elif worth > fight + ACCEPT_MARGIN:
            greedy.append((worth, p))
    for found in (fair, greedy):
        if found:
            return [max(found, key=lambda wp: (wp[0], wp[1]))[1]]
    return []


def choose_negotiation(seat: Seat, prompt: Prompt) -> Action:
    """Errata 9.3: accept, propose once, then no more proposals; 2.5.5: fight or concede."""
    s = stakes(seat)
    fight = fight_worth(seat, s)
    accepts = [o for o in prompt.options if isinstance(o, Accept)]
    if accepts:
        best = max(accepts, key=lambda a: (agreement_worth(seat, s, a.proposal), a.proposal))
        if agreement_worth(seat, s, best.proposal) >= fight - ACCEPT_MARGIN:
            return best
    if _hopeless(s):
        return Concede()
    if any(isinstance(o, Fight) for o in prompt.options):
        return Fight()
    eng = seat.view.engagement
    assert eng is not None and eng.negotiation is not None
    neg = eng.negotiation
    made = neg.attacker_proposals if s.side == "attacker" else neg.defender_proposals
    if not made and prompt.proposals:
        offer = _offer(seat, s, prompt.proposals)
        if offer:
            return Propose(tuple(offer))
    return NoMoreProposals()


def _hopeless(s: Stakes) -> bool:
    """Concede (9.4) only a battle we cannot win, do no harm in, and that is not our Titan's
    (conceding it would lose the game for certain)."""
    their_left = s.outlook.defender_left if s.side == "attacker" else s.outlook.attacker_left
    return TITAN not in s.mine and s.win < HOPELESS and their_left > 0.95


def choose_flight(seat: Seat) -> Action:
    """9.2: flight gives the attacker half the points (16) and saves him his losses."""
    s = stakes(seat)
    points = losses_value(seat, s.mine, seat.me)
    flee = -points - 0.25 * points  # our loss, and the half points he scores
    fight = fight_worth(seat, s) - (1.0 - s.win) * 0.5 * points
    return Flee() if flee > fight else DontFlee()


def choose_engagement(seat: Seat, prompt: Prompt) -> Action:
    """9.1: resolve the surest wins first (their summons and points come before the rest)."""
    best: Action = prompt.options[0]
    best_p = -1.0
    for o in prompt.options:
        if not isinstance(o, Engage):
            continue
        mine = next(
            (lg for lg in seat.view.legions if lg.land == o.land and lg.owner == seat.me), None
        )
        theirs = next(
            (lg for lg in seat.view.legions if lg.land == o.land and lg.owner != seat.me), None
        )
        if mine is None or theirs is None:
            continue
        p = battle_outlook(
            seat.variant,
            seat.force(mine.marker).members,
            seat.force(theirs.marker).members,
            seat.terrain(o.land),
        ).attacker_wins
        if p > best_p:
            best, best_p = o, p
    return best
