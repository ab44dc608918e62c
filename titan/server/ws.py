"""WebSocket ``/api/games/{id}/ws``: live updates for one seat or a spectator.

The token is sent as for HTTP (``Authorization: Bearer TOKEN``) or, because browsers cannot
set headers on a WebSocket, as ``?token=TOKEN``; none or a wrong one is a spectator. On
connecting the server sends ``{"type": "state", ...}`` (the same object as GET /state,
events from ``?since=N``, default 0); after every change to the game it sends
``{"type": "update", ...}``, the same shape with the events since the last message and the
seat's prompt when it must decide. Reconnecting (with ``since`` = the last ``next``) restores
everything. The socket is for listening: actions are POSTed; anything the client sends is
ignored. An unknown game gets ``{"type": "error", ...}`` and close code 4404."""

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
    seat_token = token(bearer) or ws.query_params.get("token") or None
    raw_since = ws.query_params.get("since", "0")
    await ws.accept()
    if not raw_since.isdigit():
        await _send(ws, "error", error_body("since must be a whole number", path="since"))
        await ws.close(code=4400)
        return
    try:
        live = await srv.service.live(game_id)
    except Refused as exc:
        await _send(ws, "error", error_body(exc.message, exc.rule, exc.path))
        await ws.close(code=4000 + STATUS[type(exc)])
        return
    seat = live.seat_for(seat_token)
    if seat is not None:
        await srv.service.claim(live, seat)
    with srv.hub.subscribe(game_id) as sub:
        # Subscribed before the first snapshot: a move made meanwhile is not missed.
        message = live.snapshot(seat, int(raw_since))
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
                live = srv.service.cached(game_id) or await srv.service.live(game_id)
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
