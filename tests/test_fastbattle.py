"""The compact battle (titan.ai.strong.fastbattle) is the engine's battle: every action it
takes is one the engine accepts, and with the same dice the engine ends the battle the same
way, with the same survivors, wounds and places."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from titan.ai.strong.fastbattle import SIDES, FastBattle
from titan.engine import events as ev
from titan.engine.actions import Action, Decline
from titan.engine.dice import SeededDice
from titan.engine.prompts import Decision
from titan.engine.scenario import battle_game

BATTLES = [
    (["Titan", "Ogre", "Ogre", "Centaur"], ["Angel", "Gargoyle", "Gargoyle", "Centaur"], "Plains"),
    (["Titan", "Cyclops", "Cyclops", "Gorgon", "Ogre"], ["Troll", "Troll", "Ranger"], "Marsh"),
    (
        ["Titan", "Ogre", "Ogre", "Centaur", "Centaur", "Gargoyle", "Gargoyle"],
        ["Troll", "Troll", "Ogre", "Ogre", "Centaur"],
        "Tower",
    ),
    (
        ["Dragon", "Dragon", "Giant", "Colossus"],
        ["Titan", "Warlock", "Ranger", "Gorgon"],
        "Mountains",
    ),
    (
        ["Angel", "Gargoyle", "Lion", "Lion", "Ogre"],
        ["Centaur", "Gargoyle", "Titan", "Troll"],
        "Tundra",
    ),
    (["Griffon", "Griffon", "Hydra", "Lion"], ["Lion", "Lion", "Griffon", "Titan"], "Desert"),
    (["Behemoth", "Serpent", "Cyclops"], ["Gorgon", "Gorgon", "Cyclops", "Cyclops"], "Jungle"),
    (["Wyvern", "Hydra", "Troll"], ["Troll", "Troll", "Ranger", "Wyvern"], "Swamp"),
]


@pytest.mark.parametrize("k", range(48))
def test_the_engine_fights_the_same_battle(k: int) -> None:
    attacker, defender, terrain = BATTLES[k % len(BATTLES)]
    side = random.Random(k).choice(["left", "right", "bottom"])
    game = battle_game(attacker, defender, terrain, entry_side=side).clone(dice=SeededDice(k))
    dice = SeededDice(k)
    counter = [game.state.dice]

    def roll() -> int:
        counter[0] += 1
        return dice.face(counter[0])

    fast = FastBattle.from_game(game, roll, random.Random(k), record=True)
    result = fast.play()
    assert fast.actions is not None
    actions = list(fast.actions)
    ended: ev.BattleEnded | None = None
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None
    left = {s: Counter(f.name for f in eng.battle.fighters if f.side == s) for s in SIDES}
    while (eng := game.state.engagement) is not None and eng.battle is not None:
        prompt = game.prompt()
        if prompt.kind in (Decision.BATTLE_MAY_CONCEDE, Decision.CONCESSION_OFFERED):
            action: Action = Decline()  # the compact battle never concedes
        else:
            action = actions.pop(0)  # IllegalAction if the engine did not accept it
        for e in game.act(prompt.player, action):
            if isinstance(e, ev.Slain):
                left[e.side][e.name] -= 1
            elif isinstance(e, ev.BattleEnded):
                ended = e
    assert not actions
    assert ended is not None
    assert (ended.winner, ended.how, ended.turn) == (result.winner, result.how, result.turn)
    for names, side in zip(result.left, SIDES, strict=True):
        assert names == tuple(sorted((+left[side]).elements()))
    assert counter[0] == game.state.dice  # the same dice, every one of them
