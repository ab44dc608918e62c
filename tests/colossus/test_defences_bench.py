"""``bench.colossus_defences`` follows a game through the mirror and counts each engagement
for the side that attacked and the side that defended, by the defender's height and Titan."""

from __future__ import annotations

from pathlib import Path

from bench.colossus_defences import follow, report

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"


def test_every_engagement_counts_once_for_each_side() -> None:
    """Four players, we are out in our seventh round: our Titan's legion (five high) attacked
    and beaten once, and one attack of ours; the Colossus players' nine other engagements
    among themselves, the log's ten in all."""
    game = follow(FIXTURES / "live-rational-4p-out-early.tsv.gz")
    assert game.complete and game.players == 4
    assert dict(game.ours.defended) == {(5, True): 1}
    assert dict(game.ours.lost) == {(5, True): 1}
    assert (game.ours.attacked, game.ours.attacks_lost) == (1, 0)
    assert sum(game.theirs.defended.values()) == 9 and game.theirs.attacked == 9
    assert sum(game.theirs.fled.values()) == 4  # flights count as lost too (9.2)
    assert sum(game.theirs.lost.values()) == 5
    lines = report([game])
    assert lines[:2] == [
        "1 games (0 not followed to the end)",
        "1 games of 4 players; per game, ours | one opponent's (defences, lost, fled)",
    ]
    assert "  height 5 Titan:  1.00  1.00  0.00 |  1.00  0.33  0.00" in lines
    assert lines[-1] == "  attacks made, lost:  1.00  0.00 |  3.00  1.33"


def test_a_two_player_game_has_its_own_table() -> None:
    """RationalAI, two players: three of our legions attacked and beaten, the last our
    Titan's (tests/test_strong_masterboard.py's cornered Titan)."""
    game = follow(FIXTURES / "live-rational-cornered-titan.tsv.gz")
    assert game.players == 2
    assert dict(game.ours.lost) == {(3, False): 1, (5, False): 1, (6, True): 1}
    assert game.theirs.attacked == 3 and not game.theirs.defended
    assert report([game])[1].startswith("1 games of 2 players")
