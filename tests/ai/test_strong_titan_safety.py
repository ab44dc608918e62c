"""``strong`` keeps its Titan safe on the masterboard (issue 23): positions from arena games
its Titan lost, each saved as the game's record up to the decision (``titan arena --bots
strong,normal --players 2 --seed S``, game N: ``tests/ai/positions/arena-S-gameN-turnT.json``),
and the choice it makes there now."""

from __future__ import annotations

import json
from pathlib import Path

from titan.ai.strong import StrongBot
from titan.ai.strong.budget import Budget
from titan.engine.actions import Action, Move
from titan.engine.game import Game
from titan.variant import TITAN

POSITIONS = Path(__file__).parent / "positions"


def _position(name: str) -> Game:
    return Game.load(json.loads((POSITIONS / name).read_text()))


def _titan_move(game: Game) -> tuple[str, Action]:
    """Our Titan legion's marker and strong's choice (no time cap: the same on any machine)."""
    prompt = game.prompt()
    view = game.view(prompt.player)
    titan = next(lg for lg in view.legions if lg.owner == prompt.player and TITAN in lg.known)
    return titan.marker, StrongBot(1, budget=Budget(seconds=None)).choose(view, prompt)


def test_the_titan_goes_to_the_tower_where_a_warlock_and_walls_wait() -> None:
    """Seed 424242, game 2, turn 3, a roll of 1: the Titan's legion (two Gargoyles, two
    Ogres) on Brush 3 may go to Hills 4 (an Ogre) or the empty Tower 100 (a Warlock, 18.4,
    behind walls), both within reach of the enemy's 7-high legion. It went to the Hills and
    its Titan fell the next turn: the risk was counted for the legion as it came, not with
    the recruit it musters before any enemy moves (18.1)."""
    game = _position("arena-424242-game2-turn3.json")
    marker, choice = _titan_move(game)
    assert game.prompt().roll == 1 and marker == "Gr01"
    assert {
        o.land for o in game.prompt().options if isinstance(o, Move) and o.legion == marker
    } >= {
        4,
        100,
    }
    assert choice == Move("Gr01", 100, None, None, None)


def test_the_titan_leaves_a_corner_before_the_trap_closes() -> None:
    """Seed 424242, game 20, turn 6, a roll of 5: the Titan's legion stands in the Jungle
    (40) with a 7-high enemy legion two moves away (Swamp 24) and no enemy within one move,
    so the one-turn risk sees nothing. It stayed (its split-off Gargoyles took Brush 137,
    its one way out for that roll); the next turn the enemy closed in, every roll led only
    onto enemies, and its Titan fell attacking a larger stack. Now it leaves for the Brush,
    where only a weaker legion can come near."""
    game = _position("arena-424242-game20-turn6.json")
    marker, choice = _titan_move(game)
    assert game.prompt().roll == 5 and marker == "Rd01"
    assert choice == Move("Rd01", 137, None, None, None)
