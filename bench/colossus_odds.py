"""How well ``strong``'s simulated battles foresee the battles played against Colossus.

Replays ``bench.colossus`` protocol logs through the mirror (``titan/colossus/mirror.py``);
at each battle's start (``initBattle``, both legions shown) it simulates the battle as
``strong`` would judge it (:func:`titan.ai.strong.simulate.simulate_legions`, the legions,
land, entry side and scores of that moment), and at the engagement's result it notes who
won. Prints, for our attacks and for Colossus's, the predicted and the actual share of
attacker wins in tenths of the prediction. A bucket whose prediction is far from what
happened points at a blind spot of the simulation (this is how the Titan shut out of its
own battleland was found, ``docs/ai.md``).

Run: ``.venv/bin/python -m bench.colossus_odds LOGS_DIR [LOGS_DIR ...] [--trials 200]``
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME as OURS  # our seat's name in its games
from titan.ai.strong.simulate import simulate_legions
from titan.colossus import messages as m
from titan.colossus.check import Desync
from titan.colossus.codec import ProtocolError
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read


@dataclass(frozen=True, slots=True)
class Battle:
    ours: bool  # we attacked
    predicted: float  # the simulated chance that the attacker wins
    won: bool  # the attacker won


def battles(path: Path, trials: int, rng: random.Random) -> list[Battle]:
    """The fought battles of one log, as far as the mirror follows it."""
    out: list[Battle] = []
    mirror = Mirror()
    markers: tuple[str, str] | None = None  # Colossus's attacker and defender markers
    pending: tuple[bool, float] | None = None
    try:
        for entry in read(path):
            if not entry.to_client:
                continue
            msg = entry.parse()
            mirror.feed(entry.text, msg)
            fields = entry.text.split(" ~ ")
            if fields[0] == "tellEngagement":
                markers = (fields[2], fields[3])
            elif isinstance(msg, m.InitBattle) and mirror.game is not None:
                pending = (_attacker(mirror) == OURS, _predict(mirror, trials, rng))
            elif fields[0] == "tellEngagementResults" and pending and markers:
                if fields[2] == "fight":
                    out.append(Battle(pending[0], pending[1], fields[1] == markers[0]))
                pending = None
    except (Desync, ProtocolError, AssertionError, KeyError, ValueError) as exc:
        print(f"{path.name}: stopped following ({type(exc).__name__})", file=sys.stderr)
    return out


def _attacker(mirror: Mirror) -> str:
    state = mirror.g.state
    assert state.engagement is not None
    return state.players[state.legions[state.engagement.attacker].owner].name


def _predict(mirror: Mirror, trials: int, rng: random.Random) -> float:
    game = mirror.g
    state = game.state
    eng = state.engagement
    assert eng is not None
    att, dfd = state.legions[eng.attacker], state.legions[eng.defender]
    scores = (state.players[att.owner].score, state.players[dfd.owner].score)
    odds = simulate_legions(
        game.variant,
        list(att.characters),
        list(dfd.characters),
        eng.land,
        att.entry_side,
        scores,
        trials,
        rng,
    )
    return odds.attacker_wins


def report(found: list[Battle]) -> list[str]:
    lines: list[str] = []
    for ours, who in ((True, "our attacks"), (False, "Colossus's attacks")):
        rows = [b for b in found if b.ours == ours]
        if not rows:
            continue
        predicted = sum(b.predicted for b in rows) / len(rows)
        actual = sum(b.won for b in rows) / len(rows)
        lines.append(
            f"{who}: {len(rows)} battles; attacker wins predicted {predicted:.2f}, "
            f"actual {actual:.2f}"
        )
        buckets: dict[int, list[Battle]] = defaultdict(list)
        for b in rows:
            buckets[min(9, int(b.predicted * 10))].append(b)
        for k in sorted(buckets):
            bs = buckets[k]
            lines.append(
                f"  predicted {k / 10:.1f}-{(k + 1) / 10:.1f}: {len(bs):4d} battles, "
                f"predicted {sum(b.predicted for b in bs) / len(bs):.2f}, "
                f"actual {sum(b.won for b in bs) / len(bs):.2f}"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.colossus_odds", description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", type=Path, help="bench.colossus --logs folders")
    parser.add_argument("--trials", type=int, default=200, help="simulated battles each")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    found: list[Battle] = []
    for folder in args.logs:
        for path in sorted(folder.glob("*.tsv")):
            found += battles(path, args.trials, rng)
    print("\n".join(report(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
