"""bench/decision_times.py: a recorded game's decisions replayed through a fresh seat and timed."""

from __future__ import annotations

from bench.decision_times import FIXTURES, Timed, replay, report
from titan.ai.strong.budget import TINY

LOG = FIXTURES / "live-rational-4p-out-early.tsv.gz"


def test_every_decision_of_the_game_is_timed_and_reported() -> None:
    timed = replay(LOG, TINY, seed=1)
    assert len(timed) > 50  # seven turns of ours: splits, moves, musters, a battle
    assert all(t.cpu >= 0.0 and t.log == LOG.name for t in timed)
    assert not any(t.text.startswith("pingRequest") for t in timed)
    lines = report({LOG.name: timed}, slowest=3)
    assert lines[0].startswith(f"{LOG.name}: {len(timed)} decisions, ")
    assert " p95 " in lines[0] and lines[0].endswith(" ms")
    slowest = max(timed, key=lambda t: t.cpu)
    assert lines[1].endswith(f"{LOG.name} line {slowest.line}: {slowest.text[:80]}")
    assert len(lines) == 4


def test_several_logs_are_pooled() -> None:
    a = [Timed(0.25, "a.tsv", 3, "setupBattleMove ~ titan ~ 1")]
    b = [Timed(0.5, "b.tsv", 9, "kickPhase"), Timed(0.125, "b.tsv", 12, "askFlee ~ Gr01 ~ Bk02")]
    lines = report({"a.tsv": a, "b.tsv": b}, slowest=1)
    assert lines[2] == "all: 3 decisions, 0.88 s CPU, p50 250.0 ms, p95 500 ms, max 500 ms"
    assert lines[3] == "     500 ms  b.tsv line 9: kickPhase"
