"""``bench.colossus_slayers`` finds, in a protocol log, the battle in which our Titan fell,
the character that struck the blow and whether it had been summoned into that battle (15)."""

from __future__ import annotations

from pathlib import Path

from bench.colossus_slayers import Fall, falls, report

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"


def test_a_titan_slain_by_a_summoned_angel_is_told_apart() -> None:
    """RationalAI, four players (seed 38100, game 7, turn 8): its Guardian, three Cyclops and
    two Centaurs attacked our Titan, Warlock, two Lions and a Gargoyle; an Angel it summoned
    (15) struck our Titan down."""
    name = "live-rational-4p-titan-slain-by-summons.tsv.gz"
    assert falls(FIXTURES / name) == [Fall(name, "Angel", summoned=True, defending=True)]


def test_a_titan_slain_by_the_legion_it_fought_is_not_counted_as_summoned() -> None:
    """The cornered Titan (docs/colossus.md): slain by the attacking Titan itself; and in a
    four-player game our Titan slain by a Warlock while its legion attacked."""
    cornered = falls(FIXTURES / "live-rational-cornered-titan.tsv.gz")
    assert [(f.slayer, f.summoned, f.defending) for f in cornered] == [("Titan", False, True)]
    taken = falls(FIXTURES / "live-rational-4p-markers-taken.tsv.gz")
    assert [(f.slayer, f.summoned, f.defending) for f in taken] == [("Warlock", False, False)]


def test_the_report_counts_per_hundred_games() -> None:
    found = [Fall("a", "Angel", True, True), Fall("b", "Ogre", False, True)]
    lines = report(4, found)
    assert lines[0] == "4 games, our Titan slain in battle 2 (50.0 per 100)"
    assert lines[1] == "  defending: 2 (50.0 per 100), by a summoned lord 1 (25.0 per 100)"
    assert lines[2] == "  attacking: 0 (0.0 per 100), by a summoned lord 0 (0.0 per 100)"
    assert lines[3] == "  by: Angel (summoned) 1, Ogre 1"
