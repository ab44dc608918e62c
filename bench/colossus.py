"""Our computer players against Colossus's AIs, in live games over Colossus's socket protocol.

For each chosen Colossus AI type, ``--games`` games: a Colossus server (Java, headless, on
loopback; ``titan/colossus/launch.py``) with one Network seat, taken by our ``--level``, and
``--players - 1`` AIs of that type, view mode "ever revealed" (both sides see the same hidden
information). Colossus draws towers and the order of play itself, so the seats rotate by its
draw. Prints, per AI type: our wins with a 95% Wilson interval, desyncs (our engine and the
server disagreed: the protocol log names the line), stalls (nothing but pings for ``--stall``
seconds), turns per game, wall time per game, our decision times (p50, p95, max), and how
loaded the machine was (our decisions' wall over CPU time); the rest of a game's time is
Colossus's. Every game's protocol log is written to ``--logs``.
With more than two players, our seat leaves a game once our Titan is slain and the others
play on: that game is lost whoever wins it, and its end would cost the machine a third of
the run (counted as "left once out"; its turns and wall time are up to then).

Needs Java and ``../colossus-src/Colossus/Colossus.jar`` (``../shared/colossus/build.sh``).
``--colossus-seed`` seeds Colossus's dice and AIs too (the jar of
``bench/colossus-seeded/build.sh``), so that two versions of ours can play the same games
(``bench.colossus_pairs``). ``--cap-clock cpu`` stops ``strong``'s simulations at 0.8 s of
its own processor time rather than of the wall clock, so that games run side by side on a
busy machine do not cut its decisions short.

Run: ``.venv/bin/python -m bench.colossus --games 20 --ai rational,simple --level strong``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from titan.colossus import launch
from titan.colossus.connect import OUT, Outcome
from titan.colossus.mirror import Mirror
from titan.dice.stats import wilson
from titan.engine.state import Legion

NAME = "titan"  # our seat's name (the seat signs on with it)


@dataclass(frozen=True, slots=True)
class Played:
    ai: str
    index: int
    outcome: Outcome | None  # None: the game stalled, or its server never listened
    log: Path
    unstarted: str | None = None  # why the Colossus server never took our seat


def protocol_logs(folders: Iterable[Path]) -> list[Path]:
    """The protocol logs ``--logs`` wrote in each of ``folders``, in the order of the games."""
    return [path for folder in folders for path in sorted(folder.glob("*.tsv"))]


def logs_parser(prog: str, doc: str | None) -> argparse.ArgumentParser:
    """The command line of a bench that reads ``--logs`` folders (named by ``prog``, described
    by the first line of its ``doc``); each adds its own options."""
    parser = argparse.ArgumentParser(prog=prog, description=(doc or "").split("\n")[0])
    parser.add_argument("logs", nargs="+", type=Path, help="bench.colossus --logs folders")
    return parser


def engaged(mirror: Mirror, text: str) -> tuple[Legion, Legion] | None:
    """The attacker and the defender a ``tellEngagement`` line names, as the mirror holds them
    before it applies the line (the battle may remove either); None for another line, or one
    the mirror cannot place (no game yet, a legion it does not hold)."""
    if not text.startswith("tellEngagement ~ ") or mirror.game is None:
        return None
    legions = mirror.g.state.legions
    attacker, defender = (legions.get(mirror.markers.ours(m)) for m in text.split(" ~ ")[2:4])
    if attacker is None or defender is None:
        return None
    return attacker, defender


def one_game(ai: str, index: int, args: argparse.Namespace, logs: Path) -> Played:
    """A game; a server that did not start is started once more (on another port)."""
    played = _one_game(ai, index, args, logs)
    if played.unstarted is not None:
        played = _one_game(ai, index, args, logs)
    return played


def _one_game(ai: str, index: int, args: argparse.Namespace, logs: Path) -> Played:
    log_path = logs / f"{ai}-{args.players}p-{index:03d}.tsv"
    unstarted = None
    with tempfile.TemporaryDirectory(prefix="colossus-") as home:
        port = launch.free_port()
        with (
            launch.colossus_server(
                Path(home),
                ai=ai,
                opponents=args.players - 1,
                port=port,
                ai_seconds=args.ai_seconds,
                dice_seed=None if args.colossus_seed is None else args.colossus_seed + index,
            ),
            log_path.open("w", encoding="utf-8") as log,
        ):
            try:
                # More than two players: a game we are out of is lost, whoever wins it.
                outcome = launch.play_when_up(
                    port,
                    level=args.level,
                    seed=args.seed + index,
                    log=log,
                    timeout=args.stall,
                    leave_when_out=args.players > 2,
                    cap_clock=args.cap_clock,
                )
            except TimeoutError:
                outcome = None
            except ConnectionRefusedError:  # the JVM did not listen in time: not a game
                outcome = None
                err = Path(home) / "server.err"
                tail = err.read_text(encoding="latin-1")[-2000:] if err.exists() else ""
                unstarted = f"the server never listened on port {port}\n{tail}"
    played = Played(ai, index, outcome, log_path, unstarted)
    if unstarted is not None:
        log_path.with_suffix(".why").write_text(unstarted, encoding="utf-8")
    if outcome is None and unstarted is None:  # so that the logs alone tell a stall
        log_path.with_suffix(".why").write_text(
            f"stalled: nothing from the server for {args.stall:.0f} s\n", encoding="utf-8"
        )
    if outcome is not None and not outcome.finished:  # the whole report, beside the log
        log_path.with_suffix(".why").write_text(outcome.message + "\n", encoding="utf-8")
    if outcome is not None:  # each decision's wall and CPU seconds, to pool runs later
        times = zip(outcome.think, outcome.think_cpu, strict=True)
        text = "".join(f"{wall:.4f} {cpu:.4f}\n" for wall, cpu in times)
        log_path.with_suffix(".think").write_text(text, encoding="utf-8")
    print(progress(played), file=sys.stderr, flush=True)
    return played


def progress(game: Played) -> str:
    """One line per game as it ends, so that a long run can be followed (and a desync looked
    at while the next games play)."""
    if game.outcome is None:
        how = "did not start" if game.unstarted else "stalled"
        return f"{game.ai} game {game.index}: {how} ({game.log})"
    o = game.outcome
    how = "desync" if o.desync else "over" if o.finished else "stopped"
    first = o.message.splitlines()[0] if o.message else ""
    return f"{game.ai} game {game.index}: {how} turn {o.turns}, {o.seconds:.0f} s: {first}"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


SUBSTANTIAL = 0.02  # CPU seconds: a decision long enough for its wall time to show the load


def load(outcomes: Iterable[Outcome]) -> float | None:
    """Our substantial decisions' wall time over their CPU time: 1.0 with a core to ourselves,
    more as other processes take the cores. Busier runs have been won less often, though in
    the fifteenth session a quiet hour was not won more often than a busy one (docs/ai.md):
    every run says how loaded it was, so that runs can be told apart. None when no decision
    was long enough to tell."""
    wall = cpu = 0.0
    for o in outcomes:
        for w, c in zip(o.think, o.think_cpu, strict=True):
            if c >= SUBSTANTIAL:
                wall, cpu = wall + w, cpu + c
    return wall / cpu if cpu > 0 else None


def report(ai: str, games: list[Played], players: int) -> list[str]:
    done = [g.outcome for g in games if g.outcome is not None and g.outcome.finished]
    wins = sum(1 for o in done if o.message == f"{NAME} wins")
    draws = sum(1 for o in done if o.message == "Draw")
    out = sum(1 for o in done if o.message == OUT.format(name=NAME))
    desyncs = [g for g in games if g.outcome is not None and g.outcome.desync]
    stalls = [g for g in games if g.outcome is None and g.unstarted is None]
    unstarted = [g for g in games if g.unstarted is not None]
    other = [
        g
        for g in games
        if g.outcome is not None and not g.outcome.finished and not g.outcome.desync
    ]
    low, high = wilson(wins, len(done))
    think = [t for o in done for t in o.think]
    cpu = [t for o in done for t in o.think_cpu]
    ours = sum(sum(o.think) for o in done)
    wall = sum(o.seconds for o in done)
    lines = [
        f"{ai} ({players} players): {wins}/{len(done)} won by us "
        f"({100 * wins / max(1, len(done)):.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f}), "
        f"{draws} draws, {out} left once out; {len(desyncs)} desyncs, {len(stalls)} stalls, "
        f"{len(other)} ended otherwise, {len(unstarted)} servers did not start",
    ]
    if done:
        lines.append(
            f"  turns median {statistics.median(o.turns for o in done):.0f}; wall time per "
            f"game median {statistics.median(o.seconds for o in done):.1f} s; our share "
            f"{100 * ours / max(wall, 1e-9):.0f}% of it"
        )
        lines.append(
            f"  our decisions: {len(think)}, p50 {1000 * percentile(think, 0.5):.0f} ms, "
            f"p95 {1000 * percentile(think, 0.95):.0f} ms, max {1000 * max(think):.0f} ms "
            f"(wall); CPU p50 {1000 * percentile(cpu, 0.5):.0f} ms, "
            f"p95 {1000 * percentile(cpu, 0.95):.0f} ms, max {1000 * max(cpu, default=0):.0f} ms"
        )
        busy = load(done)
        if busy is not None:
            lines.append(f"  machine load: our decisions' wall time / CPU time {busy:.2f}")
    for g in desyncs + other:
        assert g.outcome is not None
        lines.append(f"  game {g.index} ({g.log}): {g.outcome.message.splitlines()[0]}")
    for g in stalls:
        lines.append(f"  game {g.index} ({g.log}): stalled")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.colossus", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per Colossus AI type")
    parser.add_argument("--ai", default="rational,simple", help="Colossus AI types, a,b")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--level", default="strong", help="our computer player")
    parser.add_argument("--seed", type=int, default=0, help="our bot's seed (plus the game)")
    parser.add_argument("--jobs", type=int, default=1, help="games at once (one core each)")
    parser.add_argument("--ai-seconds", type=int, help="Colossus's AI time limit per search")
    parser.add_argument(
        "--colossus-seed",
        type=int,
        help="seed Colossus's dice and AIs (plus the game; needs bench/colossus-seeded's jar)",
    )
    parser.add_argument("--stall", type=float, default=300.0, help="seconds of silence = stall")
    parser.add_argument(
        "--cap-clock",
        choices=("wall", "cpu"),
        default="wall",
        help="the clock of strong's 0.8 s cap on a decision: wall (the server's) or the "
        "deciding thread's CPU time (decisions independent of the machine's load)",
    )
    parser.add_argument("--logs", default="bench-colossus-logs", help="protocol logs here")
    args = parser.parse_args(argv)
    why = launch.available(seeded=args.colossus_seed is not None)
    if why is not None:
        print(f"bench.colossus: {why}", file=sys.stderr)
        return 2
    ais = [a.strip() for a in args.ai.split(",") if a.strip()]
    unknown = [a for a in ais if a not in launch.AI_TYPES]
    if unknown:
        print(f"bench.colossus: unknown AI {unknown}; known: {list(launch.AI_TYPES)}")
        return 2
    logs = Path(args.logs)
    logs.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    for ai in ais:
        with ThreadPoolExecutor(args.jobs) as pool:  # the games run in their JVMs
            games = list(
                pool.map(
                    one_game,
                    [ai] * args.games,
                    range(args.games),
                    [args] * args.games,
                    [logs] * args.games,
                )
            )
        print("\n".join(report(ai, games, args.players)), flush=True)
    print(f"{time.monotonic() - start:.0f} s in all; protocol logs in {logs}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
