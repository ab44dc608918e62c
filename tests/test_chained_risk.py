"""Our Titan's danger with several opponents (titan/ai/normal/threats.py, ``chained``): a
legion that beats off one player's attack has lost characters when the next player moves
(rule 6.2: each player moves in turn; the slain do not come back), and may then be worth
his attack. Four-player games against Colossus lost Titans this way. With several opponents
each attack is counted as made only as often as Colossus's players made such attacks
(``safety.tried``); an attack not made leaves the legion whole."""

from __future__ import annotations

import pytest

from titan.ai.normal.estimate import BoardEstimate, Force, Member
from titan.ai.normal.threats import _beaten_off, chances_by_roll, loss_chance, reach_rolls
from titan.ai.strong.safety import _chance, titan_risk, tried
from titan.variant import TITAN, Variant, load

VARIANT = load("default")
OURS = 1  # Plains
FIRST, SECOND = 37, 41  # lands from which a legion enters ours with rolls 2-6, either way


def _members(*names: str) -> tuple[Member, ...]:
    return tuple(
        Member(n, float(VARIANT.characters[n].power), float(VARIANT.characters[n].skill))
        for n in names
    )


TITAN_LEGION = _members(TITAN, "Troll", "Troll", "Ogre", "Ogre")
HORDE = _members("Troll", "Troll", "Ogre", "Ogre", "Ogre")  # a fair try against it (WARY)
LESSER = _members("Cyclops", "Cyclops", "Gargoyle", "Gargoyle")  # no fair try against it


def _board(players: int, order: tuple[int, ...] = ()) -> BoardEstimate:
    forces = {
        "Rd01": Force("Rd01", 0, OURS, len(TITAN_LEGION), TITAN_LEGION, 1.0, 100.0),
        "Bk01": Force("Bk01", 1, FIRST, len(HORDE), HORDE, 0.0, 60.0),
    }
    if players > 2:
        forces["Gr01"] = Force("Gr01", 2, SECOND, len(LESSER), LESSER, 0.0, 60.0)
    return BoardEstimate(0, forces, 5.0, 3.0, (0,) * players, (True,) * players, order)


def _wary(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    return _chance(variant, attacker, defender, terrain)  # what titan_risk counts


def _risk(board: BoardEstimate) -> float:
    """The chained count with every fair attack made."""
    return loss_chance(VARIANT, board, TITAN_LEGION, 0, OURS, chance=_wary, chained=True)


def test_the_lands_reach_ours() -> None:
    assert reach_rolls(VARIANT, FIRST, OURS, {SECOND}) == (2, 3, 4, 5, 6)
    assert reach_rolls(VARIANT, SECOND, OURS, {FIRST}) == (2, 3, 4, 5, 6)


def test_a_second_player_finishes_what_the_first_began() -> None:
    alone = _risk(_board(2))
    both = _risk(_board(3))
    assert alone > 0.0  # the horde is a fair try
    # The lesser legion is no fair try against the whole legion, so taken apart from the
    # horde it adds nothing; against what the horde leaves (the Titan and a Troll) it is.
    apart = loss_chance(VARIANT, _board(3), TITAN_LEGION, 0, OURS, chance=_wary)
    assert apart == pytest.approx(alone)
    assert [m.name for m in _beaten_off(VARIANT, HORDE, TITAN_LEGION, "Plains")] == [
        TITAN,
        "Troll",
    ]
    assert both > alone + 0.5 * (1.0 - alone)


def test_one_opponent_is_counted_as_before() -> None:
    board = _board(2)
    chained = loss_chance(VARIANT, board, TITAN_LEGION, 0, OURS, chance=_wary, chained=True)
    assert chained == loss_chance(VARIANT, board, TITAN_LEGION, 0, OURS, chance=_wary)


def test_opponents_that_cannot_come_add_nothing() -> None:
    board = _board(3)
    del board.forces["Bk01"]
    assert _risk(board) == 0.0
    assert titan_risk(VARIANT, board, TITAN_LEGION, 0, OURS) == 0.0


def test_with_one_opponent_every_fair_attack_is_made() -> None:
    board = _board(2)
    assert titan_risk(VARIANT, board, TITAN_LEGION, 0, OURS) == _risk(board)


def test_with_several_each_attack_is_made_as_often_as_colossus_made_them() -> None:
    """The lesser legion's player moves first and makes no attack on the whole legion; the
    horde's attacks on rolls 2-6 are made ``tried(p)`` of the time and won ``p`` of those."""
    board = _board(3, order=(0, 2, 1))
    p = _wary(VARIANT, HORDE, TITAN_LEGION, "Plains")
    assert 0.0 < tried(p) < 1.0
    counted = titan_risk(VARIANT, board, TITAN_LEGION, 0, OURS)
    assert counted == pytest.approx(5 * tried(p) * p / 6)
    assert counted < _risk(board)


def test_an_attack_not_made_leaves_the_legion_whole() -> None:
    """The horde's player first: where he attacks and is beaten off, the lesser legion may
    finish the Titan; where he makes no attack, it cannot (no fair try on the whole legion)."""
    board = _board(3, order=(0, 1, 2))
    p = _wary(VARIANT, HORDE, TITAN_LEGION, "Plains")
    left = _beaten_off(VARIANT, HORDE, TITAN_LEGION, "Plains")
    q_rolls = reach_rolls(VARIANT, SECOND, OURS, {FIRST})
    q = _wary(VARIANT, LESSER, left, "Plains")
    second = len(q_rolls) * tried(q) * q / 6  # the lesser legion's count against what is left
    made = 5 * tried(p) / 6  # the horde's player attacks (rolls 2-6)
    expected = made * (p + (1.0 - p) * second)
    assert titan_risk(VARIANT, board, TITAN_LEGION, 0, OURS) == pytest.approx(expected)


def test_the_opponents_come_in_their_order_of_play() -> None:
    """The lesser legion's player moving first makes no attack; the horde's then is what it
    was alone (5.1: the order of play is the towers', not the seats')."""
    alone = _risk(_board(2))
    assert _risk(_board(3, order=(0, 2, 1))) == pytest.approx(alone)
    assert _risk(_board(3, order=(2, 0, 1))) > alone + 0.5 * (1.0 - alone)


def test_the_chances_by_roll_are_what_the_risk_counts() -> None:
    board = _board(2)
    rolls = chances_by_roll(VARIANT, board, 1, TITAN_LEGION, OURS, _wary)
    assert rolls[0] == 0.0 and all(p > 0.0 for p in rolls[1:])  # rolls 2-6 bring the horde
    risk = loss_chance(VARIANT, board, TITAN_LEGION, 0, OURS, chance=_wary)
    assert risk == pytest.approx(sum(rolls) / 6)
