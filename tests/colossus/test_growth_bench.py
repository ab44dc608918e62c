"""``bench.colossus_growth`` follows a game as our seat saw it and sets our growth, round by
round, beside the average opponent's."""

from __future__ import annotations

from pathlib import Path

from bench.colossus_growth import report, standings, strength
from titan.variant import TITAN, load

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"
VARIANT = load("default")


def test_a_starting_legion_is_worth_120() -> None:
    """Rule 5.2's eight: a power-6 Titan (6 × 4, 19.1), an Angel (6 × 4) and two each of
    Ogres (6 × 2), Centaurs (3 × 4) and Gargoyles (4 × 3)."""
    legion = [TITAN, "Angel", "Ogre", "Ogre", "Centaur", "Centaur", "Gargoyle", "Gargoyle"]
    assert strength(VARIANT, legion, 0) == 120
    assert strength(VARIANT, [TITAN], 250) == 32  # power 8 from 200 points (19.1)


def test_a_four_player_game_round_by_round() -> None:
    """A four-player game we left once out in our seventh round: four players at our first
    turn (we move third: one opponent has split already), one out by our fourth."""
    samples = standings(VARIANT, FIXTURES / "live-rational-4p-out-early.tsv.gz")
    assert max(s.round for s in samples) == 7
    first = [s for s in samples if s.round == 1]
    ours = next(s for s in first if s.ours)
    assert ours.figures == (120.0, 8.0, 120.0, 1.0, 0.0)
    assert sorted(s.figures[3] for s in first if not s.ours) == [1.0, 1.0, 2.0]
    assert [sum(1 for s in samples if s.round == r) for r in range(1, 8)] == [4, 4, 4, 3, 3, 3, 3]
    last = next(s for s in samples if s.round == 7 and s.ours)
    assert (last.figures[3], last.figures[4]) == (3.0, 72.0)
    lines = report(samples, 5)
    assert lines[0].startswith("round games | titan legion: us, them")
    assert lines[1].startswith("    1     1 |  120.0  105.3 |    8.0    7.0 |")
    assert lines[-1].startswith("   5+     3 |")  # rounds 5 to 7 pooled
