"""Striking, carry-over and rangestriking: the errata's worked Examples 1-6 (under "12.0,
12.2, 12.3, 12.4, 12.5"), each with every legal option and allocation it lists and no more,
plus the rules' own examples and the hazard chart's modifiers."""

from __future__ import annotations

import pytest

from titan.engine.queries.carryover import carry_sequences
from titan.engine.queries.strike import StrikeOption, strike_number
from titan.rules import rangestrike_options, strike_options
from titan.variant import load

V = load("default")


def opts(
    terrain: str,
    attacker: str,
    at: str,
    enemies: dict[str, str],
    friends: dict[str, str] | None = None,
    hits: dict[str, int] | None = None,
) -> set[tuple[str, int, int, frozenset[str]]]:
    out = set()
    for target_at, target in enemies.items():
        for o in strike_options(
            V,
            terrain,
            attacker,
            at,
            target,
            target_at,
            enemies=enemies,
            friends=friends or {},
            hits=hits or {},
        ):
            out.add((o.target, o.dice, o.strike_number, o.carry_targets))
    return out


@pytest.mark.rules("13.2")
def test_strike_chart_13_2() -> None:
    assert [strike_number(a, 2) for a in (1, 2, 3, 4, 5)] == [5, 4, 3, 2, 1]
    assert [strike_number(a, 3) for a in (1, 2, 3, 4, 5)] == [6, 5, 4, 3, 2]
    assert [strike_number(a, 4) for a in (1, 2, 3, 4, 5)] == [6, 6, 5, 4, 3]
    ogre_vs_lion = strike_options(V, "Plains", "Ogre", "C3", "Lion", "C4")
    assert [(o.dice, o.strike_number) for o in ogre_vs_lion] == [(6, 5)]  # 13.2


@pytest.mark.rules("13.4")
def test_13_4_ogre_lion_centaur_carry_over() -> None:
    """The Lion has 3 hits: at 5s no carry to the Centaur; at 6s (declared) it is possible."""
    enemies = {"C4": "Lion", "D4": "Centaur"}
    first = strike_options(V, "Plains", "Ogre", "C3", "Lion", "C4", enemies=enemies, hits={"C4": 3})
    assert [(o.strike_number, o.carry_targets) for o in first] == [
        (5, frozenset()),
        (6, frozenset({"D4"})),
    ]


@pytest.mark.rules(
    "13.4", "errata 12.0", "errata 12.2", "errata 12.3", "errata 12.4", "errata 12.5"
)
def test_example_1_plains_cyclops() -> None:
    troll, ogre, ranger = "D3", "D5", "E4"
    got = opts("Plains", "Cyclops", "D4", {troll: "Troll", ogre: "Ogre", ranger: "Ranger"})
    assert got == {
        (ogre, 9, 4, frozenset({troll})),
        (ogre, 9, 6, frozenset({troll, ranger})),
        (troll, 9, 4, frozenset({ogre})),
        (troll, 9, 6, frozenset({ogre, ranger})),
        (ranger, 9, 6, frozenset({ogre, troll})),
    }
    # nine 6s at the Ogre (6 to slay): kill it only, or 3 to the Troll, or 3 to the Ranger
    assert carry_sequences({troll: 8, ranger: 4}, 9 - 6) == [(), (troll,), (ranger,)] or set(
        carry_sequences({troll: 8, ranger: 4}, 3)
    ) == {(), (troll,), (ranger,)}
    # at 4s only the Troll may take the excess
    assert set(carry_sequences({troll: 8}, 3)) == {(), (troll,)}


@pytest.mark.rules(
    "hazard chart", "errata 12.0", "errata 12.2", "errata 12.3", "errata 12.4", "errata 12.5"
)
def test_example_2_desert_ogre_up_a_dune() -> None:
    got = opts("Desert", "Ogre", "F3", {"F4": "Lion", "E4": "Griffon"})
    assert got == {("F4", 6, 5, frozenset()), ("E4", 5, 6, frozenset())}


@pytest.mark.rules(
    "13.4",
    "hazard chart",
    "errata 11.7",
    "errata 12.0",
    "errata 12.2",
    "errata 12.3",
    "errata 12.4",
    "errata 12.5",
)
def test_example_3_desert_hydra_down_a_dune() -> None:
    enemies = {"C5": "Centaur", "D6": "Centaur", "C4": "Colossus"}
    got = opts("Desert", "Hydra", "D5", enemies)
    assert got == {
        ("C4", 12, 5, frozenset()),
        ("C5", 10, 5, frozenset({"D6", "C4"})),
        ("D6", 10, 5, frozenset({"C5", "C4"})),
    }
    # a damaged Colossus: the bonus may be refused for carry-over
    damaged = strike_options(
        V, "Desert", "Hydra", "D5", "Colossus", "C4", enemies=enemies, hits={"C4": 1}
    )
    assert StrikeOption("C4", 10, 5, frozenset({"C5", "D6"}), penalty=True) in damaged
    # 8 hits at the centaur on C5: exactly the four allocations of the example
    assert set(carry_sequences({"D6": 3, "C4": 10}, 8 - 3)) == {(), ("D6",), ("C4",), ("D6", "C4")}


@pytest.mark.rules(
    "13.4",
    "hazard chart",
    "errata 11.7",
    "errata 12.0",
    "errata 12.2",
    "errata 12.3",
    "errata 12.4",
    "errata 12.5",
)
def test_example_4_desert_hydra_up_dunes() -> None:
    enemies = {"C5": "Centaur", "D4": "Centaur", "D5": "Centaur"}
    got = opts("Desert", "Hydra", "C4", enemies)
    assert got == {
        ("C5", 10, 5, frozenset()),
        ("D4", 10, 5, frozenset({"C5", "D5"})),
        ("D5", 10, 5, frozenset({"C5", "D4"})),
    }
    assert set(carry_sequences({"C5": 3, "D5": 3}, 8 - 3)) == {
        (),
        ("C5",),
        ("D5",),
        ("C5", "D5"),
        ("D5", "C5"),
    }


@pytest.mark.rules(
    "13.4",
    "hazard chart",
    "errata 12.0",
    "errata 12.2",
    "errata 12.3",
    "errata 12.4",
    "errata 12.5",
)
def test_example_5_tower_hydra_walls() -> None:
    got = opts("Tower", "Hydra", "C3", {"B2": "Centaur", "D4": "Ogre"})
    assert got == {("B2", 10, 4, frozenset({"D4"})), ("D4", 10, 4, frozenset({"B2"}))}


@pytest.mark.rules(
    "12.4",
    "hazard chart",
    "errata 13.3",
    "errata 12.0",
    "errata 12.2",
    "errata 12.3",
    "errata 12.4",
    "errata 12.5",
)
def test_example_6_brush_rangestrike_two_routes() -> None:
    enemies = {"B3": "Centaur", "B4": "Gargoyle"}
    gargoyle = rangestrike_options(V, "Brush", "Hydra", "D4", "Gargoyle", "B4", enemies=enemies)
    centaur = rangestrike_options(V, "Brush", "Hydra", "D4", "Centaur", "B3", enemies=enemies)
    assert [(o.dice, o.strike_number, o.path) for o in gargoyle] == [(5, 5, ("C4",))]
    assert [(o.dice, o.strike_number, o.path) for o in centaur] == [
        (5, 5, ("C3",)),
        (5, 6, ("C4",)),
    ]


@pytest.mark.rules("12.3", "hazard chart", "errata 11.7", "errata 13.2")
def test_range_4_and_bramble_do_not_shorten_range_errata_11_7() -> None:
    """A Ranger on B3 in the Brush may rangestrike E5 (range 4, skill 4 - 1)."""
    (o,) = rangestrike_options(V, "Brush", "Ranger", "B3", "Ogre", "E5")
    land = V.battlelands["Brush"]
    brambles = sum(land.hex(h).terrain == "bramble" for h in o.path)
    assert o.path == ("C4", "D5") and brambles == 2
    assert o.dice == 2 and o.strike_number == strike_number(4 - 1 - brambles, 2)


@pytest.mark.rules("12.6", "errata 13.5")
def test_lords_immune_except_to_the_warlock_12_6() -> None:
    assert rangestrike_options(V, "Plains", "Ranger", "B3", "Titan", "E5") == ()
    assert rangestrike_options(V, "Plains", "Ranger", "B3", "Angel", "E5") == ()
    (o,) = rangestrike_options(V, "Plains", "Warlock", "B3", "Titan", "E5")
    assert o.strike_number == strike_number(4, 4)  # 12.6: full skill at range 4


@pytest.mark.rules("12.4", "12.6", "hazard chart")
def test_characters_block_but_not_the_warlocks_missile_12_4_12_6() -> None:
    enemies = {"C3": "Ogre"}
    assert rangestrike_options(V, "Plains", "Ranger", "C1", "Ogre", "C4", enemies=enemies) == ()
    assert rangestrike_options(V, "Plains", "Warlock", "C1", "Ogre", "C4", enemies=enemies)


@pytest.mark.rules("12.4", "hazard chart", "errata 13.3")
def test_trees_block_and_the_other_route_may_be_taken_13_3() -> None:
    """Jungle C3 to E3 runs along the D3/D4 border; D3 is a tree, D4 is open."""
    (o,) = rangestrike_options(V, "Jungle", "Ranger", "C3", "Ogre", "E3")
    assert o.path == ("D4",)


@pytest.mark.rules("12.1")
def test_no_rangestrike_in_contact_or_at_adjacent_targets_12_1() -> None:
    assert (
        rangestrike_options(V, "Plains", "Ranger", "C1", "Ogre", "C4", enemies={"C2": "Ogre"}) == ()
    )
    assert rangestrike_options(V, "Plains", "Ranger", "C1", "Ogre", "C2") == ()


@pytest.mark.rules("hazard chart", "errata 11.7", "errata 13.5")
def test_dragon_in_the_volcano_hazard_chart() -> None:
    """+2 dice striking and rangestriking from the volcano; +1 strike number against
    rangestrikes aimed at it, except a Warlock's (errata 11.7)."""
    strikes = strike_options(V, "Mountains", "Dragon", "D4", "Ogre", "D5")
    assert strikes and strikes[0].dice >= 9 + 2
    at_dragon = rangestrike_options(V, "Mountains", "Warlock", "D6", "Dragon", "D4")
    assert at_dragon and at_dragon[0].strike_number == strike_number(4, 3)


@pytest.mark.rules("hazard chart", "errata 11.7")
def test_bramble_defence_modifies_skill_errata_11_7() -> None:
    """A Gargoyle (native) in bramble struck by a non-native gains a skill factor."""
    land = V.battlelands["Brush"]
    bramble = next(
        h
        for h, x in land.hexes.items()
        if x.terrain == "bramble"
        and any(
            n and land.hex(n).terrain == "plain" and not x.hexsides[d]
            for d, n in enumerate(x.neighbours)
        )
    )
    hx = land.hex(bramble)
    plain = next(
        n
        for d, n in enumerate(hx.neighbours)
        if n and land.hex(n).terrain == "plain" and not hx.hexsides[d]
    )
    (o,) = strike_options(V, "Brush", "Ogre", plain, "Gargoyle", bramble)
    assert o.strike_number == strike_number(2, 3 + 1)
    (o,) = strike_options(V, "Brush", "Cyclops", plain, "Gargoyle", bramble)
    assert o.strike_number == strike_number(2, 3)  # a native striker: no bonus


@pytest.mark.rules("hazard chart")
def test_no_strike_across_a_cliff_hazard_chart() -> None:
    land = V.battlelands["Mountains"]
    for label, hx in land.hexes.items():
        for d, n in enumerate(hx.neighbours):
            side = hx.hexsides[d]
            if n and side and side.hazard == "cliff":
                assert strike_options(V, "Mountains", "Ogre", label, "Ogre", n) == ()
