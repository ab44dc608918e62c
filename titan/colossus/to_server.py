"""Client to server (Colossus's ``IServer``): what a Network seat may send. One frozen
dataclass per message, its fields the arguments in the order they travel
(:mod:`titan.colossus.codec`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from titan.colossus.codec import Message, listed, rest
from titan.colossus.records import ProposalText


@dataclass(frozen=True, slots=True)
class SignOn(Message):
    method: ClassVar[str] = "signOn"
    name: str
    remote: bool
    version: int
    build: str
    spectator: bool
    connection: int  # -1 on a first connect


@dataclass(frozen=True, slots=True)
class SystemInfo(Message):
    method: ClassVar[str] = "systemInfo"
    os: str
    java: str


@dataclass(frozen=True, slots=True)
class RequestGameInfo(Message):
    method: ClassVar[str] = "requestGameInfo"


@dataclass(frozen=True, slots=True)
class JoinGame(Message):
    method: ClassVar[str] = "joinGame"
    name: str


@dataclass(frozen=True, slots=True)
class AssignColor(Message):
    method: ClassVar[str] = "assignColor"
    colour: str


@dataclass(frozen=True, slots=True)
class AssignFirstMarker(Message):
    method: ClassVar[str] = "assignFirstMarker"
    marker: str


@dataclass(frozen=True, slots=True)
class CatchupConfirmation(Message):
    method: ClassVar[str] = "catchupConfirmation"


@dataclass(frozen=True, slots=True)
class ConfirmCommitPoint(Message):
    method: ClassVar[str] = "confirmCommitPoint"
    number: int


@dataclass(frozen=True, slots=True)
class ReplyToPing(Message):
    method: ClassVar[str] = "replyToPing"
    number: int
    sent: int
    received: int


@dataclass(frozen=True, slots=True)
class LogMsgToServer(Message):
    method: ClassVar[str] = "logMsgToServer"
    severity: str
    text: str = rest()


@dataclass(frozen=True, slots=True)
class DoSplit(Message):
    method: ClassVar[str] = "doSplit"
    parent: str
    child: str
    creatures: tuple[str, ...] = listed(",")


@dataclass(frozen=True, slots=True)
class UndoSplit(Message):
    method: ClassVar[str] = "undoSplit"
    child: str


@dataclass(frozen=True, slots=True)
class DoneWithSplits(Message):
    method: ClassVar[str] = "doneWithSplits"


@dataclass(frozen=True, slots=True)
class MulliganRequest(Message):
    method: ClassVar[str] = "mulligan"


@dataclass(frozen=True, slots=True)
class DoMove(Message):
    method: ClassVar[str] = "doMove"
    marker: str
    hex: int
    side: str
    teleport: bool
    lord: str | None


@dataclass(frozen=True, slots=True)
class UndoMoveRequest(Message):
    method: ClassVar[str] = "undoMove"
    marker: str


@dataclass(frozen=True, slots=True)
class DoneWithMoves(Message):
    method: ClassVar[str] = "doneWithMoves"


@dataclass(frozen=True, slots=True)
class EngageRequest(Message):
    method: ClassVar[str] = "engage"
    hex: int


@dataclass(frozen=True, slots=True)
class DoneWithEngagements(Message):
    method: ClassVar[str] = "doneWithEngagements"


@dataclass(frozen=True, slots=True)
class FleeRequest(Message):
    method: ClassVar[str] = "flee"
    marker: str


@dataclass(frozen=True, slots=True)
class DoNotFlee(Message):
    method: ClassVar[str] = "doNotFlee"
    marker: str


@dataclass(frozen=True, slots=True)
class ConcedeRequest(Message):
    method: ClassVar[str] = "concede"
    marker: str


@dataclass(frozen=True, slots=True)
class DoNotConcede(Message):
    method: ClassVar[str] = "doNotConcede"
    marker: str


@dataclass(frozen=True, slots=True)
class MakeProposal(Message):
    method: ClassVar[str] = "makeProposal"
    proposal: ProposalText


@dataclass(frozen=True, slots=True)
class DoBattleMove(Message):
    method: ClassVar[str] = "doBattleMove"
    tag: int
    hex: str


@dataclass(frozen=True, slots=True)
class UndoBattleMove(Message):
    method: ClassVar[str] = "undoBattleMove"
    hex: str


@dataclass(frozen=True, slots=True)
class DoneWithBattleMoves(Message):
    method: ClassVar[str] = "doneWithBattleMoves"


@dataclass(frozen=True, slots=True)
class StrikeRequest(Message):
    method: ClassVar[str] = "strike"
    tag: int
    hex: str


@dataclass(frozen=True, slots=True)
class ApplyCarries(Message):
    method: ClassVar[str] = "applyCarries"
    hex: str


@dataclass(frozen=True, slots=True)
class LeaveCarryMode(Message):
    method: ClassVar[str] = "leaveCarryMode"


@dataclass(frozen=True, slots=True)
class AssignStrikePenalty(Message):
    method: ClassVar[str] = "assignStrikePenalty"
    choice: str = rest()


@dataclass(frozen=True, slots=True)
class DoneWithStrikes(Message):
    method: ClassVar[str] = "doneWithStrikes"


@dataclass(frozen=True, slots=True)
class DoSummon(Message):
    """All three None: no summons."""

    method: ClassVar[str] = "doSummon"
    marker: str | None
    donor: str | None
    creature: str | None


@dataclass(frozen=True, slots=True)
class DoRecruit(Message):
    """Also the answer to ``doReinforce``; recruit None declines."""

    method: ClassVar[str] = "doRecruit"
    marker: str
    recruit: str | None
    recruiter: str | None


@dataclass(frozen=True, slots=True)
class UndoRecruit(Message):
    method: ClassVar[str] = "undoRecruit"
    marker: str


@dataclass(frozen=True, slots=True)
class DoneWithRecruits(Message):
    method: ClassVar[str] = "doneWithRecruits"


@dataclass(frozen=True, slots=True)
class AcquireAngel(Message):
    method: ClassVar[str] = "acquireAngel"
    marker: str
    creature: str | None


@dataclass(frozen=True, slots=True)
class WithdrawFromGame(Message):
    method: ClassVar[str] = "withdrawFromGame"


@dataclass(frozen=True, slots=True)
class Disconnect(Message):
    method: ClassVar[str] = "disconnect"
