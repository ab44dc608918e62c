"""How often Colossus's players attack our Titan's legion when their roll lets them.

At each opponent's movement phase, once his roll is known, the best chance (the ``normal``
player's outlook, from our seat's estimates of hidden contents) of his legions that the roll
brings onto the land of our Titan's legion (6.2, 7; a Titan teleport on a 6 at 400 points,
8.2), counted as :func:`titan.ai.normal.threats.loss_chance` counts a threat; then whether one
of his legions ended its move there. Two tables, one opponent left and several, by tenth of
that chance: the rolls, the mean chance, the share attacked; then the several opponents'
rolls again, as our score stood above his or not (the Titan of a player ahead is worth more
to its slayer: its power grows with the score, 19.1, and he scores half of the rest, 19.4).
``strong``'s Titan safety (:mod:`titan.ai.strong.safety`) counts each fair attack (0.15 or
more) at the share of them made (``safety.tried``, from this count: docs/ai.md, twelfth
session). Each line also gives the share of the rolls on which our Titan fell in that turn.

Last, the rolls that count as no risk (below ``safety.WARY``) with our Titan escorted, by the
best chance the roll gave against the escort alone: Colossus's RationalAI reckons an enemy
Titan weaker than he is (docs/ai.md, thirtieth session), so a legion our outlook calls
safe may be attacked for its escort's weakness.

Replays each ``bench.colossus`` protocol log through the mirror (:mod:`titan.colossus`), as
our seat saw the game; a log the mirror cannot follow counts up to where it stopped.

Run: ``.venv/bin/python -m bench.colossus_tried LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bench.colossus import NAME as OURS
from bench.colossus import logs_parser, protocol_logs
from titan.ai.normal.estimate import Member
from titan.ai.normal.outlook import battle_outlook
from titan.ai.normal.seat import Seat
from titan.ai.normal.threats import chances_by_roll
from titan.ai.strong.safety import WARY
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
    ahead: bool  # our score was above his (our Titan worth more to him: 19.1, 19.4)
    escort: float | None = None  # the best chance against the escort alone (None: no escort)
    fell: bool = False  # our Titan was slain in his turn


def _outlook(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    return battle_outlook(variant, attacker, defender, terrain).attacker_wins


def follow(variant: Variant, path: Path) -> tuple[list[Chance], bool]:
    """The chances of one log, and whether the mirror followed it to its end."""
    mirror = Mirror()
    found: list[Chance] = []
    # turn, land, foes, chance, chance against the escort, our score above his
    pending: tuple[tuple[int, int], int, int, float, float | None, bool] | None = None
    watch: tuple[int, int] | None = None  # the turn of the last attack, until it is over
    seen: set[tuple[int, int]] = set()
    complete = True
    for entry in read(path):
        if not entry.to_client:
            continue
        try:
            mirror.feed(entry.text, entry.parse())
        except Exception:  # a desync: what was read so far still counts
            complete = False
            break
        if mirror.game is None:
            continue
        state = mirror.g.state
        me = mirror.player(OURS)
        now = (state.turn, state.active)
        if watch is not None and (now != watch or not state.players[me].alive):
            found[-1] = replace(found[-1], fell=not state.players[me].alive)
            watch = None
        if not state.players[me].alive:
            break
        if pending is not None and pending[0] == now and state.phase != Phase.MOVE:
            _, land, foes, p, q, ahead = pending
            came = any(lg.owner == now[1] and lg.land == land for lg in state.legions.values())
            found.append(Chance(foes, p, came, ahead, q))
            watch = now if came else None
            pending = None
        if now[1] == me or state.phase != Phase.MOVE or state.roll is None or now in seen:
            continue
        seen.add(now)  # the roll as first seen (a mulligan's second roll, 7.6, not counted)
        seat = Seat.of(variant, mirror.g.view(me), 1)
        titan = next((lg for lg in seat.mine() if TITAN in lg.known), None)
        if titan is None:
            continue
        force = seat.force(titan.marker)
        rolls = chances_by_roll(variant, seat.board, now[1], force.members, force.land, _outlook)
        p = rolls[state.roll - 1]
        if p > 0.0:
            escort = tuple(m for m in force.members if m.name != TITAN)
            q = None
            if escort:
                alone = chances_by_roll(variant, seat.board, now[1], escort, force.land, _outlook)
                q = alone[state.roll - 1]
            ahead = state.players[me].score > state.players[now[1]].score
            pending = (now, force.land, seat.opponents_alive(), p, q, ahead)
    return found, complete


def table(found: Sequence[Chance], several: bool) -> list[str]:
    rows = [(c.chance, c) for c in found if (c.opponents > 1) == several]
    bins = _by_tenth(rows)
    return [_line("chance", b, bins[b], with_mean=True) for b in sorted(bins)]


def escort_table(found: Sequence[Chance], several: bool) -> list[str]:
    """The rolls counted as no risk with our Titan escorted, by the chance against the
    escort alone."""
    rows = [
        (c.escort, c)
        for c in found
        if (c.opponents > 1) == several and c.chance < WARY and c.escort is not None
    ]
    bins = _by_tenth(rows)
    return [_line("escort alone", b, bins[b], with_mean=False) for b in sorted(bins)]


def _by_tenth(rows: Sequence[tuple[float, Chance]]) -> dict[int, list[Chance]]:
    """The chances binned by the tenth of the figure beside each (1.0 in the top tenth)."""
    bins: dict[int, list[Chance]] = defaultdict(list)
    for x, c in rows:
        bins[min(int(x * TENTHS), TENTHS - 1)].append(c)
    return bins


def _line(label: str, tenth: int, rows: Sequence[Chance], with_mean: bool) -> str:
    mean = f" mean {sum(c.chance for c in rows) / len(rows):.3f}," if with_mean else ""
    made = sum(c.attacked for c in rows) / len(rows)
    fell = sum(c.fell for c in rows) / len(rows)
    return (
        f"  {label} {tenth / TENTHS:.1f}-{(tenth + 1) / TENTHS:.1f}: {len(rows):5d} rolls,"
        f"{mean} attacked {made:.3f}, fell {fell:.3f}"
    )


def report(games: Sequence[tuple[list[Chance], bool]]) -> list[str]:
    stopped = sum(1 for _, complete in games if not complete)
    found = [c for chances, _ in games for c in chances]
    lines = [f"{len(games)} games ({stopped} not followed to the end)"]
    for several in (False, True):
        lines.append("several opponents left" if several else "one opponent left")
        lines += table(found, several)
    for ahead in (True, False):
        lines.append(f"several opponents left, our score {'above' if ahead else 'not above'} his")
        lines += table([c for c in found if c.ahead == ahead], True)
    for several in (False, True):
        left = "several opponents" if several else "one opponent"
        lines.append(f"{left} left, counted as no risk (below {WARY}), by the escort alone")
        lines += escort_table(found, several)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_tried", __doc__)
    args = parser.parse_args(argv)
    variant = load("default")
    games = [follow(variant, p) for p in protocol_logs(args.logs)]
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
