"""How well ``strong`` foresees the loss of its Titan in games against Colossus: at the end of
each of our turns, the risk it counts for our Titan's legion where it stands
(:func:`titan.ai.strong.safety.titan_risk`, the attack before our next turn) and the danger
two moves ahead (:func:`titan.ai.strong.safety.cornered`), against whether our Titan was
slain before our next turn, and in the round after that. Two tables, one opponent left and
several, each by band of the counted figure: the turns, the mean counted, the share lost.
Each table ends with the count's score as a forecast of the fall before our next turn: the
Brier score (beside a constant forecast's, the share that fell) and the log-loss (each risk
held within 0.001 and 0.999); lower is better, and two versions of ``titan_risk`` can be
compared on the same logs. Then, from a risk of 0.2, whether our movement roll had offered
the legion a safer place (the lowest risk among the lands it could end on without an
attack, and staying where the rules let it), counted as the movement began (``--no-choices``
leaves that out: it takes most of the time).

Replays each ``bench.colossus`` protocol log through the mirror (:mod:`titan.colossus`), as
our seat saw the game (hidden contents estimated as ``strong`` estimates them); a log the
mirror cannot follow to its end counts up to where it stopped.

Run: ``.venv/bin/python -m bench.colossus_titan_risk LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME as OURS
from bench.colossus import logs_parser, protocol_logs
from titan.ai.normal.estimate import Force
from titan.ai.normal.seat import Seat
from titan.ai.strong.safety import cornered, titan_risk
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.actions import DoneMoving, Move
from titan.engine.state import Phase
from titan.variant import TITAN, Variant, load

BANDS = 5  # bands of width 0.2


@dataclass(frozen=True, slots=True)
class Sample:
    """Our Titan's legion at the end of our ``round``-th turn."""

    round: int
    opponents: int  # opponents still in
    risk: float  # titan_risk where it stands
    trap: float  # cornered where it stands
    # the lowest titan_risk among the places our movement roll let it end on, attacks aside
    # (staying where the rules allowed it), counted as the movement phase began; None where
    # the mirror showed no movement prompt with the legion unmoved
    safest: float | None = None


@dataclass(slots=True)
class Followed:
    samples: list[Sample]
    slain_in: int | None  # the round (our turns so far) in which our Titan was slain
    complete: bool  # the mirror followed the log to its end


def follow(variant: Variant, path: Path, options: bool = True) -> Followed:
    mirror = Mirror()
    samples: list[Sample] = []
    rounds = 0
    slain: int | None = None
    last: str | None = None
    safest: float | None = None
    seen: tuple[int, int | None] | None = None  # the round and roll the options were counted at
    for entry in read(path):
        if not entry.to_client:
            continue
        text = entry.text
        if text.startswith("setupTurnState ~"):
            who = text.split(" ~ ")[1]
            if who == OURS:
                rounds += 1
                safest = None
            elif last == OURS and mirror.game is not None and slain is None:
                sample = _sample(variant, mirror, rounds, safest)
                if sample is not None:
                    samples.append(sample)
            last = who
        if slain is None and text.startswith(f"updateChangedValues ~ {OURS}:true"):
            slain = rounds
        try:
            mirror.feed(text, entry.parse())
        except Exception:  # a desync: what was read so far still counts
            return Followed(samples, slain, False)
        if last == OURS and mirror.game is not None and slain is None:
            state = mirror.g.state
            # Once a roll (a mulligan's too, 7.6): the cheap checks first, on every message.
            if (
                options
                and state.phase == Phase.MOVE
                and state.roll is not None
                and seen != (rounds, state.roll)
            ):
                seen = (rounds, state.roll)
                safest = _safest(variant, mirror)
    return Followed(samples, slain, True)


@dataclass(frozen=True, slots=True)
class _Ours:
    """Our Titan's legion as our seat sees it, and the lands of the legions around it."""

    seat: Seat
    me: int
    force: Force
    friends: list[int]  # our other legions'
    enemies: list[int]  # everyone else's


def _our_titan(variant: Variant, mirror: Mirror) -> _Ours | None:
    me = mirror.player(OURS)
    seat = Seat.of(variant, mirror.g.view(me), 1)
    titan = next((lg for lg in seat.mine() if TITAN in lg.known), None)
    if titan is None:
        return None
    friends = [lg.land for lg in seat.mine() if lg.marker != titan.marker]
    enemies = [lg.land for lg in seat.view.legions if lg.owner != me]
    return _Ours(seat, me, seat.force(titan.marker), friends, enemies)


def _safest(variant: Variant, mirror: Mirror) -> float | None:
    """The lowest risk among the places the roll lets our unmoved Titan's legion end on
    without an attack; None if it is not ours to move or has moved."""
    prompt = mirror.g.prompt()
    if prompt.player != mirror.player(OURS):
        return None  # the cheap check before the board is read
    ours = _our_titan(variant, mirror)
    if ours is None:
        return None
    force, board, me = ours.force, ours.seat.board, ours.me
    moves = [o for o in prompt.options if isinstance(o, Move)]
    if not any(o.legion == force.marker for o in moves):
        return None
    # It may stay if the phase may end, or another legion may make the move 6.2 asks for
    # (a legion split this turn aside, 4.3: approximately, its sibling moving or not).
    stays = any(isinstance(o, DoneMoving) for o in prompt.options) or any(
        o.legion != force.marker for o in moves
    )
    lands = {o.land for o in moves if o.legion == force.marker and o.land not in ours.enemies}
    risks = [
        titan_risk(variant, board, force.members, me, land, force.land, ours.friends)
        for land in sorted(lands)
    ]
    if stays:
        risks.append(titan_risk(variant, board, force.members, me, force.land, None, ours.friends))
    return min(risks, default=None)


def _sample(variant: Variant, mirror: Mirror, rounds: int, safest: float | None) -> Sample | None:
    ours = _our_titan(variant, mirror)
    if ours is None:
        return None
    seat, force, me = ours.seat, ours.force, ours.me
    return Sample(
        rounds,
        seat.opponents_alive(),
        titan_risk(variant, seat.board, force.members, me, force.land),
        cornered(variant, seat.board, force.members, me, force.land, ours.friends, ours.enemies),
        safest,
    )


def table(games: Iterable[Followed], several: bool, by: str) -> list[str]:
    """Rows by band of ``by`` ("risk" or "trap") for one opponent or several."""
    bins: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0, 0])
    for g in games:
        for s in g.samples:
            if (s.opponents > 1) != several:
                continue
            value = s.risk if by == "risk" else s.trap
            row = bins[min(int(value * BANDS), BANDS - 1)]
            row[0] += 1
            row[1] += value
            row[2] += g.slain_in == s.round
            row[3] += g.slain_in == s.round + 1
    lines = []
    for b in sorted(bins):
        n, total, next_turn, after = bins[b]
        lines.append(
            f"  {by} {b / BANDS:.1f}-{(b + 1) / BANDS:.1f}: {int(n):5d} turns,"
            f" mean {total / n:.3f}, slain before our next turn {next_turn / n:.3f},"
            f" in the round after {after / n:.3f}"
        )
    return lines


def scores(games: Iterable[Followed], several: bool) -> list[str]:
    """The counted risks as a forecast of the fall before our next turn."""
    pairs = [
        (s.risk, g.slain_in == s.round)
        for g in games
        for s in g.samples
        if (s.opponents > 1) == several
    ]
    if not pairs:
        return []
    n = len(pairs)
    fell = sum(f for _, f in pairs) / n
    brier = sum((r - f) ** 2 for r, f in pairs) / n
    loss = -sum(math.log(min(0.999, max(0.001, r if f else 1.0 - r))) for r, f in pairs) / n
    return [
        f"  foresight: {n} turns, fell {fell:.4f}, mean risk {sum(r for r, _ in pairs) / n:.4f},"
        f" Brier {brier:.5f} (constant {fell * (1 - fell):.5f}), log-loss {loss:.4f}"
    ]


def choices(games: Iterable[Followed], several: bool) -> list[str]:
    """By band of the risk where our Titan's legion ended its turn (from 0.2): the safest
    place its roll allowed, and how often it was safer by a tenth or more (the risk where it
    stood counts its muster, the places do not: a muster makes a land safer, 18.1)."""
    bins: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    for g in games:
        for s in g.samples:
            if (s.opponents > 1) != several or s.safest is None or s.risk < 1 / BANDS:
                continue
            row = bins[min(int(s.risk * BANDS), BANDS - 1)]
            row[0] += 1
            row[1] += s.safest
            row[2] += s.safest <= s.risk - 0.1
    return [
        f"  choice at risk {b / BANDS:.1f}-{(b + 1) / BANDS:.1f}: {int(n):5d} turns, the safest"
        f" place the roll allowed {total / n:.3f}, a tenth or more safer in {int(safer)}"
        for b, (n, total, safer) in sorted(bins.items())
    ]


def report(games: Sequence[Followed]) -> list[str]:
    stopped = sum(1 for g in games if not g.complete)
    lines = [f"{len(games)} games ({stopped} not followed to the end)"]
    for several in (False, True):
        lines.append("several opponents left" if several else "one opponent left")
        lines += table(games, several, "risk")
        lines += table(games, several, "trap")
        lines += scores(games, several)
        lines += choices(games, several)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_titan_risk", __doc__)
    parser.add_argument(
        "--no-choices", action="store_true", help="leave out the safest place the roll allowed"
    )
    args = parser.parse_args(argv)
    variant = load("default")
    games = [follow(variant, p, not args.no_choices) for p in protocol_logs(args.logs)]
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
