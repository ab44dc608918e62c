"""Mustering (rule 18, errata 18.0): chains, the tower, the caretaker's stacks."""

from __future__ import annotations

import pytest

from titan.engine.queries.muster import muster_options
from titan.variant import load

V = load("default")


@pytest.mark.rules("18.3")
def test_18_3_mountains_two_lions_muster_a_minotaur_or_a_lion() -> None:
    opts = muster_options(V, "Mountains", ["Centaur", "Centaur", "Lion", "Lion"])
    assert opts == {"Lion": (("Lion",),), "Minotaur": (("Lion", "Lion"),)}


@pytest.mark.rules("18.2", "18.3")
def test_18_3_desert_needs_three_lions_for_a_griffon() -> None:
    opts = muster_options(V, "Desert", ["Lion", "Lion", "Centaur"])
    assert opts == {"Lion": (("Lion",),)}
    assert "Griffon" in muster_options(V, "Desert", ["Lion", "Lion", "Lion"])


@pytest.mark.rules("18.3")
def test_18_3_marsh_troll_musters_troll_or_lesser_ogre() -> None:
    assert muster_options(V, "Marsh", ["Troll"]) == {"Ogre": (("Troll",),), "Troll": (("Troll",),)}


@pytest.mark.rules("18.3")
def test_18_3_steps_cannot_be_skipped_and_colossus_musters_everything_below() -> None:
    assert "Dragon" not in muster_options(V, "Mountains", ["Lion", "Lion", "Lion"])
    assert set(muster_options(V, "Mountains", ["Colossus"])) == {
        "Lion",
        "Minotaur",
        "Dragon",
        "Colossus",
    }
    assert muster_options(V, "Mountains", ["Minotaur", "Minotaur"])["Dragon"] == (
        ("Minotaur", "Minotaur"),
    )


@pytest.mark.rules("18.4")
def test_18_4_two_ways_to_show_a_troll() -> None:
    opts = muster_options(V, "Marsh", ["Ogre", "Ogre", "Troll"])
    assert opts["Troll"] == (("Ogre", "Ogre"), ("Troll",))


@pytest.mark.rules("18.3")
def test_18_3_a_creature_outside_the_chain_musters_nothing() -> None:
    assert muster_options(V, "Marsh", ["Dragon", "Griffon"]) == {}


@pytest.mark.rules("18.5", "errata 18.0")
def test_18_5_tower_creatures_need_nothing_shown_errata_18_0() -> None:
    opts = muster_options(V, "Tower", ["Dragon", "Hydra"])
    assert opts == {"Centaur": ((),), "Gargoyle": ((),), "Ogre": ((),)}


@pytest.mark.rules("18.5")
def test_18_5_warlock_with_titan_or_warlock_guardian_with_three_identical() -> None:
    opts = muster_options(V, 100, ["Titan", "Troll", "Troll", "Troll"])
    assert opts["Warlock"] == (("Titan",),)
    assert opts["Guardian"] == (("Troll", "Troll", "Troll"),)
    assert muster_options(V, "Tower", ["Warlock", "Ogre"])["Warlock"] == (("Warlock",),)
    assert muster_options(V, "Tower", ["Guardian", "Ogre"])["Guardian"] == (("Guardian",),)
    # three Angels are lords, not creatures (18.5)
    assert "Guardian" not in muster_options(V, "Tower", ["Angel", "Angel", "Angel"])


@pytest.mark.rules("21")
def test_rule_21_titan_variant_tower_creatures() -> None:
    opts = muster_options(V, "Tower", ["Dragon"], titan_variant=True)
    assert set(opts) == {"Cyclops", "Lion", "Troll"}


@pytest.mark.rules("18.3", "4.1")
def test_errata_3_5_empty_stacks_and_4_1_full_legions() -> None:
    caretaker = {"Lion": 0, "Minotaur": 3}
    opts = muster_options(V, "Mountains", ["Lion", "Lion"], caretaker=caretaker)
    assert set(opts) == {"Minotaur"}
    assert muster_options(V, "Mountains", ["Lion"] * 7) == {}
