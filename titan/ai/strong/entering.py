"""Entering on the first battle turn (10.1): a character that cannot enter is left off the
battleland and slain, and each one that comes in may block the entry of those behind it.

The maneuver chooses one character at a time; before it lets one in, it asks here whether
everyone still waiting could then come in too. The answer is a search over the hexes each could
reach, in turn: where a narrow battleland admits all of a side only in a few arrangements
(Marsh, Jungle, Swamp, Brush), a greedy guess misses them and leaves a character off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from titan.ai.strong.field import distances
from titan.engine.queries.maneuver import reach
from titan.engine.queries.model import Piece
from titan.variant import Battleland, Variant

SEARCH_LIMIT = 200  # arrangements tried, per question, before assuming that all can enter


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A question already answered: who stands where, and who still waits."""

    placed: frozenset[tuple[str, str, str]]  # (hex, name, side)
    waiting: tuple[str, ...]  # names, sorted


class EntryCheck:
    """Whether everyone waiting could still come onto the battleland through ``doors``, one
    after another, each to a hex it can reach then; answers kept for one decision."""

    def __init__(self, variant: Variant, land: Battleland, doors: Sequence[str]) -> None:
        self.variant, self.land, self.doors = variant, land, tuple(doors)
        dist = distances(land)
        # Deep hexes first: a character deep in leaves the entries free for the others.
        self.depth = {h: min(dist[h][d] for d in self.doors) for h in land.hexes}
        self.known: dict[Arrangement, bool] = {}
        self.tries = 0

    def all_enter(self, board: dict[str, Piece], waiting: Sequence[Piece]) -> bool:
        self.tries = 0
        return self._search(dict(board), list(waiting))

    def _search(self, placed: dict[str, Piece], rest: list[Piece]) -> bool:
        if not rest:
            return True
        key = Arrangement(
            frozenset((h, p.name, p.side) for h, p in placed.items()),
            tuple(sorted(p.name for p in rest)),
        )
        if key in self.known:
            return self.known[key]
        self.tries += 1
        if self.tries > SEARCH_LIMIT:
            return True  # too many to try: assume the best rather than stall the maneuver
        ends = {
            p.name: reach(self.variant, self.land, placed, p, None, entry=self.doors) for p in rest
        }
        ok = False
        if all(ends.values()):
            # The most constrained character first; alike characters are tried once.
            p = min(rest, key=lambda q: (len(ends[q.name]), q.name))
            others = list(rest)
            others.remove(p)
            for h in sorted(ends[p.name], key=lambda h: (-self.depth[h], h)):
                placed[h] = p
                ok = self._search(placed, others)
                del placed[h]
                if ok:
                    break
        self.known[key] = ok
        return ok
