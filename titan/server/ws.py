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
everything. The socket is for listening: actions are POSTed; anything the client sends is
ignored. An unknown game gets ``{"type": "error", ...}`` and close code 4404; a malformed
parameter (``since`` not a whole number of at most 12 ASCII digits) close code 4400, with the
error as the message and as the close reason."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from titan.server.deps import Bearer, ServerDep, token
from titan.server.errors import STATUS, error_body
from titan.server.refusals import Refused

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
    offered = ws.scope.get("subprotocols", [])
    await ws.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    if since is None:
        await _refuse(ws, 4400, error_body("since must be a whole number", path="since"))
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
        closed = asyncio.create_task(_until_closed(ws))
        try:
            await _send(ws, "state", message)
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
                if live.version == version:
                    continue
                message = live.snapshot(seat, cursor)
                cursor, version = message["next"], message["version"]
                await _send(ws, "update", message)
        except (WebSocketDisconnect, RuntimeError):
            return  # the client went away while we were sending
        finally:
            closed.cancel()
            await asyncio.gather(closed, return_exceptions=True)
