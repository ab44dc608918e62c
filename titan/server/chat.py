"""Each game's chat: who may say what where, who may read it, and the lines held in memory
for the WebSockets.

Two channels, plus the server's own lines:
- ``players``: the seats of the game only. Its lines are never sent to a spectator, during
  the game or after it (players spoke to each other, not to the world).
- ``spectators``: anyone watching, under a display name checked like a seat's name and not a
  seat's name (shown marked as a spectator); the players read it too and may answer there.
- ``system``: the server's lines (a seat joined, withdrew; the clocks will add hand-overs to
  the computer and timeouts through :meth:`Chat.announce`), public like the game's events.

A reader is a seat of the game (``player``: reads every line) or not (reads the public ones),
and counts lines in its own numbering (:mod:`titan.server.chatstore`), so that ``since``
resumes like the WebSocket's events do and a spectator cannot tell where the players spoke.

Posting is an HTTP request (``POST /api/games/{id}/chat``), not a WebSocket message: it gets
the server's body limit, rate limits, strict validation, ``{error, rule, path}`` refusals and
the OpenAPI description like every other write, and works for a client without a socket.
Lines reach the sockets as the moves do: the hub wakes them, and each builds its own message
from the lines its reader may see. The newest lines of each game with readers here are kept
in memory (a "room"), so a line said to a hundred spectators costs one database read, not a
hundred; with PostgreSQL a line stored by another process NOTIFYs this one, which forgets the
room's lines and reads them again at the next wake."""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy.exc import IntegrityError

from titan.engine.actions import Withdraw
from titan.server.chatstore import ChatStore, Line
from titan.server.live import LiveGame
from titan.server.lobby import MAX_NAME
from titan.server.refusals import Invalid, NotFound, NoToken, OverQuota

log = logging.getLogger("titan.server.chat")

MAX_TEXT = 500  # characters in a line
MAX_LINES = 10_000  # lines a game's chat holds at most
BACKLOG = 200  # lines a WebSocket is sent on connecting (the newest), and a room keeps
MAX_ROOMS = 2_000  # games whose newest lines are kept in memory

Channel = Literal["players", "spectators"]
Announcement = Literal["joined", "withdrew", "handed_to_computer", "took_back", "timed_out"]
SENTENCES: dict[Announcement, str] = {
    "joined": "{name} joined the game",
    "withdrew": "{name} withdrew from the game",
    "handed_to_computer": "{name}'s seat was handed to the computer",
    "took_back": "{name} took their seat back from the computer",
    "timed_out": "{name} ran out of time",
}


def clean_text(raw: str) -> str:
    """A line as it is stored: trimmed, 1-500 characters, no control characters (a line is
    one line of plain text; the client shows it as text, never as HTML). Raises Invalid."""
    text = raw.strip()
    if not text:
        raise Invalid("a line may not be empty", path="text")
    if len(text) > MAX_TEXT:
        raise Invalid(f"a line is at most {MAX_TEXT} characters, got {len(text)}", path="text")
    _no_controls(text, "text", "a line")
    return text


def clean_name(raw: str, live: LiveGame) -> str:
    """A spectator's display name: the rules of a seat's name (1-40 characters, no control
    characters, trimmed), and not the name of one of the game's seats. Raises Invalid."""
    name = raw.strip()
    if not name:
        raise Invalid("a spectator needs a name to chat", path="name")
    if len(name) > MAX_NAME:
        raise Invalid(f"a name is at most {MAX_NAME} characters", path="name")
    _no_controls(name, "name", "a name")
    if any(name.casefold() == s.name.casefold() for s in live.seats):
        raise Invalid(f"{name!r} is a player's name in this game; choose another", path="name")
    return name


def _no_controls(text: str, path: str, what: str) -> None:
    for i, c in enumerate(text):
        if unicodedata.category(c) in ("Cc", "Cs"):
            raise Invalid(
                f"{what} may not hold control characters (U+{ord(c):04X} at {i})", path=path
            )


@dataclass(slots=True)
class Room:
    """One game's newest lines (at most BACKLOG) and the next number of each numbering, or
    ``lines`` None when they must be read again; ``lock`` keeps a read and a line being
    added from crossing (a line stored during a read would otherwise be missed)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    lines: list[Line] | None = None
    next_n: int = 0
    next_pn: int = 0
    stale: int = 0  # another process's lines arrived: counted without the lock

    def covers(self, player: bool, since: int) -> bool:
        """Are all the lines this reader may see from ``since`` on held here?"""
        assert self.lines is not None
        if player:
            return since >= (self.lines[0].n if self.lines else self.next_n)
        public = [ln.pn for ln in self.lines if ln.pn is not None]
        return since >= (public[0] if public else self.next_pn)

    def after(self, player: bool, since: int) -> list[Line]:
        assert self.lines is not None
        return [ln for ln in self.lines if ln.visible(player) and ln.number(player) >= since]


class Chat:
    def __init__(self, store: ChatStore, publish: Callable[[str], None]) -> None:
        self.store = store
        self.publish = publish  # wakes the game's WebSockets (the hub)
        self.max_lines = MAX_LINES
        self._rooms: OrderedDict[str, Room] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()

    async def say(
        self, live: LiveGame, seat: int | None, channel: Channel, text: str, name: str | None
    ) -> Line:
        """A seat (``seat``) or a spectator (None, with ``name``) says ``text`` on
        ``channel``. Raises NoToken (a spectator on the players' channel), Invalid, OverQuota
        (the game's chat is full) or NotFound (the game was removed meanwhile)."""
        if seat is None:
            if channel == "players":
                raise NoToken("the players' chat needs a seat's token: Authorization: Bearer")
            if name is None:
                raise Invalid("a spectator needs a name to chat", path="name")
            shown = clean_name(name, live)
        else:
            if name is not None:
                raise Invalid("a seat speaks under its own name; send no name", path="name")
            shown = live.seats[seat].name
        return await self._add(live, channel, seat, shown, clean_text(text))

    async def announce(self, live: LiveGame, seat: int, what: Announcement) -> None:
        """A system line about a seat (joined, withdrew, handed to the computer, took the
        seat back, ran out of time). Never raises: a chat that cannot be written must not
        stop the game, so a failure is logged."""
        name = live.seats[seat].name
        try:
            await self._add(live, "system", seat, name, SENTENCES[what].format(name=name))
        except Exception:
            log.exception("game %s: the system line %r for seat %d was lost", live.id, what, seat)

    async def read(
        self, game_id: str, player: bool, since: int, limit: int = BACKLOG
    ) -> list[Line]:
        """The newest ``limit`` lines this reader may see from ``since`` on (the socket's
        backlog and its updates), from memory when the room holds them."""
        room = self._room(game_id)
        async with room.lock:
            stale = room.stale
            if room.lines is None:
                room.lines, room.next_n, room.next_pn = await self.store.tail(game_id, BACKLOG)
            try:
                if since >= (room.next_n if player else room.next_pn):
                    return []  # the common case, on every move's wake-up: nothing new
                if room.covers(player, since):
                    return room.after(player, since)[-limit:]
            finally:
                if room.stale != stale:
                    # Another process's line was told of while this read was under way: what
                    # was read may be older than it. Read again at the wake it brought.
                    room.lines = None
        return await self.store.lines(game_id, player, since, limit, newest=True)

    async def page(self, game_id: str, player: bool, since: int, limit: int) -> list[Line]:
        """The first ``limit`` lines this reader may see from ``since`` on (GET .../chat)."""
        return await self.store.lines(game_id, player, since, limit, newest=False)

    def remote(self, game_id: str) -> None:
        """Another process stored a line (PostgreSQL NOTIFY): read the room again at the
        next wake, and wake the sockets."""
        room = self._rooms.get(game_id)
        if room is not None:
            room.lines = None
            room.stale += 1
        self.publish(game_id)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # the service's Watcher protocol: a withdrawal accepted here is announced from here

    def advanced(self, live: LiveGame, local: bool) -> None:
        if local and live.game.actions and isinstance(live.game.actions[-1][1], Withdraw):
            task = asyncio.create_task(self.announce(live, live.game.actions[-1][0], "withdrew"))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def loaded(self, live: LiveGame) -> None:
        pass

    # --- inside ----------------------------------------------------------------------------------

    async def _add(
        self, live: LiveGame, channel: str, seat: int | None, name: str, text: str
    ) -> Line:
        room = self._room(live.id)
        async with room.lock:
            try:
                line = await self.store.add(
                    live.id, channel, seat, name, text, live.version, self.max_lines
                )
            except IntegrityError:
                raise NotFound(f"no game {live.id!r}") from None  # removed meanwhile
            if line is None:
                raise OverQuota(f"this game's chat is full ({self.max_lines} lines)")
            if room.lines is not None and line.n == room.next_n:
                room.lines = [*room.lines[-(BACKLOG - 1) :], line]
                room.next_n = line.n + 1
                if line.pn is not None:
                    room.next_pn = line.pn + 1
            else:
                room.lines = None  # another process's lines came between: read them again
        self.publish(live.id)
        return line

    def _room(self, game_id: str) -> Room:
        room = self._rooms.get(game_id)
        if room is None:
            room = self._rooms[game_id] = Room()
            while len(self._rooms) > MAX_ROOMS:
                oldest = next(iter(self._rooms))
                if self._rooms[oldest].lock.locked():
                    break
                del self._rooms[oldest]
        self._rooms.move_to_end(game_id)
        return room
