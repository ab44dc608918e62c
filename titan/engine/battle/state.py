"""A battle in progress, as plain data kept on the engagement, and the steps of its state
machine (errata Complete Sequence of Play 2.5.6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


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
    side: str  # "attacker" | "defender"
    hex: str | None = None  # None: not (yet) on the battleland
    hits: int = 0
    power: int = 0
    slain: bool = False  # slain this strike phase, removed at its end (13.6)
    gone: bool = False  # removed from the battle (slain and taken off, or left off)
    entered: bool = False
    moved: bool = False  # moved this maneuver phase
    struck: bool = False  # struck or rangestruck this strike phase
    in_contact: bool = False  # in contact when the strike phase began (13)
    newcomer: str | None = None  # "reinforcement" / "summoned": must enter this phase
    donor: str | None = None  # a summoned lord's donor legion, to return it if unused (15.1)
    donor_land: int | None = None

    def copy(self) -> Fighter:
        return Fighter(
            self.name,
            self.side,
            self.hex,
            self.hits,
            self.power,
            self.slain,
            self.gone,
            self.entered,
            self.moved,
            self.struck,
            self.in_contact,
            self.newcomer,
            self.donor,
            self.donor_land,
        )


@dataclass(slots=True)
class PendingCarry:
    striker: int
    target: str
    excess: int
    strike_number: int
    dice: int
    options: list[str]

    def copy(self) -> PendingCarry:
        return PendingCarry(
            self.striker,
            self.target,
            self.excess,
            self.strike_number,
            self.dice,
            list(self.options),
        )


@dataclass(slots=True)
class BattleState:
    land: int
    terrain: str
    entry_side: str  # attacker's side: left / right / bottom (tower: bottom)
    fighters: list[Fighter] = field(default_factory=list)
    turn: int = 1  # battle turn 1..7 (10.5)
    phasing: str = "defender"  # 10.3: the defender moves first
    step: BattleStep = BattleStep.ATTACKER_MAY_CONCEDE
    undo: list[tuple[int, str | None, bool]] = field(default_factory=list)
    rolled_this_phase: bool = False
    carry: PendingCarry | None = None
    conceding: str | None = None  # side that attempted to concede
    resume: BattleStep | None = None  # step to return to after carry-over
    summon_trigger: bool = False  # a defender who entered was slain (15, errata 10.1)
    summon_window: bool = False  # this attacker maneuver phase may summon (15.3)
    summon_spent: bool = False
    attacker_committed: bool = False  # attacker ended his first maneuver phase (14.2)
    reinforce_window: bool = False
    ending: bool = False
    time_loss: bool = False

    def alive(self, side: str) -> list[Fighter]:
        return [f for f in self.fighters if f.side == side and not f.gone]

    def copy(self) -> BattleState:
        return BattleState(
            self.land,
            self.terrain,
            self.entry_side,
            [f.copy() for f in self.fighters],
            self.turn,
            self.phasing,
            self.step,
            list(self.undo),
            self.rolled_this_phase,
            None if self.carry is None else self.carry.copy(),
            self.conceding,
            self.resume,
            self.summon_trigger,
            self.summon_window,
            self.summon_spent,
            self.attacker_committed,
            self.reinforce_window,
            self.ending,
            self.time_loss,
        )
