"""Deliberately leaky servers, to show that the leak test catches leaks: a test server imports
this module first (``TITAN_TEST_PRELOAD=tests.server.leaky``) and ``TITAN_TEST_LEAK`` picks
the leak. Never imported by anything but such a test server."""

from __future__ import annotations

import os
from typing import Any

from titan.server import live as live_module
from titan.server import service as service_module
from titan.server.refusals import NotNow

LEAK_ENV = "TITAN_TEST_LEAK"


def _every_event(self: live_module.LiveGame, seat: int | None) -> list[int]:
    """Every event to everyone: hidden splits and private looks included."""
    return list(range(len(self.game.history)))


async def _record_naming_the_seed(self: service_module.GameService, game_id: str) -> Any:
    live = await self.live(game_id)
    if not live.over:
        raise NotNow(f"the record is not given out while the game runs (seed {live.seed})")
    return live.game.save()


LEAKS = {
    "events": (live_module.LiveGame, "visible", _every_event),
    "seed": (service_module.GameService, "record", _record_naming_the_seed),
}

leak = os.environ.get(LEAK_ENV)
if leak is not None:
    cls, name, replacement = LEAKS[leak]
    setattr(cls, name, replacement)
