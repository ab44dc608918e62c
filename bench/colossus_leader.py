"""Does a leader fall sooner? Every player's turns in ``bench.colossus`` protocol logs, by the
round and by how many of the opponents still in the player's score was above, with the share
of those turns after which the player was out before its next turn began (a Titan slain:
1.1, 19.3).

Colossus's players go for the Titan of a player ahead of them more often (``docs/ai.md``,
twentieth session: ``bench.colossus_tried``); whether that costs the leader its game is
another matter, since the leader's legions are also the strongest. A turn counts where at
least two opponents were still in; the round is kept apart because every player is in more
danger later on, when the leaders are also more often ahead. Our seat's turns and the
Colossus players' are counted apart (theirs only while we are in, the game's part that
decides ours). A turn in which nobody has scored yet counts as above none. Each round's rows
end with the eliminations per game and player, by the fallen Titan's legion's side in its
last engagement: defending (an enemy's attack) or attacking (its own).

The scores and eliminations are public (16, 19.3): the mirror (:mod:`titan.colossus`)
follows each log as our seat saw it; a log it cannot follow counts up to where it stopped.

Run: ``.venv/bin/python -m bench.colossus_leader LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bench.colossus import NAME as OURS
from bench.colossus import engaged, logs_parser, protocol_logs
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.state import GameState

BANDS = ((1, 5), (6, 10), (11, 15), (16, None))  # rounds, the last open-ended


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's turn, as it began."""

    ours: bool
    round: int
    opponents: int  # still in, besides this player
    above: int  # of them, how many had a lower score
    out: bool  # out before this player's next turn began
    how: str = ""  # if out: "defending" or "attacking", its side in its last engagement


def turns(path: Path) -> list[Turn]:
    """Every turn begun with at least two opponents in, in one log, while our seat was in."""
    mirror = Mirror()
    done: list[Turn] = []
    begun: dict[int, Turn] = {}  # each player's last turn, until its next one begins
    active: tuple[int, int] | None = None
    side: dict[int, str] = {}  # each player's side in the last engagement it fought
    for entry in read(path):
        if not entry.to_client:
            continue
        if (legions := engaged(mirror, entry.text)) is not None:
            att, dfd = legions
            side[att.owner], side[dfd.owner] = "attacking", "defending"
        try:
            mirror.feed(entry.text, entry.parse())
        except Exception:  # a desync: what was read so far still counts
            break
        if mirror.game is None:
            continue
        state = mirror.g.state
        me = mirror.player(OURS)
        for player, last in list(begun.items()):
            if not state.players[player].alive:
                done.append(replace(last, out=True, how=side.get(player, "")))
                del begun[player]
        if not state.players[me].alive:
            break
        if (state.turn, state.active) == active:
            continue
        active = (state.turn, state.active)
        player = state.active
        if player in begun:
            done.append(begun.pop(player))
        now = _begun(state, player, player == me)
        if now is not None:
            begun[player] = now
    return done


def _begun(state: GameState, player: int, ours: bool) -> Turn | None:
    others = [p.score for i, p in enumerate(state.players) if p.alive and i != player]
    if len(others) < 2 or not state.players[player].alive:
        return None
    score = state.players[player].score
    return Turn(ours, state.turn, len(others), sum(score > s for s in others), False)


def report(games: Sequence[Sequence[Turn]]) -> list[str]:
    all_turns = [t for g in games for t in g]
    lines = [f"{len(games)} games, {len(all_turns)} turns with two opponents or more in"]
    played = [g for g in games if g]
    seats = (len(played), sum(max(t.opponents for t in g) for g in played))  # ours, theirs
    for opponents in sorted({t.opponents for t in all_turns}, reverse=True):
        lines.append(
            f"{opponents} opponents in; turns, out before the next (ours | a Colossus player's),"
            " by how many of them the score was above"
        )
        for low, high in BANDS:
            band = [
                t
                for t in all_turns
                if t.opponents == opponents and low <= t.round and (high is None or t.round <= high)
            ]
            if not band:
                continue
            name = f"rounds {low}-{high}" if high is not None else f"rounds {low}+"
            lines.append(f"  {name}:")
            for above in range(opponents + 1):
                row = [
                    _share([t for t in band if t.ours == ours and t.above == above])
                    for ours in (True, False)
                ]
                lines.append(f"    above {above}: {row[0]} | {row[1]}")
            per = [
                f"{sum(t.how == how for t in band if t.ours == ours) / max(1, n):6.3f}"
                for ours, n in zip((True, False), seats, strict=True)
                for how in ("defending", "attacking")
            ]
            lines.append(
                f"    out defending, attacking, per game: {' '.join(per[:2])} | {' '.join(per[2:])}"
            )
    return lines


def _share(some: Sequence[Turn]) -> str:
    if not some:
        return f"{0:5d}      -"
    out = Counter(t.out for t in some)[True]
    return f"{len(some):5d} {out / len(some):6.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_leader", __doc__)
    args = parser.parse_args(argv)
    games = [turns(p) for p in protocol_logs(args.logs)]
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
