"""docs/deploy.md, followed as written: its nginx configuration (ports and file paths
replaced) with TLS in front of two ``titan serve`` processes on one throwaway PostgreSQL.
A game is played through the proxy over HTTPS and a secure WebSocket; the seat links name the
proxy's address and scheme; each client address nginx forwards is its own client to the rate
limits (a client behind the proxy cannot hide behind another's address); a move made on
either process is pushed to a WebSocket held by the other; both processes serve.

nginx comes from Debian (``scripts/setup-proxy``, run by ``scripts/test``); without it the
test skips, and with ``TITAN_REQUIRE_PROXY=1`` (as ``.ci/run`` sets) it fails instead."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.harness import ServerPool, free_port, wait_until
from tests.server.scripted import choose

ROOT = Path(__file__).resolve().parents[2]
NGINX = Path(os.environ.get("TITAN_NGINX", "/usr/sbin/nginx"))
REQUIRE_ENV = "TITAN_REQUIRE_PROXY"
GAME = {"seats": [{"name": "Ann"}, {"name": "Bob"}]}


def _site_config() -> str:
    """The ```nginx block of docs/deploy.md."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    blocks: list[str] = re.findall(r"```nginx\n(.*?)```", text, re.S)
    assert len(blocks) == 1, "docs/deploy.md should hold one nginx configuration"
    return blocks[0]


def _replace(config: str, old: str, new: str) -> str:
    assert old in config, f"docs/deploy.md's nginx configuration no longer has {old!r}"
    return config.replace(old, new)


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """Start nginx with the given site (written by the test into the yielded directory)."""
    if not NGINX.exists():
        reason = f"no reverse proxy: {NGINX} is missing (apt-get install nginx-light)"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    yield tmp_path, free_port()


def _start_nginx(where: Path, site: str) -> subprocess.Popen[bytes]:
    (where / "site.conf").write_text(site)
    (where / "nginx.conf").write_text(
        f"""
        worker_processes 1;
        user root;
        pid {where}/nginx.pid;
        error_log {where}/error.log;
        events {{ worker_connections 256; }}
        http {{
            client_body_temp_path {where}/body;
            proxy_temp_path {where}/proxy;
            include {where}/site.conf;
        }}
        """
    )
    cmd = [str(NGINX), "-p", str(where), "-c", str(where / "nginx.conf")]
    check = subprocess.run([*cmd, "-t"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    return subprocess.Popen([*cmd, "-g", "daemon off;"], stderr=subprocess.PIPE)


def _certificate(where: Path) -> tuple[Path, Path]:
    cert, key = where / "cert.pem", where / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def _client(base: str, source: str) -> httpx.Client:
    """An HTTPS client whose connections come from the loopback address ``source``."""
    transport = httpx.HTTPTransport(local_address=source, verify=False)
    return httpx.Client(base_url=base, transport=transport, trust_env=False, timeout=20)


def test_a_game_through_nginx_with_tls_in_front_of_two_processes(
    nginx: tuple[Path, int], servers: ServerPool, pg_url: str
) -> None:
    where, port = nginx
    env = {"TITAN_RATE_LIMITS": "create=2/600"}
    one = servers.start(pg_url, env=env, log_level="info")
    two = servers.start(pg_url, env=env, log_level="info")
    cert, key = _certificate(where)
    site = _site_config()
    site = _replace(site, "server 127.0.0.1:8001;", f"server 127.0.0.1:{one.port};")
    site = _replace(site, "server 127.0.0.1:8002;", f"server 127.0.0.1:{two.port};")
    site = _replace(site, "listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
    site = _replace(site, "/etc/letsencrypt/live/titan.example.org/fullchain.pem", str(cert))
    site = _replace(site, "/etc/letsencrypt/live/titan.example.org/privkey.pem", str(key))
    site = _replace(site, "/var/log/nginx/titan.log", str(where / "access.log"))
    proxy = _start_nginx(where, site)
    base = f"https://localhost:{port}"
    try:
        ann_host = _client(base, "127.0.0.2")
        other_host = _client(base, "127.0.0.3")
        wait_until(lambda: True if _answers(ann_host) else None, timeout=20, what="nginx to answer")
        r = ann_host.post("/api/games", json=GAME)
        assert r.status_code == 201, r.text
        game: dict[str, Any] = r.json()
        for seat in game["seats"]:
            assert seat["url"].startswith(f"{base}/games/{game['id']}#token="), seat["url"]
        assert ann_host.post("/api/games", json=GAME).status_code == 201
        refused = ann_host.post("/api/games", json=GAME)
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        assert other_host.post("/api/games", json=GAME).status_code == 201  # another client
        # A client's own X-Forwarded-For is replaced by nginx: no escape from its bucket.
        spoofed = ann_host.post("/api/games", json=GAME, headers={"X-Forwarded-For": "1.2.3.4"})
        assert spoofed.status_code == 429
        _play_through(base, ann_host, game)
        assert "Traceback" not in one.log() + two.log()
        for server in (one, two):  # round robin: both served actions, each saw the real client
            log = server.log()
            assert re.search(r"127\.0\.0\.2:\d+ - \"POST /api/games/\w+/actions", log), log
        access = (where / "access.log").read_text()
        assert "token" not in access and "?" not in access
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)


def _answers(client: httpx.Client) -> bool:
    try:
        return client.get("/api/games").status_code == 200
    except httpx.TransportError:
        return False


def _play_through(base: str, client: httpx.Client, game: dict[str, Any]) -> None:
    """Forty moves posted through the proxy (spread over both processes), each pushed to
    both seats' WebSockets, which were opened through the proxy too."""
    tokens = [s["token"] for s in game["seats"]]
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    url = base.replace("https:", "wss:") + f"/api/games/{game['id']}/ws"
    rng = random.Random(3)
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(
                connect(url, ssl=context, subprotocols=["titan", f"bearer.{t}"])  # type: ignore[list-item]
            )
            for t in tokens
        ]
        versions = [json.loads(ws.recv(timeout=20))["version"] for ws in sockets]
        assert versions == [0, 0]
        for n in range(1, 41):
            states = [
                client.get(f"/api/games/{game['id']}/state", headers=_auth(t)).json()
                for t in tokens
            ]
            if states[0]["status"] == "over":  # the dice may end it early (a Titan slain)
                break
            seat = next(i for i, s in enumerate(states) if s["prompt"] is not None)
            action = choose(states[seat]["prompt"], rng)
            r = client.post(
                f"/api/games/{game['id']}/actions",
                json={"action": action},
                headers=_auth(tokens[seat]),
            )
            assert r.status_code == 200, r.text
            for ws in sockets:
                deadline = time.monotonic() + 20
                while True:  # updates may come merged, never late or lost
                    m = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
                    if m["version"] >= n:
                        break


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
