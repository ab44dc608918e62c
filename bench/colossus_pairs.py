"""Two versions of our player in the same Colossus games: paired runs on a seeded Colossus.

Run ``bench.colossus`` once per version with the same ``--seed`` and ``--colossus-seed``
against the jar of ``bench/colossus-seeded/build.sh``: game *i* of both runs then has the
same dice and the same Colossus choices for as long as our two versions decide alike, and
parts where they first decide differently. A game that never parts is won or lost by both,
so only the parted games carry the difference, and the noise of the games in which the
change never acted is gone from the comparison.

Reads the two ``--logs`` folders (games matched by file name; a game that stalled or
desynced in either run, a ``.why`` beside its log, is left out). Prints each version's wins
with a 95% Wilson interval; how many games parted, and at which turn; the discordant pairs
(won by one version only) with an exact two-sided sign test on them; and the paired
difference with its 95% interval beside the interval the same games would give unpaired.

Run: ``.venv/bin/python -m bench.colossus_pairs A_LOGS B_LOGS``
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME as OURS
from titan.dice.stats import Z95, wilson

# Protocol lines that follow the wall clock or the machine (pings, commit points, ports,
# connection ids) and so differ between two plays of one game.
CLOCKED = ("pingRequest", "replyToPing", "setConnectionId", "commitPoint", "Run server on port")
HOUSEKEEPING = ("confirmCommitPoint", "catchupConfirmation")


@dataclass(frozen=True, slots=True)
class Pair:
    name: str
    a_won: bool
    b_won: bool
    parted: int | None  # the game turn at which the two runs first differ; None: never
    by_us: bool = False  # they parted on a message of ours (else on one of Colossus's)


def game_lines(log: Path) -> list[str]:
    """A log's protocol lines without their times and without the clocked ones."""
    lines = [line.split("\t", 1)[-1] for line in log.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if not any(word in line for word in CLOCKED)]


def won(lines: list[str]) -> bool:
    return any(line.startswith(f"S>C\ttellGameOver ~ {OURS} wins ~") for line in lines)


def parting(a: list[str], b: list[str]) -> tuple[int | None, bool]:
    """The turn (``setupTurnState``) of the first line where the two plays differ (None if
    they never do), and whether that line is ours. Not ours: Colossus itself chose
    differently, which its seeded jar still does now and then (its AI threads read
    their game while its messages are still being applied)."""
    turn = 1
    for x, y in zip(a, b, strict=False):
        if x != y:
            return turn, _ours(x) or _ours(y)
        if x.startswith("S>C\tsetupTurnState ~ "):
            turn = int(x.split(" ~ ")[2])
    return (None, False) if len(a) == len(b) else (turn, True)


def _ours(line: str) -> bool:
    """A decision of our seat; not its housekeeping replies, which come wherever the server
    asks for them (a server message more or fewer before one of them is Colossus's doing)."""
    return line.startswith("C>S") and not any(word in line for word in HOUSEKEEPING)


def pairs(a_logs: Path, b_logs: Path) -> tuple[list[Pair], list[str]]:
    """The games both runs finished, paired, and the names of those left out."""
    played, left_out = [], []
    for a_log in sorted(a_logs.glob("*.tsv")):
        b_log = b_logs / a_log.name
        if not b_log.exists():
            continue
        if any(p.with_suffix(".why").exists() for p in (a_log, b_log)):
            left_out.append(a_log.name)
            continue
        a, b = game_lines(a_log), game_lines(b_log)
        played.append(Pair(a_log.stem, won(a), won(b), *parting(a, b)))
    return played, left_out


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial test of ``wins`` against ``losses`` at even odds."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def report(played: list[Pair], left_out: list[str]) -> list[str]:
    n = len(played)
    if n == 0:
        return ["no game finished in both runs"]
    a_wins, b_wins = sum(p.a_won for p in played), sum(p.b_won for p in played)
    lines = []
    for side, wins in (("A", a_wins), ("B", b_wins)):
        lo, hi = wilson(wins, n)
        lines.append(
            f"{side}: {wins} of {n} won ({100 * wins / n:.1f}%, 95% CI "
            f"{100 * lo:.1f}-{100 * hi:.1f}%)"
        )
    parted = [p.parted for p in played if p.parted is not None]
    where = ""
    if parted:
        where = f", at turn {statistics.median(parted):g} (median; {min(parted)}-{max(parted)})"
    ours = sum(p.by_us for p in played)
    lines.append(
        f"parted: {len(parted)} of {n} games{where} ({ours} on a decision "
        f"of ours, {len(parted) - ours} on one of Colossus's); the others were the same game "
        "to the end"
    )
    a_only = sum(p.a_won and not p.b_won for p in played)
    b_only = sum(p.b_won and not p.a_won for p in played)
    lines.append(
        f"won by A only {a_only}, by B only {b_only}: sign test p = {sign_test(a_only, b_only):.3f}"
    )
    diffs = [int(p.b_won) - int(p.a_won) for p in played]
    d = statistics.fmean(diffs)
    paired = Z95 * statistics.pstdev(diffs) / math.sqrt(n)
    pa, pb = a_wins / n, b_wins / n
    unpaired = Z95 * math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / n)
    lines.append(
        f"B - A: {100 * d:+.1f} points, 95% CI +/- {100 * paired:.1f} paired "
        f"(+/- {100 * unpaired:.1f} had the games not been the same)"
    )
    if left_out:
        lines.append(f"left out (stalled or desynced in a run): {', '.join(left_out)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bench.colossus_pairs", description=__doc__.split("\n")[0]
    )
    parser.add_argument("a", type=Path, help="bench.colossus --logs folder of version A")
    parser.add_argument("b", type=Path, help="the same games' folder of version B")
    args = parser.parse_args(argv)
    print("\n".join(report(*pairs(args.a, args.b))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
