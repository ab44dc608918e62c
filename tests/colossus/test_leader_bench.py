"""``bench.colossus_leader`` follows a game through the mirror and counts each player's turns
by the round and by how many opponents still in the player's score was above, marking the
turn after which the player was out."""

from __future__ import annotations

from pathlib import Path

from bench.colossus_leader import Turn, report, turns

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"


def test_each_turn_ends_with_the_player_in_or_out() -> None:
    """Four players: a Colossus player out in the third round (nobody had scored), its Titan's
    legion attacking; we in our seventh round, above one of the two opponents left, our Titan's
    legion attacked; our turns stop there."""
    game = turns(FIXTURES / "live-rational-4p-out-early.tsv.gz")
    ours = [t for t in game if t.ours]
    assert [t.round for t in ours] == [1, 2, 3, 4, 5, 6, 7]
    assert [t.opponents for t in ours] == [3, 3, 3, 2, 2, 2, 2]
    assert ours[-1] == Turn(True, 7, 2, 1, True, "defending")
    assert not any(t.out for t in ours[:-1])
    theirs_out = [t for t in game if t.out and not t.ours]
    assert theirs_out == [Turn(False, 3, 3, 0, True, "attacking")]
    assert len(game) == 23


def test_the_report_counts_turns_and_shares_out() -> None:
    lines = report([turns(FIXTURES / "live-rational-4p-out-early.tsv.gz")])
    assert lines[0] == "1 games, 23 turns with two opponents or more in"
    three = lines.index(
        "3 opponents in; turns, out before the next (ours | a Colossus player's), by how many"
        " of them the score was above"
    )
    assert lines[three + 1 : three + 3] == [
        "  rounds 1-5:",
        "    above 0:     3  0.000 |     8  0.125",
    ]
    assert (
        lines[three + 6] == "    out defending, attacking, per game:  0.000  0.000 |  0.000  0.333"
    )
    assert "  rounds 6-10:" in lines[three + 7 :]
    assert "    above 1:     2  0.500 |     0      -" in lines
    assert lines[-1] == "    out defending, attacking, per game:  1.000  0.000 |  0.000  0.000"
