"""What a seat may be sure another player's legion holds at most (``LegionView.possible``):
every legion starts public (5.2) and every character joins one in view (18.4, 15.1, 17), so
after a split (4.3) each part holds only what the parent held, less what the other part is
sure to hold. The estimates and the determinizations draw hidden contents from that bound.
The secrecy checker (tests/test_secrecy.py) holds the bounds to an oracle of its own."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.support import cleared, place, started
from titan.ai.determinize import determinize
from titan.ai.normal.estimate import UNKNOWN, read_board
from titan.engine.actions import Split
from titan.variant import TITAN, load

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
    board = read_board(VARIANT, game.view(them))
    # The Titan is in one of the two, in proportion to their unknown places (4 and 2).
    assert board.forces[mine[0]].titan_chance == pytest.approx(4 / 6)
    assert board.forces[mine[1]].titan_chance == pytest.approx(2 / 6)
    # The pair's unknown places are estimated from what it may hold, not from the whole
    # pool of unseen characters (Trolls, Ogres, a Gargoyle and the Titan are stronger).
    pair = [m for m in board.forces[mine[1]].members if m.name == UNKNOWN]
    may = [VARIANT.characters[n] for n in child.possible if n != TITAN]
    assert pair[0].power == pytest.approx(sum(c.power for c in may) / len(may))
    # Every draw of the hidden contents keeps to the bounds.
    rng = random.Random(1)
    for _ in range(20):
        drawn = determinize(game.view(them), rng, VARIANT)
        for lv in (parent, child):
            have = Counter(drawn.state.legions[lv.marker].characters)
            assert lv.possible is not None and not have - Counter(lv.possible)


@pytest.mark.rules("1.1")
def test_the_only_legion_that_may_hold_the_titan_is_counted_with_it() -> None:
    game, me, them, mine, _ = cleared(7)
    place(game, me, mine[0], 1, ["Ogre", "Titan", "Troll"])
    place(game, me, mine[1], 100, ["Centaur", "Centaur", "Lion"])
    game.state.known[them][mine[1]] = {"Centaur": 1}  # a part of a split it saw whole
    game.state.possible[them][mine[1]] = {"Centaur": 2, "Lion": 1, "Gargoyle": 1}
    board = read_board(VARIANT, game.view(them))
    holder, other = board.forces[mine[0]], board.forces[mine[1]]
    assert (holder.titan_chance, other.titan_chance) == (1.0, 0.0)
    assert [m.name for m in holder.members].count(TITAN) == 1
    assert [m.name for m in holder.members].count(UNKNOWN) == 2
