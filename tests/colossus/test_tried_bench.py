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
    # Against the escort alone (two Cyclops, three Trolls) each was an even fight; neither
    # Titan that fell in that battle was ours.
    assert [c.escort for c in found] == pytest.approx([0.5, 0.5], abs=0.001)
    assert not any(c.fell for c in found)
    lines = report([(found, complete)])
    assert lines[:2] == ["1 games (0 not followed to the end)", "one opponent left"]
    assert lines[2] == "several opponents left"
    assert lines[3] == "  chance 0.1-0.2:     2 rolls, mean 0.146, attacked 0.500, fell 0.000"
    # Both rolls came while our score was not above the roller's (the same table again).
    assert not any(c.ahead for c in found)
    assert lines[4:7] == [
        "several opponents left, our score above his",
        "several opponents left, our score not above his",
        lines[3],
    ]
    # The roll at 0.125, below WARY, is the one counted as no risk.
    assert lines[7:] == [
        "one opponent left, counted as no risk (below 0.15), by the escort alone",
        "several opponents left, counted as no risk (below 0.15), by the escort alone",
        "  escort alone 0.5-0.6:     1 rolls, attacked 0.000, fell 0.000",
    ]


def test_one_opponent_left_is_counted_apart() -> None:
    """RationalAI, two players: our cornered Titan's legion (tests/test_strong_masterboard.py),
    attacked on the roll that allowed it at 0.86, and slain."""
    found, complete = follow(VARIANT, FIXTURES / "live-rational-cornered-titan.tsv.gz")
    assert complete and len(found) == 1
    assert found[0].opponents == 1 and found[0].attacked and found[0].fell
    lines = report([(found, complete)])
    assert lines[2] == "  chance 0.8-0.9:     1 rolls, mean 0.859, attacked 1.000, fell 1.000"
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
    below = lines.index("several opponents left, our score not above his")
    assert lines[above + 1 : below + 2] == [
        "  chance 0.5-0.6:     1 rolls, mean 0.550, attacked 1.000, fell 0.000",
        "several opponents left, our score not above his",
        "  chance 0.5-0.6:     1 rolls, mean 0.520, attacked 0.000, fell 0.000",
    ]


def test_safe_rolls_are_told_by_the_escort_alone() -> None:
    """Only the rolls counted as no risk (below WARY) with an escort beside our Titan are in
    the last tables, binned by the chance against the escort alone; a lone Titan's roll and a
    fair attack are not."""
    found = [
        Chance(3, 0.05, True, False, escort=0.72, fell=True),
        Chance(2, 0.10, False, False, escort=0.65),
        Chance(3, 0.12, False, False, escort=0.2),
        Chance(3, 0.10, True, False, escort=None, fell=True),  # a lone Titan
        Chance(3, 0.40, True, False, escort=0.9, fell=True),  # counted as a risk already
        Chance(1, 0.02, True, True, escort=0.95, fell=True),
    ]
    lines = report([(found, True)])
    one = lines.index("one opponent left, counted as no risk (below 0.15), by the escort alone")
    assert lines[one:] == [
        "one opponent left, counted as no risk (below 0.15), by the escort alone",
        "  escort alone 0.9-1.0:     1 rolls, attacked 1.000, fell 1.000",
        "several opponents left, counted as no risk (below 0.15), by the escort alone",
        "  escort alone 0.2-0.3:     1 rolls, attacked 0.000, fell 0.000",
        "  escort alone 0.6-0.7:     1 rolls, attacked 0.000, fell 0.000",
        "  escort alone 0.7-0.8:     1 rolls, attacked 1.000, fell 1.000",
    ]
