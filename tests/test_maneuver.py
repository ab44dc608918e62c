"""Battle maneuver (rules 10.1, 10.2, 11, hazard chart, errata 11.7)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from titan.engine.battle.hexgrid import distance
from titan.engine.battle.maneuver import battle_reach, contacts, in_contact
from titan.engine.battle.model import Piece
from titan.variant import BATTLE_LABELS, load

V = load("default")


def _hexes(terrain: str, kind: str) -> list[str]:
    return sorted(h for h, x in V.battlelands[terrain].hexes.items() if x.terrain == kind)


def _plain_approach(terrain: str, target: str) -> tuple[str, str]:
    """A plain hex P next to ``target`` and a plain hex Q next to P, no hexside hazards."""
    land = V.battlelands[terrain]
    for d, p in enumerate(land.hex(target).neighbours):
        if p is None or land.hex(p).terrain != "plain" or land.hex(target).hexsides[d]:
            continue
        for d2, q in enumerate(land.hex(p).neighbours):
            if (
                q
                and q != target
                and land.hex(q).terrain == "plain"
                and not land.hex(p).hexsides[d2]
                and distance(land.hex(q), land.hex(target)) == 2
            ):
                return p, q
    raise AssertionError("no approach")


def test_11_6_troll_cannot_reach_sand_after_moving_one_hex() -> None:
    sand = _hexes("Desert", "sand")[0]
    p, q = _plain_approach("Desert", sand)
    assert sand not in battle_reach(V, "Desert", "Troll", q)
    assert sand in battle_reach(V, "Desert", "Troll", p)


def test_errata_11_7_sand_natives_and_flyers_are_not_slowed() -> None:
    sand = _hexes("Desert", "sand")[0]
    _, q = _plain_approach("Desert", sand)
    assert sand in battle_reach(V, "Desert", "Lion", q)
    assert sand in battle_reach(V, "Desert", "Ranger", q)


def test_11_3_contact_locks_a_character_but_not_across_a_cliff() -> None:
    assert battle_reach(V, "Plains", "Troll", "C3", enemies={"C4": "Ogre"}) == {"C3"}
    # moving past an enemy is fine when not in contact at the start (11.3)
    assert "C5" in battle_reach(V, "Plains", "Lion", "C3", enemies={"D5": "Ogre"})
    land = V.battlelands["Mountains"]
    for label, hx in land.hexes.items():
        for d, n in enumerate(hx.neighbours):
            side = hx.hexsides[d]
            if n and side and side.hazard == "cliff":
                ogre = V.characters["Ogre"]
                board = {label: Piece(ogre, "attacker", 6), n: Piece(ogre, "defender", 6)}
                assert not in_contact(land, board, label) and contacts(land, board, n) == ()


def test_volcano_only_for_dragons_errata_2_2() -> None:
    assert _hexes("Mountains", "volcano") == ["D4"]
    for creature in ("Ogre", "Gargoyle", "Griffon", "Colossus"):
        for start in ("C3", "D3", "E3", "D5"):
            assert "D4" not in battle_reach(V, "Mountains", creature, start)
    assert "D4" in battle_reach(V, "Mountains", "Dragon", "D3")


def test_trees_jungle_b4_d3_f3_hazard_chart() -> None:
    assert _hexes("Jungle", "tree") == ["B4", "D3", "F3"]
    for h in BATTLE_LABELS:
        for creature in ("Gargoyle", "Behemoth", "Serpent"):
            assert not {"B4", "D3", "F3"} & (battle_reach(V, "Jungle", creature, h) - {h})
    # a flyer crosses a tree: C3 to E3 over D3 takes two hexes, the walker goes round
    assert "E3" in battle_reach(V, "Jungle", "Gargoyle", "C3")


def test_bog_natives_enter_flyers_do_not_land_hazard_chart() -> None:
    bog = _hexes("Marsh", "bog")[0]
    land = V.battlelands["Marsh"]
    nxt = next(n for n in land.hex(bog).neighbours if n and land.hex(n).terrain == "plain")
    assert bog in battle_reach(V, "Marsh", "Ogre", nxt)
    assert bog not in battle_reach(V, "Marsh", "Centaur", nxt)
    assert bog not in battle_reach(V, "Marsh", "Gargoyle", nxt)
    assert bog in battle_reach(V, "Marsh", "Ranger", nxt)  # a flying native


def test_walls_slow_walkers_going_up_not_flyers_hazard_chart() -> None:
    """Tower: C2 -> C3 crosses a wall upwards: cost 2."""
    assert "C3" in battle_reach(V, "Tower", "Ogre", "C2")
    assert "C3" not in battle_reach(V, "Tower", "Ogre", "C1")
    assert "C3" in battle_reach(V, "Tower", "Gargoyle", "C1")


def test_slopes_slow_non_natives_going_up_hazard_chart() -> None:
    """Mountains: B1 is atop a slope from A1. A Troll (not a slope native) needs 1 + 2 from
    A2 and cannot make it; an Ogre (native) needs 1 + 1."""
    land = V.battlelands["Mountains"]
    side = land.hex("A1").hexsides[land.hex("A1").direction_to("B1") or 0]
    assert side is not None and side.hazard == "slope" and not side.top
    assert "B1" not in battle_reach(V, "Mountains", "Troll", "A2")
    assert "B1" in battle_reach(V, "Mountains", "Ogre", "A2")
    assert "B1" in battle_reach(V, "Mountains", "Troll", "A1")


def test_entering_the_entry_hex_counts_11_1() -> None:
    reach = battle_reach(V, "Plains", "Ogre", None, entry_side="bottom")
    entry = V.entry.attacker["bottom"]
    land = V.battlelands["Plains"]
    assert set(entry) <= reach
    assert all(min(distance(land.hex(h), land.hex(e)) for e in entry) <= 1 for h in reach)
    defender = battle_reach(V, "Plains", "Ogre", None, entry_side="bottom", defender=True)
    assert {"D6", "E5", "F4"} <= defender


def test_bramble_entry_hex_costs_two_for_non_natives_11_1_11_4() -> None:
    """Brush, bottom entry: D1 is bramble. An Ogre entering there has spent both points; E1,
    reachable only through D1, is out of its reach but not a native flyer's."""
    assert V.battlelands["Brush"].hex("D1").terrain == "bramble"
    ogre = battle_reach(V, "Brush", "Ogre", None, entry_side="bottom")
    assert "D1" in ogre and "E1" not in ogre
    assert "E1" in battle_reach(V, "Brush", "Gargoyle", None, entry_side="bottom")


def test_tower_deployment_10_2() -> None:
    assert battle_reach(V, "Tower", "Ogre", None, defender=True, friends={"D4": "Troll"}) == {
        "C3",
        "C4",
        "D3",
        "D5",
        "E3",
        "E4",
    }
    assert battle_reach(V, "Tower", "Ogre", None, entry_side="left") == battle_reach(
        V, "Tower", "Ogre", None, entry_side="bottom"
    )


TERRAINS = sorted(V.battlelands)
CREATURES = sorted(n for n in V.characters)


@settings(max_examples=150, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    creature=st.sampled_from(CREATURES),
    start=st.sampled_from(BATTLE_LABELS),
    others=st.lists(st.sampled_from(BATTLE_LABELS), max_size=8, unique=True),
)
def test_reach_properties(terrain: str, creature: str, start: str, others: list[str]) -> None:
    """Never an occupied hex, never beyond its skill, always its own hex (11.2, 11.5)."""
    others = [h for h in others if h != start]
    land = V.battlelands[terrain]
    reach = battle_reach(V, terrain, creature, start, friends=others)
    assert start in reach
    assert not reach & set(others)
    skill = V.characters[creature].skill
    assert all(distance(land.hex(start), land.hex(h)) <= skill for h in reach)


@settings(max_examples=100, deadline=None)
@given(
    start=st.sampled_from(BATTLE_LABELS),
    others=st.lists(st.sampled_from(BATTLE_LABELS), max_size=6, unique=True),
)
def test_flying_is_never_worse_than_walking_on_the_plains(start: str, others: list[str]) -> None:
    others = [h for h in others if h != start]
    walk = battle_reach(V, "Plains", "Unicorn", start, friends=others)  # 6/4, walks
    fly = battle_reach(V, "Plains", "Griffon", start, friends=others)  # 5/4, flies
    assert walk <= fly
