"""The compact battle (titan.ai.strong.fastbattle) is the engine's battle: every action it
takes is one the engine accepts, and with the same dice the engine ends the battle the same
way, with the same survivors, wounds and places; and the cheap policy's maneuvers score alike
on both boards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from titan.ai.strong.fastbattle import SIDES, FastBattle, Unit
from titan.ai.strong.placing import destination, hex_scores
from titan.ai.strong.policy import engine_ground, fast_action
from titan.engine import events as ev
from titan.engine.actions import Action, Decline
from titan.engine.battle.actions import BattleMove
from titan.engine.dice import SeededDice
from titan.engine.game import Game
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


def _compact(game: Game) -> FastBattle:
    """The compact battle standing exactly where the engine's does, at the same turn."""
    fast = FastBattle.from_game(game, lambda: 1, random.Random(0))
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None
    fast.turn = eng.battle.turn
    fast.phasing = "attacker" if eng.battle.phasing == "attacker" else "defender"
    return fast


def _unit(fast: FastBattle, name: str, hex_: str | None) -> Unit:
    return next(
        u
        for u in fast.units
        if u.name == name and u.hex == hex_ and u.side == fast.phasing and not u.gone
    )


@pytest.mark.parametrize("k", range(len(BATTLES)))
def test_both_boards_score_and_choose_alike(k: int) -> None:
    """The cheap policy's one maneuver scoring (titan.ai.strong.placing) reads a battle the
    same way through the engine's board (the policy's playouts through ``Game``) and the
    compact battle's: every move of every character that may move is scored alike through
    both, and the policy's choice is the one the compact battle's board makes."""
    attacker, defender, terrain = BATTLES[k]
    game = battle_game(attacker, defender, terrain, entry_side="left").clone(dice=SeededDice(k))
    rng = random.Random(k)
    scored = chosen = 0
    while (eng := game.state.engagement) is not None and eng.battle is not None:
        prompt = game.prompt()
        if prompt.kind == Decision.MANEUVER:
            fast = _compact(game)
            ground = engine_ground(game)
            assert ground.board == fast.board
            # every character of the phasing side that may still move, over all its moves
            movers = {(o.name, o.frm) for o in prompt.options if isinstance(o, BattleMove)}
            for name, frm in sorted(movers, key=str):
                unit = _unit(fast, name, frm)
                piece = unit.piece()
                ends = sorted(
                    o.to
                    for o in prompt.options
                    if isinstance(o, BattleMove) and (o.name, o.frm) == (name, frm)
                )
                if any(p.side != piece.side for p in fast.board.values()):
                    assert hex_scores(ground, piece, frm, ends) == hex_scores(
                        fast, piece, frm, ends
                    )
                    scored += 1
                for withdraw in (False, True):
                    one = destination(ground, piece, frm, ends, random.Random(k), withdraw=withdraw)
                    two = destination(fast, piece, frm, ends, random.Random(k), withdraw=withdraw)
                    assert one == two, (name, frm, withdraw)
            # the policy's own choice is the one the compact battle's board makes
            seed = rng.randrange(1 << 30)
            action = fast_action(game, prompt, random.Random(seed))
            if isinstance(action, BattleMove):
                mine = [
                    o.to
                    for o in prompt.options
                    if isinstance(o, BattleMove) and (o.name, o.frm) == (action.name, action.frm)
                ]
                piece = _unit(fast, action.name, action.frm).piece()
                again = destination(
                    fast, piece, action.frm, mine, random.Random(seed), withdraw=True
                )
                assert again == action.to
                chosen += 1
        else:
            action = fast_action(game, prompt, rng)
        game.act(prompt.player, action)
    assert scored >= 5 and chosen >= 5, (scored, chosen)
