"""Whose legions are attacked, and which: every engagement of ``bench.colossus`` protocol
logs by the defending legion's height and whether its owner's Titan is in it, for our
legions beside the average opponent's (one Colossus player: all of theirs over their number).
Per game: the defences, those lost (flights included, 9.2), those fled; then the attacks
each side made and lost.

The height is the legion's as the engagement begins, from the mirror (:mod:`titan.colossus`)
that follows each log as our seat saw it (every legion's height is public, errata 2.5.1). A
log the mirror cannot follow counts up to where it stopped. With more than two players the
Colossus players fight each other too, and play on after we are out: a game counts for
each side as long as the log goes on.

Run: ``.venv/bin/python -m bench.colossus_defences LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.colossus import NAME as OURS
from bench.colossus import engaged, logs_parser, protocol_logs
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.variant import TITAN

Kind = tuple[int, bool]  # the defender's height, its owner's Titan in it


@dataclass(slots=True)
class Side:
    """One side's engagements: ours, or all of the Colossus players' together."""

    defended: Counter[Kind] = field(default_factory=Counter)
    lost: Counter[Kind] = field(default_factory=Counter)  # the defender did not win
    fled: Counter[Kind] = field(default_factory=Counter)
    attacked: int = 0
    attacks_lost: int = 0


@dataclass(slots=True)
class Followed:
    players: int
    ours: Side
    theirs: Side
    complete: bool


def follow(path: Path) -> Followed:
    mirror = Mirror()
    ours, theirs = Side(), Side()
    pending: tuple[str, str, Side, Side, Kind] | None = None
    complete = True
    for entry in read(path):
        if not entry.to_client:
            continue
        text = entry.text
        if (legions := engaged(mirror, text)) is not None:
            att, dfd = legions
            attacker, defender = text.split(" ~ ")[2:4]
            me = mirror.player(OURS)
            kind = (len(dfd.characters), TITAN in dfd.characters)
            by = ours if att.owner == me else theirs
            pending = (attacker, defender, by, ours if dfd.owner == me else theirs, kind)
        elif text.startswith("tellEngagementResults ~ ") and pending is not None:
            winner, how = text.split(" ~ ")[1:3]
            attacker, defender, by, against, kind = pending
            pending = None
            by.attacked += 1
            by.attacks_lost += winner != attacker
            against.defended[kind] += 1
            if winner != defender:
                against.lost[kind] += 1
            if how == "flee":
                against.fled[kind] += 1
        try:
            mirror.feed(text, entry.parse())
        except Exception:  # a desync: what was read so far still counts
            complete = False
            break
    players = len(mirror.g.state.players) if mirror.game is not None else 0
    return Followed(players, ours, theirs, complete)


def report(games: Sequence[Followed]) -> list[str]:
    stopped = sum(1 for g in games if not g.complete)
    lines = [f"{len(games)} games ({stopped} not followed to the end)"]
    for players in sorted({g.players for g in games}):
        lines += _table([g for g in games if g.players == players], players)
    return lines


def _table(games: Sequence[Followed], players: int) -> list[str]:
    n = len(games)
    opponents = max(1, players - 1)
    ours, theirs = _sum(g.ours for g in games), _sum(g.theirs for g in games)
    lines = [
        f"{n} games of {players} players; per game, ours | one opponent's (defences, lost, fled)"
    ]
    for height, titan in sorted(set(ours.defended) | set(theirs.defended)):
        k = (height, titan)
        us = (ours.defended[k] / n, ours.lost[k] / n, ours.fled[k] / n)
        them = tuple(c[k] / n / opponents for c in (theirs.defended, theirs.lost, theirs.fled))
        row = " ".join(f"{x:5.2f}" for x in us) + " | " + " ".join(f"{x:5.2f}" for x in them)
        lines.append(f"  height {height}{' Titan' if titan else '      '}: {row}")
    lines.append(
        f"  attacks made, lost: {ours.attacked / n:5.2f} {ours.attacks_lost / n:5.2f}"
        f" | {theirs.attacked / n / opponents:5.2f} {theirs.attacks_lost / n / opponents:5.2f}"
    )
    return lines


def _sum(sides: Iterable[Side]) -> Side:
    total = Side()
    for s in sides:
        total.defended += s.defended
        total.lost += s.lost
        total.fled += s.fled
        total.attacked += s.attacked
        total.attacks_lost += s.attacks_lost
    return total


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_defences", __doc__)
    args = parser.parse_args(argv)
    games = [follow(p) for p in protocol_logs(args.logs)]
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
