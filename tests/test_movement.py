"""Normal masterboard movement (rules 6.2, 7.1-7.5; errata 2.2/10.1, 6.2, 7.1)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from titan.engine.queries.movement import masterboard_moves, paths
from titan.variant import EntrySide, Exit, Land, Masterboard, Variant, load

V = load("default")
BOARD = V.masterboard
LANDS = sorted(BOARD.lands)
L: EntrySide = "left"
R: EntrySide = "right"
B: EntrySide = "bottom"


def sides(*s: EntrySide) -> frozenset[EntrySide]:
    return frozenset(s)


# --- entry sides (errata 2.2/10.1) ---------------------------------------------------------


@pytest.mark.rules("errata 2.2", "errata 10.1")
def test_mountains_1000_from_tundra_6000_is_a_left_attack_errata_2_2_10_1() -> None:
    """Marsh 36 -> Tundra 6000 (arch) -> Mountains 1000 (arrow): enters 1000 from 6000."""
    assert masterboard_moves(V, 36, 2)[1000] == sides(L)
    assert masterboard_moves(V, 36, 2, enemies={1000})[1000] == sides(L)


@pytest.mark.rules("errata 2.2", "errata 10.1")
def test_mountains_1000_from_tundra_2000_is_a_right_attack_errata_2_2_10_1() -> None:
    """Marsh 8 -> Tundra 2000 (arch) -> Mountains 1000 (arrow)."""
    assert masterboard_moves(V, 8, 2)[1000] == sides(R)


@pytest.mark.rules("errata 2.2", "errata 10.1")
def test_mountains_1000_from_plains_1_is_a_bottom_attack_errata_2_2_10_1() -> None:
    assert masterboard_moves(V, 1, 1, enemies={1000}) == {1000: sides(B), 2: sides(L)}


@pytest.mark.rules("Complete Sequence 2.3", "errata 10.1")
def test_several_ways_in_give_several_sides_errata_2_3() -> None:
    """Plains 1 with a 4 reaches Tundra 4000 round either side of the mountain ring, so the
    mover may attack it from the left or the right and must declare which (errata 2.3)."""
    assert masterboard_moves(V, 1, 4)[4000] == sides(L, R)


@pytest.mark.rules("10.2")
def test_every_way_into_a_tower_is_from_the_bottom_10_2() -> None:
    for tower in BOARD.towers:
        for land in LANDS:
            for roll in range(1, 7):
                got = masterboard_moves(V, land, roll, enemies={tower}).get(tower)
                assert got in (None, sides(B))


# --- signs (7.3-7.5) ----------------------------------------------------------------------


@pytest.mark.rules("7.4")
def test_a_block_must_begin_the_move_7_4() -> None:
    """Tundra 6000 has a block towards Marsh 36, besides two arrows: every move starts at 36,
    for every roll ("no matter what else is on an edge")."""
    assert masterboard_moves(V, 6000, 1) == {36: sides(B)}
    for roll in range(1, 7):
        assert {p[0][0] for p in paths(V, 6000, roll)} == {36}


@pytest.mark.rules("7.4")
def test_every_land_with_a_block_begins_only_through_it_7_4() -> None:
    for land in LANDS:
        blocks = {e.to for e in BOARD.land(land).exits if e.sign == "block"}
        if blocks:
            for roll in range(1, 7):
                assert {p[0][0] for p in paths(V, land, roll)} == blocks


@pytest.mark.rules("7.4", "7.5")
def test_block_then_the_triple_arrow_to_the_woods_7_5_figure() -> None:
    """7.5 figure: Grey on a Mountains land rolls a two: through the block, then it must
    follow the triple arrow towards the Woods."""
    assert masterboard_moves(V, 1000, 2) == {2: sides(L)}
    assert masterboard_moves(V, 3000, 2) == {16: sides(L)}
    assert masterboard_moves(V, 5000, 2) == {30: sides(L)}
    assert {BOARD.land(n).terrain for n in (2, 16, 30)} == {"Woods"}


@pytest.mark.rules("7.4", "7.5")
def test_an_arch_or_a_triple_arrow_may_begin_a_move_7_4_7_5_figure() -> None:
    """7.5 figure: Red rolls a one: through the circle (arch) or the triple arrow."""
    assert masterboard_moves(V, 42, 1) == {1: sides(R), 37: sides(R)}
    assert masterboard_moves(V, 1, 1) == {1000: sides(B), 2: sides(L)}


@pytest.mark.rules("7.4")
def test_a_tower_reaches_its_three_neighbours_with_a_one_7_4_arrow_a() -> None:
    assert masterboard_moves(V, 100, 1) == {3: sides(R), 101: sides(B), 41: sides(L)}
    for tower in BOARD.towers:
        assert set(masterboard_moves(V, tower, 1)) == {
            n for n in BOARD.land(tower).neighbours if n is not None
        }


@pytest.mark.rules("7.4", "7.5")
def test_arches_and_blocks_bind_only_the_first_step_7_5() -> None:
    """Swamp 42 -> Plains 1 by its triple arrow: 1 has an arch to 1000, but passing through,
    the legion must follow 1's triple arrow to Woods 2 (7.4 triple arrow b)."""
    assert masterboard_moves(V, 42, 2) == {2: sides(L), 38: sides(B)}


@pytest.mark.rules("7.4")
def test_single_arrows_may_be_followed_either_way_but_never_back_7_4_arrow_b() -> None:
    """Marsh 8 -> Tundra 2000 (arch) -> 1000 or 3000 by the ring's arrows -> on round the
    ring, never back to 2000."""
    assert masterboard_moves(V, 8, 3) == {11: sides(L), 4000: sides(L), 6000: sides(R)}


@pytest.mark.rules("7.4")
def test_no_backtracking_out_of_a_tower_7_4_arrow_b() -> None:
    """Brush 3 -> Tower 100 (arch) -> on by the tower's other two arrows, not back to 3."""
    assert masterboard_moves(V, 3, 2) == {5: sides(L), 101: sides(B), 41: sides(L)}


@pytest.mark.rules("7.4")
def test_no_path_crosses_the_border_it_just_crossed_7_4() -> None:
    for land in LANDS:
        for roll in range(2, 7):
            for path in paths(V, land, roll):
                lands = [land, *(to for to, _ in path)]
                assert all(lands[i] != lands[i + 2] for i in range(len(lands) - 2))


@pytest.mark.rules("7.2")
def test_every_path_is_exactly_roll_steps_along_signs_7_2() -> None:
    for land in LANDS:
        for roll in range(1, 7):
            for path in paths(V, land, roll):
                assert len(path) == roll
                here = land
                for to, side in path:
                    e = BOARD.land(here).exit_to(to)
                    assert e is not None and e.entry_side == side
                    here = to


def _synthetic_board() -> Variant:
    """A four-land board where one land has both a triple arrow and a single arrow out,
    which the default board never has: 1 -> 2 (arch); 2 -> 3 (arrows), 2 -> 4 (arrow)."""

    def land(label: int, exits: tuple[Exit, ...]) -> Land:
        return Land(label, "Plains", label, 0, 0, exits, (None,) * 6)

    lands = {
        1: land(1, (Exit(2, "arch", 1, "left"),)),
        2: land(2, (Exit(3, "arrows", 1, "left"), Exit(4, "arrow", 3, "right"))),
        3: land(3, (Exit(1, "arrows", 1, "bottom"),)),
        4: land(4, (Exit(2, "arrow", 0, "bottom"),)),
    }
    return dataclasses.replace(V, masterboard=Masterboard(lands, ()))


@pytest.mark.rules("7.4")
def test_a_triple_arrow_out_must_be_followed_over_a_single_arrow_7_4_triple_arrow_b() -> None:
    board = _synthetic_board()
    assert masterboard_moves(board, 1, 2) == {3: sides(L)}
    assert masterboard_moves(board, 2, 1) == {3: sides(L), 4: sides(R)}  # both may begin


# --- legions in the way (6.2, 7.1) --------------------------------------------------------


@pytest.mark.rules("6.2", "7.1")
def test_entering_an_enemy_land_ends_the_move_6_2_7_1() -> None:
    assert masterboard_moves(V, 42, 4, enemies={2}) == {2: sides(L), 40: sides(L)}
    assert masterboard_moves(V, 42, 6, enemies={1, 37}) == {1: sides(R), 37: sides(R)}


@pytest.mark.rules("7.1")
def test_stopping_at_an_enemy_changes_where_other_paths_go_7_1() -> None:
    """Marsh 36 with a 5: through 6000 and round the mountain ring either way, to 2000 or
    (by 1000) to 4000; an enemy on 1000 stops the second way there."""
    assert masterboard_moves(V, 36, 5) == {
        2000: sides(R),
        4000: sides(L),
        41: sides(R),
    }
    assert masterboard_moves(V, 36, 5, enemies={1000}) == {
        2000: sides(R),
        1000: sides(L),
        41: sides(R),
    }


@pytest.mark.rules("7.1")
def test_a_legion_passes_friends_but_never_ends_on_them_7_1() -> None:
    assert masterboard_moves(V, 42, 2, friends={1}) == {2: sides(L), 38: sides(B)}
    assert masterboard_moves(V, 42, 1, friends={1}) == {37: sides(R)}


@pytest.mark.rules("7.1")
def test_an_engagement_land_is_neither_entered_nor_crossed_7_1() -> None:
    """Woods 2 holds a friend and an enemy (engaged this turn): the path 42-1-2-3 is shut."""
    assert masterboard_moves(V, 42, 3) == {3: sides(B), 39: sides(L)}
    assert masterboard_moves(V, 42, 3, friends={2}, enemies={2}) == {39: sides(L)}
    assert masterboard_moves(V, 42, 1, friends={1}, enemies={1}) == {37: sides(R)}


@pytest.mark.rules("errata 6.2")
def test_swamp_42_back_to_42_on_a_six_errata_6_2() -> None:
    assert masterboard_moves(V, 42, 6)[42] == sides(B)
    assert 42 not in masterboard_moves(V, 42, 6, friends={42})


def test_results_are_fresh_copies() -> None:
    """A caller editing a result must not change the next answer (the tables are shared):
    Swamp 42 still loops back to itself on a 6 afterwards (errata 6.2)."""
    first = masterboard_moves(V, 42, 6)
    first.clear()
    assert masterboard_moves(V, 42, 6)[42] == sides(B)


@pytest.mark.rules("6.2")
@pytest.mark.parametrize(("land", "roll"), [(42, 0), (42, 7), (7777, 1)])
def test_bad_queries_are_refused_6_2(land: int, roll: int) -> None:
    """A movement roll is one die, 1-6 (6.2); lands are the board's 96 (2.1)."""
    with pytest.raises(ValueError):
        masterboard_moves(V, land, roll)


# --- properties -----------------------------------------------------------------------------


def _reference(
    land: int, roll: int, friends: set[int], enemies: set[int]
) -> dict[int, set[EntrySide]]:
    """A direct reading of 6.2 and 7.1-7.5 that walks the board step by step, with the
    legions in place, and shares no code with the module under test."""
    out: dict[int, set[EntrySide]] = {}

    def walk(here: int, came_from: int | None, left: int) -> None:
        signs = BOARD.land(here).exits
        if came_from is None:
            options = [e for e in signs if e.sign == "block"] or list(signs)
        else:
            options = [e for e in signs if e.sign == "arrows" and e.to != came_from] or [
                e for e in signs if e.sign == "arrow" and e.to != came_from
            ]
        for e in options:
            if e.to in enemies or left == 1:
                if e.to not in friends:
                    out.setdefault(e.to, set()).add(e.entry_side)
            else:
                walk(e.to, here, left - 1)

    walk(land, None, roll)
    return out


@pytest.mark.rules("6.2", "7.1", "7.2", "7.3", "7.4", "7.5")
@settings(max_examples=300, deadline=None)
@given(
    land=st.sampled_from(LANDS),
    roll=st.integers(1, 6),
    friends=st.sets(st.sampled_from(LANDS), max_size=8),
    enemies=st.sets(st.sampled_from(LANDS), max_size=12),
)
def test_moves_match_a_step_by_step_reading_of_the_rules_6_2_7_1_to_7_5(
    land: int, roll: int, friends: set[int], enemies: set[int]
) -> None:
    friends.discard(land)
    got = masterboard_moves(V, land, roll, friends=friends, enemies=enemies)
    assert got == {k: frozenset(v) for k, v in _reference(land, roll, friends, enemies).items()}


@pytest.mark.rules("6.2", "7.1", "7.2")
@settings(max_examples=300, deadline=None)
@given(
    land=st.sampled_from(LANDS),
    roll=st.integers(1, 6),
    friends=st.sets(st.sampled_from(LANDS), max_size=8),
    enemies=st.sets(st.sampled_from(LANDS), max_size=12),
)
def test_every_destination_ends_a_full_path_or_the_first_enemy_on_it_6_2_7_1(
    land: int, roll: int, friends: set[int], enemies: set[int]
) -> None:
    """Each destination is not a friend's land, and is the end of a sign-respecting path of
    exactly ``roll`` steps that crosses no enemy, or the first enemy land on such a path."""
    friends.discard(land)
    moves = masterboard_moves(V, land, roll, friends=friends, enemies=enemies)
    for dest, entry in moves.items():
        assert dest not in friends and entry
        ways: set[EntrySide] = set()
        for path in paths(V, land, roll):
            cut = next((i for i, (to, _) in enumerate(path) if to in enemies), len(path) - 1)
            if path[cut][0] == dest:
                ways.add(path[cut][1])
        assert entry == ways


@pytest.mark.rules("7.2", "7.3", "7.4", "7.5")
def test_lone_legion_moves_match_the_reference_on_every_land_and_roll_7_2_to_7_5() -> None:
    """All 96 lands x rolls 1-6 on an empty board, against the step-by-step walker."""
    for land in LANDS:
        for roll in range(1, 7):
            expected = {k: frozenset(v) for k, v in _reference(land, roll, set(), set()).items()}
            assert masterboard_moves(V, land, roll) == expected
