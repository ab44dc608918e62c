"""The game's facts as typed, immutable data: characters, recruit chains, masterboard, battlelands.

``load("default")`` reads ``titan/variants/<name>/*.json`` and validates it (reciprocal borders,
27 hexes per battleland, symmetric adjacency, hazards seen alike from both sides, ...). Every
other module takes a :class:`Variant` and never reads files itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

Sign = Literal["block", "arch", "arrow", "arrows"]
EntrySide = Literal["left", "right", "bottom"]
CharacterClass = Literal["lord", "demilord", "creature"]

ENTRY_SIDES: tuple[EntrySide, ...] = ("left", "right", "bottom")
SIGNS: tuple[Sign, ...] = ("block", "arch", "arrow", "arrows")
HAZARD_HEXSIDES = ("slope", "cliff", "dune", "wall")
HEX_TERRAINS = ("plain", "bramble", "drift", "volcano", "bog", "sand", "tree", "tower")
TITAN = "Titan"
ANGEL = "Angel"
ARCHANGEL = "Archangel"

# Battle hex directions (errata 2.2 orientation): 0 up, 1 upper right, 2 lower right, 3 down,
# 4 lower left, 5 upper left. (dcol, dh) per direction, h in half-hex steps.
HEX_STEPS: tuple[tuple[int, int], ...] = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))
# Bottom hex of each column A..F as (h of row 1); columns A-F hold 3,4,5,6,5,4 hexes (errata 2.2).
_COLUMN_BASE_H = (3, 2, 1, 0, 1, 2)
_COLUMN_SIZE = (3, 4, 5, 6, 5, 4)
BATTLE_LABELS: tuple[str, ...] = tuple(
    f"{'ABCDEF'[c]}{r}" for c in range(6) for r in range(1, _COLUMN_SIZE[c] + 1)
)


class VariantError(ValueError):
    """The variant's data files are inconsistent."""


@dataclass(frozen=True, slots=True)
class Character:
    """One kind of character (rule 3; character chart)."""

    name: str
    kind: CharacterClass
    power: int  # the Titan's printed power is its starting power 6 (19.1)
    skill: int
    flies: bool
    rangestrikes: bool
    magic_missile: bool  # Warlock (12.6)
    count: int | None  # counters in the game (errata 3.5); None: one per player (Titan)
    natives: frozenset[str]

    @property
    def is_lord(self) -> bool:
        return self.kind == "lord"

    @property
    def is_creature(self) -> bool:
        return self.kind == "creature"

    @property
    def value(self) -> int:
        """Points for slaying it (rule 16): power x skill. For the Titan use :func:`titan_value`."""
        return self.power * self.skill

    @property
    def range_strength(self) -> int:
        """Dice in a rangestrike (12.2): half the power, rounded down."""
        return self.power // 2


@dataclass(frozen=True, slots=True)
class Exit:
    """A sign on a land pointing away from it (7.3): the way out to ``to``."""

    to: int
    sign: Sign
    side: int  # side of the land it is printed on, 0 up .. 5 upper left
    entry_side: EntrySide  # attacker's battle entry side when entering ``to`` this way (errata 2.2)


@dataclass(frozen=True, slots=True)
class Land:
    label: int
    terrain: str
    col: int
    row: int
    label_side: int
    exits: tuple[Exit, ...]
    neighbours: tuple[int | None, ...]  # across each of the six sides

    @property
    def is_tower(self) -> bool:
        return self.terrain == "Tower"

    @property
    def long_sides(self) -> tuple[int, ...]:
        return (0, 2, 4) if (self.col + self.row) % 2 == 0 else (1, 3, 5)

    def exit_to(self, land: int) -> Exit | None:
        for e in self.exits:
            if e.to == land:
                return e
        return None


@dataclass(frozen=True, slots=True, eq=False)
class Masterboard:
    lands: Mapping[int, Land]
    towers: tuple[int, ...]

    def land(self, label: int) -> Land:
        return self.lands[label]


@dataclass(frozen=True, slots=True)
class Hexside:
    """A hazard on a battle hexside; ``top``: the hex it is seen from is the upper one."""

    hazard: str
    top: bool


@dataclass(frozen=True, slots=True)
class BattleHex:
    label: str
    terrain: str
    elevation: int
    col: int
    h: int  # height of the centre in half-hex steps above D1's centre
    neighbours: tuple[str | None, ...]  # by direction 0..5
    hexsides: tuple[Hexside | None, ...]  # by direction 0..5

    def direction_to(self, other: str) -> int | None:
        for d, n in enumerate(self.neighbours):
            if n == other:
                return d
        return None


@dataclass(frozen=True, slots=True, eq=False)
class Battleland:
    terrain: str
    hexes: Mapping[str, BattleHex]
    tower: bool

    def hex(self, label: str) -> BattleHex:
        return self.hexes[label]


@dataclass(frozen=True, slots=True, eq=False)
class BattleEntry:
    """Entry hexes (errata 2.2, 10.1, 10.2)."""

    attacker: Mapping[EntrySide, tuple[str, ...]]
    defender: Mapping[EntrySide, tuple[str, ...]]
    tower_attacker: tuple[str, ...]
    tower_defender_deploys: tuple[str, ...]
    tower_reinforcement: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RecruitStep:
    creature: str
    needs_previous: int | None  # how many of the previous creature qualify (18.2); None: first


@dataclass(frozen=True, slots=True, eq=False)
class Variant:
    name: str
    characters: Mapping[str, Character]
    starting_legion: Mapping[str, int]
    chains: Mapping[str, tuple[RecruitStep, ...]]
    tower_creatures: tuple[str, ...]
    masterboard: Masterboard
    battlelands: Mapping[str, Battleland]
    entry: BattleEntry
    colours: tuple[str, ...] = ("Black", "Blue", "Brown", "Gold", "Green", "Red")
    markers_per_player: int = 12
    extra: Mapping[str, Any] = field(default_factory=dict)

    def character(self, name: str) -> Character:
        return self.characters[name]


def titan_power(score: int) -> int:
    """Rule 19.1: 6 plus one per full 100 points."""
    return 6 + score // 100


def titan_value(score: int) -> int:
    """Rule 16 with 19.1: the Titan's value is its current power times its skill 4."""
    return titan_power(score) * 4


def marker_prefix(colour: str) -> str:
    """Two-letter marker prefix: Bk, Bu, Br, Gd, Gr, Rd."""
    return {
        "Black": "Bk",
        "Blue": "Bu",
        "Brown": "Br",
        "Gold": "Gd",
        "Green": "Gr",
        "Red": "Rd",
    }.get(colour, colour[:2])


def markers_of(colour: str, count: int) -> tuple[str, ...]:
    """The legion markers of one colour (rule 4.2): e.g. Rd01 .. Rd12."""
    p = marker_prefix(colour)
    return tuple(f"{p}{i:02d}" for i in range(1, count + 1))


def _read(name: str, file: str) -> Any:
    return json.loads(resources.files("titan.variants").joinpath(name, file).read_text("utf-8"))


def _land_neighbours(
    col: int, row: int, at: Mapping[tuple[int, int], int]
) -> tuple[int | None, ...]:
    """Lands across each side; only long sides touch another land (see masterboard.json)."""
    down = (col + row) % 2 == 0
    cells: list[tuple[int, int] | None]
    if down:  # long sides 0 (row-1), 2 (col+1), 4 (col-1)
        cells = [(col, row - 1), None, (col + 1, row), None, (col - 1, row), None]
    else:  # long sides 1 (col+1), 3 (row+1), 5 (col-1)
        cells = [None, (col + 1, row), None, (col, row + 1), None, (col - 1, row)]
    return tuple(None if c is None else at.get(c) for c in cells)


def _load_masterboard(raw: Mapping[str, Any]) -> Masterboard:
    at = {(r["col"], r["row"]): r["label"] for r in raw["lands"]}
    if len(at) != len(raw["lands"]):
        raise VariantError("two lands share a grid cell")
    lands: dict[int, Land] = {}
    for r in raw["lands"]:
        exits = tuple(Exit(to, sign, side, entry) for to, sign, side, entry in r["exits"])
        lands[r["label"]] = Land(
            r["label"],
            r["terrain"],
            r["col"],
            r["row"],
            r["label_side"],
            exits,
            _land_neighbours(r["col"], r["row"], at),
        )
    board = Masterboard(lands, tuple(raw["towers"]))
    _validate_masterboard(board)
    return board


def _validate_masterboard(board: Masterboard) -> None:
    for land in board.lands.values():
        for e in land.exits:
            if e.sign not in SIGNS or e.entry_side not in ENTRY_SIDES:
                raise VariantError(f"land {land.label}: bad exit {e}")
            if e.side not in land.long_sides or land.neighbours[e.side] != e.to:
                raise VariantError(
                    f"land {land.label}: exit to {e.to} not across long side {e.side}"
                )
        for side in land.long_sides:
            n = land.neighbours[side]
            if n is None:
                continue
            other = board.lands[n]
            if other.neighbours[(side + 3) % 6] != land.label:
                raise VariantError(f"lands {land.label}/{n}: adjacency not symmetric")
            if land.exit_to(n) is None and other.exit_to(land.label) is None:
                raise VariantError(f"lands {land.label}/{n}: border without a sign")
        if land.is_tower and sorted(e.sign for e in land.exits) != ["arrow"] * 3:
            raise VariantError(f"tower {land.label} must have three arrows out (7.4)")
    for t in board.towers:
        if not board.lands[t].is_tower:
            raise VariantError(f"{t} is not a tower")


def _battle_geometry() -> dict[str, tuple[int, int]]:
    return {
        lab: (c, _COLUMN_BASE_H[c] + 2 * (int(lab[1:]) - 1))
        for lab in BATTLE_LABELS
        for c in ["ABCDEF".index(lab[0])]
    }


def _load_battleland(terrain: str, raw: Mapping[str, Any], tower: bool) -> Battleland:
    geo = _battle_geometry()
    by_pos = {pos: lab for lab, pos in geo.items()}
    if set(raw["hexes"]) != set(BATTLE_LABELS):
        raise VariantError(f"{terrain}: battleland must have exactly the 27 hexes of errata 2.2")
    hexes: dict[str, BattleHex] = {}
    for lab in BATTLE_LABELS:
        r = raw["hexes"][lab]
        col, h = geo[lab]
        neigh = tuple(by_pos.get((col + dc, h + dh)) for dc, dh in HEX_STEPS)
        sides_raw = r.get("hexsides") or [None] * 6
        sides = tuple(None if s is None else Hexside(s[0], bool(s[1])) for s in sides_raw)
        if r["terrain"] not in HEX_TERRAINS:
            raise VariantError(f"{terrain} {lab}: unknown hex terrain {r['terrain']}")
        hexes[lab] = BattleHex(lab, r["terrain"], r["elevation"], col, h, neigh, sides)
    for lab, hx in hexes.items():
        for d, n in enumerate(hx.neighbours):
            s = hx.hexsides[d]
            if n is None:
                if s is not None:
                    raise VariantError(f"{terrain} {lab}: hazard on an outer edge")
                continue
            back = hexes[n]
            if back.neighbours[(d + 3) % 6] != lab:
                raise VariantError(f"{terrain} {lab}/{n}: adjacency not symmetric")
            t = back.hexsides[(d + 3) % 6]
            if (s is None) != (t is None):
                raise VariantError(f"{terrain} {lab}/{n}: hazard seen from one side only")
            if (
                s is not None
                and t is not None
                and (s.hazard not in HAZARD_HEXSIDES or s.hazard != t.hazard or s.top == t.top)
            ):
                raise VariantError(f"{terrain} {lab}/{n}: hexside hazards disagree")
    return Battleland(terrain, hexes, tower)


def _load_characters(raw: Mapping[str, Any]) -> dict[str, Character]:
    out: dict[str, Character] = {}
    for r in raw["characters"]:
        power = r["power"] if r["power"] is not None else 6
        out[r["name"]] = Character(
            r["name"],
            r["class"],
            power,
            r["skill"],
            r["flies"],
            r["rangestrikes"],
            r["magic_missile"],
            r["count"],
            frozenset(r["natives"]),
        )
    return out


# A variant name is a plain lower-case word, never a path: it names a directory of the package,
# and a name such as "../x" or "/etc" must not reach the file system (a server takes names from
# clients). Checked with fullmatch, since "$" would also match before a trailing newline.
VARIANT_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_DATA_FILES = ("battlelands.json", "characters.json", "masterboard.json", "recruits.json")


@cache
def variant_names() -> tuple[str, ...]:
    """The packaged variants: directories under ``titan/variants/`` holding every data file."""
    root = resources.files("titan.variants")
    return tuple(
        sorted(
            entry.name
            for entry in root.iterdir()
            if VARIANT_NAME.fullmatch(entry.name)
            and entry.is_dir()
            and all(entry.joinpath(f).is_file() for f in _DATA_FILES)
        )
    )


def load(name: str = "default") -> Variant:
    """Load and validate a packaged variant; cached, and immutable, so it may be shared freely.

    Variants compare and hash by identity, so they can key caches of derived tables. Raises
    ValueError, naming the known variants, for anything but a packaged variant's name.
    """
    # Checked before the cache: an unhashable name would otherwise raise TypeError there.
    if not isinstance(name, str) or name not in variant_names():
        known = ", ".join(variant_names())
        raise ValueError(f"unknown variant {name!r}; the known variants are: {known}")
    return _load(name)


@cache
def _load(name: str) -> Variant:
    chars = _load_characters(_read(name, "characters.json"))
    rec = _read(name, "recruits.json")
    chains = {t: tuple(RecruitStep(c, n) for c, n in steps) for t, steps in rec["chains"].items()}
    for t, steps in chains.items():
        for s in steps:
            if s.creature not in chars:
                raise VariantError(f"chain {t}: unknown creature {s.creature}")
    board = _load_masterboard(_read(name, "masterboard.json"))
    braw = _read(name, "battlelands.json")
    terrains = {land.terrain for land in board.lands.values()}
    if set(braw["maps"]) != terrains:
        raise VariantError("battlelands must match the masterboard's terrains")
    battlelands = {t: _load_battleland(t, m, t == "Tower") for t, m in braw["maps"].items()}
    entry = BattleEntry(
        attacker={s: tuple(v["attacker"]) for s, v in braw["entry"].items()},
        defender={s: tuple(v["defender"]) for s, v in braw["entry"].items()},
        tower_attacker=tuple(braw["tower"]["attacker"]),
        tower_defender_deploys=tuple(braw["tower"]["defender_deploys"]),
        tower_reinforcement=tuple(braw["tower"]["defender_reinforcement"]),
    )
    raw_chars = _read(name, "characters.json")
    return Variant(
        name=name,
        characters=chars,
        starting_legion=dict(raw_chars["starting_legion"]),
        chains=chains,
        tower_creatures=tuple(rec["tower"]["creatures"]),
        masterboard=board,
        battlelands=battlelands,
        entry=entry,
    )


def load_uncached(name: str = "default") -> Variant:
    """A newly built variant object that no cache has seen (benchmarks time first queries)."""
    load(name)  # validates the name
    fresh: Callable[[str], Variant] = _load.__wrapped__
    return fresh(name)
