"""Server to client (Colossus's ``IClient``), engagements and battles, and the game's end.
Battle hexes are strings (``D4``; pieces not yet entered stand on ``X0``-``X5``); battle
pieces are integer tags. See :mod:`titan.colossus.to_client`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from titan.colossus.codec import Message
from titan.colossus.records import ProposalText

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
