"""``bench.colossus`` reports how loaded the machine was: our substantial decisions' wall time
over their CPU time (busier runs have been won less often, docs/ai.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.colossus import Played, load, report
from titan.colossus.connect import Outcome


def _outcome(message: str, think: tuple[float, ...], cpu: tuple[float, ...]) -> Outcome:
    return Outcome(message, True, turns=20, think=think, seconds=60.0, think_cpu=cpu)


def test_load_counts_only_decisions_long_enough_to_show_it() -> None:
    quick = _outcome("titan wins", (0.004, 0.010), (0.001, 0.001))  # overheads, not load
    busy = _outcome("Rational1 wins", (0.30, 0.15, 0.01), (0.10, 0.10, 0.005))
    assert load([quick, busy]) == pytest.approx(0.45 / 0.20)
    assert load([quick]) is None


def test_the_report_says_how_loaded_the_machine_was(tmp_path: Path) -> None:
    games = [
        Played("rational", 0, _outcome("titan wins", (0.06, 0.002), (0.05, 0.002)), tmp_path),
        Played("rational", 1, _outcome("Draw", (0.12,), (0.10,)), tmp_path),
    ]
    lines = report("rational", games, 4)
    assert lines[0].startswith("rational (4 players): 1/2 won by us (50.0%")
    assert lines[-1] == "  machine load: our decisions' wall time / CPU time 1.20"
