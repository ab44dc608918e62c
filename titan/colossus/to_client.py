"""Server to client (Colossus's ``IClient``), the game's course: connection and set-up,
housekeeping and what the server tells of the board, and the turn's phases. One frozen
dataclass per message, its fields the arguments in the order they travel
(:mod:`titan.colossus.codec`; see ``../shared/colossus/PROTOCOL.md``). Masterboard hexes are
integers (Colossus's labels are the printed land numbers, ours too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from titan.colossus.codec import Message, rest
from titan.colossus.records import ChangedValues, PlayerInfo

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
