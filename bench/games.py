"""Workload (iii): complete random games (with battles) per minute for 2, 4 and 6 players."""

from __future__ import annotations

import argparse
import time

from titan.play import play


def measure(players: int, games: int, seed: int = 0) -> tuple[float, float]:
    """Returns (games per minute, actions per second)."""
    start = time.perf_counter()
    actions = 0
    for i in range(games):
        actions += len(play(seed + i, players).actions)
    elapsed = time.perf_counter() - start
    return games * 60 / elapsed, actions / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    args = parser.parse_args(argv)
    for players in (2, 4, 6):
        per_minute, aps = measure(players, args.games)
        print(
            f"complete random games, {players} players: {per_minute:8.1f} games/minute "
            f"({aps:,.0f} actions/s, {args.games} games)"
        )


if __name__ == "__main__":
    main()
