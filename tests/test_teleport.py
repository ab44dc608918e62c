"""Tower and Titan teleportation (rules 8.1, 8.2, 10.2, 10.4; errata 7.1/8.2, 8.1, 10.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from titan.engine.queries.movement import paths
from titan.engine.queries.teleport import land_distances, titan_teleports, tower_teleports
from titan.variant import EntrySide, load

V = load("default")
BOARD = V.masterboard
LANDS = sorted(BOARD.lands)
TOWERS = BOARD.towers
ALL_SIDES: frozenset[EntrySide] = frozenset({"left", "right", "bottom"})


# --- land distances (8.1) -----------------------------------------------------------------


@pytest.mark.rules("8.1")
def test_land_distances_count_borders_ignoring_signs_8_1() -> None:
    dist = land_distances(V, 100)
    assert dist[100] == 0
    assert {n for n, d in dist.items() if d == 1} == {3, 41, 101}
    # Woods 2 is two lands away through Brush 3, though the only sign on the 3/2 border is a
    # triple arrow from 2 into 3: signs are ignored.
    assert BOARD.land(3).exit_to(2) is None
    assert dist[2] == 2
    assert set(dist) == set(LANDS)  # the board is one piece


@pytest.mark.rules("8.1")
def test_land_distances_are_symmetric_and_read_only_8_1() -> None:
    for a in (1, 42, 100, 135, 1000):
        for b, d in land_distances(V, a).items():
            assert land_distances(V, b)[a] == d
    with pytest.raises(TypeError):
        land_distances(V, 1)[2] = 5  # type: ignore[index]


# --- tower teleport (8.1, errata 8.1) -----------------------------------------------------


@pytest.mark.rules("8.1")
def test_tower_teleport_reaches_vacant_towers_and_lands_within_six_8_1() -> None:
    dist = land_distances(V, 100)
    expected = {n for n, d in dist.items() if 0 < d <= 6} | (set(TOWERS) - {100})
    assert tower_teleports(V, 100) == expected
    assert any(d > 6 for d in dist.values())  # so the limit really cuts something
    assert all(dist[n] <= 6 or n in TOWERS for n in tower_teleports(V, 100))


@pytest.mark.rules("errata 8.1")
def test_tower_teleport_never_returns_to_its_start_land_errata_8_1() -> None:
    for tower in TOWERS:
        assert tower not in tower_teleports(V, tower)


@pytest.mark.rules("8.1")
def test_tower_teleport_only_to_vacant_lands_8_1() -> None:
    """``occupied`` holds every legion, the mover's and other players' alike."""
    dests = tower_teleports(V, 100, occupied={300, 3, 42})
    assert not dests & {300, 3, 42}
    assert {200, 400, 500, 600, 41, 101} <= dests


@pytest.mark.rules("8.1")
def test_tower_teleport_passes_over_legions_8_1() -> None:
    """All three neighbours of Tower 100 occupied: the lands beyond are still reachable."""
    dests = tower_teleports(V, 100, occupied={3, 41, 101})
    assert {n for n, d in land_distances(V, 100).items() if d == 2} <= dests


@pytest.mark.rules("8.1")
def test_tower_teleport_only_from_a_tower_8_1() -> None:
    assert tower_teleports(V, 1) == frozenset()
    assert tower_teleports(V, 1000) == frozenset()


# --- titan teleport (8.2, 10.4, errata 7.1/8.2, 10.4) -------------------------------------


@pytest.mark.rules("8.2")
def test_titan_teleport_lands_only_on_enemies_8_2() -> None:
    assert titan_teleports(V, 1) == {}
    assert set(titan_teleports(V, 1, enemies={5, 141, 1000})) == {5, 141, 1000}


@pytest.mark.rules("10.4", "errata 10.4")
def test_titan_teleport_attacker_chooses_any_side_errata_10_4() -> None:
    assert titan_teleports(V, 1, enemies={1000, 42}) == {1000: ALL_SIDES, 42: ALL_SIDES}


@pytest.mark.rules("10.2", "errata 10.4")
def test_titan_teleport_into_a_tower_is_always_from_the_bottom_10_2_errata_10_4() -> None:
    moves = titan_teleports(V, 1, enemies=set(TOWERS))
    assert moves == {t: frozenset({"bottom"}) for t in TOWERS}


@pytest.mark.rules("errata 7.1", "errata 8.2")
def test_titan_teleport_not_onto_a_land_already_engaged_errata_7_1_8_2() -> None:
    moves = titan_teleports(V, 1, enemies={42, 135}, engaged={42})
    assert set(moves) == {135}


@pytest.mark.rules("errata 10.4")
def test_jungle_135_from_the_bottom_only_by_titan_teleport_errata_10_4() -> None:
    """Normal movement enters Jungle 135 only from Marsh 136 (a right attack); a Titan
    teleport may attack it from A1-D1 (bottom), or any other side."""
    normal = {
        side
        for land in LANDS
        for r in range(1, 7)
        for p in paths(V, land, r)
        for to, side in p
        if to == 135
    }
    assert normal == {"right"}
    assert titan_teleports(V, 600, enemies={135})[135] == ALL_SIDES


@pytest.mark.rules("8.2", "10.2", "10.4", "errata 7.1", "errata 10.4")
@settings(max_examples=200, deadline=None)
@given(
    land=st.sampled_from(LANDS),
    enemies=st.sets(st.sampled_from(LANDS), max_size=12),
    engaged=st.sets(st.sampled_from(LANDS), max_size=4),
)
def test_titan_teleport_targets_are_exactly_the_free_enemy_lands_8_2(
    land: int, enemies: set[int], engaged: set[int]
) -> None:
    moves = titan_teleports(V, land, enemies=enemies, engaged=engaged)
    assert set(moves) == enemies - engaged - {land}
    for target, entry in moves.items():
        assert entry == (frozenset({"bottom"}) if target in TOWERS else ALL_SIDES)


@pytest.mark.rules("8.1", "errata 8.1")
@settings(max_examples=200, deadline=None)
@given(tower=st.sampled_from(TOWERS), occupied=st.sets(st.sampled_from(LANDS), max_size=20))
def test_tower_teleport_targets_are_vacant_and_in_reach_8_1(tower: int, occupied: set[int]) -> None:
    dests = tower_teleports(V, tower, occupied=occupied)
    dist = land_distances(V, tower)
    for n in LANDS:
        allowed = n != tower and n not in occupied and (dist[n] <= 6 or n in TOWERS)
        assert (n in dests) == allowed


def test_unknown_lands_are_refused_2_1() -> None:
    """Only the board's 96 numbered lands exist (2.1)."""
    with pytest.raises(ValueError):
        tower_teleports(V, 7777)
    with pytest.raises(ValueError):
        titan_teleports(V, 7777, enemies={1})
    with pytest.raises(ValueError):
        titan_teleports(V, 1, enemies={7777})
    with pytest.raises(ValueError):
        land_distances(V, 7777)
