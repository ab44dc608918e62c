"""How ``strong`` grows beside Colossus's players: at the start of each of our turns, round by
round, our legions, their strength and our score against the average opponent still in.

Replays each ``bench.colossus`` protocol log through the mirror (:mod:`titan.colossus`), as
our seat saw the game: an opponent's legion that holds characters we have not seen holds
what the mirror guessed for them (mended whenever they are revealed), so the opponents'
strength is an estimate; their number of legions, their heights and the scores are exact.
Strength is power × skill summed (a Titan at its power for the score, 19.1), the currency of
``normal``'s estimates. At the start of our turn an opponent who moves before us has had one
turn more than we have (5.1): about half a turn on average with three opponents.

A round's row: the games still under way for us, then for us and for the average opponent
the strength of the Titan's legion, its height, the strength of all legions, the number of
legions, the score. Rounds from ``--rounds`` on are pooled in the last row. A log the mirror
cannot follow counts up to where it stopped.

Run: ``.venv/bin/python -m bench.colossus_growth LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME as OURS
from bench.colossus import logs_parser, protocol_logs
from titan.ai.normal.estimate import members_of
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.state import GameState
from titan.variant import TITAN, Variant, load

MEASURES = ("titan legion", "its height", "all legions", "legions", "score")


@dataclass(frozen=True, slots=True)
class Standing:
    """One player at the start of one of our turns: the :data:`MEASURES`, in order."""

    round: int  # our turns begun so far, this one included
    ours: bool
    figures: tuple[float, ...]


def strength(variant: Variant, names: Sequence[str], score: int) -> float:
    return sum(m.power * m.skill for m in members_of(variant, tuple(names), score))


def standings(variant: Variant, path: Path) -> list[Standing]:
    """Every living player's standing at the start of each of our turns in one log."""
    mirror = Mirror()
    out: list[Standing] = []
    rounds = 0
    for entry in read(path):
        if not entry.to_client:
            continue
        text = entry.text
        if text.startswith(f"setupTurnState ~ {OURS} ~") and mirror.game is not None:
            rounds += 1
            out += _standing(variant, mirror.g.state, mirror.player(OURS), rounds)
        try:
            mirror.feed(text, entry.parse())
        except Exception:  # a desync: what was read so far still counts
            break
    return out


def _standing(variant: Variant, state: GameState, me: int, rounds: int) -> list[Standing]:
    out = []
    for player in state.players:
        if not player.alive:
            continue
        legions = state.player_legions(player.index)
        titans = [lg for lg in legions if TITAN in lg.characters]
        titan = titans[0].characters if titans else []
        figures = (
            strength(variant, titan, player.score),
            float(len(titan)),
            sum(strength(variant, lg.characters, player.score) for lg in legions),
            float(len(legions)),
            float(player.score),
        )
        out.append(Standing(rounds, player.index == me, figures))
    return out


def report(samples: Sequence[Standing], last: int) -> list[str]:
    rows: dict[tuple[int, bool], list[tuple[float, ...]]] = defaultdict(list)
    for s in samples:
        rows[(min(s.round, last), s.ours)].append(s.figures)
    head = " | ".join(f"{m}: us, them" for m in MEASURES)
    lines = [f"round games | {head}"]
    for r in sorted({k[0] for k in rows}):
        ours, theirs = rows[(r, True)], rows[(r, False)]
        cells = [f"{_mean(ours, i):6.1f} {_mean(theirs, i):6.1f}" for i in range(len(MEASURES))]
        label = f"{r:4d}+" if r == last else f"{r:5d}"
        lines.append(f"{label} {len(ours):5d} | " + " | ".join(cells))
    return lines


def _mean(rows: list[tuple[float, ...]], i: int) -> float:
    return sum(r[i] for r in rows) / len(rows) if rows else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_growth", __doc__)
    parser.add_argument("--rounds", type=int, default=12, help="rounds from this one pooled")
    args = parser.parse_args(argv)
    variant = load("default")
    samples = [s for p in protocol_logs(args.logs) for s in standings(variant, p)]
    print("\n".join(report(samples, args.rounds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
