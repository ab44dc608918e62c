"""The whole game as plain data, with the enums of its state machine.

Nothing here knows the dice seed: the dice belong to the game (:mod:`titan.engine.dice`), so a
copied state cannot foresee a roll. :meth:`GameState.copy` is a structural deep copy written
out by hand, an order of magnitude cheaper than pickling, for clones used in search.

Every ``copy`` names the fields it copies, and calls ``__init__`` on a bare instance rather
than ``Cls(field=...)``: CPython's ``type.__call__`` first packs keywords into a dict, which made
``GameState.copy`` 1.4-1.8 times as slow (``bench/engine.py``'s clone), while a direct
``__init__`` call with keywords costs about what a positional one does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Literal

from titan.engine.actions import Proposal, Teleport
from titan.engine.battle.state import BattleHow, BattleState
from titan.engine.queries.model import Side
from titan.variant import EntrySide

# How an engagement was decided (rules 9.2, 9.3, 9.4, 10.5): a battle's ends, or before one.
How = Literal[BattleHow, "flee", "agreement"]


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


class AfterStep(IntEnum):
    """Errata Complete Sequence 2.5.6.5-2.5.6.10, after an engagement is decided: the step
    :func:`titan.engine.phases.outcome.after` takes next. Integers: the wire carries the values
    it carried before the steps had names."""

    SUMMON = 0  # 2.5.6.5: a winning attacker may summon an angel
    REINFORCE = 1  # 2.5.6.5: a winning defender may muster a reinforcement
    SCORE = 2  # 2.5.6.8: the winner's points
    ACQUIRE = 3  # 2.5.6.8: the angels those points earn
    FINISH = 4  # 2.5.6.9-2.5.6.10: Titan eliminations, the slain returned


@dataclass(frozen=True, slots=True, init=False)
class Options:
    """Game options (rule 21). ``titan_variant``: Cyclops, Lions and Trolls are the tower
    creatures, Centaurs, Gargoyles and Ogres are out of the game, 8 markers per player.
    ``point_target``: the first player at or past it at the end of a turn wins.
    ``turn_limit``: after that many game turns the highest score plus legion values wins.

    Options may come from a client: an unknown one is refused naming it (OptionsError, not
    Python's TypeError), and so is a value the rules cannot play with."""

    titan_variant: bool
    point_target: int | None
    turn_limit: int | None

    def __init__(
        self,
        titan_variant: bool = False,
        point_target: int | None = None,
        turn_limit: int | None = None,
        **unknown: object,
    ) -> None:
        if unknown:
            names = ", ".join(sorted(unknown))
            raise OptionsError(
                min(unknown),
                f"unknown option{'s' if len(unknown) > 1 else ''} {names}; the options are "
                "titan_variant, point_target and turn_limit (rule 21)",
            )
        object.__setattr__(self, "titan_variant", titan_variant)
        object.__setattr__(self, "point_target", point_target)
        object.__setattr__(self, "turn_limit", turn_limit)
        self.__post_init__()

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
    entry_side: EntrySide | None = None  # attacker's side if it engaged (Complete Sequence 2.3)
    teleported: Teleport | None = None  # if it teleported this turn (8)
    start_land: int | None = None

    def count(self, name: str) -> int:
        return self.characters.count(name)

    def copy(self) -> Legion:
        twin = object.__new__(Legion)
        Legion.__init__(
            twin,
            marker=self.marker,
            owner=self.owner,
            land=self.land,
            characters=list(self.characters),
            moved=self.moved,
            mustered=self.mustered,
            split_from=self.split_from,
            entry_side=self.entry_side,
            teleported=self.teleported,
            start_land=self.start_land,
        )
        return twin


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
        twin = object.__new__(Player)
        Player.__init__(
            twin,
            index=self.index,
            name=self.name,
            tower=self.tower,
            colour=self.colour,
            score=self.score,
            alive=self.alive,
            markers=list(self.markers),
            turns_taken=self.turns_taken,
            mulligans=self.mulligans,
        )
        return twin


@dataclass(slots=True)
class Negotiation:
    """Errata 9.3 / 2.5.4: alternating sets of proposals, starting with the defender."""

    turn: Side  # who acts next
    attacker_proposals: list[Proposal] = field(default_factory=list)
    defender_proposals: list[Proposal] = field(default_factory=list)
    no_more: Side | None = None  # the side that declared it will make no more proposals

    def copy(self) -> Negotiation:
        twin = object.__new__(Negotiation)
        Negotiation.__init__(
            twin,
            turn=self.turn,
            attacker_proposals=list(self.attacker_proposals),
            defender_proposals=list(self.defender_proposals),
            no_more=self.no_more,
        )
        return twin


@dataclass(slots=True)
class BattleResult:
    """How a battle ended, handed back to the engagement (rules 9.4, 10.5, 13.6, 19.3)."""

    how: BattleHow
    winner: Side | None  # None: mutual elimination


@dataclass(slots=True)
class Engagement:
    land: int
    attacker: str  # legion marker
    defender: str
    step: EngagementStep = EngagementStep.FLEE
    negotiation: Negotiation | None = None
    how: How | None = None  # once decided
    winner: Side | None = None  # None: mutual elimination (or not decided yet)
    stage: AfterStep = AfterStep.SUMMON  # the after-engagement step to take next
    summon_right: bool = False  # errata 2.5.3.1: the defender did not flee
    reinforce_right: bool = False  # errata 2.5.5.1, 14.2
    reinforced: bool = False
    summoned: bool = False
    attacker_owner: int = -1
    defender_owner: int = -1
    slain: dict[Side, list[str]] = field(
        default_factory=lambda: {"attacker": [], "defender": []}
    )  # side -> characters lost
    acquisitions: list[int] = field(default_factory=list)  # pending multiples of 100 earned
    battle: BattleState | None = None  # the battle while it is fought (rules 10-15)
    result: BattleResult | None = None  # a finished battle's outcome, not yet recorded

    def copy(self) -> Engagement:
        twin = object.__new__(Engagement)
        Engagement.__init__(
            twin,
            land=self.land,
            attacker=self.attacker,
            defender=self.defender,
            step=self.step,
            negotiation=None if self.negotiation is None else self.negotiation.copy(),
            how=self.how,
            winner=self.winner,
            stage=self.stage,
            summon_right=self.summon_right,
            reinforce_right=self.reinforce_right,
            reinforced=self.reinforced,
            summoned=self.summoned,
            attacker_owner=self.attacker_owner,
            defender_owner=self.defender_owner,
            slain={side: list(names) for side, names in self.slain.items()},
            acquisitions=list(self.acquisitions),
            battle=None if self.battle is None else self.battle.copy(),
            result=None
            if self.result is None
            else BattleResult(how=self.result.how, winner=self.result.winner),
        )
        return twin


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
    # possible[observer][marker] = all the characters that legion may hold (absent: unbounded)
    possible: list[dict[str, dict[str, int]]] = field(default_factory=list)
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
        twin = object.__new__(GameState)
        GameState.__init__(
            twin,
            options=self.options,
            players=[p.copy() for p in self.players],
            legions={m: lg.copy() for m, lg in self.legions.items()},
            caretaker=dict(self.caretaker),
            dead=dict(self.dead),
            dice=self.dice,
            phase=self.phase,
            order=list(self.order),
            active=self.active,
            turn=self.turn,
            roll=self.roll,
            summoned_this_turn=self.summoned_this_turn,
            teleported_this_turn=self.teleported_this_turn,
            moves_made=list(self.moves_made),
            engagement=None if self.engagement is None else self.engagement.copy(),
            pending_recombine=[list(group) for group in self.pending_recombine],
            known=[{m: dict(k) for m, k in seen.items()} for seen in self.known],
            possible=[{m: dict(k) for m, k in seen.items()} for seen in self.possible],
            winner=self.winner,
            over=self.over,
        )
        return twin
