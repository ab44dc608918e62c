"""Everything one decision of the ``normal`` bot starts from: the variant, the seat's view,
and the seat's estimate of every legion (built once per decision)."""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field

from titan.ai.normal.estimate import BoardEstimate, Force, read_board
from titan.engine.views import LegionView, PlayerView
from titan.variant import Variant


@dataclass(slots=True)
class Seat:
    variant: Variant
    view: PlayerView
    me: int
    board: BoardEstimate
    rng: random.Random
    legions: dict[str, LegionView] = field(default_factory=dict)

    @classmethod
    def of(cls, variant: Variant, view: PlayerView, seed: int) -> Seat:
        me = view.you if view.you is not None else view.deciding
        return cls(
            variant,
            view,
            me,
            read_board(variant, view),
            decision_rng(seed, view),
            {lg.marker: lg for lg in view.legions},
        )

    def force(self, marker: str) -> Force:
        return self.board.forces[marker]

    def mine(self) -> list[LegionView]:
        return [lg for lg in self.view.legions if lg.owner == self.me]

    def terrain(self, land: int) -> str:
        return self.variant.masterboard.land(land).terrain

    def opponents_alive(self) -> int:
        return sum(1 for p in self.view.players if p.alive and p.index != self.me)


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A generator for tie-breaks that depends only on the bot's seed and the position, so the
    same view always gets the same answer (no state carried between decisions). crc32, not
    hash(): string hashes change from one process to the next."""
    key = (
        f"{view.turn}/{view.active}/{view.phase}/{view.roll}/{len(view.moves_made)}/"
        f"{len(view.legions)}/{sum(p.score for p in view.players)}"
    )
    return random.Random(seed * 1_000_003 + zlib.crc32(key.encode()))
