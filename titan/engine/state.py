"""The whole game as plain data. Everything here serialises to JSON (see :func:`to_json`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from titan.engine.actions import Proposal


@dataclass(frozen=True, slots=True)
class Options:
    """Game options (rule 21). ``titan_variant``: Cyclops, Lions and Trolls are the tower
    creatures, Centaurs, Gargoyles and Ogres are out of the game, 8 markers per player.
    ``point_target``: the first player at or past it at the end of a turn wins.
    ``turn_limit``: after that many game turns the highest score plus legion values wins."""

    titan_variant: bool = False
    point_target: int | None = None
    turn_limit: int | None = None


@dataclass(slots=True)
class Legion:
    marker: str
    owner: int
    land: int
    characters: list[str]
    moved: bool = False
    mustered: bool = False
    split_from: str | None = None  # this turn's parent, for recombination (4.3, errata 4.7)
    entry_side: str | None = None  # attacker's battle entry side if it engaged (errata 2.3)
    teleported: str | None = None  # "tower" or "titan" if it teleported this turn (8)
    start_land: int | None = None

    def count(self, name: str) -> int:
        return self.characters.count(name)


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


@dataclass(slots=True)
class Negotiation:
    """Errata 9.3 / 2.5.4: alternating sets of proposals, starting with the defender."""

    turn: str  # "attacker" or "defender": who acts next
    attacker_proposals: list[Proposal] = field(default_factory=list)
    defender_proposals: list[Proposal] = field(default_factory=list)
    no_more: str | None = None  # the side that declared it will make no more proposals


@dataclass(slots=True)
class Engagement:
    land: int
    attacker: str  # legion marker
    defender: str
    step: str = "flee"  # flee | negotiate | battle | summon | reinforce | acquire
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
    slain: dict[str, list[str]] = field(default_factory=dict)  # side -> characters lost
    acquisitions: list[int] = field(default_factory=list)  # pending multiples of 100 earned
    battle: Any = None  # battle state when fought (rules 10-15)


@dataclass(slots=True)
class GameState:
    seed: int
    options: Options
    players: list[Player]
    legions: dict[str, Legion] = field(default_factory=dict)
    caretaker: dict[str, int] = field(default_factory=dict)  # counters available (errata 3.5)
    dead: dict[str, int] = field(default_factory=dict)  # slain creatures, out of the game
    dice: int = 0  # dice rolled so far: the generator's counter
    phase: str = "colour"
    order: list[int] = field(default_factory=list)  # turn order by descending tower (5.1)
    active: int = 0  # player whose turn it is (or who chooses a colour)
    turn: int = 1  # game turn: every remaining player moves once per game turn
    roll: int | None = None
    summoned_this_turn: bool = False  # rule 15: one summons per engagement phase
    teleported_this_turn: bool = False  # rule 8: one teleport per movement phase
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


def to_json(state: GameState) -> dict[str, Any]:
    return dataclasses.asdict(state)
