"""``bench.colossus_tried`` follows a game as our seat saw it and notes, at each opponent's
roll that let him attack our Titan's legion, the best chance that roll gave him and whether
he came (how often RationalAI takes a fair attack on our Titan, docs/ai.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.colossus_tried import Chance, follow, report
from titan.variant import load

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"
VARIANT = load("default")


def test_an_attack_left_and_an_attack_made_are_told_apart() -> None:
    """RationalAI, four players (seed 9524): one roll let an opponent attack our Titan's
    legion at 0.13 and he went elsewhere; a later one at 0.17 and he came (the battle in
    which two Titans fell, docs/colossus.md). (Judged 0.29 and 0.17 while an unknown place
    was an average of every player's unseen characters, not its owner's.)"""
    found, complete = follow(VARIANT, FIXTURES / "live-rational-4p-both-titans-fell.tsv.gz")
    assert complete
    assert [(c.opponents, c.attacked) for c in found] == [(3, False), (3, True)]
    assert [c.chance for c in found] == pytest.approx([0.125, 0.166], abs=0.001)
    lines = report([(found, complete)])
    assert lines[:2] == ["1 games (0 not followed to the end)", "one opponent left"]
    assert lines[2] == "several opponents left"
    assert lines[3].startswith("  chance 0.1-0.2:     2 rolls, mean 0.146, attacked 0.500")
    # Both rolls came while our score was not above the roller's (the same table again).
    assert not any(c.ahead for c in found)
    assert lines[4:] == [
        "several opponents left, our score above his",
        "several opponents left, our score not above his",
        lines[3],
    ]


def test_one_opponent_left_is_counted_apart() -> None:
    """RationalAI, two players: our cornered Titan's legion (tests/test_strong_masterboard.py),
    attacked on the roll that allowed it at 0.86."""
    found, complete = follow(VARIANT, FIXTURES / "live-rational-cornered-titan.tsv.gz")
    assert complete and len(found) == 1
    assert found[0].opponents == 1 and found[0].attacked
    lines = report([(found, complete)])
    assert lines[2].startswith("  chance 0.8-0.9:     1 rolls, mean 0.859, attacked 1.000")
    assert lines[3] == "several opponents left"


def test_the_rolls_of_players_behind_us_are_counted_apart() -> None:
    """With several opponents, the rolls again by whether our score was above the roller's;
    a one-opponent roll is in neither table."""
    found = [
        Chance(3, 0.55, True, ahead=True),
        Chance(2, 0.52, False, ahead=False),
        Chance(1, 0.9, True, ahead=True),
    ]
    lines = report([(found, True)])
    above = lines.index("several opponents left, our score above his")
    assert lines[above + 1 :] == [
        "  chance 0.5-0.6:     1 rolls, mean 0.550, attacked 1.000",
        "several opponents left, our score not above his",
        "  chance 0.5-0.6:     1 rolls, mean 0.520, attacked 0.000",
    ]
