"""Workload (iv): the engine as search uses it — ``act`` alone on the same recorded random
games (with battles), the cost of ``Game.clone()``, and ``is_legal``.

The games are played once by random bots and recorded; the timed part replays each record
with ``act`` only (no prompts, no views, no bots), so it measures what the engine spends per
accepted action. Run: ``.venv/bin/python bench/engine.py`` — it runs against whichever
``titan`` package comes first on the path, so the same file times an older checkout too:
``PYTHONPATH=/path/to/old/checkout .venv/bin/python bench/engine.py`` (clone and is_legal are
skipped where the engine has none).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from titan.engine.game import Game
from titan.play import play

SAMPLES = 7
GAMES = 12  # per player count


def _records(players: int) -> list[tuple[list[str], int, list[tuple[int, Any]]]]:
    out = []
    for seed in range(GAMES):
        game = play(1000 + seed, players)
        out.append((list(game.seats), 1000 + seed, list(game.actions)))
    return out


def _replay_seconds(records: list[tuple[list[str], int, list[tuple[int, Any]]]]) -> float:
    """Seconds spent inside ``act`` replaying every record once."""
    spent = 0.0
    for seats, seed, actions in records:
        game = Game.new("default", seats, seed)
        act = game.act
        start = time.perf_counter()
        for player, action in actions:
            act(player, action)
        spent += time.perf_counter() - start
    return spent


def act_rate(players: int) -> tuple[float, float, float, int]:
    """(median, min, max) accepted actions per second inside ``act``; and the action count."""
    records = _records(players)
    count = sum(len(a) for _, _, a in records)
    _replay_seconds(records)  # warm-up: caches of movement and battle tables
    rates = [count / _replay_seconds(records) for _ in range(SAMPLES)]
    return statistics.median(rates), min(rates), max(rates), count


def _midgame(players: int) -> Game:
    seats, seed, actions = _records(players)[0]
    game = Game.new("default", seats, seed)
    for player, action in actions[: len(actions) // 2]:
        game.act(player, action)
    return game


def clone_micros(players: int) -> float | None:
    game = _midgame(players)
    clone = getattr(game, "clone", None)
    if clone is None:
        return None
    times = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        for _ in range(2000):
            clone()
        times.append((time.perf_counter() - start) / 2000 * 1e6)
    return statistics.median(times)


def is_legal_micros(players: int) -> float | None:
    game = _midgame(players)
    is_legal = getattr(game, "is_legal", None)
    if is_legal is None:
        return None
    options = list(game.prompt().options)
    times = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        for _ in range(200):
            for option in options:
                is_legal(option)
        times.append((time.perf_counter() - start) / (200 * len(options)) * 1e6)
    return statistics.median(times)


def main() -> None:
    for players in (2, 4, 6):
        median, low, high, count = act_rate(players)
        print(
            f"act, {players} players: {median:10,.0f} actions/s "
            f"(min {low:,.0f}, max {high:,.0f}; {count:,} actions of {GAMES} random games)"
        )
    for players in (2, 4, 6):
        clone = clone_micros(players)
        legal = is_legal_micros(players)
        if clone is None or legal is None:
            print(f"clone / is_legal, {players} players: not in this engine")
        else:
            print(
                f"clone, {players} players, mid-game: {clone:6.1f} us; "
                f"is_legal of a listed option: {legal:6.1f} us"
            )


if __name__ == "__main__":
    main()
