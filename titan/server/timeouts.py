"""Slow clients are cut off: uvicorn's HTTP protocol with a deadline for each request.

uvicorn closes a keep-alive connection that idles between requests, but waits for ever for a
request's headers or body: 300 connections that declare a body and never send it hold 300
sockets and their tasks. Here every request, from its first byte (or the connection's opening)
to its last, must arrive within ``request_timeout`` seconds; otherwise the client is answered
``408 Request Timeout`` (when no answer has begun) and the connection is closed, which also
ends a handler still waiting for the body (it receives ``http.disconnect``).

Only the request's arrival is timed, never the server's work on it, and a WebSocket is timed
only until its upgrade request is complete."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

_BODY = b'{"error": "the request did not arrive in time", "rule": null, "path": null}'
TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
    b"content-length: " + str(len(_BODY)).encode() + b"\r\n\r\n" + _BODY
)


class TimedHttpProtocol(HttpToolsProtocol):
    request_timeout = 10.0  # set on a subclass by timed_protocol()
    _deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()  # the first request's first byte is due too

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._arm()  # a later request on a kept-alive connection

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(TIMEOUT_RESPONSE)
        self.transport.close()


def timed_protocol(request_timeout: float) -> type[TimedHttpProtocol]:
    """The protocol class for uvicorn's ``http`` setting, with this deadline per request."""
    return type("TimedHttpProtocol", (TimedHttpProtocol,), {"request_timeout": request_timeout})
