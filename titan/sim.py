"""The simulator: many complete games between bots, with a summary (``titan simulate``)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from titan.engine.events import BattleEnded, BattleStarted, EngagementDecided
from titan.play import play


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    players: int
    winner: int | None  # seat index
    winner_tower: int | None
    turns: int
    actions: int
    engagements: dict[str, int]  # how each engagement ended
    battles: int
    battle_turns: int
    seconds: float
    error: str | None = None


def run_one(seed: int, players: int) -> GameResult:
    """Play one seeded game; an engine failure is reported with the seed that reproduces it."""
    start = time.perf_counter()
    try:
        game = play(seed, players)
    except Exception as exc:  # the soak test wants every failure, reported, not raised
        return GameResult(
            seed,
            players,
            None,
            None,
            0,
            0,
            {},
            0,
            0,
            time.perf_counter() - start,
            f"{type(exc).__name__}: {exc}",
        )
    ends: Counter[str] = Counter()
    battles = battle_turns = 0
    for e in game.history:
        if isinstance(e, EngagementDecided):
            ends[e.how] += 1
        elif isinstance(e, BattleStarted):
            battles += 1
        elif isinstance(e, BattleEnded):
            battle_turns += e.turn
    winner = game.state.winner
    return GameResult(
        seed=seed,
        players=players,
        winner=winner,
        winner_tower=None if winner is None else game.state.players[winner].tower,
        turns=game.state.turn,
        actions=len(game.actions),
        engagements=dict(ends),
        battles=battles,
        battle_turns=battle_turns,
        seconds=time.perf_counter() - start,
    )


def _run(args: tuple[int, int]) -> GameResult:
    return run_one(*args)


def run_many(
    players: int,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[Iterator[GameResult], int], Iterator[GameResult]] | None = None,
) -> list[GameResult]:
    """Games with seeds ``seed .. seed + games - 1``, on ``jobs`` processes."""
    work = [(seed + i, players) for i in range(games)]
    if jobs <= 1:
        results: Iterator[GameResult] = (_run(w) for w in work)
        return list(progress(results, games) if progress else results)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(_run, work, chunksize=max(1, games // (jobs * 8)))
        return list(progress(results, games) if progress else results)


def summarise(results: list[GameResult]) -> dict[str, Any]:
    ok = [r for r in results if r.error is None]
    wins: Counter[str] = Counter(
        "none" if r.winner is None else f"tower {r.winner_tower}" for r in ok
    )
    ends: Counter[str] = Counter()
    for r in ok:
        ends.update(r.engagements)

    def stats(xs: list[float]) -> dict[str, float]:
        if not xs:
            return {}
        return {
            "mean": statistics.fmean(xs),
            "median": statistics.median(xs),
            "min": min(xs),
            "max": max(xs),
        }

    return {
        "games": len(results),
        "failures": [{"seed": r.seed, "error": r.error} for r in results if r.error],
        "winners": dict(sorted(wins.items())),
        "game_turns": stats([float(r.turns) for r in ok]),
        "actions_per_game": stats([float(r.actions) for r in ok]),
        "battles_per_game": stats([float(r.battles) for r in ok]),
        "engagement_outcomes": dict(sorted(ends.items())),
        "seconds_per_game": stats([r.seconds for r in ok]),
        "results": [asdict(r) for r in results],
    }
