"""The seat's answers: every decision the Network seat made in the recorded games, taken as
our engine's action by the mirror, is turned back into the request the seat sent."""

from __future__ import annotations

import pytest

from tests.colossus.transcripts import NAMES, transcript
from titan.colossus import messages as m
from titan.colossus.answers import fight_proposal, requests
from titan.colossus.codec import Message
from titan.colossus.mirror import Mirror
from titan.engine.actions import Action

# The requests that carry a decision the mirror applies to the engine. The others answer a
# prompt of the server's (makeProposal, assignStrikePenalty, doNotConcede), end a phase the
# engine may skip when nothing is left to do in it (doneWithStrikes, doneWithBattleMoves),
# or are housekeeping.
DECISIONS = (
    m.DoSplit,
    m.DoneWithSplits,
    m.DoMove,
    m.DoneWithMoves,
    m.EngageRequest,
    m.FleeRequest,
    m.DoNotFlee,
    m.DoRecruit,
    m.DoneWithRecruits,
    m.DoBattleMove,
    m.StrikeRequest,
    m.ApplyCarries,
    m.DoSummon,
    m.AcquireAngel,
)


def _key(mirror: Mirror, msg: Message) -> object:
    """What must agree: the same creatures split in any order; a battle move by the creature
    it moves and where to, since identical pieces waiting off the board are interchangeable
    (and the recording logged some requests after their echo); the side of a move that
    engages nobody is left out (Colossus's client picks any)."""
    if isinstance(msg, m.DoSplit):
        return ("split", msg.parent, msg.child, sorted(msg.creatures))
    if isinstance(msg, m.DoBattleMove):
        return ("battle move", mirror.tags[msg.tag], mirror.sides[msg.tag], msg.hex)
    if isinstance(msg, m.DoMove):
        engages = any(
            lg.land == msg.hex and lg.owner != mirror.g.current_player()
            for lg in mirror.g.state.legions.values()
        )
        return ("move", msg.marker, msg.hex, msg.side if engages else "*", msg.lord)
    return msg


@pytest.mark.parametrize("name", NAMES)
def test_the_seats_decisions_are_sent_as_it_sent_them(name: str) -> None:
    entries = transcript(name)
    mirror = Mirror()
    ours: list[object] = []
    seat: list[int] = []

    def record(player: int, action: Action) -> None:
        if not seat:
            seat.append(next(i for i, p in enumerate(mirror.players) if p.name == "Ext"))
        if player == seat[0]:
            ours.extend(
                _key(mirror, r) for r in requests(mirror, action) if isinstance(r, DECISIONS)
            )

    mirror.on_act = record
    sent: list[object] = []
    for entry in entries:
        message = entry.parse()
        if entry.to_client:
            mirror.feed(entry.text, message)
        elif isinstance(message, DECISIONS):
            sent.append(_key(mirror, message))
    assert len(ours) == len(sent) > 50
    for i, (mine, theirs) in enumerate(zip(ours, sent, strict=True)):
        assert mine == theirs, f"decision {i}: ours {mine}, sent {theirs}"


def test_the_fight_proposal_is_the_ais() -> None:
    line = m.format_client(fight_proposal("Br07", "Bk05"))
    assert line == "makeProposal ~ true %@% false %@% Br07 %@% Bk05 %@% null %@% "
