"""A battle in progress, as plain data kept on the engagement, and the steps of its state
machine (errata Complete Sequence of Play 2.5.6). The ``copy`` methods are written as
:mod:`titan.engine.state`'s are, and for the same reason: keywords, at a positional call's cost."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from titan.engine.queries.model import Side
from titan.variant import EntrySide

BattleHow = Literal["battle", "concede", "time_loss"]  # how a battle ended (9.4, 10.5, 13.6)
Newcomer = Literal["reinforcement", "summoned"]  # a fighter that joined the battle (14, 15)


class BattleStep(StrEnum):
    ATTACKER_MAY_CONCEDE = "attacker_may_concede"  # errata 2.5.6.2
    DEFENDER_MAY_CONCEDE = "defender_may_concede"  # errata 2.5.6.3
    MANEUVER = "maneuver"  # 11
    CONCESSION_OFFERED = "concession_offered"  # errata 9.4: the other side may concede instead
    DRIFT_CONCEDE = "drift_concede"  # errata 9.4/11.7: before drift damage that would slay
    STRIKE = "strike"  # 12, 13
    MAY_CONCEDE_BEFORE_COUNTER = "may_concede_before_counter"  # errata 2.5.6.4.1.5
    COUNTERSTRIKE = "counterstrike"
    CARRY = "carry"  # errata 12.4: allocate carry-over after the roll
    ENDING_CONCEDE = "ending_concede"  # errata 2.5.6.4.1.8.1


@dataclass(slots=True)
class Fighter:
    name: str
    side: Side
    hex: str | None = None  # None: not (yet) on the battleland
    hits: int = 0
    power: int = 0
    slain: bool = False  # slain this strike phase, removed at its end (13.6)
    gone: bool = False  # removed from the battle (slain and taken off, or left off)
    entered: bool = False
    moved: bool = False  # moved this maneuver phase
    struck: bool = False  # struck or rangestruck this strike phase
    in_contact: bool = False  # in contact when the strike phase began (13)
    newcomer: Newcomer | None = None  # it must enter this phase
    donor: str | None = None  # a summoned lord's donor legion, to return it if unused (15.1)
    donor_land: int | None = None

    def copy(self) -> Fighter:
        twin = object.__new__(Fighter)
        Fighter.__init__(
            twin,
            name=self.name,
            side=self.side,
            hex=self.hex,
            hits=self.hits,
            power=self.power,
            slain=self.slain,
            gone=self.gone,
            entered=self.entered,
            moved=self.moved,
            struck=self.struck,
            in_contact=self.in_contact,
            newcomer=self.newcomer,
            donor=self.donor,
            donor_land=self.donor_land,
        )
        return twin


@dataclass(slots=True)
class PendingCarry:
    striker: int
    target: str
    excess: int
    strike_number: int
    dice: int
    options: list[str]

    def copy(self) -> PendingCarry:
        twin = object.__new__(PendingCarry)
        PendingCarry.__init__(
            twin,
            striker=self.striker,
            target=self.target,
            excess=self.excess,
            strike_number=self.strike_number,
            dice=self.dice,
            options=list(self.options),
        )
        return twin


@dataclass(slots=True)
class BattleState:
    land: int
    terrain: str
    entry_side: EntrySide  # the attacker's side (tower: bottom)
    fighters: list[Fighter] = field(default_factory=list)
    turn: int = 1  # battle turn 1..7 (10.5)
    phasing: Side = "defender"  # 10.3: the defender moves first
    step: BattleStep = BattleStep.ATTACKER_MAY_CONCEDE
    undo: list[tuple[int, str | None, bool]] = field(default_factory=list)
    rolled_this_phase: bool = False
    carry: PendingCarry | None = None
    conceding: Side | None = None  # side that attempted to concede
    resume: BattleStep | None = None  # step to return to after carry-over
    summon_trigger: bool = False  # a defender who entered was slain (15, errata 10.1)
    summon_window: bool = False  # this attacker maneuver phase may summon (15.3)
    summon_spent: bool = False
    attacker_committed: bool = False  # attacker ended his first maneuver phase (14.2)
    reinforce_window: bool = False
    ending: bool = False
    time_loss: bool = False

    def alive(self, side: Side) -> list[Fighter]:
        return [f for f in self.fighters if f.side == side and not f.gone]

    def copy(self) -> BattleState:
        twin = object.__new__(BattleState)
        BattleState.__init__(
            twin,
            land=self.land,
            terrain=self.terrain,
            entry_side=self.entry_side,
            fighters=[f.copy() for f in self.fighters],
            turn=self.turn,
            phasing=self.phasing,
            step=self.step,
            undo=list(self.undo),
            rolled_this_phase=self.rolled_this_phase,
            carry=None if self.carry is None else self.carry.copy(),
            conceding=self.conceding,
            resume=self.resume,
            summon_trigger=self.summon_trigger,
            summon_window=self.summon_window,
            summon_spent=self.summon_spent,
            attacker_committed=self.attacker_committed,
            reinforce_window=self.reinforce_window,
            ending=self.ending,
            time_loss=self.time_loss,
        )
        return twin
