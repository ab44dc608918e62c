"""The served computer player measured in the arena (issue 23): ``strong`` as the server plays
it, against ``normal``, beside the arena's own ``strong`` on the same games.

Three ways of playing one seat, each an arena level here:

- ``strong``: the arena's, one bot for the whole game;
- ``served-strong``: the server's way since bots are kept (titan/server/botmemory.py): the
  seat's bot pickled to a worker with the view and prompt, and back with its choice, at every
  decision (``think``), its pickling timed;
- ``fresh-strong``: the server's way before: a new bot for every decision, with a seed of its
  own (the game, the seat and the move number).

Games with the same index are the same deal (seed, seats); the arena's and the served games
are move for move the same exactly when their record digests agree (they can only part where
a decision reached the time cap, ``Budget.seconds``).

    nice .venv/bin/python -m bench.served_bots --games 30 --seed 5000 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import time

from titan import arena
from titan.ai.base import Bot
from titan.ai.levels import LEVELS, make_bot
from titan.engine.actions import Action
from titan.engine.prompts import Prompt
from titan.engine.views import PlayerView
from titan.server.botmemory import think

PICKLING: list[tuple[float, int]] = []  # (ms, bytes) per decision, in this process


class Served:
    """``strong`` through the server's stateful interface."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.bot: Bot | None = None

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        t0 = time.perf_counter()
        job = pickle.dumps(("strong", self.seed, self.bot, None, view, prompt))
        args = pickle.loads(job)
        t1 = time.perf_counter()
        reply = think(*args)
        t2 = time.perf_counter()
        raw = pickle.dumps(reply)
        back: tuple[Action, Bot] = pickle.loads(raw)
        action, self.bot = back
        t3 = time.perf_counter()
        PICKLING.append(((t1 - t0 + t3 - t2) * 1000.0, len(job) + len(raw)))
        return action


class Fresh:
    """``strong`` made afresh for every decision, as the server did before."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.decisions = 0

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        self.decisions += 1
        return make_bot("strong", self.seed * 1_000_003 + self.decisions).choose(view, prompt)


def _served(seed: int) -> Bot:
    return Served(seed)


def _fresh(seed: int) -> Bot:
    return Fresh(seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ways", default="strong,served-strong,fresh-strong")
    args = parser.parse_args()
    LEVELS["served-strong"] = _served
    LEVELS["fresh-strong"] = _fresh
    out: dict[str, object] = {}
    digests: dict[str, list[str]] = {}
    for way in args.ways.split(","):
        start = time.perf_counter()
        games = arena.run([way, "normal"], 2, args.games, args.seed, jobs=args.jobs)
        summary = arena.summarise(games, [way, "normal"], 2, args.seed)
        digests[way] = [g.digest for g in games]
        level = summary["levels"][way]
        out[way] = {
            "wins": level["wins"],
            "games": level["seats"],
            "win_rate": level["win_rate"],
            "ci95": level["ci95"],
            "decision_ms": level["decision_ms"],
            "draws": summary["draws"],
            "errors": sum(1 for g in games if g.error is not None),
            "wall_s": round(time.perf_counter() - start, 1),
        }
        print(way, json.dumps(out[way]), flush=True)
    if "strong" in digests and "served-strong" in digests:
        same = sum(a == b for a, b in zip(digests["strong"], digests["served-strong"], strict=True))
        print(f"arena and served games move for move the same: {same} of {args.games}")
    if PICKLING:  # only with --jobs 1 (the workers' own lists are not gathered)
        ms = sorted(t for t, _ in PICKLING)
        size = statistics.fmean(b for _, b in PICKLING)
        print(
            f"pickling per decision: p50 {ms[len(ms) // 2]:.3f} ms, "
            f"p95 {ms[int(len(ms) * 0.95)]:.3f} ms, mean {size:.0f} bytes both ways"
        )


if __name__ == "__main__":
    main()
