"""``bench.colossus_titan_risk`` follows a game as our seat saw it and sets the Titan risk
it counted against the loss that came, and the safest place the roll allowed it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench.colossus_titan_risk import follow, report
from titan.variant import load

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"
VARIANT = load("default")


def test_a_cornered_titan_is_counted_at_risk_the_turn_before_it_falls() -> None:
    """RationalAI, two players: our Titan's legion cornered (tests/test_strong_masterboard.py)
    and slain in our eleventh round; the risk counted at the end of that turn was high."""
    game = follow(VARIANT, FIXTURES / "live-rational-cornered-titan.tsv.gz")
    assert game.complete and game.slain_in == 11
    last = game.samples[-1]
    assert (last.round, last.opponents) == (11, 1)
    assert last.risk == pytest.approx(0.859, abs=0.001)
    assert all(s.risk < 0.5 for s in game.samples[:-1])
    # Its roll that turn left it nowhere safer (the trap had closed a turn before).
    assert last.safest == pytest.approx(last.risk)
    lines = report([game])
    assert lines[0] == "1 games (0 not followed to the end)"
    assert any(
        line.startswith("  risk 0.8-1.0:     1 turns")
        and "slain before our next turn 1.000" in line
        for line in lines
    )


def test_several_opponents_are_counted_apart() -> None:
    """A four-player game we left once out: three opponents, then two (one fell in our fourth
    round); all our turns are in the second table, the last at risk the turn we fell."""
    game = follow(VARIANT, FIXTURES / "live-rational-4p-out-early.tsv.gz")
    assert game.complete and game.slain_in == 7
    assert [s.opponents for s in game.samples] == [3, 3, 3, 2, 2, 2, 2]
    lines = report([game])
    several = lines.index("several opponents left")
    assert lines[1:several] == ["one opponent left"]
    risks = [line for line in lines[several + 1 :] if line.startswith("  risk")]
    assert sum(int(line.split()[2]) for line in risks) == 7
    assert lines[several + 2].startswith("  risk 0.2-0.4:     1 turns, mean 0.222, slain before")
    assert lines[several + 2].endswith("our next turn 1.000, in the round after 0.000")
    assert lines[-1] == (
        "  choice at risk 0.2-0.4:     1 turns, the safest place the roll allowed 0.222,"
        " a tenth or more safer in 0"
    )


def test_the_count_is_scored_as_a_forecast() -> None:
    """The seven turns of the four-player game: six counted at no risk and not followed by a
    fall, the last counted at 0.222 and followed by one; without the roll's options (faster)
    the same risks are counted and no choices are reported."""
    game = follow(VARIANT, FIXTURES / "live-rational-4p-out-early.tsv.gz", options=False)
    assert all(s.safest is None for s in game.samples)
    lines = report([game])
    assert not any(line.startswith("  choice") for line in lines)
    risk = game.samples[-1].risk
    assert risk == pytest.approx(0.222, abs=0.001)
    brier = (1 - risk) ** 2 / 7
    loss = -(math.log(risk) + 6 * math.log(0.999)) / 7  # a risk of 0 is held at 0.001
    assert lines[-1] == (
        f"  foresight: 7 turns, fell 0.1429, mean risk {risk / 7:.4f},"
        f" Brier {brier:.5f} (constant {1 / 7 * 6 / 7:.5f}), log-loss {loss:.4f}"
    )
