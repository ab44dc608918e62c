"""Workload (v): ``Game.load`` of recorded games, per action, beside ``act`` alone.

``Game.load`` parses and checks a record (every action's shape, the digest) and then replays
it with ``act``; ``act`` alone is timed on the same actions, so the difference is what reading
a record costs on top of playing it. The records are the legacy fixtures of tests/ and format-1
records of random games (with battles), saved as JSON text and read back.

Run: ``.venv/bin/python -m bench.replay``. With ``--baseline DIR`` (a checkout of another
version, e.g. a ``git worktree`` of main) the same records are also timed against that
version's engine, in a child process with ``DIR`` first on the path, and both are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "records"
SAMPLES = 5
GAMES = 4  # random games per player count

Json = Any


def records(games: int = GAMES) -> list[Json]:
    """The legacy fixtures, then random games of 2, 4 and 6 players as saved records."""
    from titan.play import play

    out: list[Json] = [
        json.loads(p.read_text("utf-8"))["record"] for p in sorted(FIXTURES.glob("*.json"))
    ]
    for players in (2, 4, 6):
        out += [json.loads(json.dumps(play(1000 + s, players).save())) for s in range(games)]
    return out


def measure(recs: list[Json]) -> dict[str, float]:
    """Median seconds, over a few samples, of loading every record, and of ``act`` alone
    replaying the same actions; and the number of actions."""
    from titan.engine.game import Game
    from titan.engine.state import Options

    games = [Game.load(r) for r in recs]  # warm-up, and the actions for act
    plays = [(r, g.actions) for r, g in zip(recs, games, strict=True)]
    count = sum(len(a) for _, a in plays)

    def load_seconds() -> float:
        start = time.perf_counter()
        for r in recs:
            Game.load(r)
        return time.perf_counter() - start

    def act_seconds() -> float:
        spent = 0.0
        for r, actions in plays:
            game = Game.new(r["variant"], r["seats"], r["seed"], Options(**r["options"]))
            act = game.act
            start = time.perf_counter()
            for player, action in actions:
                act(player, action)
            spent += time.perf_counter() - start
        return spent

    load = statistics.median(load_seconds() for _ in range(SAMPLES))
    act = statistics.median(act_seconds() for _ in range(SAMPLES))
    return {"load": load, "act": act, "actions": count, "records": len(recs)}


def _line(label: str, m: dict[str, float]) -> str:
    per = 1e6 / m["actions"]
    load, act = m["load"] * per, m["act"] * per
    return (
        f"Game.load ({label}): {load:7.1f} us/action, act alone {act:6.1f} us/action, "
        f"reading the record {load - act:6.1f} us/action "
        f"({int(m['actions']):,} actions of {int(m['records'])} records)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", type=Path, help="a checkout of another version to compare")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the child's records
    args = parser.parse_args(argv)
    if args.measure is not None:  # in the child: time these records, answer in JSON
        print(json.dumps(measure(json.loads(args.measure.read_text("utf-8")))))
        return
    recs = records()
    before = None
    if args.baseline is not None:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
            json.dump(recs, fh)
        try:
            env = {**os.environ, "PYTHONPATH": str(args.baseline.resolve())}
            out = subprocess.run(
                [sys.executable, __file__, "--measure", fh.name],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        finally:
            os.unlink(fh.name)
        before = json.loads(out.splitlines()[-1])
        print(_line(f"baseline {args.baseline}", before))
    after = measure(recs)
    print(_line("this engine", after))
    if before is not None:
        print(f"Game.load speed-up over the baseline: {before['load'] / after['load']:.1f}x")


if __name__ == "__main__":
    main()
