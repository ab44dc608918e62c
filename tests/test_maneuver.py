"""Battle maneuver (rules 10.1, 10.2, 10.4, 11, 11.1-11.6, hazard chart, errata 2.2, 11.7)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from titan.engine.queries.hexgrid import distance
from titan.engine.queries.maneuver import battle_reach, contacts, deploy, in_contact, reach
from titan.engine.queries.model import Board, Piece, Side
from titan.variant import BATTLE_LABELS, Battleland, Character, load

V = load("default")
TERRAINS = sorted(V.battlelands)
CREATURES = sorted(V.characters)


def _hexes(terrain: str, kind: str) -> list[str]:
    return sorted(h for h, x in V.battlelands[terrain].hexes.items() if x.terrain == kind)


def _like(name: str, **changes: object) -> Piece:
    """A piece of a made-up character: ``name`` with some factors changed."""
    ch = dataclasses.replace(V.characters[name], **changes)  # type: ignore[arg-type]
    return Piece(ch, "attacker", ch.power)


def _piece(name: str, side: Side = "attacker") -> Piece:
    return Piece(V.characters[name], side, V.characters[name].power)


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


# --- an independent oracle: every path, step by step, straight from the rules text ----------

SLOWING_HEXES = {"bramble", "drift", "sand"}  # hazard chart; sand spares flyers (errata 11.7)


def _enters(ch: Character, terrain: str) -> bool:
    """Hazard chart: may this character stand in (or walk into) a hex of ``terrain``?"""
    if terrain == "tree":
        return False
    if terrain == "bog":
        return "bog" in ch.natives
    if terrain == "volcano":
        return ch.name == "Dragon"
    return True


def _slowed_in(ch: Character, terrain: str, flying: bool) -> bool:
    if terrain not in SLOWING_HEXES or terrain in ch.natives:
        return False
    return not (flying and terrain == "sand")


def _oracle(
    land: Battleland,
    board: Board,
    ch: Character,
    side: Side,
    start: str | None,
    entry: Sequence[str],
) -> set[str]:
    """All legal moves found by trying every route, walking and (for flyers) flying."""
    others = {h: p for h, p in board.items() if h != start}
    if start is not None:
        hx = land.hex(start)
        for n, s in zip(hx.neighbours, hx.hexsides, strict=True):
            if n in others and others[n].side != side and not (s and s.hazard == "cliff"):
                return {start}
    out: set[str] = set() if start is None else {start}

    def walk(here: str, spent: int) -> None:
        hx = land.hex(here)
        for n, s in zip(hx.neighbours, hx.hexsides, strict=True):
            if n is None or n in others or not _enters(ch, land.hex(n).terrain):
                continue
            if s is not None and s.hazard == "cliff":
                continue
            up = s is not None and not s.top
            slow = _slowed_in(ch, land.hex(n).terrain, False)
            slow |= up and s is not None and s.hazard == "wall"
            slow |= up and s is not None and s.hazard == "slope" and "slope" not in ch.natives
            cost = spent + (2 if slow else 1)
            if cost <= ch.skill:
                out.add(n)
                walk(n, cost)

    def fly(path: list[str]) -> None:
        here = path[-1]
        steps = len(path) - (1 if start is not None else 0)
        slow = _slowed_in(ch, land.hex(here).terrain, True)
        if (
            here != start
            and here not in others
            and _enters(ch, land.hex(here).terrain)
            and steps + (1 if slow else 0) <= ch.skill
        ):
            out.add(here)
        if steps >= ch.skill:
            return
        for n in land.hex(here).neighbours:
            if n is not None and (land.hex(n).terrain != "volcano" or ch.name == "Dragon"):
                fly([*path, n])

    if start is not None:
        walk(start, 0)
        if ch.flies:
            fly([start])
        return out
    for e in entry:
        if e not in others and _enters(ch, land.hex(e).terrain):
            cost = 2 if _slowed_in(ch, land.hex(e).terrain, False) else 1
            if cost <= ch.skill:
                out.add(e)
                walk(e, cost)
        if ch.flies and (land.hex(e).terrain != "volcano" or ch.name == "Dragon"):
            fly([e])
    return out


# --- 11.2, 11.4, 11.6: movement allowance and slowing ------------------------------------------


@pytest.mark.rules("11.2", "11.4", "11.6", "hazard chart")
def test_11_6_troll_cannot_reach_sand_after_moving_one_hex() -> None:
    sand = _hexes("Desert", "sand")[0]
    p, q = _plain_approach("Desert", sand)
    assert sand not in battle_reach(V, "Desert", "Troll", q)
    assert sand in battle_reach(V, "Desert", "Troll", p)


@pytest.mark.rules("errata 11.7", "hazard chart")
def test_errata_11_7_sand_natives_and_flyers_enter_sand_at_cost_one() -> None:
    """Errata 11.7: "both lions and rangers can move into sand at a cost of one"."""
    sand = _hexes("Desert", "sand")[0]
    _, q = _plain_approach("Desert", sand)
    for creature in ("Lion", "Ranger", "Griffon", "Hydra"):
        assert sand in battle_reach(V, "Desert", creature, q)
    # with one point left after a step, a skill-2 flyer lands in sand: it is not slowed there
    assert sand in reach(V, V.battlelands["Desert"], {}, _like("Ranger", skill=2), q)
    assert sand not in reach(V, V.battlelands["Desert"], {}, _like("Centaur", skill=2), q)


@pytest.mark.rules("11.4", "hazard chart")
def test_11_4_drift_slows_non_natives_flyers_included() -> None:
    """Hazard chart DRIFT: a non-native is slowed entering drift; a flyer that lands there is
    slowed too (11.4); Trolls are drift natives."""
    land = V.battlelands["Tundra"]
    assert land.hex("D3").terrain == "drift"
    p, q = _plain_approach("Tundra", "D3")
    assert "D3" in battle_reach(V, "Tundra", "Troll", q)
    assert "D3" not in battle_reach(V, "Tundra", "Ogre", q)
    assert "D3" in battle_reach(V, "Tundra", "Ogre", p)
    assert "D3" not in reach(V, land, {}, _like("Gargoyle", skill=2), q)
    assert "D3" in reach(V, land, {}, _like("Gargoyle", skill=3), q)


@pytest.mark.rules("11.4", "hazard chart")
def test_11_4_bramble_costs_two_except_for_natives() -> None:
    land = V.battlelands["Brush"]
    bramble = _hexes("Brush", "bramble")[0]
    p, q = _plain_approach("Brush", bramble)
    assert bramble not in battle_reach(V, "Brush", "Ogre", q)
    assert bramble in battle_reach(V, "Brush", "Ogre", p)
    assert bramble in battle_reach(V, "Brush", "Serpent", q)  # native, skill 2
    assert bramble not in reach(V, land, {}, _like("Angel", skill=2), q)


# --- 11.3: contact ---------------------------------------------------------------------------


@pytest.mark.rules("11.3")
def test_11_3_contact_locks_a_character() -> None:
    assert battle_reach(V, "Plains", "Troll", "C3", enemies={"C4": "Ogre"}) == {"C3"}
    assert battle_reach(V, "Plains", "Angel", "C3", enemies={"C4": "Ogre"}) == {"C3"}
    # a friend next to it does not lock it
    assert len(battle_reach(V, "Plains", "Troll", "C3", friends={"C4": "Ogre"})) > 1


@pytest.mark.rules("11.3")
def test_11_3_moving_past_enemies_does_not_stop_movement() -> None:
    """A Centaur on A1 (touching none of the enemies on B3, C3, D3) walks on past hexes next
    to them, such as C2, and on to D1 and D2: it need not stop beside them."""
    land = V.battlelands["Plains"]
    enemies = {"B3": "Ogre", "C3": "Ogre", "D3": "Ogre"}
    r = battle_reach(V, "Plains", "Centaur", "A1", enemies=enemies)
    assert not in_contact(land, {"A1": _piece("Centaur"), "B3": _piece("Ogre", "defender")}, "A1")
    assert {"B1", "C1", "C2", "D1", "D2"} <= r


@pytest.mark.rules("11.3")
def test_11_3_contact_reads_the_board_with_or_without_the_piece() -> None:
    land = V.battlelands["Plains"]
    board = {"C4": _piece("Ogre", "defender")}
    me = _piece("Troll")
    assert reach(V, land, board, me, "C3") == reach(V, land, {**board, "C3": me}, me, "C3")
    assert reach(V, land, board, me, "C3") == {"C3"}


@pytest.mark.rules("11.3", "hazard chart")
def test_contacts_lists_enemies_only_hazard_chart_characters() -> None:
    land = V.battlelands["Plains"]
    board = {
        "C3": _piece("Troll"),
        "C4": _piece("Ogre", "defender"),
        "D3": _piece("Ogre", "defender"),
        "C2": _piece("Ogre"),
    }
    assert set(contacts(land, board, "C3")) == {"C4", "D3"}
    assert contacts(land, board, "C4") == ("C3",)
    assert in_contact(land, board, "C2") is (distance(land.hex("C2"), land.hex("D3")) == 1)


@pytest.mark.rules("11.3", "hazard chart")
@pytest.mark.parametrize("terrain", ["Mountains", "Desert"])
def test_cliffs_separate_adjacent_characters_hazard_chart(terrain: str) -> None:
    """Hazard chart CLIFF: adjacent characters separated by a cliff are not in contact, so
    neither is locked (11.3)."""
    land = V.battlelands[terrain]
    seen = 0
    for label, hx in land.hexes.items():
        for n, side in zip(hx.neighbours, hx.hexsides, strict=True):
            if n and side and side.hazard == "cliff":
                board = {label: _piece("Ogre"), n: _piece("Ogre", "defender")}
                assert not in_contact(land, board, label) and contacts(land, board, n) == ()
                assert len(reach(V, land, board, _piece("Ogre"), label)) > 1 or all(
                    m is None or m == n for m in hx.neighbours
                )
                seen += 1
    assert seen >= 6


# --- the hazards that forbid -------------------------------------------------------------------


@pytest.mark.rules("hazard chart")
def test_cliffs_stop_walkers_both_ways_not_flyers_hazard_chart() -> None:
    """Mountains: B1 is atop a cliff above C2; Desert: E1 atop one above E2."""
    for terrain, top, bottom in (("Mountains", "B1", "C2"), ("Desert", "E1", "E2")):
        land = V.battlelands[terrain]
        walker, flyer = _like("Centaur", skill=1), _like("Angel", skill=1)
        assert top not in reach(V, land, {}, walker, bottom)
        assert bottom not in reach(V, land, {}, walker, top)
        assert top in reach(V, land, {}, flyer, bottom)
        assert bottom in reach(V, land, {}, flyer, top)


@pytest.mark.rules("hazard chart", "errata 2.2")
def test_volcano_only_for_dragons_errata_2_2() -> None:
    """Hazard chart VOLCANO: entry forbidden to all but Dragons, flying or not (11.4)."""
    assert _hexes("Mountains", "volcano") == ["D4"]
    for creature in ("Ogre", "Gargoyle", "Griffon", "Colossus", "Angel"):
        for start in ("C3", "D3", "E3", "D5"):
            assert "D4" not in battle_reach(V, "Mountains", creature, start)
    assert "D4" in battle_reach(V, "Mountains", "Dragon", "D3")
    # nor may a non-Dragon fly across it: D3 to D5 is two hexes over D4, three around it
    land = V.battlelands["Mountains"]
    assert "D5" not in reach(V, land, {}, _like("Gargoyle", skill=2), "D3")
    assert "D5" in reach(V, land, {}, _like("Dragon", skill=2), "D3")


@pytest.mark.rules("hazard chart", "errata 2.2")
def test_trees_jungle_b4_d3_f3_hazard_chart() -> None:
    """Errata 2.2 names the Jungle trees; hazard chart TREE: no walker enters, no flyer lands."""
    assert _hexes("Jungle", "tree") == ["B4", "D3", "F3"]
    for h in BATTLE_LABELS:
        for creature in ("Gargoyle", "Behemoth", "Serpent", "Angel"):
            assert not {"B4", "D3", "F3"} & (battle_reach(V, "Jungle", creature, h) - {h})
    # a flyer crosses a tree: C2 to E3 is two hexes over D3 (their only common neighbour);
    # a walker must go round
    land = V.battlelands["Jungle"]
    assert "E3" in reach(V, land, {}, _like("Angel", skill=2), "C2")
    assert "E3" not in reach(V, land, {}, _like("Centaur", skill=2), "C2")


@pytest.mark.rules("hazard chart")
def test_bog_natives_enter_flyers_do_not_land_hazard_chart() -> None:
    bog = _hexes("Marsh", "bog")[0]
    land = V.battlelands["Marsh"]
    nxt = next(n for n in land.hex(bog).neighbours if n and land.hex(n).terrain == "plain")
    assert bog in battle_reach(V, "Marsh", "Ogre", nxt)  # native walker
    assert bog not in battle_reach(V, "Marsh", "Centaur", nxt)  # non-native walker
    assert bog not in battle_reach(V, "Marsh", "Gargoyle", nxt)  # non-native flyer
    assert bog in battle_reach(V, "Marsh", "Ranger", nxt)  # native flyer
    assert bog in battle_reach(V, "Marsh", "Wyvern", nxt)


@pytest.mark.rules("hazard chart", "11.5")
def test_bog_is_flown_over_but_not_walked_through_hazard_chart() -> None:
    """Marsh: wherever two plain hexes two apart are joined only through bog, a flyer crosses
    where a non-native walker may not (hazard chart BOG, 11.4)."""
    land = V.battlelands["Marsh"]
    flyer, walker = _like("Angel", skill=2), _like("Centaur", skill=2)
    found = 0
    for a in land.hexes:
        for b in land.hexes:
            if distance(land.hex(a), land.hex(b)) != 2 or land.hex(b).terrain != "plain":
                continue
            middle = [
                m for m in land.hex(a).neighbours if m and distance(land.hex(m), land.hex(b)) == 1
            ]
            if middle and all(land.hex(m).terrain == "bog" for m in middle):
                assert b in reach(V, land, {}, flyer, a)
                assert b not in reach(V, land, {}, walker, a)
                found += 1
    assert found > 0


# --- hexsides that slow ---------------------------------------------------------------------


@pytest.mark.rules("hazard chart", "11.4")
def test_slopes_slow_non_natives_going_up_hazard_chart() -> None:
    """Mountains: B1 is atop a slope from A1. A Troll (not a slope native) needs 1 + 2 from
    A2 and cannot make it; an Ogre (native) needs 1 + 1; going down costs 1."""
    land = V.battlelands["Mountains"]
    side = land.hex("A1").hexsides[land.hex("A1").direction_to("B1") or 0]
    assert side is not None and side.hazard == "slope" and not side.top
    assert "B1" not in battle_reach(V, "Mountains", "Troll", "A2")
    assert "B1" in battle_reach(V, "Mountains", "Ogre", "A2")
    assert "B1" in battle_reach(V, "Mountains", "Troll", "A1")
    assert "A1" in reach(V, land, {}, _like("Troll", skill=1), "B1")  # down: no effect
    assert "B1" in reach(V, land, {}, _like("Gargoyle", skill=1), "A1")  # flyers ignore it


@pytest.mark.rules("hazard chart", "11.4")
def test_walls_slow_walkers_going_up_not_flyers_hazard_chart() -> None:
    """Tower: C2 -> C3 crosses a wall upwards, costing 2; going down costs 1."""
    land = V.battlelands["Tower"]
    assert "C3" in battle_reach(V, "Tower", "Ogre", "C2")
    assert "C3" not in battle_reach(V, "Tower", "Ogre", "C1")
    assert "C3" in battle_reach(V, "Tower", "Gargoyle", "C1")
    assert "C3" not in reach(V, land, {}, _like("Ogre", skill=1), "C2")
    assert "C3" in reach(V, land, {}, _like("Angel", skill=1), "C2")
    assert "C1" in battle_reach(V, "Tower", "Ogre", "C3")  # down the wall, then one more


@pytest.mark.rules("hazard chart")
def test_dunes_do_not_affect_movement_hazard_chart() -> None:
    land = V.battlelands["Desert"]
    walker = _like("Centaur", skill=1)
    crossings = [
        (a, n)
        for a, hx in land.hexes.items()
        for n, s in zip(hx.neighbours, hx.hexsides, strict=True)
        if n and s and s.hazard == "dune" and land.hex(n).terrain == "plain"
    ]
    assert crossings
    for a, n in crossings:
        assert n in reach(V, land, {}, walker, a)


# --- 11.5: characters in the way -------------------------------------------------------------


@pytest.mark.rules("11.5")
def test_11_5_walkers_are_blocked_flyers_pass_over_but_never_land_on_characters() -> None:
    """Plains: friends fill every hex round C3; a walker cannot leave, a flyer hops over them
    but lands on none of them."""
    land = V.battlelands["Plains"]
    ring = {n for n in land.hex("C3").neighbours if n}
    assert battle_reach(V, "Plains", "Centaur", "C3", friends=ring) == {"C3"}
    flown = battle_reach(V, "Plains", "Angel", "C3", friends=ring)
    assert not flown & ring and len(flown) > 1
    assert all(distance(land.hex("C3"), land.hex(h)) in (0, 2, 3, 4) for h in flown)


# --- 10.1, 10.2, 10.4, 11.1: entering --------------------------------------------------------


@pytest.mark.rules("11.1", "10.1")
def test_entering_the_entry_hex_counts_11_1() -> None:
    r = battle_reach(V, "Plains", "Ogre", None, entry_side="bottom")
    entry = V.entry.attacker["bottom"]
    land = V.battlelands["Plains"]
    assert set(entry) <= r
    assert all(min(distance(land.hex(h), land.hex(e)) for e in entry) <= 1 for h in r)
    assert any(min(distance(land.hex(h), land.hex(e)) for e in entry) == 1 for h in r)
    defender = battle_reach(V, "Plains", "Ogre", None, entry_side="bottom", defender=True)
    assert {"D6", "E5", "F4"} <= defender  # 10.1: the opposite side


@pytest.mark.rules("11.1", "11.4", "hazard chart")
def test_bramble_entry_hex_costs_two_for_non_natives_11_1_11_4() -> None:
    """Brush, bottom entry: D1 is bramble. An Ogre entering there has spent both points; E1,
    reachable only through D1, is out of its reach but not a native flyer's."""
    assert V.battlelands["Brush"].hex("D1").terrain == "bramble"
    ogre = battle_reach(V, "Brush", "Ogre", None, entry_side="bottom")
    assert "D1" in ogre and "E1" not in ogre
    assert "E1" in battle_reach(V, "Brush", "Gargoyle", None, entry_side="bottom")
    land = V.battlelands["Brush"]
    one = _like("Ogre", skill=1)
    assert "D1" not in reach(V, land, {}, one, None, entry=("D1",))  # no two points to enter


@pytest.mark.rules("11.1", "11.5")
def test_occupied_entry_hex_11_1_11_5() -> None:
    """A walker cannot enter through an occupied entry hex; a flyer may pass over it."""
    land = V.battlelands["Plains"]
    board = {"A1": _piece("Ogre")}
    walker, flyer = _like("Centaur", skill=2), _like("Angel", skill=2)
    assert reach(V, land, board, walker, None, entry=("A1",)) == frozenset()
    flown = reach(V, land, board, flyer, None, entry=("A1",))
    assert "A1" not in flown and {"A2", "B1", "B2"} <= flown


@pytest.mark.rules("10.4", "errata 10.4")
def test_titan_teleport_side_errata_10_4() -> None:
    """10.4 / errata 10.4: after a Titan teleport the attacker enters from any of the three
    four-hex sides, even Jungle's A1-D1 side which no sign leads to."""
    for side in ("left", "right", "bottom"):
        r = battle_reach(V, "Jungle", "Titan", None, entry_side=side)
        entry = V.entry.attacker[side]
        assert set(entry) - set(_hexes("Jungle", "tree")) <= r
    assert "A1" in battle_reach(V, "Jungle", "Titan", None, entry_side="bottom")
    # errata 10.4: into a tower the Titan still enters on A1-D1, whatever the side
    tower = {battle_reach(V, "Tower", "Titan", None, entry_side=s) for s in ("left", "right")}
    assert tower == {battle_reach(V, "Tower", "Titan", None, entry_side="bottom")}
    assert {"A1", "B1", "C1", "D1"} <= battle_reach(V, "Tower", "Titan", None)


@pytest.mark.rules("10.2", "errata 10.2")
def test_tower_deployment_10_2() -> None:
    assert battle_reach(V, "Tower", "Ogre", None, defender=True, friends={"D4": "Troll"}) == {
        "C3",
        "C4",
        "D3",
        "D5",
        "E3",
        "E4",
    }
    land = V.battlelands["Tower"]
    hexes = V.entry.tower_defender_deploys
    assert deploy(land, {}, hexes) == frozenset(hexes)
    assert deploy(land, {h: _piece("Ogre", "defender") for h in hexes}, hexes) == frozenset()


def test_entering_needs_a_side_10_1() -> None:
    with pytest.raises(ValueError, match=r"10\.1"):
        battle_reach(V, "Plains", "Ogre", None)


# --- properties ---------------------------------------------------------------------------------

boards = st.dictionaries(
    st.sampled_from(BATTLE_LABELS),
    st.tuples(st.sampled_from(CREATURES), st.sampled_from(["attacker", "defender"])),
    max_size=10,
)


@pytest.mark.rules("11.1", "11.2", "11.3", "11.4", "11.5", "hazard chart")
@settings(max_examples=400, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    creature=st.sampled_from(CREATURES),
    start=st.one_of(st.none(), st.sampled_from(BATTLE_LABELS)),
    side=st.sampled_from(["attacker", "defender"]),
    entry=st.sampled_from(
        [*V.entry.attacker.values(), *V.entry.defender.values(), V.entry.tower_reinforcement]
    ),
    occupants=boards,
)
def test_reach_matches_every_route_by_the_rules(
    terrain: str,
    creature: str,
    start: str | None,
    side: Side,
    entry: tuple[str, ...],
    occupants: dict[str, tuple[str, Side]],
) -> None:
    """11.1-11.5 and the hazard chart: the cheapest-cost search finds exactly the hexes that
    trying every walk and every flight allows, so flyers never gain by walking (11.4)."""
    land = V.battlelands[terrain]
    board = {h: _piece(n, s) for h, (n, s) in occupants.items() if h != start}
    ch = V.characters[creature]
    got = reach(V, land, board, Piece(ch, side, ch.power), start, entry=entry)
    assert got == _oracle(land, board, ch, side, start, entry)


@pytest.mark.rules("11.2", "11.5")
@settings(max_examples=200, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    creature=st.sampled_from(CREATURES),
    start=st.sampled_from(BATTLE_LABELS),
    others=st.lists(st.sampled_from(BATTLE_LABELS), max_size=8, unique=True),
)
def test_reach_properties_11_2_11_5(
    terrain: str, creature: str, start: str, others: list[str]
) -> None:
    """Never an occupied hex (11.5), never beyond its skill (11.2), always its own hex."""
    others = [h for h in others if h != start]
    land = V.battlelands[terrain]
    r = battle_reach(V, terrain, creature, start, friends=others)
    assert start in r
    assert not r & set(others)
    skill = V.characters[creature].skill
    assert all(distance(land.hex(start), land.hex(h)) <= skill for h in r)
    # a lone blocker never adds a destination
    assert r <= battle_reach(V, terrain, creature, start)


@pytest.mark.rules("11.4", "11.5")
@settings(max_examples=200, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    creature=st.sampled_from([c for c in CREATURES if not V.characters[c].flies]),
    start=st.sampled_from(BATTLE_LABELS),
    others=st.lists(st.sampled_from(BATTLE_LABELS), max_size=6, unique=True),
)
def test_flying_is_never_worse_than_walking_11_4_11_5(
    terrain: str, creature: str, start: str, others: list[str]
) -> None:
    """The same character given wings reaches at least every hex it reached on foot."""
    land = V.battlelands[terrain]
    board = {h: _piece("Ogre") for h in others if h != start}
    walker = _piece(creature)
    flyer = Piece(dataclasses.replace(walker.character, flies=True), "attacker", walker.power)
    assert reach(V, land, board, walker, start) <= reach(V, land, board, flyer, start)


@pytest.mark.rules("11.3")
@settings(max_examples=150, deadline=None)
@given(
    terrain=st.sampled_from(TERRAINS),
    creature=st.sampled_from(CREATURES),
    start=st.sampled_from(BATTLE_LABELS),
    enemy=st.sampled_from(BATTLE_LABELS),
)
def test_a_character_in_contact_stays_put_11_3(
    terrain: str, creature: str, start: str, enemy: str
) -> None:
    land = V.battlelands[terrain]
    board = {enemy: _piece("Ogre", "defender")} if enemy != start else {}
    me = _piece(creature)
    r = reach(V, land, board, me, start)
    if in_contact(land, {**board, start: me}, start):
        assert r == {start}


@pytest.mark.rules("11.1", "11.2", "11.4", "hazard chart")
def test_reach_matches_every_route_on_every_empty_battleland() -> None:
    """11.1-11.5 and the hazard chart, exhaustively for lone characters: every character from
    every hex of every battleland, and entering from every side."""
    sides = [*V.entry.attacker.values(), *V.entry.defender.values()]
    for terrain in TERRAINS:
        land = V.battlelands[terrain]
        for creature in CREATURES:
            ch = V.characters[creature]
            me = Piece(ch, "attacker", ch.power)
            for start in BATTLE_LABELS:
                assert reach(V, land, {}, me, start) == _oracle(land, {}, ch, "attacker", start, ())
            for entry in sides:
                got = reach(V, land, {}, me, None, entry=entry)
                assert got == _oracle(land, {}, ch, "attacker", None, entry)
