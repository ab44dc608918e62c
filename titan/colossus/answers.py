"""Our engine's actions as Colossus requests: what the Network seat sends for a decision of
its bot, given the mirror (for Colossus's marker names and battle tags).

Actions Colossus has no request for give none: a declined concession at the errata's
concession points (Colossus asks for concessions only before the battle, ``askConcede``),
and the negotiation, which the seat answers on ``askNegotiate`` (:func:`fight_proposal`).
"""

from __future__ import annotations

from titan.colossus import messages as m
from titan.colossus.codec import Message
from titan.colossus.mirror import Mirror
from titan.colossus.names import COLOSSUS_SIDES
from titan.engine.actions import (
    Acquire,
    Action,
    ChooseColour,
    Concede,
    Decline,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    DontFlee,
    Engage,
    Fight,
    Flee,
    Move,
    Mulligan,
    Muster,
    NoMoreProposals,
    Propose,
    Split,
    Summon,
    UndoMove,
    Withdraw,
)
from titan.engine.battle.actions import BattleMove, CarryOver, EndPhase, Strike
from titan.engine.prompts import Decision
from titan.engine.queries.movement import masterboard_moves


class Unanswerable(ValueError):
    """An action the protocol cannot express."""


def requests(mirror: Mirror, action: Action) -> list[Message]:
    """The client messages that make the server do ``action`` (decided now, at the mirror's
    current prompt)."""
    game = mirror.g
    state = game.state
    kind = game.prompt().kind
    theirs = mirror.markers.theirs
    eng = state.engagement
    if isinstance(action, ChooseColour):
        return [m.AssignColor(action.colour)]
    if isinstance(action, Split):
        return [m.DoSplit(theirs(action.legion), theirs(action.marker), action.characters)]
    if isinstance(action, DoneSplitting):
        return [m.DoneWithSplits()]
    if isinstance(action, Mulligan):
        return [m.MulliganRequest()]
    if isinstance(action, Move):
        return [
            m.DoMove(
                theirs(action.legion),
                action.land,
                COLOSSUS_SIDES[action.side or _a_side(mirror, action)],
                action.teleport is not None,
                action.lord,
            )
        ]
    if isinstance(action, UndoMove):
        return [m.UndoMoveRequest(theirs(action.legion))]
    if isinstance(action, DoneMoving):
        return [m.DoneWithMoves()]
    if isinstance(action, Engage):
        return [m.EngageRequest(action.land)]
    if isinstance(action, Flee | DontFlee):
        assert eng is not None
        marker = theirs(eng.defender)
        return [m.FleeRequest(marker) if isinstance(action, Flee) else m.DoNotFlee(marker)]
    if isinstance(action, Muster):
        recruiter = action.reveal[0] if action.reveal else None
        return [m.DoRecruit(theirs(action.legion), action.creature, recruiter)]
    if isinstance(action, DoneMustering):
        return [m.DoneWithRecruits()]
    if isinstance(action, BattleMove):
        assert eng is not None and eng.battle is not None
        tag = _tag(mirror, eng.battle.phasing, action.name, action.frm)
        return [m.DoBattleMove(tag, action.to)]
    if isinstance(action, EndPhase):
        if kind == Decision.MANEUVER:
            return [m.DoneWithBattleMoves()]
        return [m.DoneWithStrikes()]
    if isinstance(action, Strike):
        b = eng.battle if eng is not None else None
        assert b is not None
        striker = next(f for f in b.fighters if f.hex == action.frm and not f.gone)
        tag = _tag(mirror, striker.side, striker.name, action.frm)
        return [m.StrikeRequest(tag, action.target)]
    if isinstance(action, CarryOver):
        if not action.to:
            return [m.LeaveCarryMode()]
        return [m.ApplyCarries(hex_) for hex_ in action.to]
    if isinstance(action, Summon):
        assert eng is not None
        return [m.DoSummon(theirs(eng.attacker), theirs(action.donor), action.lord)]
    if isinstance(action, Acquire):
        return [m.AcquireAngel(theirs(_winner(mirror)), action.lord)]
    if isinstance(action, Decline):
        if kind == Decision.ACQUIRE:
            return [m.AcquireAngel(theirs(_winner(mirror)), None)]
        if kind == Decision.SUMMON:
            return [m.DoSummon(None, None, None)]
        if kind == Decision.REINFORCE and eng is not None:
            return [m.DoRecruit(theirs(eng.defender), None, None)]
        return []  # a concession point Colossus does not have
    if isinstance(action, Concede):
        assert eng is not None
        mine = eng.attacker if game.current_player() == eng.attacker_owner else eng.defender
        return [m.ConcedeRequest(theirs(mine))]
    if isinstance(action, Fight | NoMoreProposals | Propose):
        # Answered on askNegotiate with a proposal to fight (fight_proposal): our proposals
        # name both sides' losses, Colossus's only the winner's.
        return []
    if isinstance(action, Withdraw):
        return [m.WithdrawFromGame()]
    raise Unanswerable(f"no Colossus request does {action}")


def fight_proposal(attacker: str, defender: str) -> m.MakeProposal:
    """The proposal to fight it out: what Colossus's AIs send to every ``askNegotiate``."""
    return m.MakeProposal(m.ProposalText(True, False, attacker, defender, None, ()))


def _a_side(mirror: Mirror, move: Move) -> str:
    """Colossus wants an entry side with every move; ours names one only for an engagement.
    Any side the move can enter by will do, on a path no enemy legion stops (7.1): Colossus
    refuses the side of a blocked path."""
    state = mirror.g.state
    legion = state.legions[move.legion]
    others = [lg for lg in state.legions.values() if lg.marker != legion.marker]
    friends = {lg.land for lg in others if lg.owner == legion.owner}
    enemies = {lg.land for lg in others if lg.owner != legion.owner}
    sides = masterboard_moves(
        mirror.variant, legion.land, state.roll or 0, friends=friends, enemies=enemies
    ).get(move.land)
    return min(sides) if sides else "bottom"


def _tag(mirror: Mirror, side: str, name: str, hex_: str | None) -> int:
    """The battle piece of ``side``: the one on ``hex_``, or (entering) an off-board
    ``name``."""
    for tag, where in sorted(mirror.where.items()):
        if where != hex_ or mirror.sides.get(tag) != side:
            continue
        if hex_ is not None or mirror.tags.get(tag) == name:
            return tag
    raise Unanswerable(f"no battle piece {name} on {hex_}")


def _winner(mirror: Mirror) -> str:
    eng = mirror.g.state.engagement
    assert eng is not None
    return eng.attacker if eng.winner == "attacker" else eng.defender
