"""What happened, and who may know it: one frozen dataclass per kind of event.

Every event carries its audience: ``None`` for everyone (public), or the seats that may see
it. :meth:`Event.visible` is the only test of that. Events are also the only way knowledge
of hidden legions spreads: :func:`titan.engine.knowledge.learn` reads each event as it is
emitted (``Ctx.emit``), so what a seat knows can never disagree with what it was shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from titan.engine.actions import Teleport
from titan.engine.battle.state import BattleHow
from titan.engine.queries.model import Side
from titan.engine.state import How
from titan.variant import EntrySide

# Why a marker leaves the board: with its eliminated player (19.4), a withdrawal (errata 20.4),
# a recombination (4.3), a summons that took its last character (errata 18.1), an engagement
# lost (9.5).
Removal = Literal["eliminated", "withdrew", "recombined", "disbanded", "destroyed"]


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"
    audience: tuple[int, ...] | None = field(default=None, kw_only=True)  # None: public

    def visible(self, player: int | None) -> bool:
        """May ``player`` (None: a spectator) see this event?"""
        return self.audience is None or (player is not None and player in self.audience)


# --- setting up (5, errata 5.0) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TowerRolls(Event):
    kind: ClassVar[str] = "tower_rolls"
    rolls: dict[int, int]  # player -> die


@dataclass(frozen=True, slots=True)
class TowerAssigned(Event):
    kind: ClassVar[str] = "tower_assigned"
    player: int
    tower: int


@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    kind: ClassVar[str] = "colour_chosen"
    player: int
    colour: str


@dataclass(frozen=True, slots=True)
class LegionCreated(Event):
    """A starting legion (5.2): its eight characters are known to everyone."""

    kind: ClassVar[str] = "legion_created"
    marker: str
    player: int
    land: int
    characters: tuple[str, ...]


# --- the turn ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    player: int
    turn: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    player: int


@dataclass(frozen=True, slots=True)
class SplitMade(Event):
    """Rule 4.3, 4.5: everyone sees the heights; only the owner sees who went where."""

    kind: ClassVar[str] = "split"
    marker: str
    new: str
    land: int
    heights: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SplitDetail(Event):
    kind: ClassVar[str] = "split_detail"
    marker: str
    new: str
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MovementRoll(Event):
    kind: ClassVar[str] = "movement_roll"
    player: int
    roll: int


@dataclass(frozen=True, slots=True)
class MulliganTaken(Event):
    kind: ClassVar[str] = "mulligan"
    player: int
    old: int
    roll: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """Rule 7, 8: a teleport shows its ``lord`` (8.1, 8.2); ``side`` is the entry side."""

    kind: ClassVar[str] = "moved"
    marker: str
    frm: int
    to: int
    teleport: Teleport | None = None
    lord: str | None = None
    side: EntrySide | None = None


@dataclass(frozen=True, slots=True)
class MoveUndone(Event):
    """Errata 7.0: a move taken back, the legion returned to ``to``."""

    kind: ClassVar[str] = "move_undone"
    marker: str
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Recombined(Event):
    kind: ClassVar[str] = "recombined"
    marker: str
    absorbed: tuple[str, ...]
    land: int
    height: int


@dataclass(frozen=True, slots=True)
class Mustered(Event):
    """Rule 18.4 (and 14): the recruit and the characters that qualify it are shown."""

    kind: ClassVar[str] = "mustered"
    marker: str
    creature: str
    reveal: tuple[str, ...]
    land: int


@dataclass(frozen=True, slots=True)
class LegionTrimmed(Event):
    """Rule 4.1, errata 4.1: the excess of an over-full legion; the rest is shown."""

    kind: ClassVar[str] = "legion_trimmed"
    marker: str
    removed: tuple[str, ...]
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LegionRemoved(Event):
    """A marker leaves the board. ``characters`` are shown when the legion is eliminated
    with its player (19.4) or withdrawn (errata 20.4); empty otherwise."""

    kind: ClassVar[str] = "legion_removed"
    marker: str
    land: int
    reason: Removal
    characters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Score(Event):
    kind: ClassVar[str] = "score"
    player: int
    points: int
    total: int
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerWithdrew(Event):
    kind: ClassVar[str] = "player_withdrew"
    player: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    kind: ClassVar[str] = "player_eliminated"
    player: int
    by: int | None


@dataclass(frozen=True, slots=True)
class MarkersPassed(Event):
    kind: ClassVar[str] = "markers_passed"
    to: int
    frm: int
    markers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: int | None
    reason: str
    totals: dict[int, int] | None = None


# --- engagements (9, 14-17) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EngagementStarted(Event):
    kind: ClassVar[str] = "engagement"
    land: int
    attacker: str
    defender: str
    side: EntrySide | None


@dataclass(frozen=True, slots=True)
class LegionShown(Event):
    """Complete Sequence 2.5.1-2.5.2: one side looks at the other's legion (private)."""

    kind: ClassVar[str] = "legion_shown"
    marker: str
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LegionRevealed(Event):
    """Both legions of a battle (errata 9.3, 2.5.6.1), or every legion at the end (21)."""

    kind: ClassVar[str] = "legion_revealed"
    marker: str
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Fled(Event):
    kind: ClassVar[str] = "fled"
    marker: str
    land: int


@dataclass(frozen=True, slots=True)
class ProposalsMade(Event):
    """Errata 9.3: the proposals themselves go to the two players only."""

    kind: ClassVar[str] = "proposals"
    side: Side
    proposals: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # (attacker, defender)


@dataclass(frozen=True, slots=True)
class Negotiating(Event):
    kind: ClassVar[str] = "negotiating"
    side: Side
    land: int


@dataclass(frozen=True, slots=True)
class NoMoreProposalsDeclared(Event):
    kind: ClassVar[str] = "no_more_proposals"
    side: Side
    land: int


@dataclass(frozen=True, slots=True)
class Agreement(Event):
    kind: ClassVar[str] = "agreement"
    land: int
    attacker_losses: tuple[str, ...]
    defender_losses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Conceded(Event):
    kind: ClassVar[str] = "conceded"
    side: Side
    marker: str
    land: int


@dataclass(frozen=True, slots=True)
class Losses(Event):
    """Losses are public (errata 9.5)."""

    kind: ClassVar[str] = "losses"
    marker: str
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EngagementDecided(Event):
    kind: ClassVar[str] = "engagement_decided"
    land: int
    how: How
    winner: str | None  # the winning legion's marker


@dataclass(frozen=True, slots=True)
class Summoned(Event):
    """Rule 15, 15.1: the lord leaves ``frm`` for ``to`` in everyone's sight."""

    kind: ClassVar[str] = "summoned"
    lord: str
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class Acquired(Event):
    kind: ClassVar[str] = "acquired"
    marker: str
    lord: str
    points: int


# --- battles (10-15) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BattleStarted(Event):
    kind: ClassVar[str] = "battle_started"
    land: int
    terrain: str
    side: EntrySide


@dataclass(frozen=True, slots=True)
class BattlePhase(Event):
    kind: ClassVar[str] = "battle_phase"
    turn: int
    side: Side
    phase: Literal["maneuver"]  # a maneuver phase begins (11); strikes follow it (12)


@dataclass(frozen=True, slots=True)
class BattleMoved(Event):
    kind: ClassVar[str] = "battle_moved"
    side: Side
    name: str
    frm: str | None
    to: str


@dataclass(frozen=True, slots=True)
class ManeuverReset(Event):
    kind: ClassVar[str] = "maneuver_reset"
    side: Side


@dataclass(frozen=True, slots=True)
class LeftOff(Event):
    """Rule 10.1: characters not brought onto the battleland by the end of the first
    maneuver phase are slain."""

    kind: ClassVar[str] = "left_off"
    side: Side
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReinforcementReturned(Event):
    kind: ClassVar[str] = "reinforcement_returned"
    marker: str
    creature: str


@dataclass(frozen=True, slots=True)
class SummonsReturned(Event):
    kind: ClassVar[str] = "summons_returned"
    lord: str
    frm: str
    to: str
    land: int


@dataclass(frozen=True, slots=True)
class DriftDamage(Event):
    kind: ClassVar[str] = "drift_damage"
    side: Side
    name: str
    hex: str
    hits: int


@dataclass(frozen=True, slots=True)
class Struck(Event):
    kind: ClassVar[str] = "struck"
    side: Side
    striker: str
    frm: str
    target: str
    at: str
    ranged: bool
    strike_number: int
    dice: tuple[int, ...]
    hits: int
    damage: int
    slain: bool


@dataclass(frozen=True, slots=True)
class CarriedOver(Event):
    kind: ClassVar[str] = "carried_over"
    name: str
    at: str
    damage: int
    slain: bool


@dataclass(frozen=True, slots=True)
class Slain(Event):
    kind: ClassVar[str] = "slain"
    side: Side
    name: str
    marker: str


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    kind: ClassVar[str] = "battle_ended"
    how: BattleHow
    winner: Side | None
    turn: int


EVENT_TYPES: tuple[type[Event], ...] = tuple(
    cls
    for cls in globals().values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)
