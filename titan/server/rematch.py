""" "Play again": a finished game's seats start a new game together, with the same seats (names,
kinds, computer levels) and options, and a new dice seed.

A seat of the finished game asks (``POST /api/games/{id}/rematch``); the first to ask creates
the new game and the game row remembers it (``games.rematch``), so that every later ask, from
any seat or process, finds the same one. Each human seat of the new game gets its own new
link, which only the holder of that seat's old link can learn: the new token is derived from
the old one, ``HMAC-SHA256(old token, "titan rematch " + new id)``. The server never stores
tokens, only their hashes, so it could not hand out a token made for a seat whose holder is
not asking; derived, the token is the same whichever of the seat's tabs, devices or server
processes asks first, and the new seat's hash is stored then (``token_hash IS NULL`` until
that moment: the seat shows as free in the lobby, and no token opens it). A database reader
learns nothing new: the hash of the old token does not give the old token.

The holders of the old game's seats learn the new game over the old game's WebSocket: each
seat's socket is sent ``{"type": "rematch", ...}`` with its own new link (derived from the
token that socket was opened with), a spectator's socket the new game's address only."""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from sqlalchemy import func, literal_column, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.engine.state import Options
from titan.server.live import LiveGame, hash_token
from titan.server.lobby import SeatSpec
from titan.server.refusals import NotNow
from titan.server.rows import NOTIFY_CHANNEL, now
from titan.server.service import GameService
from titan.server.store import insert_game
from titan.server.tables import games, seats


def derive_token(old_token: str, new_game: str) -> str:
    """Seat ``s``'s token in ``new_game``, for the holder of its token in the old game."""
    mac = hmac.new(old_token.encode(), f"titan rematch {new_game}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()  # as long as new_token()


def link(base: str, game_id: str, token: str | None) -> str:
    """A game's page; with a token, the seat's link (the token in the fragment)."""
    return f"{base}games/{game_id}" + ("" if token is None else f"#token={token}")


class Rematches:
    def __init__(self, service: GameService, publish: Any) -> None:
        self.service = service
        self.store = service.store
        self.publish = publish  # wakes a game's WebSockets (the hub)
        self.known: dict[str, str] = {}  # finished game -> its rematch, as far as seen here

    async def lookup(self, game_id: str) -> str | None:
        """The game's rematch, if one was made (read from the database, then remembered)."""
        found = self.known.get(game_id)
        if found is None:
            query = select(games.c.rematch).where(games.c.id == game_id)

            async def read(conn: AsyncConnection) -> str | None:
                value: str | None = (await conn.execute(query)).scalar_one_or_none()
                return value

            found = await self.store.read(read)
            if found is not None:
                self.known[game_id] = found
        return found

    async def remote(self, game_id: str) -> None:
        """Another process made this game's rematch (PostgreSQL NOTIFY)."""
        if await self.lookup(game_id) is not None:
            self.publish(game_id)

    async def play_again(self, live: LiveGame, creator: str | None) -> str:
        """The finished game's rematch, made now if nobody asked before. Raises NotNow while
        the game runs, and what creating a game raises (OverQuota)."""
        if not live.over:
            raise NotNow("play again is for a finished game; this one is still running")
        found = await self.lookup(live.id)
        if found is not None:
            return found
        # The same seats, each with its fallback, and the same time control (issue 20).
        specs = [
            SeatSpec(s.name, s.kind, s.level, s.fallback, s.fallback_level) for s in live.seats
        ]
        unlisted = (await self.service.row(live.id)).unlisted  # a private game stays private
        row, _game, _tokens = await self.service.new_game(
            live.variant,
            specs,
            Options(**live.options),
            unlisted=unlisted,
            creator=creator,
            tokens_now=False,
            control=live.control,
        )
        row.rated = live.rated  # a rated game's rematch is rated (its seats join accounts anew)
        claim = (
            update(games)
            .where(games.c.id == live.id, games.c.rematch.is_(None))
            .values(rematch=row.id)
        )

        def write(conn: Connection) -> bool:
            if (conn.execute(claim)).rowcount != 1:
                return False  # another seat asked first: its game is the rematch
            insert_game(conn, row, now())
            self._notice(conn, live.id, "rematch")
            return True

        if not await self.store.transact(write):
            self.known.pop(live.id, None)
            found = await self.lookup(live.id)
            assert found is not None, "a rematch was claimed but is not there"
            return found
        self.known[live.id] = row.id
        await self.service.live(row.id)  # loaded here: a computer seat to move starts now
        self.publish(live.id)
        return row.id

    async def seat_token(self, new_game: str, seat: int, old_token: str) -> str | None:
        """Seat ``seat``'s token in ``new_game`` for the holder of ``old_token`` (a human
        seat's in the finished game): stored as the seat's from the first ask on. None for a
        computer seat, or if the seat went to the link this seat had before its link was
        replaced (``POST .../token`` after the rematch was made)."""
        live = await self.service.live(new_game)
        if live.seats[seat].kind != "human":
            return None
        token = derive_token(old_token, new_game)
        digest = hash_token(token)
        stored = live.seats[seat].token_hash
        if stored is None:
            this_seat = (seats.c.game_id == new_game, seats.c.seat == seat)
            take = update(seats).where(*this_seat, seats.c.token_hash.is_(None))

            def write(conn: Connection) -> str | None:
                if conn.execute(take.values(token_hash=digest)).rowcount == 1:
                    self._notice(conn, new_game, "seats")
                # The hash stored now, ours or another's, read in the same transaction: the
                # cached game may be reloaded meanwhile by another seat's ask (each seat's
                # socket asks at once) from a read that began before this write.
                return conn.execute(select(seats.c.token_hash).where(*this_seat)).scalar()

            stored = await self.store.transact(write)
            await self.service.seats_changed(new_game)
        return token if stored is not None and hmac.compare_digest(stored, digest) else None

    def _notice(self, conn: Connection, game_id: str, kind: str) -> None:
        """Tell the other processes (PostgreSQL), in the write's own transaction."""
        if self.store.postgres:
            notice = f"{self.store.origin} {game_id} {kind}"
            conn.execute(select(func.pg_notify(literal_column(f"'{NOTIFY_CHANNEL}'"), notice)))
