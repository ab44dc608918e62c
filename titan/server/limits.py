"""A request body size limit, as plain ASGI middleware: a declared Content-Length over the
limit is refused before anything is read, and a body sent without one (chunked) is counted
as it arrives and refused once it passes the limit. Either way the answer is 413 with the
API's error body, and nothing reaches the routes."""

from __future__ import annotations

import json
from collections.abc import Callable

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(HTTPException):
    # An HTTPException, so that FastAPI passes it on as it is (it turns other exceptions met
    # while reading a body into a 400) and the API's handler answers 413.
    def __init__(self, limit: int) -> None:
        super().__init__(413, _too_large(limit))


class BodyLimit:
    def __init__(self, app: ASGIApp, limit_for: Callable[[str], int]) -> None:
        self.app = app
        self.limit_for = limit_for  # path -> the largest body it accepts, in bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _refuse(send, 400, "a malformed Content-Length header")
                    return
                if declared > limit:
                    await _refuse(send, 413, _too_large(limit))
                    return
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge as exc:
            if not started:
                await _refuse(send, 413, exc.detail)


def _too_large(limit: int) -> str:
    return f"the request body is larger than {limit // 1024} KiB"


async def _refuse(send: Send, status: int, error: str) -> None:
    body = json.dumps({"error": error, "rule": None, "path": None}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
