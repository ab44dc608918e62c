"""``bench.colossus_tally`` scores a ``--logs`` folder as it stands: won, drawn and lost games
from their logs, stopped ones by the ``.why`` beside them, a game under way apart, and a window
of time by when each game ended."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from bench.colossus_tally import main, read_ended, summary

GAME_OVER = "99884\tS>C\ttellGameOver ~ {} ~ true ~ false\n"


def write(
    folder: Path,
    index: int,
    *,
    over: str | None,
    think: str | None,
    why: bool = False,
    hour: int = 12,
) -> Path:
    log = folder / f"rational-4p-{index:03d}.tsv"
    log.write_text(
        "1\tS>C\tsetupTurnState ~ titan ~ 1\n" + (GAME_OVER.format(over) if over else "")
    )
    if think is not None:
        log.with_suffix(".think").write_text(think)
    if why:
        log.with_suffix(".why").write_text("stalled: nothing from the server for 300 s\n")
    moment = dt.datetime(2026, 11, 29, hour, 0, tzinfo=dt.UTC).timestamp()
    os.utime(log, (moment, moment))
    return log


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write(tmp_path, 0, over="titan wins", think="0.0100 0.0090\n0.5000 0.4000\n", hour=10)
    write(tmp_path, 1, over="Draw", think="0.2000 0.1000\n", hour=11)
    write(tmp_path, 2, over="Rational1 wins", think="0.0300 0.0200\n", hour=12)
    write(tmp_path, 3, over=None, think="", hour=13)  # out, left the game (no tellGameOver)
    write(tmp_path, 4, over=None, think=None, why=True, hour=14)
    write(tmp_path, 5, over=None, think=None, hour=15)  # the game under way at the stop
    return tmp_path


def test_each_log_is_read_as_its_game_ended(folder: Path) -> None:
    states = [read_ended(p).state for p in sorted(folder.glob("*.tsv"))]
    assert states == ["won", "drawn", "lost", "lost", "stopped", "under way"]
    first = read_ended(folder / "rational-4p-000.tsv")
    assert first.think == ((0.01, 0.009), (0.5, 0.4))
    assert first.ended == dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def test_the_summary_counts_only_the_games_played_to_the_end(folder: Path) -> None:
    games = [read_ended(p) for p in sorted(folder.glob("*.tsv"))]
    assert summary("run", games) == [
        "run: 1/4 won (25.0%, 95% CI 4.6-69.9), 1 drawn; 1 stopped (desync, stall or no server),"
        " 1 under way or cut off",
        "  our decisions: 4; CPU p95 400 ms, max 400 ms; wall p95 500 ms, max 500 ms",
    ]


def test_a_window_keeps_the_games_that_ended_in_it(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(folder), "--since", "2026-11-29T11:00", "--until", "2026-11-29T14:00"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == (
        f"{folder}: 0/3 won (0.0%, 95% CI 0.0-56.1), 1 drawn; 0 stopped (desync, stall or no"
        " server), 0 under way or cut off"
    )
