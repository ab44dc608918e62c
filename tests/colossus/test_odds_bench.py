"""``bench.colossus_odds`` follows a whole recorded game: every fought battle is found, with a
prediction made at its start and the winner the server announced."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest

from bench.colossus_odds import battles, report
from tests.colossus.transcripts import FOLDER, NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_fought_battle_of_a_recorded_game_is_predicted_and_scored(name: str) -> None:
    path = FOLDER / name
    found = battles(path, trials=8, rng=random.Random(2))
    expected: list[bool] = []  # per fought battle: did the attacker win?
    attacker = ""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")[2].split(" ~ ")
            if fields[0] == "tellEngagement":
                attacker = fields[2]
            elif fields[0] == "tellEngagementResults" and fields[2] == "fight":
                expected.append(fields[1] == attacker)
    assert [b.won for b in found] == expected and expected
    assert all(0.0 <= b.predicted <= 1.0 for b in found)
    assert report(found)[0].startswith(("our attacks", "Colossus's attacks"))


@pytest.mark.parametrize("name", NAMES)
def test_a_won_battle_keeps_what_survived_and_a_lost_one_nothing(name: str) -> None:
    found = battles(FOLDER / name, trials=8, rng=random.Random(2))
    for b in found:  # a summoned angel is not counted among what was kept
        assert 0.0 <= b.kept <= b.worth + 1e-9
        if b.won:
            assert 0.0 < b.left <= b.worth
        else:
            assert b.left == 0.0
    lines = report(found)
    start = lines.index(
        "attacks won: the attacker's worth at the start, its survivors' foreseen and kept"
    )
    assert all("battles won, worth" in line for line in lines[start + 1 :])
    assert (len(lines) > start + 1) == any(b.won for b in found)


@pytest.mark.parametrize(  # each has a battle with both legions eliminated
    "path",
    [
        FOLDER / "netseat_transcript_view-ever.tsv.gz",
        FOLDER / "live-rational-4p-two-titans-fell.tsv.gz",
    ],
)
def test_both_legions_eliminated_is_told_from_a_win(path: Path) -> None:
    found = battles(path, trials=8, rng=random.Random(2))
    mutual: list[bool] = []  # per fought battle: no winner announced?
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")[2].split(" ~ ")
            if fields[0] == "tellEngagementResults" and fields[2] == "fight":
                mutual.append(fields[1] == "null")
    assert [b.mutual for b in found] == mutual and any(mutual)
    assert not any(b.won and b.mutual for b in found)
    assert all(0.0 <= b.predicted + b.predicted_mutual <= 1.0 + 1e-9 for b in found)


def test_our_titans_attacks_are_told_apart_by_the_opponents_in() -> None:
    """Four-player games: our Titan's legion won an attack with two opponents in, and lost
    one in the final duel."""
    found = [
        *battles(
            FOLDER / "live-rational-4p-reinforcement-after-one-left-off.tsv.gz", 8, random.Random(2)
        ),
        *battles(FOLDER / "live-rational-4p-markers-taken.tsv.gz", 8, random.Random(2)),
    ]
    lines = report(found)
    several = lines.index("our Titan's legion's attacks, several opponents: 1 battles")
    assert "actual 1.00; both eliminated" in lines[several + 1]
    one = lines.index("our Titan's legion's attacks, one opponent: 1 battles")
    assert "actual 0.00; both eliminated" in lines[one + 1]
    assert lines[one + 1].endswith("actual 0.00")
