"""``titan serve``: run the server with uvicorn on a host and port, over a database URL.

The listening socket is opened here, before anything else, so that a port already in use is
reported plainly and ``--port 0`` (any free port) announces the port it got."""

from __future__ import annotations

import asyncio
import gc
import os
import socket
import sys
import time
from dataclasses import dataclass

import uvicorn
from fastapi import FastAPI
from sqlalchemy.engine import make_url

from titan.server import redact
from titan.server.config import (
    MAX_WS_MESSAGE,
    ConfigError,
    Limits,
    Notices,
    Settings,
    default_db_url,
    normalise_db_url,
)
from titan.server.deps import Server
from titan.server.mailer import parse_smtp_url
from titan.server.timeouts import timed_protocol


@dataclass(frozen=True, slots=True)
class Network:
    """How ``titan serve`` meets the network: timeouts and the reverse proxy in front of it."""

    request_timeout: float = 10.0  # seconds for a request's headers and body to arrive
    keep_alive: int = 5  # seconds an idle kept-alive connection stays open
    proxy_headers: bool = True  # trust X-Forwarded-For/-Proto ...
    forwarded_allow_ips: str = "127.0.0.1"  # ... from these addresses only ("*": any)


def serve(
    host: str,
    port: int,
    db: str | None,
    bot_workers: int,
    log_level: str,
    network: Network | None = None,
    limits: Limits | None = None,
    notices: tuple[str | None, str | None, bool] = (None, None, False),
) -> int:
    """``notices``: the public URL, the SMTP URL and whether webhooks may call loopback."""
    net = network or Network()
    try:
        url = normalise_db_url(db or default_db_url())
    except ConfigError as exc:
        print(f"titan serve: {exc}", file=sys.stderr)
        return 2
    try:
        sock = _listen(host, port)
    except OSError as exc:
        print(f"titan serve: cannot listen on {host} port {port}: {exc}", file=sys.stderr)
        return 1
    from titan.server.app import create_app

    port = sock.getsockname()[1]
    parsed = make_url(url)
    shown = parsed.set(drivername=parsed.get_backend_name()).render_as_string(hide_password=True)
    where = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        where = "THIS-MACHINE'S-ADDRESS"
    public_url, smtp, local_webhooks = notices
    notice_settings = Notices(
        public_url=(public_url or f"http://{where}:{port}").rstrip("/"),
        smtp=smtp or None,
        local_webhooks=local_webhooks,
    )
    if smtp:
        try:
            mail_server = parse_smtp_url(smtp, notice_settings.public_url)
        except ConfigError as exc:
            print(f"titan serve: --smtp: {exc}", file=sys.stderr)
            return 2
        print(f"e-mail notices through {mail_server.shown()}", flush=True)
    settings = Settings(
        url,
        bot_workers=bot_workers,
        limits=limits or Limits(),
        # Operators and tests may sweep the clocks more often or lease claims for less.
        clock_sweep=float(os.environ.get("TITAN_CLOCK_SWEEP", "1")),
        clock_lease=float(os.environ.get("TITAN_CLOCK_LEASE", "30")),
        announce=f"Titan is running: open http://{where}:{port}/   (database: {shown})",
        notices=notice_settings,
    )
    app = create_app(settings)
    # Everything made so far (the modules, the engine's tables, the app) lives as long as the
    # process: out of the collector's sight, its full passes, which stall every request, are
    # a fraction as long.
    gc.freeze()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_WS_MESSAGE,
        log_level=log_level,
        timeout_graceful_shutdown=GRACE,
        http=timed_protocol(net.request_timeout),
        timeout_keep_alive=net.keep_alive,
        proxy_headers=net.proxy_headers,
        forwarded_allow_ips=net.forwarded_allow_ips,
    )
    redact.install()  # after uvicorn.Config, which sets up logging
    _Server(config, app).run(sockets=[sock])
    return 0


GRACE = 4  # seconds in-flight requests get after SIGTERM; the whole stop stays under 10 s
FAREWELL = 2.0  # seconds the WebSockets get to send their "going away"


class _Server(uvicorn.Server):
    """uvicorn's server, which closes WebSockets with 1012 ("service restart") as it stops;
    ours first tell every WebSocket client "going away" (1001) themselves, so a client knows
    the server is down rather than restarting at once."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # no new connections meanwhile
        titan: Server | None = getattr(self.app.state, "titan", None)
        if titan is not None:
            titan.hub.going_away()
            deadline = time.monotonic() + FAREWELL
            while titan.hub.watched() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        await super().shutdown(sockets)


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock
