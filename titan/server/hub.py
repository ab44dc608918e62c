"""In-process publish/subscribe per game: each WebSocket connection subscribes to its game and
is woken when the game moves, whoever moved it (a request here, a bot here, or another
process's action arriving through PostgreSQL NOTIFY). A wake-up carries no data: the
connection then builds its own seat's message from the cached game, so several actions in
quick succession are sent as one update and no message meant for one seat can reach another."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

from titan.server.live import LiveGame


class Subscription:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._woken = asyncio.Event()

    async def wait(self) -> None:
        await self._woken.wait()
        self._woken.clear()

    def wake(self) -> None:
        self._woken.set()


class Hub:
    def __init__(self) -> None:
        self._subscribers: dict[str, set[Subscription]] = {}
        self.closing = False  # the server is stopping: every connection should say goodbye

    def going_away(self) -> None:
        """Wake every connection to close itself (with 1001, "going away")."""
        self.closing = True
        for subs in self._subscribers.values():
            for sub in subs:
                sub.wake()

    @contextlib.contextmanager
    def subscribe(self, game_id: str) -> Iterator[Subscription]:
        sub = Subscription(game_id)
        self._subscribers.setdefault(game_id, set()).add(sub)
        if self.closing:
            sub.wake()
        try:
            yield sub
        finally:
            subs = self._subscribers.get(game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subscribers[game_id]

    def publish(self, game_id: str) -> None:
        for sub in self._subscribers.get(game_id, ()):
            sub.wake()

    def is_watched(self, game_id: str) -> bool:
        return game_id in self._subscribers

    def watched(self) -> list[str]:
        """Games with a subscriber here (to refresh after a lost NOTIFY connection)."""
        return list(self._subscribers)

    # the service's Watcher protocol

    def advanced(self, live: LiveGame, local: bool) -> None:
        self.publish(live.id)

    def loaded(self, live: LiveGame) -> None:
        pass
