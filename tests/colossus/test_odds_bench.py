"""``bench.colossus_odds`` follows a whole recorded game: every fought battle is found, with a
prediction made at its start and the winner the server announced."""

from __future__ import annotations

import gzip
import random

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
