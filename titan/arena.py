"""The arena (``titan arena``): seeded games between computer levels, with win rates, their
95% confidence intervals, game lengths and decision times.

Fairness: games come in blocks of ``players`` games sharing one seed (so the same tower rolls,
5.1), the levels' seats rotated one step per game of the block, so every level sits in every
seat, and so every tower and turn position, equally often. A game ends at the last Titan
standing (1.1), or at the turn limit by rule 21's totals (score plus the legions' values; the
engine's ``turn_limit`` option), or, as a safety net, at an action cap with no winner. Draws
(mutual elimination, 19.3) and capped games are no win for anyone.

Each game is a pure function of its index and the arena's seed (the dice and every bot's
seed derive from them), so a run is reproducible whatever the number of processes; only the
timings differ.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from titan import charts
from titan.ai.levels import LEVELS, make_bot
from titan.dice.stats import wilson
from titan.engine.events import GameOver
from titan.engine.game import Game
from titan.engine.state import Options
from titan.play import SEAT_NAMES

DEFAULT_TURN_LIMIT = 100  # game turns (rule 21); every remaining player moves once per turn
ACTION_CAP = 100_000  # no real game comes near; a bot stuck in a loop would


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """One game's result."""

    index: int
    seed: int
    levels: tuple[str, ...]  # by seat
    winner: int | None  # seat
    turns: int
    actions: int
    turn_limit_hit: bool
    action_cap_hit: bool
    seconds: float
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # level -> times
    error: str | None = None
    # The game record's digest (titan.engine.record): two runs played the same game, move for
    # move, exactly when their digests agree.
    digest: str = ""


def lineup(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The level of each seat in game ``index``: ``bots`` cycled to ``players`` seats, then
    rotated by the game's place in its block."""
    if not bots:
        raise ValueError("name at least one level")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} levels for {players} seats")
    seats = [bots[i % len(bots)] for i in range(players)]
    k = index % players
    return tuple(seats[(s - k) % players] for s in range(players))


def game_seed(seed: int, players: int, index: int) -> int:
    """One seed per block of ``players`` rotated games (the same tower rolls, 5.1)."""
    return seed + index // players


def bot_seed(seed: int, index: int, seat: int) -> int:
    return (seed * 1_000_003 + index) * 8 + seat


def play_game(
    index: int,
    seed: int,
    bots: Sequence[str],
    players: int,
    turn_limit: int = DEFAULT_TURN_LIMIT,
    action_cap: int = ACTION_CAP,
) -> ArenaGame:
    """Play game ``index`` of an arena run; a failure is reported, not raised."""
    levels = lineup(bots, players, index)
    gseed = game_seed(seed, players, index)
    start = time.perf_counter()
    times: dict[str, list[float]] = {level: [] for level in levels}
    game = Game.new("default", SEAT_NAMES[:players], gseed, Options(turn_limit=turn_limit))
    seats = [make_bot(level, bot_seed(seed, index, s)) for s, level in enumerate(levels)]
    capped = False
    try:
        for _ in range(action_cap):
            if game.state.over:
                break
            prompt = game.prompt()
            view = game.view(prompt.player)
            t0 = time.perf_counter()
            action = seats[prompt.player].choose(view, prompt)
            times[levels[prompt.player]].append((time.perf_counter() - t0) * 1000.0)
            game.act(prompt.player, action)
        else:
            capped = not game.state.over
    except Exception as exc:  # a failing bot or engine is reported with its game
        return ArenaGame(
            index,
            gseed,
            levels,
            None,
            game.state.turn,
            len(game.actions),
            False,
            False,
            time.perf_counter() - start,
            times,
            f"{type(exc).__name__}: {exc}",
            game.save()["digest"],
        )
    # rule 21's totals decided it (the engine reports them only at a turn or point limit)
    limit_hit = any(isinstance(e, GameOver) and e.totals is not None for e in game.history)
    return ArenaGame(
        index,
        gseed,
        levels,
        None if capped else game.state.winner,
        game.state.turn,
        len(game.actions),
        limit_hit,
        capped,
        time.perf_counter() - start,
        times,
        digest=game.save()["digest"],
    )


def _play(args: tuple[int, int, tuple[str, ...], int, int]) -> ArenaGame:
    return play_game(*args)


def run(
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int,
    jobs: int = 1,
    turn_limit: int = DEFAULT_TURN_LIMIT,
    progress: Callable[[Iterator[ArenaGame], int], Iterator[ArenaGame]] | None = None,
) -> list[ArenaGame]:
    """Play ``games`` games on ``jobs`` processes; results in game order."""
    for level in bots:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    lineup(bots, players, 0)  # refuse more levels than seats before starting anything
    work = [(i, seed, tuple(bots), players, turn_limit) for i in range(games)]
    if jobs <= 1:
        results: Iterator[ArenaGame] = (_play(w) for w in work)
        return sorted(progress(results, games) if progress else results, key=lambda g: g.index)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(_play, work, chunksize=1)
        done = list(progress(results, games) if progress else results)
    return sorted(done, key=lambda g: g.index)


# --- the summary ---------------------------------------------------------------------------


def _percentile(sorted_xs: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of sorted values."""
    if not sorted_xs:
        return 0.0
    rank = max(1, math.ceil(q / 100.0 * len(sorted_xs)))
    return sorted_xs[rank - 1]


def _ms(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {
        "p50": round(_percentile(xs, 50), 3),
        "p95": round(_percentile(xs, 95), 3),
        "max": round(xs[-1], 3) if xs else 0.0,
        "decisions": len(xs),
    }


def summarise(
    results: Sequence[ArenaGame],
    bots: Sequence[str],
    players: int,
    seed: int,
    turn_limit: int = DEFAULT_TURN_LIMIT,
    wall_seconds: float | None = None,
) -> dict[str, Any]:
    """The arena's JSON: ``{"games", "players", "levels": {level: {"seats", "wins",
    "win_rate", "ci95", "decision_ms": {"p50", "p95", "max"}, ...}}, ...}``."""
    ok = [g for g in results if g.error is None]
    levels: dict[str, Any] = {}
    for level in dict.fromkeys(bots):
        seats = [(g, s) for g in ok for s, lv in enumerate(g.levels) if lv == level]
        wins = sum(1 for g, s in seats if g.winner == s)
        n = len(seats)
        lo, hi = wilson(wins, n)
        times = [t for g in ok for t in g.decision_ms.get(level, [])]
        levels[level] = {
            "seats": n,
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_turns": round(statistics.fmean(g.turns for g, _ in seats), 2) if n else 0.0,
            "mean_actions": round(statistics.fmean(g.actions for g, _ in seats), 1) if n else 0.0,
            "decision_ms": _ms(times),
        }
    seconds = sorted(g.seconds for g in ok)
    return {
        "games": len(results),
        "players": players,
        "bots": list(bots),
        "seed": seed,
        "turn_limit": turn_limit,
        "levels": levels,
        "draws": sum(1 for g in ok if g.winner is None),
        "turn_limit_games": sum(1 for g in ok if g.turn_limit_hit),
        "action_cap_games": sum(1 for g in ok if g.action_cap_hit),
        "mean_turns": round(statistics.fmean(g.turns for g in ok), 2) if ok else 0.0,
        "mean_actions": round(statistics.fmean(g.actions for g in ok), 1) if ok else 0.0,
        "game_seconds": {
            "p50": round(_percentile(seconds, 50), 3),
            "p95": round(_percentile(seconds, 95), 3),
            "max": round(seconds[-1], 3) if seconds else 0.0,
        },
        "wall_seconds": None if wall_seconds is None else round(wall_seconds, 2),
        "errors": [{"game": g.index, "seed": g.seed, "error": g.error} for g in results if g.error],
        "results": [
            {
                "game": g.index,
                "seed": g.seed,
                "levels": list(g.levels),
                "winner": g.winner,
                "turns": g.turns,
                "actions": g.actions,
                "digest": g.digest,
            }
            for g in results
        ],
    }


TIMING_KEYS = ("decision_ms", "game_seconds", "wall_seconds")


def without_timings(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary with every timing removed: what a seed reproduces exactly."""
    out = {k: v for k, v in summary.items() if k not in TIMING_KEYS}
    out["levels"] = {
        level: {k: v for k, v in stats.items() if k not in TIMING_KEYS}
        for level, stats in summary["levels"].items()
    }
    return out


def write_json(summary: dict[str, Any], path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=1)
        fh.write("\n")


def write_png(summary: dict[str, Any], path: str) -> None:
    """A bar chart of the win rates with their 95% intervals and the parity line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(summary["levels"])
    rates = [summary["levels"][n]["win_rate"] for n in names]
    lows = [r - summary["levels"][n]["ci95"][0] for n, r in zip(names, rates, strict=True)]
    highs = [summary["levels"][n]["ci95"][1] - r for n, r in zip(names, rates, strict=True)]
    fig, ax = plt.subplots(figsize=(1.6 + 1.4 * len(names), 3.6), dpi=120)
    ax.bar(names, rates, color="#4c72b0", yerr=[lows, highs], capsize=6)
    ax.axhline(1.0 / summary["players"], color="grey", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(
        f"{summary['games']} games, {summary['players']} players ({', '.join(summary['bots'])})",
        fontsize=9,
    )
    for i, n in enumerate(names):
        stats = summary["levels"][n]
        ax.text(i, 0.02, f"{stats['wins']}/{stats['seats']}", ha="center", va="bottom", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# --- the command ---------------------------------------------------------------------------


def _command(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        lineup(bots, args.players, 0)
        for level in bots:
            if level not in LEVELS:
                raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    except ValueError as exc:
        print(f"titan arena: {exc}", file=sys.stderr)
        return 2
    if args.png and not charts.available():
        print(f"titan arena: {charts.MISSING}", file=sys.stderr)
        return 2

    def bar(results: Iterator[ArenaGame], total: int) -> Iterator[ArenaGame]:
        return iter(tqdm(results, total=total, unit="game", disable=args.quiet))

    start = time.perf_counter()
    results = run(bots, args.players, args.games, args.seed, args.jobs, args.turn_limit, bar)
    summary = summarise(
        results, bots, args.players, args.seed, args.turn_limit, time.perf_counter() - start
    )
    print(
        f"{summary['games']} games, {args.players} players, seed {args.seed}; "
        f"{summary['draws']} without a winner, {summary['turn_limit_games']} decided at the "
        f"turn limit (21), {summary['action_cap_games']} at the action cap"
    )
    for level, s in summary["levels"].items():
        ms = s["decision_ms"]
        print(
            f"{level:>8}: {s['wins']}/{s['seats']} wins, {100 * s['win_rate']:.1f}% "
            f"(95% CI {100 * s['ci95'][0]:.1f}-{100 * s['ci95'][1]:.1f}), "
            f"{s['mean_turns']:.1f} turns, {s['mean_actions']:.0f} actions a game; "
            f"decisions p50 {ms['p50']:.1f} ms, p95 {ms['p95']:.1f} ms, max {ms['max']:.0f} ms"
        )
    for e in summary["errors"]:
        print(f"FAILED game {e['game']} (seed {e['seed']}): {e['error']}")
    if args.json:
        write_json(summary, args.json)
    if args.png:
        write_png(summary, args.png)
    return 1 if summary["errors"] else 0


def add_parser(sub: Any) -> None:
    """``titan arena``: its arguments, on the CLI's subparsers."""
    p = sub.add_parser("arena", help="play seeded games between computer levels and compare them")
    p.add_argument(
        "--bots",
        required=True,
        help=f"comma-separated levels, cycled over the seats ({', '.join(LEVELS)})",
    )
    p.add_argument("--players", type=int, default=2, choices=range(2, 7))
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument(
        "--turn-limit",
        type=int,
        default=DEFAULT_TURN_LIMIT,
        help="game turns before rule 21's totals decide (default %(default)s)",
    )
    p.add_argument("--json", help="write the summary (and every game's result) to this file")
    p.add_argument("--png", help="draw the win rates with their 95%% intervals to this file")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_command)
