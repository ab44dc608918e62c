"""``bench.colossus_pairs`` pairs two runs of the same seeded Colossus games: which games
parted and where, who won, and the sign test on the games won by one version only."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.colossus_pairs import Pair, pairs, report, sign_test


def _log(folder: Path, name: str, lines: list[str]) -> None:
    folder.mkdir(exist_ok=True)
    text = "".join(f"{10 * i}\t{line}\n" for i, line in enumerate(lines))
    (folder / f"{name}.tsv").write_text(text, encoding="utf-8")


def _game(turns: list[str], over: str | None, ping: str = "1 ~ 100") -> list[str]:
    lines = [f"S>C\tsetConnectionId ~ {ping[0]}", f"S>C\tpingRequest ~ {ping}"]
    for n, move in enumerate(turns, start=1):
        lines += [f"S>C\tsetupTurnState ~ Rational1 ~ {n}", f"C>S\tdoMove ~ {move}"]
    return lines + ([f"S>C\ttellGameOver ~ {over} ~ true ~ false"] if over else [])


def test_games_are_paired_parted_and_counted(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    # The same game to the end (pings and connection ids differ, as between two plays).
    _log(a, "g0", _game(["x", "y", "z"], "titan wins"))
    _log(b, "g0", _game(["x", "y", "z"], "titan wins", ping="2 ~ 999"))
    # Parted at turn 3: A won, B out (our seat leaves, no game over).
    _log(a, "g1", _game(["x", "y", "p", "q"], "titan wins"))
    _log(b, "g1", _game(["x", "y", "r"], None))
    # Parted at turn 1: B won.
    _log(a, "g2", _game(["s"], "Rational2 wins"))
    _log(b, "g2", _game(["t", "u"], "titan wins"))
    # The same until A's log ends (A out at turn 2, B played on and won).
    _log(a, "g3", _game(["x", "y"], None))
    _log(b, "g3", _game(["x", "y", "z"], "titan wins"))
    # Stalled in B: left out.
    _log(a, "g4", _game(["x"], "titan wins"))
    _log(b, "g4", _game(["x"], None))
    (b / "g4.why").write_text("stalled\n")
    _log(a, "g5", _game(["x"], "titan wins"))  # only in A: not a pair
    # Parted at turn 1 on Colossus's side: its message differs before any of ours.
    _log(a, "g6", [*_game(["x"], None), "S>C\tdidMove ~ Rd01 ~ 25 ~ 121", "C>S\tdoMove ~ y"])
    _log(b, "g6", [*_game(["x"], None), "S>C\tdidMove ~ Rd03 ~ 104 ~ 140", "C>S\tdoMove ~ y"])

    played, left_out = pairs(a, b)
    assert played == [
        Pair("g0", True, True, None),
        Pair("g1", True, False, 3, by_us=True),
        Pair("g2", False, True, 1, by_us=True),
        Pair("g3", False, True, 2, by_us=True),
        Pair("g6", False, False, 1, by_us=False),
    ]
    assert left_out == ["g4.tsv"]
    lines = report(played, left_out)
    assert lines[0].startswith("A: 2 of 5 won (40.0%, 95% CI ")
    assert lines[1].startswith("B: 3 of 5 won (60.0%, 95% CI ")
    assert lines[2] == (
        "parted: 4 of 5 games, at turn 1.5 (median; 1-3) (3 on a decision of ours, 1 on one"
        " of Colossus's); the others were the same game to the end"
    )
    assert lines[3] == "won by A only 1, by B only 2: sign test p = 1.000"
    assert lines[4].startswith("B - A: +20.0 points, 95% CI +/- ")
    assert lines[5] == "left out (stalled or desynced in a run): g4.tsv"


def test_the_sign_test_is_exact_and_two_sided() -> None:
    assert sign_test(0, 6) == pytest.approx(2 / 64)
    assert sign_test(6, 0) == sign_test(0, 6)
    assert sign_test(2, 8) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert sign_test(5, 5) == 1.0
    assert sign_test(0, 0) == 1.0


def test_no_finished_pair_says_so(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert report(*pairs(tmp_path / "a", tmp_path / "b")) == ["no game finished in both runs"]


def test_runs_that_never_part_are_reported(tmp_path: Path) -> None:
    for side in ("a", "b"):
        _log(tmp_path / side, "g0", _game(["x", "y"], "titan wins"))
    lines = report(*pairs(tmp_path / "a", tmp_path / "b"))
    assert lines[2].startswith("parted: 0 of 1 games (0 on a decision of ours, 0 on one of")
    assert lines[3] == "won by A only 0, by B only 0: sign test p = 1.000"


def test_a_reply_of_ours_met_by_a_server_message_is_colossus_parting(tmp_path: Path) -> None:
    """RationalAI took a split back a moment later in one play than in the other: there our
    seat's confirmation of a commit point meets the server's ``undidSplit``."""
    start = _game(["x"], None)
    _log(tmp_path / "a", "g0", [*start, "S>C\tundidSplit ~ Bk04 ~ Bk02 ~ 10"])
    _log(tmp_path / "b", "g0", [*start, "C>S\tconfirmCommitPoint ~ 76"])
    played, _ = pairs(tmp_path / "a", tmp_path / "b")
    assert played == [Pair("g0", False, False, 1, by_us=False)]
