"""SIGTERM stops a server cleanly: within 10 s the process and every process it started (the
bot pool's fork server and workers, found by session id) are gone, and open WebSockets are
closed with "going away" (1001); a restarted server resumes the computer seats' game."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.harness import Api, ServerPool, bot, human, wait_until

SHUTDOWN_LIMIT = 10.0


def _session(sid: int) -> set[int]:
    """Every live process of session ``sid`` (``titan serve`` runs in one of its own)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            out.add(int(entry.name))
    return out


def test_sigterm_leaves_no_process_and_a_restart_resumes_the_bots(
    servers: ServerPool, sqlite_url: str
) -> None:
    server = servers.start(sqlite_url)
    with Api(server.url) as api:
        # Six computer seats: a long game, still running when the server stops.
        game = api.create_game([bot(name, "strong") for name in "ABCDEF"])
        watcher = api.create_game([human("Ann"), bot("Kim")])
        wait_until(
            lambda: True if len(_session(server.proc.pid)) >= 3 else None,
            timeout=60,
            what="the bot pool's processes",
        )
    ws_url = server.url.replace("http:", "ws:") + f"/api/games/{watcher.id}/ws"
    with connect(ws_url, subprotocols=["titan", f"bearer.{watcher.token(0)}"]) as ws:  # type: ignore[list-item]
        ws.recv(timeout=10)
        started = time.monotonic()
        os.kill(server.proc.pid, signal.SIGTERM)
        try:
            while True:
                ws.recv(timeout=SHUTDOWN_LIMIT)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1001
        server.proc.wait(timeout=SHUTDOWN_LIMIT)
    wait_until(
        lambda: None if _session(server.proc.pid) else True,
        timeout=max(0.1, SHUTDOWN_LIMIT - (time.monotonic() - started)),
        what="every process of the server's session to exit",
    )
    # uvicorn raises the signal again once it has stopped, so that the exit status says why.
    assert server.proc.returncode in (0, -signal.SIGTERM), server.log()
    assert "Traceback" not in server.log()
    again = servers.start(sqlite_url)
    with Api(again.url) as api:
        stopped = api.state(game.id)
        assert stopped["status"] == "running"
        wait_until(
            lambda: True if api.state(game.id)["version"] > stopped["version"] + 5 else None,
            timeout=60,
            what="the computer seats to play on after the restart",
        )
