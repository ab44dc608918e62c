"""Workload (v): ``Game.load`` of recorded games, per action, beside ``act`` alone.

``Game.load`` parses and checks a record (every action's shape, the digest) and then replays
it; ``act`` alone is timed on the same actions, so the difference is what reading a record
costs on top of playing it, and so is ``act`` with ``wire.decode_action`` of each action's
JSON, the other way to replay a log. The records are the legacy fixtures of tests/ and format-1
records of random games (with battles), saved as JSON text and read back.

Run: ``.venv/bin/python -m bench.replay``. With ``--baseline DIR`` (a checkout of another
version, e.g. ``git archive main titan | tar -x -C DIR``) the same records are timed against
that version's engine and this one, each in child processes with its checkout first on the
path, taking turns (``--rounds``), and both figures are printed with the speed-up.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

clock = time.process_time
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
    """The least seconds, over a few samples, of loading every record; of replaying the same
    actions with ``act`` alone; and of replaying them from their JSON with ``decode_action``
    and ``act``, as a server may (each from ``Game.new``); and the number of actions. The
    least, not the median, and of the process's CPU time, not of the clock on the wall: on a
    shared machine the other processes only ever add time, and mostly wall time."""
    from titan.engine import wire
    from titan.engine.game import Game
    from titan.engine.state import Options

    games = [Game.load(r) for r in recs]  # warm-up, and the actions for act
    plays = [(r, g.actions) for r, g in zip(recs, games, strict=True)]
    count = sum(len(a) for _, a in plays)

    def load_seconds() -> float:
        start = clock()
        for r in recs:
            Game.load(r)
        return clock() - start

    def act_seconds() -> float:
        start = clock()
        for r, actions in plays:
            act = Game.new(r["variant"], r["seats"], r["seed"], Options(**r["options"])).act
            for player, action in actions:
                act(player, action)
        return clock() - start

    def decode_act_seconds() -> float:
        decode = wire.decode_action
        start = clock()
        for r in recs:
            act = Game.new(r["variant"], r["seats"], r["seed"], Options(**r["options"])).act
            for entry in r["actions"]:
                act(entry["player"], decode(entry["action"]))
        return clock() - start

    return {
        "load": min(load_seconds() for _ in range(SAMPLES)),
        "act": min(act_seconds() for _ in range(SAMPLES)),
        "decode_act": min(decode_act_seconds() for _ in range(SAMPLES)),
        "actions": count,
        "records": len(recs),
    }


def _line(label: str, m: dict[str, float]) -> str:
    per = 1e6 / m["actions"]
    load, act, decode_act = m["load"] * per, m["act"] * per, m["decode_act"] * per
    return (
        f"Game.load ({label}): {load:6.1f} us/action; act alone {act:6.1f}, "
        f"decode_action + act {decode_act:6.1f} us/action "
        f"({int(m['actions']):,} actions of {int(m['records'])} records)"
    )


def _child(checkout: Path, path: Path) -> dict[str, float]:
    """``measure`` in a fresh interpreter with ``checkout`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(checkout.resolve())}
    out = subprocess.run(
        [sys.executable, __file__, "--measure", str(path)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    return result


def _least(runs: list[dict[str, float]]) -> dict[str, float]:
    return {k: min(r[k] for r in runs) for k in runs[0]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", type=Path, help="a checkout of another version to compare")
    parser.add_argument("--rounds", type=int, default=3, help="child processes per version")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the child's records
    args = parser.parse_args(argv)
    if args.measure is not None:  # in the child: time these records, answer in JSON
        print(json.dumps(measure(json.loads(args.measure.read_text("utf-8")))))
        return
    recs = records()
    if args.baseline is None:
        print(_line("this engine", measure(recs)))
        return
    # Both versions in child processes, taking turns, so that both see the same machine load.
    here = Path(__file__).resolve().parent.parent
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(recs, fh)
    try:
        runs: dict[Path, list[dict[str, float]]] = {args.baseline: [], here: []}
        for _ in range(args.rounds):
            for checkout, results in runs.items():
                results.append(_child(checkout, Path(fh.name)))
    finally:
        os.unlink(fh.name)
    before, after = _least(runs[args.baseline]), _least(runs[here])
    print(_line(f"baseline {args.baseline}", before))
    print(_line(f"this engine, {here}", after))
    print(f"Game.load speed-up over the baseline: {before['load'] / after['load']:.1f}x")


if __name__ == "__main__":
    main()
