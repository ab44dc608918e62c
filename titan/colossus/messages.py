"""The messages of Colossus's client/server protocol, one frozen dataclass each.

Server to client (``IClient`` in Colossus) and client to server (``IServer``), with the
arguments in the order they travel; see ``../shared/colossus/PROTOCOL.md`` and
``docs/colossus.md``. :data:`SERVER` and :data:`CLIENT` parse and format them
(:mod:`titan.colossus.codec`). Masterboard hexes are integers (Colossus's labels are the
printed land numbers, ours too), battle hexes strings (``D4``, entrances ``X0``-``X5``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from titan.colossus.codec import LIST, Message, Registry, listed, read_bool, read_int, rest

# --- composite fields ---------------------------------------------------------------------


def _fields(text: str, sep: str, at_least: int) -> list[str]:
    parts = text.split(sep)
    if len(parts) < at_least:
        raise ValueError(f"expected at least {at_least} {sep!r}-separated fields in {text!r}")
    return parts


def _null(text: str) -> str | None:
    return None if text == "null" else text


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """One player's record in ``updatePlayerInfo`` (``:``-separated)."""

    dead: bool
    name: str
    tower: int | None
    colour: str | None
    type: str  # Colossus's class name of the seat, e.g. net.sf.colossus.ai.SimpleAI
    eliminated: str  # the players this one eliminated, as Colossus lists them
    legions: int
    creatures: int
    titan_power: int
    score: int
    mulligans: int
    markers: tuple[str, ...]  # markers still available

    @classmethod
    def parse(cls, text: str) -> PlayerInfo:
        f = _fields(text, ":", 11)
        tower = _null(f[2])
        return cls(
            read_bool(f[0]),
            f[1],
            None if tower is None else read_int(tower),
            _null(f[3]),
            f[4],
            f[5],
            read_int(f[6]),
            read_int(f[7]),
            read_int(f[8]),
            read_int(f[9]),
            read_int(f[10]),
            tuple(f[11:]),
        )

    def format(self) -> str:
        head = [
            "true" if self.dead else "false",
            self.name,
            "null" if self.tower is None else str(self.tower),
            "null" if self.colour is None else self.colour,
            self.type,
            self.eliminated,
            str(self.legions),
            str(self.creatures),
            str(self.titan_power),
            str(self.score),
            str(self.mulligans),
        ]
        return ":".join(head + list(self.markers))


@dataclass(frozen=True, slots=True)
class ChangedValues:
    """``updateChangedValues``'s record: name:dead:eliminated:score:mulligans:markers:dummy."""

    name: str
    dead: bool
    eliminated: str
    score: int
    mulligans: int
    markers: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> ChangedValues:
        f = text.split(":")
        if len(f) != 7 or f[6] != "dummy":
            raise ValueError(f"expected name:dead:elim:score:mulligans:markers:dummy, {text!r}")
        markers = tuple(f[5].split(",")) if f[5] else ()
        return cls(f[0], read_bool(f[1]), f[2], read_int(f[3]), read_int(f[4]), markers)

    def format(self) -> str:
        dead = "true" if self.dead else "false"
        parts = [self.name, dead, self.eliminated, str(self.score), str(self.mulligans)]
        return ":".join([*parts, ",".join(self.markers), "dummy"])


@dataclass(frozen=True, slots=True)
class ProposalText:
    """A negotiation proposal: fight, mutual, attacker, defender, winner, the winner's
    losses; each loss is followed by the list separator (Colossus's ``Proposal.toString``),
    so a proposal with no losses ends in `` %@% ``."""

    fight: bool
    mutual: bool
    attacker: str | None
    defender: str | None
    winner: str | None
    losses: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> ProposalText:
        f = _fields(text, LIST, 6)
        if f[-1] != "":
            raise ValueError(f"a proposal ends with the separator: {text!r}")
        return cls(
            read_bool(f[0]), read_bool(f[1]), _null(f[2]), _null(f[3]), _null(f[4]), tuple(f[5:-1])
        )

    def format(self) -> str:
        head = [
            "true" if self.fight else "false",
            "true" if self.mutual else "false",
            "null" if self.attacker is None else self.attacker,
            "null" if self.defender is None else self.defender,
            "null" if self.winner is None else self.winner,
        ]
        return "".join(x + LIST for x in head + list(self.losses))


# --- server to client: connection and set-up ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignOnProcessing(Message):
    method: ClassVar[str] = "SignOn: processing"


@dataclass(frozen=True, slots=True)
class AckSignOn(Message):
    method: ClassVar[str] = "Ack: signOn"


@dataclass(frozen=True, slots=True)
class SetConnectionId(Message):
    method: ClassVar[str] = "setConnectionId"
    connection: int


@dataclass(frozen=True, slots=True)
class ServerConnectionOK(Message):
    method: ClassVar[str] = "serverConnectionOK"


@dataclass(frozen=True, slots=True)
class GameInitInfo(Message):
    method: ClassVar[str] = "gameInitInfo"
    variant: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetOption(Message):
    method: ClassVar[str] = "setOption"
    name: str
    value: str


@dataclass(frozen=True, slots=True)
class InitBoard(Message):
    method: ClassVar[str] = "initBoard"


@dataclass(frozen=True, slots=True)
class AskPickColor(Message):
    method: ClassVar[str] = "askPickColor"
    colours: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetPlayerName(Message):
    method: ClassVar[str] = "setPlayerName"
    name: str


@dataclass(frozen=True, slots=True)
class SetColor(Message):
    method: ClassVar[str] = "setColor"
    colour: str


@dataclass(frozen=True, slots=True)
class AskPickFirstMarker(Message):
    method: ClassVar[str] = "askPickFirstMarker"


@dataclass(frozen=True, slots=True)
class AskConfirmCatchUp(Message):
    method: ClassVar[str] = "askConfirmCatchUp"


# --- server to client: housekeeping and information -------------------------------------------


@dataclass(frozen=True, slots=True)
class CommitPoint(Message):
    method: ClassVar[str] = "commitPoint"
    number: int
    message: int


@dataclass(frozen=True, slots=True)
class PingRequest(Message):
    method: ClassVar[str] = "pingRequest"
    number: int
    sent: int  # the server's clock, milliseconds


@dataclass(frozen=True, slots=True)
class SyncCompleted(Message):
    method: ClassVar[str] = "syncCompleted"
    number: int


@dataclass(frozen=True, slots=True)
class Nak(Message):
    method: ClassVar[str] = "nak"
    what: str
    reason: str = rest()


@dataclass(frozen=True, slots=True)
class Log(Message):
    method: ClassVar[str] = "log"
    text: str = rest()


@dataclass(frozen=True, slots=True)
class MessageFromServer(Message):
    method: ClassVar[str] = "messageFromServer"
    text: str = rest()


@dataclass(frozen=True, slots=True)
class TellWhatsHappening(Message):
    method: ClassVar[str] = "tellWhatsHappening"
    text: str = rest()


@dataclass(frozen=True, slots=True)
class BoardActive(Message):
    method: ClassVar[str] = "boardActive"
    active: bool


@dataclass(frozen=True, slots=True)
class UpdatePlayerInfo(Message):
    method: ClassVar[str] = "updatePlayerInfo"
    players: tuple[PlayerInfo, ...]


@dataclass(frozen=True, slots=True)
class UpdateChangedValues(Message):
    method: ClassVar[str] = "updateChangedValues"
    values: ChangedValues
    reason: str


@dataclass(frozen=True, slots=True)
class UpdateCreatureCount(Message):
    method: ClassVar[str] = "updateCreatureCount"
    creature: str
    left: int  # in the caretaker's stacks
    dead: int


@dataclass(frozen=True, slots=True)
class RevealCreatures(Message):
    method: ClassVar[str] = "revealCreatures"
    marker: str
    creatures: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class RevealEngagedCreatures(Message):
    method: ClassVar[str] = "revealEngagedCreatures"
    marker: str
    attacker: bool
    creatures: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class TellLegionLocation(Message):
    method: ClassVar[str] = "tellLegionLocation"
    marker: str
    hex: int


@dataclass(frozen=True, slots=True)
class AddCreature(Message):
    method: ClassVar[str] = "addCreature"
    marker: str
    creature: str
    reason: str


@dataclass(frozen=True, slots=True)
class RemoveCreature(Message):
    method: ClassVar[str] = "removeCreature"
    marker: str
    creature: str
    reason: str


@dataclass(frozen=True, slots=True)
class RemoveLegion(Message):
    method: ClassVar[str] = "removeLegion"
    marker: str


@dataclass(frozen=True, slots=True)
class SetLegionStatus(Message):
    method: ClassVar[str] = "setLegionStatus"
    marker: str
    moved: bool
    teleported: bool
    entry_side: int  # Colossus's EntrySide ordinal
    last_recruit: str | None


# --- server to client: the turn -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupTurnState(Message):
    method: ClassVar[str] = "setupTurnState"
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class SetupSplit(Message):
    method: ClassVar[str] = "setupSplit"
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class SetupMove(Message):
    method: ClassVar[str] = "setupMove"


@dataclass(frozen=True, slots=True)
class SetupFight(Message):
    method: ClassVar[str] = "setupFight"


@dataclass(frozen=True, slots=True)
class SetupMuster(Message):
    method: ClassVar[str] = "setupMuster"


@dataclass(frozen=True, slots=True)
class KickPhase(Message):
    method: ClassVar[str] = "kickPhase"


@dataclass(frozen=True, slots=True)
class DidSplit(Message):
    method: ClassVar[str] = "didSplit"
    hex: int
    parent: str
    child: str
    height: int
    creatures: tuple[str, ...]  # empty when the viewer may not see them
    turn: int


@dataclass(frozen=True, slots=True)
class UndidSplit(Message):
    method: ClassVar[str] = "undidSplit"
    child: str
    parent: str
    turn: int


@dataclass(frozen=True, slots=True)
class TellMovementRoll(Message):
    method: ClassVar[str] = "tellMovementRoll"
    roll: int
    reason: str  # NormalRoll, MulliganRoll or ExtraRoll


@dataclass(frozen=True, slots=True)
class DidMove(Message):
    method: ClassVar[str] = "didMove"
    marker: str
    start: int
    end: int
    side: str  # Left, Right, Bottom (the battle entry side)
    teleport: bool
    lord: str | None
    split_forced: bool  # "a split legion has a forced move"


@dataclass(frozen=True, slots=True)
class UndidMove(Message):
    method: ClassVar[str] = "undidMove"
    marker: str
    former: int
    current: int
    split_forced: bool


@dataclass(frozen=True, slots=True)
class DidRecruit(Message):
    method: ClassVar[str] = "didRecruit"
    marker: str
    recruit: str
    recruiter: str | None
    recruiters: int  # how many recruiters were revealed


@dataclass(frozen=True, slots=True)
class UndidRecruit(Message):
    method: ClassVar[str] = "undidRecruit"
    marker: str
    recruit: str


# --- server to client: engagements --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextEngagement(Message):
    method: ClassVar[str] = "nextEngagement"


@dataclass(frozen=True, slots=True)
class TellEngagement(Message):
    method: ClassVar[str] = "tellEngagement"
    hex: int
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class AskFlee(Message):
    method: ClassVar[str] = "askFlee"
    ally: str
    enemy: str


@dataclass(frozen=True, slots=True)
class AskConcede(Message):
    method: ClassVar[str] = "askConcede"
    ally: str
    enemy: str


@dataclass(frozen=True, slots=True)
class AskNegotiate(Message):
    method: ClassVar[str] = "askNegotiate"
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class TellProposal(Message):
    method: ClassVar[str] = "tellProposal"
    proposal: ProposalText


@dataclass(frozen=True, slots=True)
class TellEngagementResults(Message):
    method: ClassVar[str] = "tellEngagementResults"
    winner: str | None
    how: str  # fight, flee, concede, negotiate, timeloss
    points: int
    turns: int


@dataclass(frozen=True, slots=True)
class CreateSummonAngel(Message):
    method: ClassVar[str] = "createSummonAngel"
    marker: str


@dataclass(frozen=True, slots=True)
class DidSummon(Message):
    method: ClassVar[str] = "didSummon"
    summoner: str
    donor: str
    creature: str


@dataclass(frozen=True, slots=True)
class DoReinforce(Message):
    method: ClassVar[str] = "doReinforce"
    marker: str


@dataclass(frozen=True, slots=True)
class AskAcquireAngel(Message):
    method: ClassVar[str] = "askAcquireAngel"
    marker: str
    choices: tuple[str, ...]


# --- server to client: battles ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InitBattle(Message):
    method: ClassVar[str] = "initBattle"
    hex: int
    turn: int
    active: str
    phase: int  # Colossus's BattlePhase ordinal
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class PlaceNewChit(Message):
    method: ClassVar[str] = "placeNewChit"
    creature: str
    inverted: bool  # the defender's pieces are drawn inverted
    tag: int
    hex: str


@dataclass(frozen=True, slots=True)
class SetupBattleSummon(Message):
    method: ClassVar[str] = "setupBattleSummon"
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class SetupBattleRecruit(Message):
    method: ClassVar[str] = "setupBattleRecruit"
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class SetupBattleMove(Message):
    method: ClassVar[str] = "setupBattleMove"
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class SetupBattleFight(Message):
    method: ClassVar[str] = "setupBattleFight"
    phase: int  # Colossus's BattlePhase ordinal: 3 strike (FIGHT), 4 strikeback
    player: str


@dataclass(frozen=True, slots=True)
class TellBattleMove(Message):
    method: ClassVar[str] = "tellBattleMove"
    tag: int
    start: str
    end: str
    undo: bool


@dataclass(frozen=True, slots=True)
class TellStrikeResults(Message):
    method: ClassVar[str] = "tellStrikeResults"
    striker: int
    target: int
    strike_number: int
    dice: tuple[int, ...]
    damage: int  # hits
    killed: bool
    was_carry: bool
    carry_left: int
    carry_targets: tuple[str, ...]  # descriptions, e.g. "Cyclops in Brambles hex A2"


@dataclass(frozen=True, slots=True)
class TellSlowResults(Message):
    method: ClassVar[str] = "tellSlowResults"
    target: int
    slow: int


@dataclass(frozen=True, slots=True)
class AskChooseStrikePenalty(Message):
    method: ClassVar[str] = "askChooseStrikePenalty"
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RemoveDeadBattleChits(Message):
    method: ClassVar[str] = "removeDeadBattleChits"


@dataclass(frozen=True, slots=True)
class CleanupBattle(Message):
    method: ClassVar[str] = "cleanupBattle"


# --- server to client: the end ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TellPlayerElim(Message):
    method: ClassVar[str] = "tellPlayerElim"
    player: str
    slayer: str | None


@dataclass(frozen=True, slots=True)
class TellGameOver(Message):
    method: ClassVar[str] = "tellGameOver"
    message: str  # e.g. "Simple1 wins" or "Draw"
    dispose_follows: bool
    suspended: bool


@dataclass(frozen=True, slots=True)
class Dispose(Message):
    method: ClassVar[str] = "dispose"


# --- client to server ---------------------------------------------------------------------------


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


SERVER = Registry(
    [
        SignOnProcessing,
        AckSignOn,
        SetConnectionId,
        ServerConnectionOK,
        GameInitInfo,
        SetOption,
        InitBoard,
        AskPickColor,
        SetPlayerName,
        SetColor,
        AskPickFirstMarker,
        AskConfirmCatchUp,
        CommitPoint,
        PingRequest,
        SyncCompleted,
        Nak,
        Log,
        MessageFromServer,
        TellWhatsHappening,
        BoardActive,
        UpdatePlayerInfo,
        UpdateChangedValues,
        UpdateCreatureCount,
        RevealCreatures,
        RevealEngagedCreatures,
        TellLegionLocation,
        AddCreature,
        RemoveCreature,
        RemoveLegion,
        SetLegionStatus,
        SetupTurnState,
        SetupSplit,
        SetupMove,
        SetupFight,
        SetupMuster,
        KickPhase,
        DidSplit,
        UndidSplit,
        TellMovementRoll,
        DidMove,
        UndidMove,
        DidRecruit,
        UndidRecruit,
        NextEngagement,
        TellEngagement,
        AskFlee,
        AskConcede,
        AskNegotiate,
        TellProposal,
        TellEngagementResults,
        CreateSummonAngel,
        DidSummon,
        DoReinforce,
        AskAcquireAngel,
        InitBattle,
        PlaceNewChit,
        SetupBattleSummon,
        SetupBattleRecruit,
        SetupBattleMove,
        SetupBattleFight,
        TellBattleMove,
        TellStrikeResults,
        TellSlowResults,
        AskChooseStrikePenalty,
        RemoveDeadBattleChits,
        CleanupBattle,
        TellPlayerElim,
        TellGameOver,
        Dispose,
    ]
)

CLIENT = Registry(
    [
        SignOn,
        SystemInfo,
        RequestGameInfo,
        JoinGame,
        AssignColor,
        AssignFirstMarker,
        CatchupConfirmation,
        ConfirmCommitPoint,
        ReplyToPing,
        LogMsgToServer,
        DoSplit,
        UndoSplit,
        DoneWithSplits,
        MulliganRequest,
        DoMove,
        UndoMoveRequest,
        DoneWithMoves,
        EngageRequest,
        DoneWithEngagements,
        FleeRequest,
        DoNotFlee,
        ConcedeRequest,
        DoNotConcede,
        MakeProposal,
        DoBattleMove,
        UndoBattleMove,
        DoneWithBattleMoves,
        StrikeRequest,
        ApplyCarries,
        LeaveCarryMode,
        AssignStrikePenalty,
        DoneWithStrikes,
        DoSummon,
        DoRecruit,
        UndoRecruit,
        DoneWithRecruits,
        AcquireAngel,
        WithdrawFromGame,
        Disconnect,
    ]
)


def parse_server(line: str) -> Message:
    """A server-to-client line as its message; ProtocolError naming the line if not one."""
    return SERVER.parse(line)


def parse_client(line: str) -> Message:
    return CLIENT.parse(line)


def format_client(message: Message) -> str:
    """The line (without its end) that sends ``message`` to the server."""
    return CLIENT.format(message)


def format_server(message: Message) -> str:
    return SERVER.format(message)
