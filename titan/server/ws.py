"""WebSocket ``/api/games/{id}/ws``: live updates for one seat or a spectator.

The token is sent as for HTTP (``Authorization: Bearer TOKEN``) or, because browsers cannot
set headers on a WebSocket, as a subprotocol: the client offers ``titan`` and
``bearer.TOKEN`` and the server answers ``titan`` (so the secret is never in a URL, where
access logs and proxies would keep it). ``?token=TOKEN`` still works for old clients; the
access log redacts it (:mod:`titan.server.redact`). None or a wrong token is a spectator. On
connecting the server sends ``{"type": "state", ...}`` (the same object as GET /state,
events from ``?since=N``, default 0); after every change to the game it sends
``{"type": "update", ...}``, the same shape with the events since the last message and the
seat's prompt when it must decide. Reconnecting (with ``since`` = the last ``next``) restores
everything.

A client that asks for the game's chat with ``?chat_since=N`` (0 for all of it; without it
the socket keeps the shape older clients know) gets it the same way: after the state,
``{"type": "chat", "lines": [...]}`` with the newest lines (at most 200) the reader may see
numbered N on, then each new line the reader may see as it is said; a spectator's socket is
never sent a players' line. Reconnecting with ``chat_since`` = the last line's ``i`` + 1
misses nothing. Such a client is also told of "play again": once the game is over and a seat
asked for it, each seat's socket is sent ``{"type": "rematch", "game", "seat", "token",
"url"}`` with its own link to the new game, derived from the token it was opened with, and a
spectator's the new game's address only.

The socket is for listening: actions and chat lines are POSTed; anything the client sends is
ignored. An unknown game gets ``{"type": "error", ...}`` and close code 4404; a malformed
parameter (``since`` or ``chat_since`` not a whole number of at most 12 ASCII digits) close
code 4400, with the error as the message and as the close reason."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from titan.server.deps import Bearer, Server, ServerDep, token
from titan.server.errors import STATUS, error_body
from titan.server.live import LiveGame
from titan.server.refusals import Refused
from titan.server.rematch import link

router = APIRouter()

SUBPROTOCOL = "titan"
TOKEN_PROTOCOL = "bearer."  # the subprotocol that carries the token: "bearer.TOKEN"
GOING_AWAY = 1001  # RFC 6455 7.4.1: the server is going down; reconnect later
MAX_SINCE_DIGITS = 12  # far beyond any game's events; an int() of 5,000 digits is work


def _since(raw: str) -> int | None:
    """``since`` as a number, or None if it is anything but 1-12 ASCII digits (``str.isdigit``
    also takes "²", which ``int`` refuses)."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= MAX_SINCE_DIGITS):
        return None
    return int(raw)


def _token(ws: WebSocket) -> str | None:
    """The token offered as a subprotocol (``bearer.TOKEN``), if any."""
    offered: list[str] = ws.scope.get("subprotocols", [])
    for protocol in offered:
        if protocol.startswith(TOKEN_PROTOCOL):
            return protocol[len(TOKEN_PROTOCOL) :] or None
    return None


async def _refuse(ws: WebSocket, code: int, body: dict[str, Any]) -> None:
    await _send(ws, "error", body)
    # A close reason is at most 123 bytes (RFC 6455 5.5).
    await ws.close(code=code, reason=body["error"].encode()[:123].decode(errors="ignore"))


async def _send(ws: WebSocket, kind: str, message: dict[str, Any]) -> None:
    await ws.send_text(msgspec.json.encode({"type": kind, **message}).decode())


async def _until_closed(ws: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(ws: WebSocket, game_id: str, srv: ServerDep, bearer: Bearer) -> None:
    seat_token = _token(ws) or token(bearer) or ws.query_params.get("token") or None
    since = _since(ws.query_params.get("since", "0"))
    talks = "chat_since" in ws.query_params  # a client that knows the chat and rematch messages
    chat_since = _since(ws.query_params.get("chat_since", "0"))
    offered = ws.scope.get("subprotocols", [])
    await ws.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    if since is None:
        await _refuse(ws, 4400, error_body("since must be a whole number", path="since"))
        return
    if chat_since is None:
        error = error_body("chat_since must be a whole number", path="chat_since")
        await _refuse(ws, 4400, error)
        return
    try:
        live = await srv.service.live(game_id)
    except Refused as exc:
        await _refuse(ws, 4000 + STATUS[type(exc)], error_body(exc.message, exc.rule, exc.path))
        return
    seat = live.seat_for(seat_token)
    if seat is not None:
        await srv.service.claim(live, seat)
    with srv.hub.subscribe(game_id) as sub:
        # Subscribed before the first snapshot: a move made meanwhile is not missed.
        message = live.snapshot(seat, since)
        cursor, version = message["next"], message["version"]
        # clocks: a hand-over or a timeout changes these without a move
        clocked = (message["clock"], message["controllers"])
        closed = asyncio.create_task(_until_closed(ws))
        talk = _Talk(srv, ws, game_id, seat, seat_token, chat_since)
        try:
            await _send(ws, "state", message)
            if talks:
                await talk.chat(backlog=True)
                await talk.rematch(live, ask=True)
            while True:
                woken = asyncio.create_task(sub.wait())
                await asyncio.wait({closed, woken}, return_when=asyncio.FIRST_COMPLETED)
                if closed.done():
                    woken.cancel()
                    return
                if srv.hub.closing:
                    await ws.close(code=GOING_AWAY, reason="the server is stopping")
                    return
                try:
                    live = srv.service.cached(game_id) or await srv.service.live(game_id)
                except Refused as exc:  # removed by its creator meanwhile
                    status = STATUS[type(exc)]
                    await _refuse(ws, 4000 + status, error_body(exc.message, exc.rule, exc.path))
                    return
                if seat is not None and live.seat_for(seat_token) != seat:
                    # The seat's link was replaced: whoever holds the old one is cut off.
                    await ws.close(code=4403, reason="this seat's link was replaced")
                    return
                if live.version != version or (live.clock_wire(), live.controllers()) != clocked:
                    message = live.snapshot(seat, cursor)
                    cursor, version = message["next"], message["version"]
                    clocked = (message["clock"], message["controllers"])
                    await _send(ws, "update", message)
                if talks:
                    await talk.chat()
                    await talk.rematch(live)
        except (WebSocketDisconnect, RuntimeError):
            return  # the client went away while we were sending
        finally:
            closed.cancel()
            await asyncio.gather(closed, return_exceptions=True)


class _Talk:
    """What a socket is sent besides the game: its reader's chat lines, and the rematch."""

    def __init__(
        self,
        srv: Server,
        ws: WebSocket,
        game_id: str,
        seat: int | None,
        seat_token: str | None,
        chat_since: int,
    ) -> None:
        self.srv = srv
        self.ws = ws
        self.game_id = game_id
        self.seat = seat
        self.seat_token = seat_token
        self.player = seat is not None  # reads the players' channel too
        self.cursor = chat_since  # the next line's number, as this reader counts
        self.rematch_sent = False

    async def chat(self, backlog: bool = False) -> None:
        """The lines said since the last ones sent (on connecting, even if there are none)."""
        lines = await self.srv.chat.read(self.game_id, self.player, self.cursor)
        if lines:
            self.cursor = lines[-1].number(self.player) + 1
        if lines or backlog:
            await _send(self.ws, "chat", {"lines": [ln.out(self.player) for ln in lines]})

    async def rematch(self, live: LiveGame, ask: bool = False) -> None:
        """The new game once a finished game has one: the database is asked on connecting,
        and after that this process's record of rematches (kept current by NOTIFY)."""
        if self.rematch_sent or not live.over:
            return
        rematches = self.srv.rematches
        game = await rematches.lookup(self.game_id) if ask else rematches.known.get(self.game_id)
        if game is None:
            return
        self.rematch_sent = True
        new_token = None
        if self.seat is not None and self.seat_token is not None:
            new_token = await rematches.seat_token(game, self.seat, self.seat_token)
        base = self.ws.base_url
        page = str(base.replace(scheme="https" if base.scheme == "wss" else "http"))
        message = {"game": game, "seat": self.seat, "token": new_token}
        await _send(self.ws, "rematch", {**message, "url": link(page, game, new_token)})
