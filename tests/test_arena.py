"""The arena: fair seating, Wilson intervals, reproducible runs, the JSON's shape, the turn
limit, and the command with its chart."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from titan.arena import (
    lineup,
    play_game,
    run,
    summarise,
    without_timings,
)
from titan.cli import main


def test_every_level_sits_in_every_seat_equally() -> None:
    bots = ["strong", "normal", "normal", "normal"]
    seats: Counter[tuple[int, str]] = Counter()
    for i in range(8):
        levels = lineup(bots, 4, i)
        assert sorted(levels) == sorted(bots)
        seats.update((s, lv) for s, lv in enumerate(levels))
    assert all(seats[(s, "strong")] == 2 for s in range(4))
    assert lineup(["normal", "random"], 4, 0) == ("normal", "random", "normal", "random")
    with pytest.raises(ValueError):
        lineup(["a", "b", "c"], 2, 0)


def test_a_run_is_reproducible_from_its_seed() -> None:
    bots = ["normal", "random"]
    one = summarise(run(bots, 2, 6, seed=5, jobs=1), bots, 2, 5)
    two = summarise(run(bots, 2, 6, seed=5, jobs=2), bots, 2, 5)
    assert without_timings(one) == without_timings(two)
    assert one["levels"]["normal"]["seats"] == 6
    # each game's record digest: the same games move for move whatever the processes
    digests = [g["digest"] for g in one["results"]]
    assert all(d.startswith("sha256:") for d in digests) and len(set(digests)) == 6
    other = summarise(run(bots, 2, 6, seed=6, jobs=1), bots, 2, 6)
    assert without_timings(other)["results"] != without_timings(one)["results"]


def test_the_json_has_the_agreed_shape(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    png = tmp_path / "arena.png"
    code = main(
        [
            "arena",
            "--bots",
            "normal,random",
            "--players",
            "3",
            "--games",
            "3",
            "--seed",
            "2",
            "--jobs",
            "1",
            "--json",
            str(out),
            "--png",
            str(png),
            "--quiet",
        ]
    )
    assert code == 0
    data = json.loads(out.read_text())
    assert data["games"] == 3 and data["players"] == 3
    assert set(data["levels"]) == {"normal", "random"}
    for stats in data["levels"].values():
        assert isinstance(stats["seats"], int) and isinstance(stats["wins"], int)
        assert 0.0 <= stats["ci95"][0] <= stats["win_rate"] <= stats["ci95"][1] <= 1.0
        assert set(stats["decision_ms"]) >= {"p50", "p95", "max"}
    # three seats a game, the two levels cycled over them
    assert data["levels"]["normal"]["seats"] + data["levels"]["random"]["seats"] == 9
    wins = sum(s["wins"] for s in data["levels"].values())
    assert wins + data["draws"] == 3
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_turn_limit_ends_a_game_by_the_totals() -> None:
    """Rule 21: at the limit the highest score plus legion values wins."""
    game = play_game(0, 9, ("normal", "normal"), 2, turn_limit=2)
    assert game.error is None
    assert game.turn_limit_hit and game.winner is not None and game.turns <= 3
    summary = summarise([game], ["normal"], 2, 9, turn_limit=2)
    assert summary["turn_limit_games"] == 1


def test_unknown_levels_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--bots", "normal,wizard", "--games", "1", "--quiet"])
    assert code == 2
    assert "wizard" in capsys.readouterr().err
