"""The default variant's data and its validating loader (Rules engine I §2)."""

from __future__ import annotations

import dataclasses
import json
from importlib import resources

import pytest

from titan.variant import (
    BATTLE_LABELS,
    VariantError,
    _load_battleland,
    _load_masterboard,
    load,
    titan_power,
    titan_value,
)

V = load("default")


@pytest.mark.rules("3.1", "3.2", "3.3", "errata 3.5", "12.2", "16")
def test_characters_errata_3_5_counts_and_classes() -> None:
    """Rule 3, character chart, errata 3.5: 3 lords, 2 demi-lords, 19 creatures."""
    kinds = [c.kind for c in V.characters.values()]
    assert (kinds.count("lord"), kinds.count("demilord"), kinds.count("creature")) == (3, 2, 19)
    counts = {n: c.count for n, c in V.characters.items()}
    assert counts["Angel"] == 18 and counts["Archangel"] == 6 and counts["Titan"] is None
    assert counts["Cyclops"] == 28 and counts["Serpent"] == 10 and counts["Guardian"] == 6
    assert V.characters["Warlock"].magic_missile and V.characters["Warlock"].rangestrikes
    assert V.characters["Dragon"].range_strength == 4  # 12.2
    assert V.characters["Ogre"].value == 12 and V.characters["Serpent"].value == 36  # 16


@pytest.mark.rules("19.1", "16")
def test_titan_power_and_value_rule_19_1() -> None:
    assert titan_power(327) == 9 and titan_power(1163) == 17 and titan_power(0) == 6
    assert titan_value(400) == 40


@pytest.mark.rules("2.1")
def test_masterboard_has_96_lands_in_11_terrains() -> None:
    """Rule 2.1."""
    assert len(V.masterboard.lands) == 96
    assert len({land.terrain for land in V.masterboard.lands.values()}) == 11
    assert V.masterboard.towers == (100, 200, 300, 400, 500, 600)


@pytest.mark.rules("errata 2.2", "errata 10.1")
@pytest.mark.parametrize(("frm", "side"), [(6000, "left"), (2000, "right"), (1, "bottom")])
def test_entry_sides_into_mountains_1000_errata_2_2(frm: int, side: str) -> None:
    """Errata 2.2/10.1: 1000 from Tundra 6000 is a left attack, from 2000 right, from 1 bottom."""
    exit_ = V.masterboard.land(frm).exit_to(1000)
    assert exit_ is not None and exit_.entry_side == side


@pytest.mark.rules("2.2", "errata 2.2")
def test_battlelands_errata_2_2_labels_volcano_and_trees() -> None:
    """Errata 2.2: 27 hexes labelled A1..F4; the Mountains volcano is D4; Jungle trees B4 D3 F3."""
    assert len(V.battlelands) == 11
    for bl in V.battlelands.values():
        assert sorted(bl.hexes) == sorted(BATTLE_LABELS) and len(bl.hexes) == 27
    mountains = V.battlelands["Mountains"]
    assert [h for h, x in mountains.hexes.items() if x.terrain == "volcano"] == ["D4"]
    jungle = V.battlelands["Jungle"]
    assert sorted(h for h, x in jungle.hexes.items() if x.terrain == "tree") == ["B4", "D3", "F3"]


def test_battle_adjacency_is_symmetric_and_hazards_agree() -> None:
    for bl in V.battlelands.values():
        for label, hx in bl.hexes.items():
            for d, n in enumerate(hx.neighbours):
                if n is None:
                    continue
                back = bl.hexes[n]
                assert back.neighbours[(d + 3) % 6] == label
                a, b = hx.hexsides[d], back.hexsides[(d + 3) % 6]
                assert (a is None) == (b is None)
                if a is not None and b is not None:
                    assert a.hazard == b.hazard and a.top != b.top


@pytest.mark.rules("10.1", "errata 2.2", "errata 10.1", "errata 10.2")
def test_entry_hexes_errata_2_2() -> None:
    e = V.entry
    assert e.attacker["left"] == ("A3", "B4", "C5", "D6") and e.defender["left"] == (
        "D1",
        "E1",
        "F1",
    )
    assert e.attacker["right"] == ("F1", "F2", "F3", "F4") and e.defender["right"] == (
        "A1",
        "A2",
        "A3",
    )
    assert e.attacker["bottom"] == ("A1", "B1", "C1", "D1")
    assert e.tower_defender_deploys == ("C3", "C4", "D3", "D4", "D5", "E3", "E4")


def _raw(file: str) -> dict:  # type: ignore[type-arg]
    text = resources.files("titan.variants").joinpath("default", file).read_text("utf-8")
    data: dict = json.loads(text)  # type: ignore[type-arg]
    return data


def test_loader_rejects_a_one_sided_hazard() -> None:
    raw = _raw("battlelands.json")["maps"]["Tower"]
    raw["hexes"]["C3"]["hexsides"][3] = None  # the wall C3/C2 now seen from C2 only
    with pytest.raises(VariantError, match="one side"):
        _load_battleland("Tower", raw, True)


def test_loader_rejects_a_missing_hex() -> None:
    raw = _raw("battlelands.json")["maps"]["Plains"]
    del raw["hexes"]["F4"]
    with pytest.raises(VariantError, match="27"):
        _load_battleland("Plains", raw, False)


def test_loader_rejects_a_sign_on_a_short_side() -> None:
    raw = _raw("masterboard.json")
    land = raw["lands"][0]
    land["exits"][0][2] = 1  # land 1 points down: side 1 is a short side
    with pytest.raises(VariantError):
        _load_masterboard(raw)


def test_variant_is_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        V.characters["Ogre"].power = 9  # type: ignore[misc]
