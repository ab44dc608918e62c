"""The score of ``bench.colossus`` runs from their ``--logs`` folders alone: the games played to
the end, won, drawn and lost, with a 95% Wilson interval; the games stopped (a ``.why`` beside
the log: a desync, a stall, a server that never started); and our decisions' wall and CPU time
from the ``.think`` files.

Long runs are stopped by hand and compared with runs played beside them, so the folders are
read as they stand: a log with neither ``.think`` nor ``.why`` is a game under way (or one cut
off by the stop), counted apart and never as a result. ``--since`` and ``--until`` keep the
games that ended in a window of time (UTC, by the log's last write, which is the game's end),
so that two runs can be compared over the same hours. Several folders are pooled after a line
each.

Run: ``.venv/bin/python -m bench.colossus_tally LOGS_DIR [...] [--since T] [--until T]``
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME, logs_parser, percentile, protocol_logs
from bench.colossus_losses import read_game
from titan.dice.stats import wilson


@dataclass(frozen=True, slots=True)
class Ended:
    """A log's game as the tally sees it."""

    path: Path
    ended: dt.datetime  # the log's last write, UTC
    state: str  # "won", "drawn", "lost", "stopped" (a .why beside it) or "under way"
    think: tuple[tuple[float, float], ...] = ()  # each decision's wall and CPU seconds


def read_ended(path: Path) -> Ended:
    ended = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
    think_file = path.with_suffix(".think")
    if path.with_suffix(".why").exists():
        return Ended(path, ended, "stopped")
    if not think_file.exists():  # bench.colossus writes it once the game is over
        return Ended(path, ended, "under way")
    think = tuple(
        (float(wall), float(cpu))
        for wall, cpu in (line.split() for line in think_file.read_text().splitlines() if line)
    )
    result = read_game(path).result
    state = "won" if result == f"{NAME} wins" else "drawn" if result == "Draw" else "lost"
    return Ended(path, ended, state, think)


def in_window(game: Ended, since: dt.datetime | None, until: dt.datetime | None) -> bool:
    return (since is None or game.ended >= since) and (until is None or game.ended < until)


def summary(name: str, games: list[Ended]) -> list[str]:
    done = [g for g in games if g.state in ("won", "drawn", "lost")]
    wins = sum(g.state == "won" for g in done)
    draws = sum(g.state == "drawn" for g in done)
    stopped = sum(g.state == "stopped" for g in games)
    under_way = sum(g.state == "under way" for g in games)
    low, high = wilson(wins, len(done))
    lines = [
        f"{name}: {wins}/{len(done)} won ({100 * wins / max(1, len(done)):.1f}%, 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}), {draws} drawn; {stopped} stopped (desync, stall "
        f"or no server), {under_way} under way or cut off"
    ]
    walls = [wall for g in done for wall, _ in g.think]
    cpus = [cpu for g in done for _, cpu in g.think]
    if cpus:
        lines.append(
            f"  our decisions: {len(cpus)}; CPU p95 {1000 * percentile(cpus, 0.95):.0f} ms, max "
            f"{1000 * max(cpus):.0f} ms; wall p95 {1000 * percentile(walls, 0.95):.0f} ms, max "
            f"{1000 * max(walls):.0f} ms"
        )
    return lines


def utc(text: str) -> dt.datetime:
    """An ISO time, read as UTC unless it names its zone."""
    moment = dt.datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_tally", __doc__)
    parser.add_argument("--since", type=utc, help="games that ended at or after (UTC, ISO)")
    parser.add_argument("--until", type=utc, help="games that ended before (UTC, ISO)")
    args = parser.parse_args(argv)
    pooled: list[Ended] = []
    for folder in args.logs:
        games = [read_ended(p) for p in protocol_logs([folder])]
        games = [g for g in games if in_window(g, args.since, args.until)]
        pooled += games
        print("\n".join(summary(str(folder), games)))
    if len(args.logs) > 1:
        print("\n".join(summary("all", pooled)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
