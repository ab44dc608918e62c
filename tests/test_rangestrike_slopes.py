"""Rangestrikes across Slopes and Cliffs (hazard chart 11.7, Slope and Cliff;
docs/rules-decisions.md "Rangestrikes across slopes").

The reading: a rangestrike crossing one or two slopes needs at least one of them to have
the rangestriker or the target atop it -- which a straight line allows only for the first
hexside crossed (striker atop) or the last (target atop); three slopes need both: the
striker atop the first and the target atop the third. With one Cliff on the path the slopes
need nobody atop them, the cliff's own condition being the only one.

Every case is a real line of the default battlelands, found by enumerating the paths of
titan.engine.queries.los.paths; each comment gives the hexes and their printed elevations
(striker first) and the hexsides crossed: "down" / "up" when the line crosses the hazard
going down / up. All paths have a single route unless said otherwise, and every hex on
them is a plain hex, so nothing but the hexsides decides.

A Giant (power 7, skill 4) strikes an Ogre (skill 2): 7 // 2 = 3 dice (12.2) needing
4 - 4 + 2 = 2 at range 3, and 4 - 3 + 2 = 3 at range 4 (12.3: one skill factor less).
"""

from __future__ import annotations

from itertools import pairwise, permutations

import pytest

from titan.engine.queries.hexgrid import strike_range
from titan.engine.queries.los import paths
from titan.rules import rangestrike_options
from titan.variant import Battleland, load

V = load("default")

RANGE_3 = [(3, 2)]  # (dice, strike number) of the Giant's rangestrike at an Ogre
RANGE_4 = [(3, 3)]
REFUSED: list[tuple[int, int]] = []


def results(terrain: str, at: str, target_at: str) -> list[tuple[int, int]]:
    """(dice, strike number) of each option of a Giant on ``at`` against an Ogre."""
    opts = rangestrike_options(V, terrain, "Giant", at, "Ogre", target_at)
    return [(o.dice, o.strike_number) for o in opts]


@pytest.mark.rules("hazard chart")
@pytest.mark.parametrize(
    ("terrain", "at", "target_at", "expected"),
    [
        # D2 (1) -> D3 (0) -> D4 (0): down a slope out of the striker's hex
        ("Hills", "D2", "D4", RANGE_3),
        # D3 (0) -> C3 (0) -> B3 (1): up a slope into the target's hex
        ("Hills", "D3", "B3", RANGE_3),
        # B3 (0) -> C4 (1) -> D5 (1): up onto C4, which neither occupies
        ("Mountains", "B3", "D5", REFUSED),
        # A2 (0) -> B3 (0) -> C4 (1) -> D5 (1): up onto C4 in the middle of the path
        ("Mountains", "A2", "D5", REFUSED),
    ],
)
def test_one_slope_needs_the_striker_or_the_target_atop_it(
    terrain: str, at: str, target_at: str, expected: list[tuple[int, int]]
) -> None:
    assert results(terrain, at, target_at) == expected


@pytest.mark.rules("hazard chart")
@pytest.mark.parametrize(
    ("terrain", "at", "target_at", "expected"),
    [
        # C3 (0) -> C4 (1) -> C5 (2): a staircase up; the target atop the second slope
        ("Mountains", "C3", "C5", RANGE_3),
        # B1 (1) -> B2 (0) -> B3 (1): a valley; both atop a slope (allowed by any reading)
        ("Hills", "B1", "B3", RANGE_3),
        # C5 (2) -> C4 (1) -> C3 (0) -> C2 (0): a staircase down, then level (range 4)
        ("Mountains", "C5", "C2", RANGE_4),
        # A1 (0) -> B1 (1) -> C1 (0): a ridge; B1 is atop both slopes
        ("Hills", "A1", "C1", REFUSED),
        # A3 (0) -> B4 (1) -> C5 (2) -> D6 (2): up two slopes onto C5, then level to D6
        ("Mountains", "A3", "D6", REFUSED),
    ],
)
def test_two_slopes_need_the_striker_or_the_target_atop_one_of_them(
    terrain: str, at: str, target_at: str, expected: list[tuple[int, int]]
) -> None:
    assert results(terrain, at, target_at) == expected


@pytest.mark.rules("hazard chart", "12.4", "errata 13.3")
def test_mountains_giant_c5_down_the_staircase_to_a_colossus_on_b3() -> None:
    """C5 (2) -> B4 or C4 (1) -> B3 (0): the line runs along the B4/C4 hexside (12.4) and
    both routes cross two slopes down, only the first with the striker atop it. Giant
    (power 7, skill 4) at a Colossus (skill 4), range 3: 3 dice needing 4."""
    (o,) = rangestrike_options(V, "Mountains", "Giant", "C5", "Colossus", "B3")
    assert (o.dice, o.strike_number) == (3, 4)
    # each route is legal on its own: block one with a character, the other remains
    for blocked, open_route in (("B4", ("C4",)), ("C4", ("B4",))):
        (o,) = rangestrike_options(
            V, "Mountains", "Giant", "C5", "Colossus", "B3", friends={blocked: "Ogre"}
        )
        assert (o.dice, o.strike_number, o.path) == (3, 4, open_route)


@pytest.mark.rules("hazard chart")
@pytest.mark.parametrize(
    ("terrain", "at", "target_at", "expected"),
    [
        # C5 (2) -> C4 (1) -> B3 (0) -> B2 (1): down, down, up; the striker atop the first
        # slope and the target atop the third
        ("Mountains", "C5", "B2", RANGE_4),
        # B1 (1) -> B2 (0) -> B3 (1) -> B4 (0): down, up, down; the striker atop the first,
        # but B3, not the target, atop the third
        ("Hills", "B1", "B4", REFUSED),
        # B4 (0) -> B3 (1) -> B2 (0) -> B1 (1): the same line from the other end; the target
        # atop the third, nobody atop the first
        ("Hills", "B4", "B1", REFUSED),
        # D5 (1) -> D4 (2) -> D3 (1) -> D2 (0): up onto the volcano, then down twice
        ("Mountains", "D5", "D2", REFUSED),
        # A2 (0) -> B2 (1) -> B1 (2) -> C1 (1): up twice, then down to the target
        ("Mountains", "A2", "C1", REFUSED),
    ],
)
def test_three_slopes_need_one_end_atop_the_first_and_the_other_atop_the_third(
    terrain: str, at: str, target_at: str, expected: list[tuple[int, int]]
) -> None:
    assert results(terrain, at, target_at) == expected


@pytest.mark.rules("hazard chart")
@pytest.mark.parametrize(
    ("terrain", "striker", "at", "target", "target_at"),
    [
        # D2 (1) -> D3 (0) -> E3 (1) -> E4 (0): the striker atop the first; the empty E3
        # atop the second and the third
        ("Hills", "Giant", "D2", "Unicorn", "E4"),
        # C5 (2) -> C4 (1) -> D4 (2) -> D3 (1): the striker atop the first; D4 atop the rest
        ("Mountains", "Minotaur", "C5", "Centaur", "D3"),
        # C3 (0) -> D3 (1) -> E2 (0) -> F1 (1): D3 atop the first two; the target the third
        ("Mountains", "Giant", "C3", "Hydra", "F1"),
        ("Mountains", "Minotaur", "C3", "Hydra", "F1"),
        # F4 (2) -> F3 (1) -> F2 (2) -> F1 (1): the striker atop the first; F2 the rest
        ("Mountains", "Giant", "F4", "Cyclops", "F1"),
    ],
)
def test_three_slopes_with_only_one_end_atop_an_end_slope_are_refused(
    terrain: str, striker: str, at: str, target: str, target_at: str
) -> None:
    """Range 4, three slopes crossed and nothing else, only one of the two ends atop the
    slope next to it: the engine once let the one end suffice."""
    assert rangestrike_options(V, terrain, striker, at, target, target_at) == ()


@pytest.mark.rules("hazard chart")
def test_a_third_slope_does_not_open_a_line_two_slopes_block() -> None:
    """Mountains C3 (0) -> D3 (1) -> E2 (0) crosses two slopes that neither end tops (a
    ridge), and is blocked; the same line continued to F1 (1) crosses a third, which the
    target tops: still blocked, the first slope having nobody atop it."""
    assert results("Mountains", "C3", "E2") == REFUSED
    assert results("Mountains", "C3", "F1") == REFUSED


def _slope_tops(land: Battleland, chain: tuple[str, ...]) -> list[str] | None:
    """The hex atop each slope the route crosses, in order from the striker; None when the
    route meets any other hazard (another hexside, or a tree between)."""
    tops = []
    for frm, nxt in pairwise(chain):
        hx = land.hex(frm)
        side = hx.hexsides[hx.neighbours.index(nxt)]
        if side is None:
            continue
        if side.hazard != "slope":
            return None
        tops.append(frm if side.top else nxt)
    if any(land.hex(h).terrain == "tree" for h in chain[1:-1]):
        return None
    return tops


def _allowed_by_the_slope_rule(tops: list[str], at: str, to: str) -> bool:
    """Hazard chart, Slope, as read in docs/rules-decisions.md: one or two slopes, the
    striker or the target atop one of them; three, one atop the first and the other atop
    the third."""
    if not tops:
        return True
    if len(tops) == 3:
        return tops[0] == at and tops[2] == to
    return at in tops or to in tops


@pytest.mark.rules("hazard chart", "12.3", "12.4")
@pytest.mark.parametrize("terrain", ["Hills", "Mountains"])
def test_every_line_of_range_three_and_four_follows_the_slope_rule(terrain: str) -> None:
    """Every pair of hexes at range 3 or 4 whose routes cross slopes and no other hazard,
    on an otherwise empty battleland: a Giant may rangestrike an Ogre exactly when some
    route is allowed by the slope rule."""
    land = V.battlelands[terrain]
    judged = {0: 0, 1: 0, 2: 0, 3: 0}
    allowed_three = 0
    for at, to in permutations(sorted(land.hexes), 2):
        if strike_range(land.hex(at), land.hex(to)) not in (3, 4):
            continue
        routes = [_slope_tops(land, (at, *between, to)) for between in paths(at, to)]
        if any(tops is None for tops in routes):
            continue  # a cliff, wall, dune or tree on some route: other rules decide
        expected = any(_allowed_by_the_slope_rule(t, at, to) for t in routes if t is not None)
        assert bool(results(terrain, at, to)) == expected, (at, to, routes)
        judged[max(len(t) for t in routes if t is not None)] += 1
        allowed_three += expected and all(t is not None and len(t) == 3 for t in routes)
    assert all(judged[n] > 0 for n in (1, 2, 3)), judged  # every count of slopes was met
    if terrain == "Mountains":
        assert allowed_three > 0  # C5 -> B2 and its like


@pytest.mark.rules("hazard chart")
@pytest.mark.parametrize(
    ("terrain", "at", "target_at", "expected"),
    [
        # F2 (2) -> E2 (0) -> D3 (1) -> C2 (0): down the cliff from the striker's hex, then
        # a slope up and a slope down that neither occupies
        ("Mountains", "F2", "C2", RANGE_4),
        # B1 (2) -> C2 (0) -> D3 (1) -> E3 (1): down the cliff, then up a slope onto D3
        ("Mountains", "B1", "E3", RANGE_4),
    ],
)
def test_slopes_after_a_cliff_the_striker_is_atop(
    terrain: str, at: str, target_at: str, expected: list[tuple[int, int]]
) -> None:
    assert results(terrain, at, target_at) == expected


@pytest.mark.rules("hazard chart")
def test_slopes_before_a_cliff_the_target_is_atop() -> None:
    """C2 (0) -> D3 (1) -> E2 (0) -> F2 (2): a slope up and a slope down that neither
    occupies, then up the cliff into the target's hex."""
    assert results("Mountains", "C2", "F2") == RANGE_4


@pytest.mark.rules("hazard chart")
@pytest.mark.parametrize(
    ("terrain", "at", "target_at"),
    [
        # F4 (2) -> E4 (1) -> D4 (2) -> C3 (0): the target is at the base of the cliff and
        # the striker is not atop it (Cliff: "only if rangestriker is atop that Cliff ...")
        ("Mountains", "F4", "C3"),
        # E4 (1) -> D4 (2) -> C3 (0) -> B2 (1): the cliff in the middle; neither is atop it
        ("Mountains", "E4", "B2"),
    ],
)
def test_slopes_do_not_excuse_a_cliff_nobody_is_atop(terrain: str, at: str, target_at: str) -> None:
    assert results(terrain, at, target_at) == REFUSED
