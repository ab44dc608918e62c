"""The decisions a player makes off the battleland, one frozen dataclass per kind (the battle's
are in :mod:`titan.engine.battle.actions`; :data:`titan.engine.wire.ACTIONS` lists them all).

Actions are plain values, hashable and comparable; the wire format (:mod:`titan.engine.wire`)
turns them into JSON and back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from titan.variant import EntrySide

Teleport = Literal["tower", "titan"]  # rule 8.1 (revealing a lord) and rule 8.2


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"


# --- setup --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseColour(Action):
    """Errata 5.0: colours are chosen in ascending order of starting tower."""

    kind: ClassVar[str] = "choose_colour"
    colour: str


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Errata 20.4: leave the game, only at the points the sequence of play allows."""

    kind: ClassVar[str] = "withdraw"


# --- commencement and movement ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Rule 4.3: ``characters`` leave ``legion`` to form a new legion under ``marker``."""

    kind: ClassVar[str] = "split"
    legion: str
    marker: str
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DoneSplitting(Action):
    """End the commencement phase; the movement roll follows (6.2)."""

    kind: ClassVar[str] = "done_splitting"


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Rule 7.6: re-roll the first turn's movement roll once."""

    kind: ClassVar[str] = "mulligan"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move one legion (7). ``side`` is the battle entry side of an engagement (Complete
    Sequence 2.3); ``teleport`` is None, "tower" (8.1, revealing ``lord``) or "titan" (8.2)."""

    kind: ClassVar[str] = "move"
    legion: str
    land: int
    side: EntrySide | None = None
    teleport: Teleport | None = None
    lord: str | None = None


@dataclass(frozen=True, slots=True)
class UndoMove(Action):
    """Errata 7.0: take back this legion's move and every move made after it."""

    kind: ClassVar[str] = "undo_move"
    legion: str


@dataclass(frozen=True, slots=True)
class DoneMoving(Action):
    kind: ClassVar[str] = "done_moving"


@dataclass(frozen=True, slots=True)
class KeepMarker(Action):
    """Errata 4.7: which marker a recombined legion keeps when the choice is free."""

    kind: ClassVar[str] = "keep_marker"
    marker: str


# --- engagements ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Engage(Action):
    """Rule 9.1, errata 9.1: the mover picks the next engagement to resolve."""

    kind: ClassVar[str] = "engage"
    land: int


@dataclass(frozen=True, slots=True)
class Flee(Action):
    """Rule 9.2: the defender flees (no lord in the legion)."""

    kind: ClassVar[str] = "flee"


@dataclass(frozen=True, slots=True)
class DontFlee(Action):
    kind: ClassVar[str] = "dont_flee"


@dataclass(frozen=True, slots=True, order=True)
class Proposal:
    """Errata 9.3: an agreement names exactly which characters each legion loses."""

    attacker_losses: tuple[str, ...]
    defender_losses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """Errata 9.3: a set of proposals, at least one new, none the opponent's."""

    kind: ClassVar[str] = "propose"
    proposals: tuple[Proposal, ...]


@dataclass(frozen=True, slots=True)
class Accept(Action):
    kind: ClassVar[str] = "accept"
    proposal: Proposal


@dataclass(frozen=True, slots=True)
class NoMoreProposals(Action):
    kind: ClassVar[str] = "no_more_proposals"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """Rule 9.4: give up the engagement; the other legion wins with no further losses."""

    kind: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Errata 2.5.5: fight the battle out."""

    kind: ClassVar[str] = "fight"


@dataclass(frozen=True, slots=True)
class Summon(Action):
    """Rule 15: bring an Angel or Archangel from legion ``donor`` into the attacking legion."""

    kind: ClassVar[str] = "summon"
    donor: str
    lord: str


@dataclass(frozen=True, slots=True)
class Acquire(Action):
    """Rule 17: take an Angel or Archangel earned by points into the winning legion."""

    kind: ClassVar[str] = "acquire"
    lord: str


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Pass up an optional muster, reinforcement, summons or acquisition."""

    kind: ClassVar[str] = "decline"


# --- mustering -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Muster(Action):
    """Rule 18 (and 14 for a reinforcement): add ``creature``, revealing ``reveal``."""

    kind: ClassVar[str] = "muster"
    legion: str
    creature: str
    reveal: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DoneMustering(Action):
    """End the turn (Complete Sequence 2.7)."""

    kind: ClassVar[str] = "done_mustering"
