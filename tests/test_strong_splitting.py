"""The strong player's splits (4.3, titan/ai/strong/splitting.py): with several opponents, a
full Titan's legion gives up its two weakest creatures; otherwise the normal player's split."""

from __future__ import annotations

from tests.support import place, started
from titan.ai.normal import NormalBot
from titan.ai.normal.values import fighting_value
from titan.ai.strong import StrongBot
from titan.engine.actions import Split
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.engine.scenario import clear_board
from titan.variant import TITAN, load

VARIANT = load("default")
FULL_TITAN = [TITAN, "Ranger", "Ranger", "Gargoyle", "Gargoyle", "Troll", "Troll"]


def _full_legion(players: int, contents: list[str]) -> tuple[Game, int]:
    """Our full legion alone in our tower, each opponent's Titan in his, our split to choose."""
    game = started(3, players)
    me = game.prompt().player
    clear_board(game)
    for player in game.state.players:
        player.turns_taken = 1
    for p in game.state.players:
        marker = sorted(p.markers)[0]
        tower = p.tower
        assert tower is not None
        place(game, p.index, marker, tower, contents if p.index == me else [TITAN, "Ogre"])
    assert game.prompt().kind == Decision.SPLIT
    return game, me


def _splits(players: int, contents: list[str]) -> tuple[Split, Split]:
    game, me = _full_legion(players, contents)
    view, prompt = game.view(me), game.prompt()
    normal, strong = NormalBot(1, VARIANT).choose(view, prompt), StrongBot(1).choose(view, prompt)
    assert isinstance(normal, Split) and isinstance(strong, Split)
    return normal, strong


def _worth(names: tuple[str, ...]) -> float:
    return sum(fighting_value(VARIANT.characters[n]) for n in names)


def test_with_several_opponents_the_titans_legion_keeps_its_strongest() -> None:
    normal, strong = _splits(3, FULL_TITAN)
    assert normal.characters == ("Gargoyle", "Troll")  # a Troll would leave the Titan
    assert strong.characters == ("Gargoyle", "Gargoyle")
    assert (strong.legion, strong.marker) == (normal.legion, normal.marker)
    game, me = _full_legion(3, FULL_TITAN)
    pairs = {o.characters for o in game.prompt().options if isinstance(o, Split)}
    assert _worth(strong.characters) == min(_worth(p) for p in pairs if len(p) == 2)
    game.act(me, strong)  # a legal split


def test_with_one_opponent_the_normal_players_split_stands() -> None:
    normal, strong = _splits(2, FULL_TITAN)
    assert strong == normal


def test_other_legions_split_as_the_normal_player_splits() -> None:
    contents = ["Angel", "Ranger", "Ranger", "Gargoyle", "Gargoyle", "Troll", "Troll"]
    normal, strong = _splits(3, contents)
    assert normal.characters != ("Gargoyle", "Gargoyle")  # not the weakest pair
    assert strong == normal
