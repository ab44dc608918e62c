"""Run every benchmark: ``python -m bench`` (or ``scripts/bench``)."""

from __future__ import annotations

from bench import battle_reach, games, masterboard_moves


def main() -> None:
    masterboard_moves.main()
    battle_reach.main()
    games.main([])


if __name__ == "__main__":
    main()
