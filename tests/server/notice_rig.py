"""What the notices' tests run against: a real SMTP server in the test process (aiosmtpd), a
local HTTP receiver for webhooks that can answer 500 or hang, and a server whose sender looks
often and backs off briefly."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from titan.server.config import Notices

PUBLIC = "http://titan.test"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Inbox:
    """aiosmtpd's handler: keeps every message it is given."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        with self.lock:
            mail = message_from_bytes(content, policy=policy.default)
            assert isinstance(mail, EmailMessage)  # what the default policy makes
            self.mails.append(mail)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.mails if m["To"] == address]


class Unhurried(Inbox):
    """A mail server that answers MAIL, RCPT, DATA and QUIT each after ``delay`` seconds: each
    answer within a sender's timeout of 0.5 s, the mail longer than two of them in all."""

    delay = 0.35

    async def handle_MAIL(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        await asyncio.sleep(self.delay)
        envelope.mail_from = address
        return "250 OK"

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        await asyncio.sleep(self.delay)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        await asyncio.sleep(self.delay)
        return await super().handle_DATA(server, session, envelope)

    async def handle_QUIT(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        await asyncio.sleep(self.delay)
        return "221 Bye"


@contextlib.contextmanager
def smtp_server(inbox: Inbox | None = None) -> Iterator[tuple[Inbox, int]]:
    inbox = inbox or Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


class Receiver:
    """A webhook's other end: records each JSON body; answers ``status``, after ``delay``."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.status = 204
        self.delay = 0.0
        self.lock = threading.Lock()

    def count(self) -> int:
        with self.lock:
            return len(self.bodies)


@contextlib.contextmanager
def webhook_receiver() -> Iterator[tuple[Receiver, str]]:
    receiver = Receiver()

    class Handler(BaseHTTPRequestHandler):
        # A read that never ends (a sender cut off mid-request) would hold server_close,
        # which waits for every handler: each socket read gives up after this many seconds.
        timeout = 10.0

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            with receiver.lock:
                receiver.bodies.append(body)
            time.sleep(receiver.delay)
            self.send_response(receiver.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver, f"http://127.0.0.1:{httpd.server_address[1]}/hook"
    finally:
        httpd.shutdown()
        httpd.server_close()


def notices(smtp_port: int | None, **kw: Any) -> Notices:
    """Quick to look and to retry, so that the tests see three attempts in a second."""
    values: dict[str, Any] = {
        "public_url": PUBLIC,
        "smtp": None if smtp_port is None else f"smtp://127.0.0.1:{smtp_port}",
        "local_webhooks": True,
        "poll": 0.05,
        "backoff": 0.05,
        "max_backoff": 0.2,
        "max_attempts": 3,
        "timeout": 0.5,
    }
    values.update(kw)
    return Notices(**values)


def wait(probe: Any, timeout: float = 10.0, what: str | Callable[[], str] = "the notice") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        assert time.monotonic() < deadline, (
            f"timed out waiting for {what() if callable(what) else what}"
        )
        time.sleep(0.02)
