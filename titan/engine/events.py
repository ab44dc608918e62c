"""What happened, and who may know it.

Every event carries its audience: ``None`` for all players (public), or the indexes of the
players who may see it. :func:`visible` is the only test of that, used by ``Game.events_for``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None  # None: public

    def visible(self, player: int | None) -> bool:
        """May ``player`` (None: a spectator) see this event?"""
        return self.audience is None or (player is not None and player in self.audience)
