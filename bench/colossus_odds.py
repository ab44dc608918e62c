"""How well ``strong``'s simulated battles foresee the battles played against Colossus.

Replays ``bench.colossus`` protocol logs through the mirror (``titan/colossus/mirror.py``);
at each battle's start (``initBattle``, both legions shown) it simulates the battle as
``strong`` would judge it (:func:`titan.ai.strong.simulate.simulate_legions`, the legions,
land, entry side and scores of that moment), and at the engagement's result it notes who
won and what the attacker kept. Prints, for our attacks and for Colossus's, the predicted and
the actual share of attacker wins in tenths of the prediction. A bucket whose prediction is
far from what happened points at a blind spot of the simulation (this is how the Titan shut
out of its own battleland was found, ``docs/ai.md``). Then, for the attacks won, the worth
(:func:`titan.ai.strong.simulate.worth_of`) of the attacker's survivors foreseen against
what was left of the characters it fought with, our Titan's legion's attacks apart: what a
won battle costs the legion. Last, our Titan's legion's attacks by fifths of the prediction,
with several opponents and with one, with both legions' elimination foreseen and seen.

Run: ``.venv/bin/python -m bench.colossus_odds LOGS_DIR [LOGS_DIR ...] [--trials 200]``
"""

from __future__ import annotations

import random
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.colossus import NAME as OURS  # our seat's name in its games
from bench.colossus import logs_parser, protocol_logs
from titan.ai.strong.simulate import BattleOdds, simulate_legions, worth_of
from titan.colossus import messages as m
from titan.colossus.check import Desync
from titan.colossus.codec import ProtocolError
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.variant import TITAN


@dataclass(frozen=True, slots=True)
class Battle:
    ours: bool  # we attacked
    predicted: float  # the simulated chance that the attacker wins
    won: bool  # the attacker won
    titan: bool = False  # the attacker's legion holds its Titan
    worth: float = 0.0  # the attacker's legion at the battle's start (worth_of)
    kept: float = 0.0  # foreseen: the worth of its survivors when it wins
    left: float = 0.0  # what it kept (0 unless it won)
    members: Counter[str] = field(default_factory=Counter)  # the attacker's, at the start
    score: int = 0  # the attacker's owner's, at the start
    predicted_mutual: float = 0.0  # the simulated chance that both legions are eliminated
    mutual: bool = False  # both were
    several: bool = False  # more than two players were in


def battles(path: Path, trials: int, rng: random.Random) -> list[Battle]:
    """The fought battles of one log, as far as the mirror follows it."""
    out: list[Battle] = []
    mirror = Mirror()
    markers: tuple[str, str] | None = None  # Colossus's attacker and defender markers
    pending: Battle | None = None
    legion = ""  # the attacker's marker in the mirror's game
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
                legion, pending = _predict(mirror, trials, rng)
            elif fields[0] == "tellEngagementResults" and pending and markers:
                if fields[2] == "fight":
                    won = fields[1] == markers[0]
                    left = _worth(mirror, legion, pending) if won else 0.0
                    mutual = fields[1] == "null"  # no winner
                    out.append(replace(pending, won=won, left=left, mutual=mutual))
                pending = None
    except (Desync, ProtocolError, AssertionError, KeyError, ValueError) as exc:
        print(f"{path.name}: stopped following ({type(exc).__name__})", file=sys.stderr)
    return out


def _attacker(mirror: Mirror) -> str:
    state = mirror.g.state
    assert state.engagement is not None
    return state.players[state.legions[state.engagement.attacker].owner].name


def _predict(mirror: Mirror, trials: int, rng: random.Random) -> tuple[str, Battle]:
    """The attacker's marker, and the battle as foreseen (its outcome still to come)."""
    game = mirror.g
    state = game.state
    eng = state.engagement
    assert eng is not None
    att, dfd = state.legions[eng.attacker], state.legions[eng.defender]
    scores = (state.players[att.owner].score, state.players[dfd.owner].score)
    odds: BattleOdds = simulate_legions(
        game.variant,
        list(att.characters),
        list(dfd.characters),
        eng.land,
        att.entry_side,
        scores,
        trials,
        rng,
    )
    p = odds.attacker_wins
    return eng.attacker, Battle(
        ours=_attacker(mirror) == OURS,
        predicted=p,
        won=False,
        titan=TITAN in att.characters,
        worth=worth_of(game.variant, list(att.characters), scores[0]),
        kept=odds.attacker_left / p if p > 0 else 0.0,
        members=Counter(att.characters),
        score=scores[0],
        predicted_mutual=odds.mutual,
        several=sum(1 for player in state.players if player.alive) > 2,
    )


def _worth(mirror: Mirror, marker: str, before: Battle) -> float:
    """What is left of the attacker's legion once its battle is won: its survivors among the
    characters it fought with (a summoned angel not counted, 15), at the score it started
    with (the Titan's power as the simulation counted it, 19.1)."""
    state = mirror.g.state
    legion = state.legions.get(marker)
    if legion is None:
        return 0.0
    now = Counter(legion.characters)
    kept = [name for name, n in before.members.items() for _ in range(min(n, now[name]))]
    return worth_of(mirror.g.variant, kept, before.score)


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
    lines += _survivors(found)
    lines += _titan_attacks(found)
    return lines


def _titan_attacks(found: list[Battle]) -> list[str]:
    """Our Titan's legion's attacks, by fifths of the simulated chance of winning, with the
    simulated and the actual share of both legions eliminated: where such a battle is lost, so
    is the game (1.1)."""
    lines: list[str] = []
    for several, who in ((True, "several opponents"), (False, "one opponent")):
        rows = [b for b in found if b.ours and b.titan and b.several == several]
        if not rows:
            continue
        lines.append(f"our Titan's legion's attacks, {who}: {len(rows)} battles")
        buckets: dict[int, list[Battle]] = defaultdict(list)
        for b in rows:
            buckets[min(4, int(b.predicted * 5))].append(b)
        for k in sorted(buckets):
            bs, n = buckets[k], len(buckets[k])
            lines.append(
                f"  predicted {k / 5:.1f}-{(k + 1) / 5:.1f}: {n:4d} battles, won predicted "
                f"{sum(b.predicted for b in bs) / n:.2f}, actual {sum(b.won for b in bs) / n:.2f};"
                f" both eliminated predicted {sum(b.predicted_mutual for b in bs) / n:.2f}, "
                f"actual {sum(b.mutual for b in bs) / n:.2f}"
            )
    return lines


def _survivors(found: list[Battle]) -> list[str]:
    lines = ["attacks won: the attacker's worth at the start, its survivors' foreseen and kept"]
    for ours, titan, who in (
        (True, True, "our Titan's legion"),
        (True, False, "our other legions"),
        (False, True, "Colossus's Titan legions"),
        (False, False, "Colossus's other legions"),
    ):
        rows = [b for b in found if b.won and b.ours == ours and b.titan == titan]
        if not rows:
            continue
        n = len(rows)
        lines.append(
            f"  {who}: {n} battles won, worth {sum(b.worth for b in rows) / n:.1f}, "
            f"kept foreseen {sum(b.kept for b in rows) / n:.1f}, "
            f"kept {sum(b.left for b in rows) / n:.1f}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_odds", __doc__)
    parser.add_argument("--trials", type=int, default=200, help="simulated battles each")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    found: list[Battle] = []
    for path in protocol_logs(args.logs):
        found += battles(path, args.trials, rng)
    print("\n".join(report(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
