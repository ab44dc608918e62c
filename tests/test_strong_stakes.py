"""What the strong player's battle evaluation counts an enemy Titan for (19.3, 1.1)."""

from __future__ import annotations

from dataclasses import replace

from titan.ai.strong.field import TITAN_STAKE, read_field
from titan.engine.actions import Decline
from titan.engine.game import Game
from titan.engine.scenario import battle_game
from titan.engine.views import PlayerView
from titan.variant import TITAN, load

VARIANT = load("default")


def _battle(defender: list[str]) -> Game:
    """Our Titan's legion attacking ``defender``, at the defender's first maneuver."""
    game = battle_game([TITAN, "Ogre", "Ogre"], defender, "Plains")
    game.act(0, Decline())
    game.act(1, Decline())
    return game


def _with_rivals(view: PlayerView, extra: int) -> PlayerView:
    """The same view in a game with ``extra`` more opponents, all alive."""
    them = next(p for p in view.players if p.index != view.you)
    more = tuple(replace(them, index=len(view.players) + k) for k in range(extra))
    return replace(view, players=view.players + more)


def test_an_enemy_titan_counts_as_our_own_while_ours_is_in_the_battle() -> None:
    """Its fall ends the battle (19.3) and the danger to our Titan with it."""
    game = _battle(["Troll", "Troll", TITAN])
    for seat in (0, 1):
        field = read_field(VARIANT, _with_rivals(game.view(seat), 2))
        assert field.stakes[field.enemy()] == TITAN_STAKE


def test_an_enemy_titan_counts_one_nth_when_ours_is_not_at_stake() -> None:
    """With three opponents, the others profit from its fall as much as we do."""
    game = _battle(["Troll", "Troll"])
    field = read_field(VARIANT, _with_rivals(game.view(1), 2))
    assert field.me == "defender"
    assert field.stakes["attacker"] == TITAN_STAKE / 3
    assert field.stakes["defender"] == TITAN_STAKE
