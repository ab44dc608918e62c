"""The whole game as plain data, with the enums of its state machine.

Nothing here knows the dice seed: the dice belong to the game (:mod:`titan.engine.dice`), so a
copied state cannot foresee a roll. :meth:`GameState.copy` is a structural deep copy written
out by hand, an order of magnitude cheaper than pickling, for clones used in search.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from titan.engine.actions import Proposal
from titan.engine.battle.state import BattleState


class Phase(StrEnum):
    """The phases of the errata's Complete Sequence of Play (1, 2.1-2.7)."""

    COLOUR = "colour"
    SPLIT = "split"
    MOVE = "move"
    RECOMBINE = "recombine"
    ENGAGE = "engage"
    MUSTER = "muster"
    OVER = "over"


class EngagementStep(StrEnum):
    """Complete Sequence 2.5: choosing is the step with no engagement under way."""

    CHOOSE = "choose"
    FLEE = "flee"
    NEGOTIATE = "negotiate"
    BATTLE = "battle"
    SUMMON = "summon"
    REINFORCE = "reinforce"
    ACQUIRE = "acquire"


@dataclass(frozen=True, slots=True)
class Options:
    """Game options (rule 21). ``titan_variant``: Cyclops, Lions and Trolls are the tower
    creatures, Centaurs, Gargoyles and Ogres are out of the game, 8 markers per player.
    ``point_target``: the first player at or past it at the end of a turn wins.
    ``turn_limit``: after that many game turns the highest score plus legion values wins."""

    titan_variant: bool = False
    point_target: int | None = None
    turn_limit: int | None = None

    def __post_init__(self) -> None:
        # Refused here, when the game is set up, rather than as a crash at the end of the first
        # turn when rule 21's target or limit is first compared with a score or a turn.
        if not isinstance(self.titan_variant, bool):
            raise OptionsError(
                "titan_variant", f"expected True or False, got {self.titan_variant!r}"
            )
        for name in ("point_target", "turn_limit"):
            value = getattr(self, name)
            # bool is an int in Python; True is no point target.
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 1
            ):
                raise OptionsError(name, f"expected None or a positive integer, got {value!r}")


class OptionsError(ValueError):
    """An :class:`Options` value the rules cannot play with; ``option`` names the field."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.detail = message
        super().__init__(f"options.{option}: {message}")


@dataclass(slots=True)
class Legion:
    marker: str
    owner: int
    land: int
    characters: list[str]
    moved: bool = False
    mustered: bool = False
    split_from: str | None = None  # this turn's parent, for recombination (4.3, errata 4.7)
    entry_side: str | None = None  # attacker's entry side if it engaged (Complete Sequence 2.3)
    teleported: str | None = None  # "tower" or "titan" if it teleported this turn (8)
    start_land: int | None = None

    def count(self, name: str) -> int:
        return self.characters.count(name)

    def copy(self) -> Legion:
        return Legion(
            self.marker,
            self.owner,
            self.land,
            list(self.characters),
            self.moved,
            self.mustered,
            self.split_from,
            self.entry_side,
            self.teleported,
            self.start_land,
        )


@dataclass(slots=True)
class Player:
    index: int
    name: str
    tower: int | None = None
    colour: str | None = None
    score: int = 0
    alive: bool = True
    markers: list[str] = field(default_factory=list)  # markers available (not on the board)
    turns_taken: int = 0
    mulligans: int = 1  # rule 7.6: one, usable on the first turn only

    def copy(self) -> Player:
        return Player(
            self.index,
            self.name,
            self.tower,
            self.colour,
            self.score,
            self.alive,
            list(self.markers),
            self.turns_taken,
            self.mulligans,
        )


@dataclass(slots=True)
class Negotiation:
    """Errata 9.3 / 2.5.4: alternating sets of proposals, starting with the defender."""

    turn: str  # "attacker" or "defender": who acts next
    attacker_proposals: list[Proposal] = field(default_factory=list)
    defender_proposals: list[Proposal] = field(default_factory=list)
    no_more: str | None = None  # the side that declared it will make no more proposals

    def copy(self) -> Negotiation:
        return Negotiation(
            self.turn, list(self.attacker_proposals), list(self.defender_proposals), self.no_more
        )


@dataclass(slots=True)
class BattleResult:
    """How a battle ended, handed back to the engagement (rules 9.4, 10.5, 13.6, 19.3)."""

    how: str  # battle | concede | time_loss
    winner: str | None  # "attacker" / "defender" / None: mutual elimination


@dataclass(slots=True)
class Engagement:
    land: int
    attacker: str  # legion marker
    defender: str
    step: EngagementStep = EngagementStep.FLEE
    negotiation: Negotiation | None = None
    how: str | None = None  # flee | concede | agreement | battle | time_loss, once decided
    winner: str | None = None  # "attacker" / "defender" / None: mutual elimination
    stage: int = 0  # progress through the after-engagement steps (errata 2.5.6.5-2.5.6.10)
    summon_right: bool = False  # errata 2.5.3.1: the defender did not flee
    reinforce_right: bool = False  # errata 2.5.5.1, 14.2
    reinforced: bool = False
    summoned: bool = False
    attacker_owner: int = -1
    defender_owner: int = -1
    slain: dict[str, list[str]] = field(
        default_factory=lambda: {"attacker": [], "defender": []}
    )  # side -> characters lost
    acquisitions: list[int] = field(default_factory=list)  # pending multiples of 100 earned
    battle: BattleState | None = None  # the battle while it is fought (rules 10-15)
    result: BattleResult | None = None  # a finished battle's outcome, not yet recorded

    def copy(self) -> Engagement:
        return Engagement(
            self.land,
            self.attacker,
            self.defender,
            self.step,
            None if self.negotiation is None else self.negotiation.copy(),
            self.how,
            self.winner,
            self.stage,
            self.summon_right,
            self.reinforce_right,
            self.reinforced,
            self.summoned,
            self.attacker_owner,
            self.defender_owner,
            {side: list(names) for side, names in self.slain.items()},
            list(self.acquisitions),
            None if self.battle is None else self.battle.copy(),
            None if self.result is None else BattleResult(self.result.how, self.result.winner),
        )


@dataclass(slots=True)
class GameState:
    options: Options
    players: list[Player]
    legions: dict[str, Legion] = field(default_factory=dict)
    caretaker: dict[str, int] = field(default_factory=dict)  # counters available (errata 3.5)
    dead: dict[str, int] = field(default_factory=dict)  # slain creatures, out of the game
    dice: int = 0  # dice rolled so far: the dice source's counter
    phase: Phase = Phase.COLOUR
    order: list[int] = field(default_factory=list)  # turn order by descending tower (5.1)
    active: int = 0  # player whose turn it is (or who chooses a colour)
    turn: int = 1  # game turn: every remaining player moves once per game turn
    roll: int | None = None
    summoned_this_turn: bool = False  # rule 15: one summons per engagement phase
    teleported_this_turn: bool = False  # rule 8: one teleport per movement phase
    moves_made: list[str] = field(default_factory=list)  # this phase's moves, in order (7.0)
    engagement: Engagement | None = None
    pending_recombine: list[list[str]] = field(default_factory=list)
    # known[observer][marker] = characters that observer knows to be in that legion
    known: list[dict[str, dict[str, int]]] = field(default_factory=list)
    winner: int | None = None
    over: bool = False

    def player_legions(self, player: int) -> list[Legion]:
        return [lg for lg in self.legions.values() if lg.owner == player]

    def legions_at(self, land: int) -> list[Legion]:
        return [lg for lg in self.legions.values() if lg.land == land]

    def alive_players(self) -> list[int]:
        return [p.index for p in self.players if p.alive]

    def copy(self) -> GameState:
        """A deep copy sharing nothing mutable with this state."""
        return GameState(
            self.options,
            [p.copy() for p in self.players],
            {m: lg.copy() for m, lg in self.legions.items()},
            dict(self.caretaker),
            dict(self.dead),
            self.dice,
            self.phase,
            list(self.order),
            self.active,
            self.turn,
            self.roll,
            self.summoned_this_turn,
            self.teleported_this_turn,
            list(self.moves_made),
            None if self.engagement is None else self.engagement.copy(),
            [list(group) for group in self.pending_recombine],
            [{m: dict(k) for m, k in seen.items()} for seen in self.known],
            self.winner,
            self.over,
        )
