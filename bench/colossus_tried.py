"""How often Colossus's players attack our Titan's legion when their roll lets them.

At each opponent's movement phase, once his roll is known, the best chance (the ``normal``
player's outlook, from our seat's estimates of hidden contents) of his legions that the roll
brings onto the land of our Titan's legion (6.2, 7; a Titan teleport on a 6 at 400 points,
8.2), counted as :func:`titan.ai.normal.threats.loss_chance` counts a threat; then whether one
of his legions ended its move there. Two tables, one opponent left and several, by tenth of
that chance: the rolls, the mean chance, the share attacked. ``strong`` counts an attack on
its Titan with several opponents as made this often (:func:`titan.ai.strong.safety.tried`).

Replays each ``bench.colossus`` protocol log through the mirror (:mod:`titan.colossus`), as
our seat saw the game; a log the mirror cannot follow counts up to where it stopped.

Run: ``.venv/bin/python -m bench.colossus_tried LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME as OURS
from titan.ai.normal.estimate import Member
from titan.ai.normal.outlook import battle_outlook
from titan.ai.normal.seat import Seat
from titan.ai.normal.threats import _Threat
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.state import Phase
from titan.variant import TITAN, Variant, load

TENTHS = 10


@dataclass(frozen=True, slots=True)
class Chance:
    """One opponent's roll that let him attack our Titan's legion."""

    opponents: int  # opponents still in
    chance: float  # the best chance of winning among the attacks the roll allowed
    attacked: bool  # one of his legions ended its move on our Titan's land


def _outlook(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    return battle_outlook(variant, attacker, defender, terrain).attacker_wins


def follow(variant: Variant, path: Path) -> tuple[list[Chance], bool]:
    """The chances of one log, and whether the mirror followed it to its end."""
    mirror = Mirror()
    found: list[Chance] = []
    pending: tuple[tuple[int, int], int, int, float] | None = None  # turn, land, foes, chance
    seen: set[tuple[int, int]] = set()
    for entry in read(path):
        if not entry.to_client:
            continue
        try:
            mirror.feed(entry.text, entry.parse())
        except Exception:  # a desync: what was read so far still counts
            return found, False
        if mirror.game is None:
            continue
        state = mirror.g.state
        me = mirror.player(OURS)
        if not state.players[me].alive:
            break
        now = (state.turn, state.active)
        if pending is not None and pending[0] == now and state.phase != Phase.MOVE:
            _, land, foes, p = pending
            came = any(lg.owner == now[1] and lg.land == land for lg in state.legions.values())
            found.append(Chance(foes, p, came))
            pending = None
        if now[1] == me or state.phase != Phase.MOVE or state.roll is None or now in seen:
            continue
        seen.add(now)  # the roll as first seen (a mulligan's second roll, 7.6, not counted)
        seat = Seat.of(variant, mirror.g.view(me), 1)
        titan = next((lg for lg in seat.mine() if TITAN in lg.known), None)
        if titan is None:
            continue
        force = seat.force(titan.marker)
        threat = _Threat(variant, seat.board, now[1], seat.board.of(now[1]), force.land, None, [])
        terrain = variant.masterboard.land(force.land).terrain
        p = threat.best(force.members, terrain, _outlook)[state.roll - 1][0]
        if p > 0.0:
            foes = sum(1 for i, pl in enumerate(state.players) if pl.alive and i != me)
            pending = (now, force.land, foes, p)
    return found, True


def table(found: Sequence[Chance], several: bool) -> list[str]:
    bins: dict[int, list[Chance]] = defaultdict(list)
    for c in found:
        if (c.opponents > 1) == several:
            bins[min(int(c.chance * TENTHS), TENTHS - 1)].append(c)
    lines = []
    for b in sorted(bins):
        rows = bins[b]
        mean = sum(c.chance for c in rows) / len(rows)
        made = sum(c.attacked for c in rows) / len(rows)
        lines.append(
            f"  chance {b / TENTHS:.1f}-{(b + 1) / TENTHS:.1f}: {len(rows):5d} rolls,"
            f" mean {mean:.3f}, attacked {made:.3f}"
        )
    return lines


def report(games: Sequence[tuple[list[Chance], bool]]) -> list[str]:
    stopped = sum(1 for _, complete in games if not complete)
    found = [c for chances, _ in games for c in chances]
    lines = [f"{len(games)} games ({stopped} not followed to the end)"]
    for several in (False, True):
        lines.append("several opponents left" if several else "one opponent left")
        lines += table(found, several)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bench.colossus_tried", description=__doc__.split("\n")[0]
    )
    parser.add_argument("logs", nargs="+", type=Path, help="bench.colossus --logs folders")
    args = parser.parse_args(argv)
    variant = load("default")
    games = [follow(variant, p) for folder in args.logs for p in sorted(folder.glob("*.tsv"))]
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
