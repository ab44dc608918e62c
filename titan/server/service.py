"""The games: keeping live ones in memory and accepting actions (creating and importing them:
:mod:`titan.server.creation`).

The database is the truth and memory only a cache. A read (a seat's state, a new WebSocket)
checks the cached game against the game row's version and digest (one indexed read) and
catches up from the log when another process has moved it on; a miss replays the whole log.
An action needs no such check beforehand: it is tried on a copy of the cached game, written
to the database (one transaction, conditional on the version and digest it was computed
from), and only then does the copy replace the cached game, and the action is acknowledged;
if the write fails, the copy is dropped and the cached game is as it was. If another writer got
there first, the game is caught up and the action tried once more against the new position;
an action the cached position refuses is refused only once the database confirms that
position is current. With PostgreSQL, another process's action is also caught up as soon as
its NOTIFY arrives (:meth:`GameService.remote_advance`).

Refusals are raised as the domain exceptions of :mod:`titan.server.refusals` (and the
engine's IllegalAction); :mod:`titan.server.errors` alone turns them into HTTP answers."""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.server import outbox
from titan.server.clockstore import read_clock
from titan.server.config import Limits
from titan.server.creation import A, Creation, Offload
from titan.server.importing import Checked
from titan.server.live import DamagedGame, LiveGame, hash_token
from titan.server.lobby import new_token
from titan.server.ratingstore import finisher
from titan.server.refusals import (
    NotASeat,
    NotFound,
    NotNow,
    NoToken,
)
from titan.server.rows import GameRow
from titan.server.sidewrites import in_one_write, reminders
from titan.server.store import Conflict, Store

log = logging.getLogger("titan.server")

GAME_ID = re.compile(r"[0-9a-z]{1,32}")


class Watcher(Protocol):
    """Told when a game moves (``local``: by this process) or is loaded into memory."""

    def advanced(self, live: LiveGame, local: bool) -> None: ...

    def loaded(self, live: LiveGame) -> None: ...


class GameService(Creation):
    def __init__(
        self,
        store: Store,
        cache_size: int = 1000,
        *,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.cache_size = cache_size
        self.limits = limits or Limits()  # the import cap and the quotas are used here
        self.watchers: list[Watcher] = []
        # Games never dropped from the cache (those with WebSocket subscribers here, whose
        # pushes come from the cached copy); set by the app.
        self.keep: Callable[[str], bool] = lambda game_id: False
        # Where CPU-heavy work runs (checking an imported record): a worker thread by default,
        # the bot pool's processes in the server (set by the app).
        self.offload: Offload = _in_thread
        # Told when a seat's token changes (the hub, which wakes the WebSockets); set by the app.
        self.on_seats: Callable[[str], None] = lambda game_id: None
        # Told when an action added notices to the outbox (the sender); set by the app.
        self.on_notices: Callable[[], None] = lambda: None
        self._told = outbox.Told()  # the turn notices written here (no statement twice)
        # Told when a seat is taken (the chat's "joined" line); set by the app.
        self.on_joined: Callable[[LiveGame, int], Awaitable[None]] = _nothing
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._seat_reload = asyncio.Lock()  # seats_changed: one reload at a time
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}

    # --- live games ------------------------------------------------------------------------------

    async def live(self, game_id: str, *, fresh: bool = True) -> LiveGame:
        """The game, current with the database; with ``fresh=False`` the cached copy as it
        is, which may be behind (enough to act on: see :meth:`act`). Raises NotFound for an
        unknown game."""
        _check_id(game_id)
        live = self._cache.get(game_id)
        if live is None:
            return await self._load(game_id)
        self._cache.move_to_end(game_id)
        if not fresh:
            return live
        current = await self.store.version(game_id)
        if current is None:
            self._cache.pop(game_id, None)
            raise _no_game(game_id)
        if current != (live.version, live.digest):
            return await self._sync(live, *current)
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        return self._cache.get(game_id)

    async def remote_advance(self, game_id: str, version: int, digest: str) -> None:
        """Another process stored action ``version - 1``, bringing the log to ``digest``
        (PostgreSQL NOTIFY): catch up if the game is in memory here (one read: the missing
        actions); otherwise the next request loads it anyway."""
        live = self._cache.get(game_id)
        if live is not None and live.version < version:
            await self._sync(live, version, digest)

    async def act(self, live: LiveGame, player: int, action: Action) -> tuple[LiveGame, int]:
        """Accept ``action`` from ``player``: tried on a copy, stored, and only then is the
        copy the game. Returns the game (it may have been reloaded meanwhile) and the
        action's number. ``live`` may be behind the database: the write is conditional on
        the position it was tried on, and an action that position refuses is judged again on
        a current one before it is refused. Raises NotNow (out of turn, the game over, or
        after a lost race) or IllegalAction (the rules refuse it)."""
        checked = False  # has ``live`` been compared with the database during this call?
        lost = 0  # races lost to another writer
        while True:
            async with live.lock:
                tried = (live.version, live.digest)
                try:
                    _check_turn(live, player)
                    trial = live.trial(player, action)
                except (NotNow, IllegalAction) as exc:
                    refusal: NotNow | IllegalAction | None = exc
                else:
                    refusal = None
                    p = trial.progress  # notices: who decides now, or the game's end
                    due = outbox.after_action(
                        live.id, player, p.to_move, trial.game.state.turn, p.over
                    )
                    if due is not None and not self._told.fresh(due):
                        due = None
                    if due is not None and due.seat is not None and live.seats[due.seat].refusing:
                        due = None  # it ran out of time: its refusals are played at once
                    try:
                        await self.store.append(
                            live.id,
                            *tried,
                            player,
                            wire.encode(action),
                            p,
                            in_one_write(  # in the action's own transaction:
                                finisher(live, trial.game, p.at),  # a rated end: ratings
                                None if due is None else outbox.writer(due, p.at),  # notices
                                reminders(live, p),  # a new deadline's reminders
                            ),
                        )
                    except Conflict:
                        lost += 1
                    else:
                        live.adopt(trial)
                        for w in self.watchers:
                            w.advanced(live, True)
                        if due is not None:
                            self._told.remember(due)
                            self.on_notices()
                        return live, tried[0]
            if refusal is None:
                log.info("game %s: action %d was stored by another writer", live.id, tried[0])
                if lost > 1:
                    raise NotNow(
                        "the game moved on while this action was being saved; decide again"
                    )
            elif checked:
                raise _refused(refusal, lost)
            live = await self.live(live.id)
            checked = True
            if refusal is not None and (live.version, live.digest) == tried:
                raise _refused(refusal, lost)  # the position it was refused in is current

    async def rotate(self, live: LiveGame, seat: int) -> str:
        """A new token for ``seat``; the old one holds nothing from now on (here at once,
        in other processes as soon as PostgreSQL tells them). Open WebSockets of the old
        holder are closed. Raises NotNow if another rotation won the race."""
        old = live.seats[seat].token_hash
        token = new_token()
        if old is None or not await self.store.rotate(live.id, seat, old, token):
            raise NotNow("this seat's link was replaced meanwhile; use the newest link")
        live.seats[seat].token_hash = hash_token(token)
        self.on_seats(live.id)
        return token

    async def remove(self, game_id: str, manage_token: str | None) -> None:
        """Remove a game before its first action, for its creator (the token the creation
        answered). Raises NoToken, NotFound, NotASeat (a wrong token) or NotNow (started)."""
        if manage_token is None:
            raise NoToken("removing a game needs its creator's token: Authorization: Bearer")
        row = await self.row(game_id)
        if row.manage_hash is None or not hmac.compare_digest(
            row.manage_hash, hash_token(manage_token)
        ):
            raise NotASeat("this token is not the creator's of this game")
        if not await self.store.remove(game_id, row.manage_hash):
            raise NotNow("the game has begun: only a game with no action taken can be removed")
        self._cache.pop(game_id, None)
        self.on_seats(game_id)  # its WebSockets learn that it is gone

    async def seats_changed(self, game_id: str) -> None:
        """Another process replaced a seat's token: take the seats again from the database.
        One reload at a time: two interleaved (each seat's socket asks for its rematch link
        at once) could leave the cache with the one whose read began before the other's
        write, and a token just stored would open nothing until the next reload."""
        async with self._seat_reload:
            live = self._cache.get(game_id)
            if live is None:
                return
            for row in await self.store.seat_rows(game_id):
                seat = live.seats[row.seat]
                seat.token_hash = row.token_hash
                # clocks: a hand-over to the computer or back, a fallback, and the clock too
                seat.controller, seat.controller_level = row.controller, row.controller_level
                seat.fallback, seat.fallback_level = row.fallback, row.fallback_level
            live.clock = await read_clock(self.store, game_id)
        self.on_seats(game_id)

    async def claim(self, live: LiveGame, seat: int) -> None:
        """Mark a seat taken the first time its token is used (the lobby shows it)."""
        if not live.seats[seat].claimed:
            live.seats[seat].claimed = True
            if await self.store.claim(live.id, seat):  # not another process before us
                await self.on_joined(live, seat)

    async def record(self, game_id: str) -> dict[str, Any]:
        """The game's record, which holds the dice seed: only once the game is over."""
        live = await self.live(game_id)
        if not live.over:
            raise NotNow(
                "the record is given out only once the game is over: it holds the dice seed, "
                "from which every future roll can be foreseen"
            )
        return live.game.save()

    async def row(self, game_id: str) -> GameRow:
        _check_id(game_id)
        found = await self.store.game(game_id)
        if found is None:
            raise _no_game(game_id)
        return found

    # --- inside ----------------------------------------------------------------------------------

    async def _sync(self, live: LiveGame, version: int, digest: str) -> LiveGame:
        async with live.lock:
            if live.version >= version:  # caught up meanwhile (or this is our own write)
                if live.version > version or live.digest == digest:
                    return live
            else:
                entries = await self.store.actions(live.id, live.version, version)
                try:
                    live.catch_up(entries, digest)
                except DamagedGame as exc:
                    log.warning("%s; reloading the whole game", exc)
                else:
                    live.clock = await read_clock(self.store, live.id)  # clocks: as stored
                    for w in self.watchers:
                        w.advanced(live, False)
                    return live
        self._cache.pop(live.id, None)
        fresh = await self._load(live.id)
        for w in self.watchers:
            w.advanced(fresh, False)
        return fresh

    async def _load(self, game_id: str) -> LiveGame:
        pending = self._loading.get(game_id)
        if pending is not None:  # someone is loading it already: one replay is enough
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            row = await self.store.game(game_id)
            if row is None:
                raise _no_game(game_id)
            entries = await self.store.actions(game_id, 0, row.version)
            # In a thread: a long game's replay would stall every other request meanwhile.
            live = await asyncio.to_thread(LiveGame.replay, row, entries)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no warning if nobody else was waiting
            raise
        finally:
            del self._loading[game_id]
        future.set_result(live)
        self._remember(live)
        return live

    def _remember(self, live: LiveGame) -> None:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        if len(self._cache) > self.cache_size:
            for gid in list(self._cache)[: len(self._cache) - self.cache_size]:
                if not self._cache[gid].lock.locked() and not self.keep(gid):
                    del self._cache[gid]
        for w in self.watchers:
            w.loaded(live)


async def _nothing(live: LiveGame, seat: int) -> None:
    pass


async def _in_thread(fn: Callable[[A], Checked], raw: A) -> Checked:
    return await asyncio.to_thread(fn, raw)


def _no_game(game_id: str) -> NotFound:
    return NotFound(f"no game {game_id[:40]!r}")


def _check_id(game_id: str) -> None:
    # Ids are ours (lobby.new_game_id); anything else is no game, and is not worth a query
    # (nor a NUL byte PostgreSQL would refuse).
    if not GAME_ID.fullmatch(game_id):
        raise _no_game(game_id)


def _refused(refusal: NotNow | IllegalAction, lost: int) -> NotNow | IllegalAction:
    # After a race lost to another writer the action was legal when it was sent: the game
    # moved on; otherwise the rules refuse it.
    if lost and isinstance(refusal, IllegalAction):
        return NotNow(str(refusal), refusal.rule)
    return refusal


def _check_turn(live: LiveGame, player: int) -> None:
    if live.over:
        raise NotNow("the game is over", "errata 19.0")
    deciding = live.game.current_player()
    if player != deciding:
        name = live.seats[deciding].name
        raise NotNow(f"it is not your turn: seat {deciding} ({name}) must decide now", "errata 1.3")
