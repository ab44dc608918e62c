"""The strong player brings every character onto a narrow battleland when all can enter (10.1:
one left off is slain). Before the entry check it left one off in all of these battles, every
time; the normal player entered them all."""

from __future__ import annotations

import pytest

from titan.ai.strong import StrongBot
from titan.ai.strong.budget import TINY
from titan.ai.strong.entering import EntryCheck
from titan.ai.strong.field import entry_hexes
from titan.engine import events
from titan.engine.actions import Decline
from titan.engine.queries.model import Piece
from titan.engine.scenario import battle_game
from titan.variant import TITAN, load

VARIANT = load("default")

# (attacker, defender, land) from arena games; the defender has the most characters.
CROWDED = [
    (["Angel", "Angel", "Ranger", TITAN], ["Gorgon"] * 4 + [TITAN, "Troll", "Troll"], 13),
    (
        ["Angel", "Gargoyle", "Gargoyle", "Ogre", "Troll"],
        ["Gargoyle"] * 2 + ["Ogre"] * 3 + [TITAN],
        12,
    ),
    (
        ["Angel", "Gargoyle", "Gargoyle", "Troll", "Troll"],
        ["Gargoyle", "Ogre", "Ogre", TITAN, "Troll", "Troll"],
        111,
    ),
]


@pytest.mark.rules("10.1")
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("attacker", "defender", "land"), CROWDED)
def test_every_defender_enters(
    attacker: list[str], defender: list[str], land: int, seed: int
) -> None:
    terrain = VARIANT.masterboard.land(land).terrain
    game = battle_game(attacker, defender, terrain, seed=seed, land=land)
    game.act(0, Decline())
    game.act(1, Decline())
    bot = StrongBot(seed, VARIANT, budget=TINY)
    start = len(game.history)
    while (prompt := game.prompt()).player == 1:
        game.act(1, bot.choose(game.view(1), prompt))
    left_off = [e for e in game.history[start:] if isinstance(e, events.LeftOff)]
    assert left_off == []
    entered = [e for e in game.history[start:] if isinstance(e, events.BattleMoved)]
    assert len(entered) == len(defender)


@pytest.mark.rules("10.1")
def test_the_check_sees_a_placement_that_shuts_one_out() -> None:
    """Marsh (land 13): where the strong player used to put six of seven, the seventh has no
    way in; from an empty battleland all seven have one."""
    attacker, defender, land = CROWDED[0]
    terrain = VARIANT.masterboard.land(land).terrain
    game = battle_game(attacker, defender, terrain, land=land)
    battle = game.state.engagement
    assert battle is not None and battle.battle is not None
    doors = entry_hexes(VARIANT, terrain, battle.battle.entry_side, "defender")
    chars = VARIANT.characters
    pieces = [Piece(chars[n], "defender", chars[n].power) for n in defender]
    check = EntryCheck(VARIANT, VARIANT.battlelands[terrain], doors)
    assert check.all_enter({}, pieces)
    placed = dict(
        zip(["D6", "E5", "E4", "B4", "F3", "F4"], [*pieces[:4], pieces[5], pieces[4]], strict=True)
    )
    assert [p.name for p in placed.values()].count(TITAN) == 1
    assert not check.all_enter(placed, [pieces[6]])
