"""A battle in progress, as plain data kept on the engagement."""

from __future__ import annotations

from dataclasses import dataclass, field


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
    newcomer: str | None = None  # "reinforcement" / "summoned <donor>": must enter this phase


@dataclass(slots=True)
class PendingCarry:
    striker: int
    target: str
    excess: int
    strike_number: int
    dice: int
    options: list[str]


@dataclass(slots=True)
class BattleState:
    land: int
    terrain: str
    entry_side: str  # attacker's side: left / right / bottom (tower: bottom)
    fighters: list[Fighter] = field(default_factory=list)
    turn: int = 1  # battle turn 1..7 (10.5)
    phasing: str = "defender"  # 10.3: the defender moves first
    step: str = "attacker_may_concede"
    # step: attacker_may_concede | defender_may_concede | maneuver | concession_offered |
    #       drift_concede | strike | may_concede_before_counter | counterstrike | carry |
    #       ending_concede
    undo: list[tuple[int, str | None, bool]] = field(default_factory=list)
    rolled_this_phase: bool = False
    carry: PendingCarry | None = None
    conceding: str | None = None  # side that attempted to concede
    resume: str | None = None  # step to return to if an attempted concession is refused
    summon_trigger: bool = False  # a defender who entered was slain (15, errata 10.1)
    summon_window: bool = False  # this attacker maneuver phase may summon (15.3)
    summon_spent: bool = False
    attacker_committed: bool = False  # attacker ended his first maneuver phase (14.2)
    reinforce_window: bool = False
    ending: bool = False
    time_loss: bool = False

    def alive(self, side: str) -> list[Fighter]:
        return [f for f in self.fighters if f.side == side and not f.gone]
