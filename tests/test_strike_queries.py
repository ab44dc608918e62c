"""Strike queries (rules 13, 13.1-13.5, hazard chart, errata 11.7, 12.x): the fast
``strike_options`` / ``strike_targets`` / ``titan.rules.strike_options`` give exactly the
answers of the straightforward implementation they replaced, kept below as the reference, on
thousands of random boards of every battleland; plus the corner cases of a query."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from titan.engine.queries.model import Board, Piece, Side
from titan.engine.queries.strike import (
    Strikable,
    StrikeOption,
    _options,
    query_board,
    strike_factors,
    strike_number,
    strike_options,
    strike_options_query,
    strike_targets,
)
from titan.variant import BATTLE_LABELS, Battleland, Character, Hexside, load

V = load("default")
TERRAINS = sorted(V.battlelands)
NAMES = sorted(V.characters)
HILLY = ("Desert", "Hills", "Mountains")
SLOPE_OR_DUNE = sorted(n for n, c in V.characters.items() if c.natives & {"slope", "dune"})

# --- the reference: the previous implementation, which built the whole board and tried every
# --- strike number and number of dice for carry-over --------------------------------------------


def _ref_side_between(land: Battleland, at: str, to: str) -> Hexside | None:
    d = land.hex(at).direction_to(to)
    return None if d is None else land.hex(at).hexsides[d]


def _ref_adjacent_not_cliff(land: Battleland, at: str, to: str) -> bool:
    if land.hex(at).direction_to(to) is None:
        return False
    side = _ref_side_between(land, at, to)
    return side is None or side.hazard != "cliff"


def _ref_up_dune(land: Battleland, at: str, to: str) -> bool:
    side = _ref_side_between(land, at, to)
    return side is not None and side.hazard == "dune" and not side.top


def _ref_factors(
    land: Battleland, striker: Piece, at: str, target: Piece, to: str
) -> tuple[int, int]:
    dice = striker.power
    skill = striker.skill
    target_skill = target.skill
    side = _ref_side_between(land, at, to)
    if side is not None:
        down = side.top
        native = striker.is_native(side.hazard)
        if side.hazard == "slope":
            if down and native:
                dice += 1
            elif not down and not native:
                skill -= 1
        elif side.hazard == "dune":
            if down and native:
                dice += 2
            elif not down and not native:
                dice -= 1
        elif side.hazard == "wall":
            skill += 1 if down else -1
    here = land.hex(at).terrain
    if here == "bramble" and not striker.is_native("bramble"):
        skill -= 1
    if here == "volcano" and striker.is_native("volcano"):
        dice += 2
    if (
        land.hex(to).terrain == "bramble"
        and target.is_native("bramble")
        and not (striker.is_native("bramble"))
    ):
        target_skill += 1
    return dice, strike_number(skill, target_skill)


def _ref_enemies_in_contact(land: Battleland, board: Board, at: str, side: Side) -> list[str]:
    out = []
    for n in land.hex(at).neighbours:
        if n is None or n not in board:
            continue
        p = board[n]
        if p.side != side and p.hits < p.power and _ref_adjacent_not_cliff(land, at, n):
            out.append(n)
    return out


def ref_targets(land: Battleland, board: Board, at: str) -> tuple[str, ...]:
    return tuple(sorted(_ref_enemies_in_contact(land, board, at, board[at].side)))


def _ref_carry(
    land: Battleland, board: Board, at: str, to: str, dice: int, sn: int
) -> frozenset[str]:
    striker, target = board[at], board[to]
    if dice - target.remaining < 1:
        return frozenset()
    out = set()
    for other in _ref_enemies_in_contact(land, board, at, striker.side):
        if other == to:
            continue
        if _ref_up_dune(land, at, other) and not _ref_up_dune(land, at, to):
            continue
        o_dice, o_sn = _ref_factors(land, striker, at, board[other], other)
        if o_sn <= sn and o_dice >= dice:
            out.add(other)
    return frozenset(out)


def ref_options(
    land: Battleland, board: Board, at: str, target_at: str
) -> tuple[StrikeOption, ...]:
    if target_at not in ref_targets(land, board, at):
        return ()
    striker, target = board[at], board[target_at]
    dice, sn = _ref_factors(land, striker, at, target, target_at)
    best = _ref_carry(land, board, at, target_at, dice, sn)
    options = [StrikeOption(target_at, dice, sn, best)]
    reach: dict[tuple[int, int], frozenset[str]] = {}
    for s in range(sn, 7):
        for d in range(dice, 0, -1):
            reach[(s, d)] = _ref_carry(land, board, at, target_at, d, s)
    for (s, d), carry in sorted(reach.items()):
        if (s, d) == (sn, dice) or not carry or carry <= best:
            continue
        lighter = [k for k in reach if k != (s, d) and k[0] <= s and k[1] >= d]
        if any(reach[k] >= carry for k in lighter):
            continue
        options.append(StrikeOption(target_at, d, s, carry, penalty=True))
    return tuple(options)


def _ref_side_board(
    side: Side, names: Mapping[str, str], hits: Mapping[str, int], titan_power: int
) -> dict[str, Piece]:
    out = {}
    for h, name in names.items():
        ch = V.characters[name]
        power = titan_power if name == "Titan" else ch.power
        out[h] = Piece(ch, side, power, hits.get(h, 0))
    return out


def ref_board(
    attacker: str,
    at: str,
    target: str,
    target_at: str,
    friends: Mapping[str, str],
    enemies: Mapping[str, str],
    titan_power: int,
    hits: Mapping[str, int],
) -> dict[str, Piece]:
    board = _ref_side_board("attacker", {**friends, at: attacker}, hits, titan_power)
    board.update(_ref_side_board("defender", {**enemies, target_at: target}, hits, titan_power))
    return board


# --- random queries ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Query:
    terrain: str
    attacker: str
    at: str
    target: str
    target_at: str
    friends: dict[str, str]
    enemies: dict[str, str]
    titan_power: int
    hits: dict[str, int]

    def answer(self) -> tuple[StrikeOption, ...]:
        return strike_options_query(
            V,
            self.terrain,
            self.attacker,
            self.at,
            self.target,
            self.target_at,
            friends=self.friends,
            enemies=self.enemies,
            titan_power=self.titan_power,
            hits=self.hits,
        )

    def board(self) -> dict[str, Piece]:
        return ref_board(
            self.attacker,
            self.at,
            self.target,
            self.target_at,
            self.friends,
            self.enemies,
            self.titan_power,
            self.hits,
        )

    def reference(self) -> tuple[StrikeOption, ...]:
        return ref_options(V.battlelands[self.terrain], self.board(), self.at, self.target_at)


def _neighbours(terrain: str, at: str) -> list[str]:
    return [n for n in V.battlelands[terrain].hex(at).neighbours if n is not None]


def random_query(rng: random.Random) -> Query:
    """Half the time any target in contact, with up to five more characters around the
    striker and a few elsewhere, often damaged or slain; sometimes a target out of contact or
    across a cliff, a Titan of any power, or characters on the striker's or the target's hex.
    The other half a striker native to slopes or dunes on the Hills, Desert or Mountains with
    lightly damaged enemies on every side: where carry-over and penalty strikes abound."""
    crowded = rng.random() < 0.5
    terrain = rng.choice(HILLY if crowded else TERRAINS)
    attacker = rng.choice(SLOPE_OR_DUNE if crowded else NAMES)
    at = rng.choice(BATTLE_LABELS)
    around = _neighbours(terrain, at)
    target_at = rng.choice(around) if rng.random() < 0.9 else rng.choice(BATTLE_LABELS)
    hexes = list(around) if crowded else rng.sample(around, rng.randint(0, len(around)))
    hexes += rng.sample(BATTLE_LABELS, rng.randint(0, 3))
    friends: dict[str, str] = {}
    enemies: dict[str, str] = {}
    for h in hexes:
        (enemies if crowded or rng.random() < 0.7 else friends)[h] = rng.choice(NAMES)
    titan_power = rng.randint(6, 10) if rng.random() < 0.9 else rng.randint(0, 5)
    most = 3 if crowded else 12
    hits = {h: rng.randint(0, most) for h in {*hexes, at, target_at} if rng.random() < 0.5}
    target = enemies.get(target_at) or rng.choice(NAMES)
    return Query(terrain, attacker, at, target, target_at, friends, enemies, titan_power, hits)


@st.composite
def queries(draw: st.DrawFn) -> Query:
    return random_query(random.Random(draw(st.integers(0, 2**32 - 1))))


# --- the fast implementation against the reference --------------------------------------------


def test_seeded_random_queries_match_the_reference() -> None:
    rng = random.Random(20240611)
    answered = carried = penalties = 0
    for _ in range(4000):
        q = random_query(rng)
        got = q.answer()
        assert got == q.reference(), q
        answered += bool(got)
        carried += any(o.carry_targets for o in got)
        penalties += any(o.penalty for o in got)
    # the boards exercise what matters: strikes, carry-over and penalty strikes
    assert answered > 2500 and carried > 1000 and penalties > 400


@settings(max_examples=400, deadline=None)
@given(queries())
def test_queries_match_the_reference(q: Query) -> None:
    assert q.answer() == q.reference()


@settings(max_examples=300, deadline=None)
@given(queries(), st.sampled_from(("attacker", "defender")))
def test_board_functions_match_the_reference(q: Query, side: Side) -> None:
    """The battle flow's entry points, on a board of either side's striker."""
    board = q.board()
    land = V.battlelands[q.terrain]
    if side == "defender":  # the same board seen from the other side's character on at
        board = {h: dataclasses.replace(p, side=_other(p.side)) for h, p in board.items()}
    assert strike_options(V, land, board, q.at, q.target_at) == ref_options(
        land, board, q.at, q.target_at
    )
    assert strike_targets(V, land, board, q.at) == ref_targets(land, board, q.at)
    for to in ref_targets(land, board, q.at):
        assert strike_factors(land, board[q.at], q.at, board[to], to) == _ref_factors(
            land, board[q.at], q.at, board[to], to
        )


def _other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


def _grid_options(target_at: str, enemies: list[Strikable]) -> tuple[StrikeOption, ...]:
    """The reference's search over every strike number and number of dice, on the factors
    of the enemies in contact as ``_options`` takes them."""
    found = [e for e in enemies if e[0] == target_at]
    if not found:
        return ()
    _, dice, sn, dune, remaining = found[0]

    def carry(d: int, s: int) -> frozenset[str]:
        if d - remaining < 1:
            return frozenset()
        return frozenset(
            o
            for o, o_dice, o_sn, o_dune, _ in enemies
            if o != target_at and (dune or not o_dune) and o_sn <= s and o_dice >= d
        )

    best = carry(dice, sn)
    options = [StrikeOption(target_at, dice, sn, best)]
    reach = {(s, d): carry(d, s) for s in range(sn, 7) for d in range(dice, 0, -1)}
    for (s, d), c in sorted(reach.items()):
        if (s, d) == (sn, dice) or not c or c <= best:
            continue
        lighter = [k for k in reach if k != (s, d) and k[0] <= s and k[1] >= d]
        if any(reach[k] >= c for k in lighter):
            continue
        options.append(StrikeOption(target_at, d, s, c, penalty=True))
    return tuple(options)


@pytest.mark.rules("13.4")
@settings(max_examples=1000, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1, 20), st.integers(1, 6), st.booleans(), st.integers(1, 12)),
        min_size=1,
        max_size=6,
    ),
    st.integers(0, 6),
)
def test_penalty_strikes_match_the_search_over_every_combination(
    factors: list[tuple[int, int, bool, int]], target: int
) -> None:
    """Any dice, strike numbers, dunes and damage of up to six enemies in contact: the penalty
    strikes found where carry-over changes are those of trying every combination."""
    enemies = [(f"X{i}", *f) for i, f in enumerate(factors)]
    assert _options(f"X{target}", enemies) == _grid_options(f"X{target}", enemies)


def test_every_striker_hex_and_target_of_every_battleland() -> None:
    """Each hex of each battleland against each hex in contact, for striking characters of
    every nativity, with damaged enemies all around."""
    strikers = ("Dragon", "Hydra", "Lion", "Ogre", "Gargoyle", "Titan", "Colossus", "Centaur")
    rng = random.Random(7)
    for terrain in TERRAINS:
        land = V.battlelands[terrain]
        for at in BATTLE_LABELS:
            around = _neighbours(terrain, at)
            for target_at in around:
                enemies = {h: rng.choice(NAMES) for h in around}
                hits = {h: rng.randint(0, 4) for h in around}
                for attacker in strikers:
                    q = Query(
                        terrain, attacker, at, enemies[target_at], target_at, {}, enemies, 7, hits
                    )
                    assert q.answer() == ref_options(land, q.board(), at, target_at), q


@pytest.mark.rules("hazard chart")
def test_a_modified_character_is_not_taken_for_the_printed_one() -> None:
    """Rows are cached per hex and character: a made-up Ogre native to bramble, striking out of
    bramble, keeps its skill where the printed Ogre loses one (hazard chart)."""
    land = V.battlelands["Brush"]
    at = next(h for h, x in land.hexes.items() if x.terrain == "bramble")
    hx = land.hex(at)
    to = next(n for n, side in zip(hx.neighbours, hx.hexsides, strict=True) if n and not side)
    ogre = V.characters["Ogre"]
    native = dataclasses.replace(ogre, natives=ogre.natives | {"bramble"})
    lion = Piece(V.characters["Lion"], "defender", 5)
    for striker in (ogre, native, ogre, native):
        board = {at: Piece(striker, "attacker", 6), to: lion}
        assert strike_options(V, land, board, at, to) == ref_options(land, board, at, to)
    plain = strike_options(V, land, {at: Piece(ogre, "attacker", 6), to: lion}, at, to)
    bramble = strike_options(V, land, {at: Piece(native, "attacker", 6), to: lion}, at, to)
    assert bramble[0].strike_number == plain[0].strike_number - 1


# --- corner cases of a query ------------------------------------------------------------------


def test_a_query_answers_as_on_the_board_it_describes() -> None:
    enemies = {"C4": "Lion", "D4": "Centaur"}
    board = query_board(V, "Ogre", "C3", "Lion", "C4", {}, enemies, 6, {"C4": 3})
    land = V.battlelands["Plains"]
    assert strike_options(V, land, board, "C3", "C4") == strike_options_query(
        V, "Plains", "Ogre", "C3", "Lion", "C4", enemies=enemies, hits={"C4": 3}
    )
    assert board == ref_board("Ogre", "C3", "Lion", "C4", {}, enemies, 6, {"C4": 3})


@pytest.mark.rules("13", "errata 12.0")
def test_no_strike_out_of_contact_at_a_slain_target_or_from_the_targets_hex() -> None:
    assert strike_options_query(V, "Plains", "Ogre", "C3", "Lion", "C5") == ()  # not adjacent
    assert strike_options_query(V, "Plains", "Ogre", "C3", "Lion", "C4", hits={"C4": 5}) == ()
    assert strike_options_query(V, "Plains", "Ogre", "C3", "Lion", "C3") == ()
    # an enemy on the striker's hex: the board holds that enemy there, of the target's side
    assert (
        strike_options_query(V, "Plains", "Ogre", "C3", "Lion", "C4", enemies={"C3": "Troll"}) == ()
    )
    # a friend on the target's hex gives way to the target, as on the board
    (o,) = strike_options_query(V, "Plains", "Ogre", "C3", "Lion", "C4", friends={"C4": "Troll"})
    assert (o.dice, o.strike_number) == (6, 5)


@pytest.mark.rules("hazard chart")
def test_no_strike_across_a_cliff() -> None:
    land = V.battlelands["Mountains"]
    at, d = next(
        (h, d)
        for h, x in sorted(land.hexes.items())
        for d, s in enumerate(x.hexsides)
        if s is not None and s.hazard == "cliff"
    )
    to = land.hex(at).neighbours[d]
    assert to is not None
    assert strike_options_query(V, "Mountains", "Troll", at, "Ogre", to) == ()


def test_unknown_names_and_hexes_are_errors() -> None:
    with pytest.raises(KeyError):
        strike_options_query(V, "Plains", "Ogre", "C3", "Lion", "C4", friends={"F1": "Orc"})
    with pytest.raises(KeyError):
        strike_options_query(V, "Plains", "Ogre", "C3", "Elf", "C4")
    with pytest.raises(KeyError):
        strike_options_query(V, "Plains", "Ogre", "Z9", "Lion", "C4")
    with pytest.raises(KeyError):
        strike_options_query(V, "Moon", "Ogre", "C3", "Lion", "C4")


def test_a_titans_power_is_its_dice() -> None:
    for power in (6, 8, 11):
        (o,) = strike_options_query(V, "Plains", "Titan", "C3", "Ogre", "C4", titan_power=power)
        assert o.dice == power
    # and its remaining hits decide carry-over when it is the target
    enemies = {"C4": "Titan", "D4": "Ogre"}
    few = strike_options_query(
        V, "Plains", "Troll", "C3", "Titan", "C4", enemies=enemies, titan_power=7
    )
    many = strike_options_query(
        V, "Plains", "Troll", "C3", "Titan", "C4", enemies=enemies, titan_power=10
    )
    assert few[0].carry_targets == {"D4"} and many[0].carry_targets == frozenset()


def test_character_factors_come_from_the_variant() -> None:
    for name in NAMES:
        ch: Character = V.characters[name]
        (o,) = strike_options_query(V, "Plains", name, "C3", "Centaur", "C4", titan_power=6)
        assert (o.dice, o.strike_number) == (ch.power, strike_number(ch.skill, 4))
