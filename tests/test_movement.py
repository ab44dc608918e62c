"""Masterboard movement and teleportation (rules 6.2, 7, 8; errata 2.2, 6.2, 7.1, 8.1, 10.4)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from titan.engine.movement import masterboard_moves, paths
from titan.engine.teleport import land_distances, titan_teleports, tower_teleports
from titan.variant import load

V = load("default")
LANDS = sorted(V.masterboard.lands)


def test_mountains_1000_entry_sides_errata_2_2() -> None:
    """From Tundra 6000 left, from Tundra 2000 right, from Plains 1 bottom (errata 2.2/10.1).
    6000 and 2000 must begin by their blocks, so the approach is from one land further."""
    sides: dict[int, set[str]] = {}
    for frm in (6000, 2000, 1):
        for start in LANDS:
            for roll in range(1, 7):
                for path in paths(V, start, roll):
                    if len(path) >= 2 and path[-2][0] == frm and path[-1][0] == 1000:
                        sides.setdefault(frm, set()).add(path[-1][1])
                if start == frm:
                    for path in paths(V, start, 1):
                        if path[-1][0] == 1000:
                            sides.setdefault(frm, set()).add(path[-1][1])
    assert sides == {6000: {"left"}, 2000: {"right"}, 1: {"bottom"}}


def test_swamp_42_returns_to_itself_on_a_six_errata_6_2() -> None:
    assert 42 in masterboard_moves(V, 42, 6)
    assert 42 not in masterboard_moves(V, 42, 6, friends={42})


def test_a_block_must_begin_the_move_7_4() -> None:
    """Tundra 6000 has a block towards 36: its first step always goes there."""
    assert {p[0][0] for r in range(1, 7) for p in paths(V, 6000, r)} == {36}


def test_block_then_triple_arrow_7_5_figure() -> None:
    """Mountains 1000/3000/5000 with a 2: through the block, then on along the arrows."""
    for land in (1000, 3000, 5000):
        block = next(e.to for e in V.masterboard.land(land).exits if e.sign == "block")
        for path in paths(V, land, 2):
            assert path[0][0] == block
            arrows = [e.to for e in V.masterboard.land(block).exits if e.sign == "arrows"]
            assert path[1][0] in arrows


def test_a_tower_reaches_its_three_neighbours_with_a_one_7_4a() -> None:
    for tower in V.masterboard.towers:
        dests = set(masterboard_moves(V, tower, 1))
        assert len(dests) == 3
        assert dests == {e.to for e in V.masterboard.land(tower).exits}


def test_arches_and_triple_arrows_both_begin_a_move_7_4() -> None:
    """Red rolls a one: through the circle or the triple arrow (7.5 figure)."""
    land = next(
        x
        for x in LANDS
        if sorted(e.sign for e in V.masterboard.land(x).exits) == ["arch", "arrows"]
    )
    assert set(masterboard_moves(V, land, 1)) == {e.to for e in V.masterboard.land(land).exits}


def test_no_backtracking_7_4() -> None:
    for land in LANDS:
        for roll in range(2, 7):
            for path in paths(V, land, roll):
                lands = [land] + [to for to, _ in path]
                assert all(lands[i] != lands[i + 2] for i in range(len(lands) - 2))


def test_entering_an_enemy_land_ends_the_move_6_2_7_1() -> None:
    path = paths(V, 100, 4)[0]
    enemy = path[1][0]
    moves = masterboard_moves(V, 100, 4, enemies={enemy})
    assert enemy in moves and path[1][1] in moves[enemy]
    assert path[-1][0] not in moves or any(
        all(step[0] != enemy for step in p) for p in paths(V, 100, 4) if p[-1][0] == path[-1][0]
    )


def test_pass_through_friends_but_never_end_there_7_1() -> None:
    path = paths(V, 100, 3)[0]
    friend = path[0][0]
    moves = masterboard_moves(V, 100, 3, friends={friend})
    assert path[-1][0] in moves
    assert friend not in masterboard_moves(V, 100, 1, friends={friend})


def test_an_engagement_land_is_neither_entered_nor_crossed_7_1() -> None:
    path = paths(V, 100, 3)[0]
    busy = path[1][0]
    moves = masterboard_moves(V, 100, 3, friends={busy}, enemies={busy})
    assert busy not in moves
    for dest in moves:
        assert any(all(s[0] != busy for s in p) for p in paths(V, 100, 3) if p[-1][0] == dest)


@settings(max_examples=200, deadline=None)
@given(
    land=st.sampled_from(LANDS),
    roll=st.integers(1, 6),
    friends=st.sets(st.sampled_from(LANDS), max_size=6),
    enemies=st.sets(st.sampled_from(LANDS), max_size=10),
)
def test_every_destination_has_a_legal_path(
    land: int, roll: int, friends: set[int], enemies: set[int]
) -> None:
    """Each result is the end of a sign-respecting path that is cut only at its first enemy
    land, and never a friend's land (6.2, 7.1-7.5)."""
    friends.discard(land)
    moves = masterboard_moves(V, land, roll, friends=friends, enemies=enemies)
    for dest, sides in moves.items():
        assert dest not in friends
        ways = set()
        for p in paths(V, land, roll):
            cut = next((i for i, s in enumerate(p) if s[0] in enemies), None)
            q = p if cut is None else p[: cut + 1]
            if q[-1][0] == dest:
                ways.add(q[-1][1])
        assert sides and sides <= ways


def test_tower_teleport_8_1() -> None:
    dist = land_distances(V, 100)
    dests = tower_teleports(V, 100, occupied={300})
    assert 100 not in dests  # errata 8.1: never back to the start
    assert 300 not in dests and {200, 400, 500, 600} <= dests
    assert all(dist[d] <= 6 or d in V.masterboard.towers for d in dests)
    assert tower_teleports(V, 1) == frozenset()


def test_titan_teleport_sides_errata_10_4() -> None:
    moves = titan_teleports(V, 1, enemies={135, 300, 42}, engaged={42})
    assert moves[135] == frozenset({"left", "right", "bottom"})  # 135 even from the bottom
    assert moves[300] == frozenset({"bottom"})  # towers: always the bottom (10.2)
    assert 42 not in moves  # errata 7.1/8.2


def test_jungle_135_only_from_the_right_by_normal_movement_errata_10_4() -> None:
    sides = {
        s
        for land in LANDS
        for r in range(1, 7)
        for p in paths(V, land, r)
        for to, s in p
        if to == 135
    }
    assert sides == {"right"}
