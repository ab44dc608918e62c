"""What a server on the open internet meets at its edges: clients that never finish sending a
request (cut off with 408 after the request timeout, while everyone else is served),
security headers on every answer, and a reverse proxy's forwarded headers (trusted only from
the addresses given)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx
import pytest

from tests.server.harness import ServerPool
from tests.server.inproc import running
from titan.server.headers import PAGE_POLICY

TIMEOUT = 1.5


def _open(port: int, data: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(data)
    return s


def _answer(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    got = b""
    while chunk := s.recv(4096):
        got += chunk
    return got


def test_slow_clients_are_cut_off_and_others_are_served(
    servers: ServerPool, sqlite_url: str
) -> None:
    server = servers.start(
        sqlite_url, env={"TITAN_REQUEST_TIMEOUT": str(TIMEOUT), "TITAN_KEEP_ALIVE": "1"}
    )
    port = server.port
    silent = [_open(port, b"") for _ in range(20)]
    half_headers = [_open(port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n") for _ in range(20)]
    short_body = [
        _open(
            port,
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"seats":',
        )
        for _ in range(20)
    ]
    started = time.monotonic()
    # Meanwhile an ordinary client is served at once.
    r = httpx.get(f"{server.url}/api/games", timeout=5, trust_env=False)
    assert r.status_code == 200
    answers = [_answer(s) for s in [*silent, *half_headers, *short_body]]
    took = time.monotonic() - started
    assert took < TIMEOUT + 3, f"the slow connections were closed after {took:.1f} s"
    for a in answers[:20]:
        assert a == b"" or a.startswith(b"HTTP/1.1 408"), a
    for a in answers[20:]:
        assert a.startswith(b"HTTP/1.1 408 Request Timeout"), a
        assert b"did not arrive in time" in a
    # A kept-alive connection that idles is closed too (uvicorn's keep-alive timeout).
    idle = _open(port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    assert _answer(idle).startswith(b"HTTP/1.1 200")
    assert server.alive
    assert "Traceback" not in server.log()


@pytest.mark.parametrize(
    "path", ["/", "/games/abc", "/api/games", "/static/app.js", "/api/games/nosuch", "/docs"]
)
def test_every_answer_carries_the_security_headers(tmp_path: Path, path: str) -> None:
    with running(tmp_path) as client:
        r = client.get(path)
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-frame-options"] == "DENY"
        policy = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy
        if path != "/docs":
            assert policy == PAGE_POLICY
            script = next(d for d in policy.split("; ") if d.startswith("script-src"))
            assert script == "script-src 'self'"  # no inline script, no eval


def test_a_refused_body_carries_them_too(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        r = client.post("/api/games", content=b"x" * (1 << 20))
        assert r.status_code == 413
        assert r.headers["content-security-policy"] == PAGE_POLICY


def test_forwarded_headers_are_trusted_only_from_the_proxy(
    servers: ServerPool, sqlite_url: str
) -> None:
    """Seat links follow the proxy's scheme and host when the proxy (here: loopback, the
    default trusted address) says so; a server trusting nobody ignores the same headers."""
    body = {"seats": [{"name": "Ann"}, {"name": "Bob"}]}
    forwarded = {"Host": "titan.example.org", "X-Forwarded-Proto": "https"}
    trusting = servers.start(sqlite_url)
    r = httpx.post(f"{trusting.url}/api/games", json=body, headers=forwarded, trust_env=False)
    assert r.status_code == 201
    url = r.json()["seats"][0]["url"]
    assert url.startswith("https://titan.example.org/games/"), url
    trusting.stop()
    wary = servers.start(sqlite_url, env={"TITAN_FORWARDED_ALLOW_IPS": "192.0.2.1"})
    r = httpx.post(f"{wary.url}/api/games", json=body, headers=forwarded, trust_env=False)
    assert r.json()["seats"][0]["url"].startswith("http://titan.example.org/games/")
