"""Rule 4.1, errata 4.1: removal order for a legion over seven characters."""

from __future__ import annotations

import pytest

from tests.support import place, started
from titan.engine.context import Ctx
from titan.engine.dice import SeededDice
from titan.engine.phases.overflow import trim
from titan.engine.scenario import clear_board


def _trim(chars: list[str]) -> list[str]:
    game = started()
    clear_board(game)
    legion = place(game, 0, "Rd01", 1, chars)
    removed = trim(Ctx(game.variant, game.state, SeededDice(0)), legion)
    assert len(legion.characters) == 7
    return removed


@pytest.mark.rules("4.1", "errata 4.1")
def test_errata_4_1_most_valuable_creatures_first() -> None:
    chars = [
        "Titan",
        "Angel",
        "Archangel",
        "Guardian",
        "Warlock",
        "Ogre",
        "Serpent",
        "Hydra",
        "Colossus",
    ]
    assert _trim(chars) == ["Colossus", "Serpent"]


@pytest.mark.rules("4.1", "errata 4.1")
def test_errata_4_1_ties_rangestrikers_then_flyers_then_skill() -> None:
    chars = ["Titan", "Cyclops", "Warbear", "Gorgon", "Ogre", "Ogre", "Ogre", "Centaur", "Wyvern"]
    # Wyvern 21 first; then the 18s: Gorgon (rangestrikes), then Warbear (skill 3 > Cyclops 2)
    assert _trim(chars) == ["Wyvern", "Gorgon"]
    chars = ["Titan", "Cyclops", "Warbear", "Ogre", "Ogre", "Ogre", "Centaur", "Ogre", "Lion"]
    assert _trim(chars) == ["Warbear", "Cyclops"]


@pytest.mark.rules("4.1", "errata 4.1")
def test_errata_4_1_then_guardians_warlocks_archangels_angels() -> None:
    chars = [
        "Titan",
        "Angel",
        "Angel",
        "Archangel",
        "Archangel",
        "Guardian",
        "Warlock",
        "Angel",
        "Angel",
    ]
    assert _trim(chars) == ["Guardian", "Warlock"]
    assert _trim(
        [
            "Titan",
            "Angel",
            "Angel",
            "Angel",
            "Archangel",
            "Archangel",
            "Angel",
            "Angel",
            "Archangel",
        ]
    ) == ["Archangel", "Archangel"]
