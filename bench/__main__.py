"""Run every benchmark: ``python -m bench`` (or ``scripts/bench``)."""

from __future__ import annotations

from bench import (
    ai_search,
    battle_reach,
    belief,
    decision_times,
    engine,
    games,
    masterboard_moves,
    odds,
    replay,
    strike_queries,
)


def main() -> None:
    masterboard_moves.main()
    battle_reach.main()
    strike_queries.main()
    engine.main()
    replay.main([])
    games.main([])
    odds.main()
    ai_search.main()
    belief.main([])
    decision_times.main([])


if __name__ == "__main__":
    main()
