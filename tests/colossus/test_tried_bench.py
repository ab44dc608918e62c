"""``bench.colossus_tried`` follows a game as our seat saw it and notes, at each opponent's
roll that let him attack our Titan's legion, the best chance that roll gave him and whether
he came (what ``safety.tried`` was measured from)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.colossus_tried import follow, report
from titan.variant import load

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"
VARIANT = load("default")


def test_an_attack_left_and_an_attack_made_are_told_apart() -> None:
    """RationalAI, four players (seed 9524): one roll let an opponent attack our Titan's
    legion at 0.29 and he went elsewhere; a later one at 0.17 and he came (the battle in
    which two Titans fell, docs/colossus.md)."""
    found, complete = follow(VARIANT, FIXTURES / "live-rational-4p-both-titans-fell.tsv.gz")
    assert complete
    assert [(c.opponents, c.attacked) for c in found] == [(3, False), (3, True)]
    assert [c.chance for c in found] == pytest.approx([0.291, 0.166], abs=0.001)
    lines = report([(found, complete)])
    assert lines[:2] == ["1 games (0 not followed to the end)", "one opponent left"]
    assert lines[2] == "several opponents left"
    assert lines[3].startswith("  chance 0.1-0.2:     1 rolls, mean 0.166, attacked 1.000")
    assert lines[4].startswith("  chance 0.2-0.3:     1 rolls, mean 0.291, attacked 0.000")


def test_one_opponent_left_is_counted_apart() -> None:
    """RationalAI, two players: our cornered Titan's legion (tests/test_strong_masterboard.py),
    attacked on the roll that allowed it at 0.86."""
    found, complete = follow(VARIANT, FIXTURES / "live-rational-cornered-titan.tsv.gz")
    assert complete and len(found) == 1
    assert found[0].opponents == 1 and found[0].attacked
    lines = report([(found, complete)])
    assert lines[2].startswith("  chance 0.8-0.9:     1 rolls, mean 0.859, attacked 1.000")
    assert lines[3] == "several opponents left"
