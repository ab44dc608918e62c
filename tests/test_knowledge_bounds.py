"""What a seat may be sure another player's legion holds at most (``LegionView.possible``):
every legion starts public (5.2) and every character joins one in view (18.4, 15.1, 17), so
after a split (4.3) each part holds only what the parent held, less what the other part is
sure to hold.
The secrecy checker (tests/test_secrecy.py) holds the bounds to an oracle of its own. The
client shows them; the computer players read none of them (docs/ai.md)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from tests.support import cleared, place, started
from titan.ai.determinize import determinize
from titan.ai.normal import NormalBot
from titan.ai.normal.estimate import read_board
from titan.ai.strong.bot import StrongBot
from titan.ai.strong.budget import TINY
from titan.engine.actions import Split
from titan.engine.game import Game
from titan.variant import load

VARIANT = load("default")
STARTING = ("Angel", "Centaur", "Centaur", "Gargoyle", "Gargoyle", "Ogre", "Ogre", "Titan")


@pytest.mark.rules("4.3", "5.2")
def test_the_first_split_bounds_both_parts_by_the_starting_eight() -> None:
    game = started(3, 2)
    me = game.prompt().player
    (legion,) = game.state.player_legions(me)
    marker = game.state.players[me].markers[0]
    game.act(me, Split(legion.marker, marker, ("Angel", "Centaur", "Gargoyle", "Ogre")))
    theirs = [lv for lv in game.view(1 - me).legions if lv.owner == me]
    assert [lv.known for lv in theirs] == [(), ()]
    assert [lv.possible for lv in theirs] == [STARTING, STARTING]
    assert all(lv.possible is None for lv in game.view(me).legions)  # its own: known whole


@pytest.mark.rules("4.3")
def test_each_part_holds_at_most_what_the_other_may_not_be_sure_of() -> None:
    game, me, them, mine, _ = cleared(5)
    seven = ["Gargoyle", "Ogre", "Ogre", "Titan", "Troll", "Troll", "Troll"]
    place(game, me, mine[0], 1, seven)
    game.state.known[them][mine[0]] = dict(Counter(seven))  # shown whole, say in a battle
    game.state.possible[them][mine[0]] = dict(Counter(seven))
    game.act(me, Split(mine[0], mine[1], ("Ogre", "Troll")))
    view = {lv.marker: lv for lv in game.view(them).legions}
    parent, child = view[mine[0]], view[mine[1]]
    # Three Trolls do not fit in two: one stayed, so the pair holds at most two of them.
    assert parent.known == ("Troll",) and child.known == ()
    assert parent.possible == tuple(sorted(seven))
    assert child.possible is not None
    assert Counter(child.possible) == Counter(seven) - Counter(["Troll"])


def test_the_computer_players_read_none_of_the_bounds() -> None:
    """The bounds are for people (the client shows them); the normal and strong players
    decide as if the view had none (docs/ai.md: drawing hidden contents within them played
    no better against Colossus), so stripped views get the same decisions, and draws."""
    game = Game.new("default", ["P0", "P1", "P2"], 11)
    bots = [NormalBot(i, VARIANT) for i in range(3)]
    strong = StrongBot(5, VARIANT, budget=TINY)
    bounded = 0
    for step in range(700):
        if game.state.over:
            break
        prompt = game.prompt()
        view = game.view(prompt.player)
        if step % 4 == 0 and any(lv.possible is not None for lv in view.legions):
            bounded += 1
            stripped = replace(
                view, legions=tuple(replace(lv, possible=None) for lv in view.legions)
            )
            assert read_board(VARIANT, view) == read_board(VARIANT, stripped)
            a = determinize(view, random.Random(step), VARIANT)
            b = determinize(stripped, random.Random(step), VARIANT)
            assert a.state.legions == b.state.legions
            assert StrongBot(5, VARIANT, budget=TINY).choose(view, prompt) == strong.choose(
                stripped, prompt
            )
        game.act(prompt.player, bots[prompt.player].choose(view, prompt))
    assert bounded > 30  # positions where some legion was bounded
