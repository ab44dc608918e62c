"""No seat token in the server's logs, whatever a client does with it: a real ``titan serve``
at log level ``info`` (uvicorn's access log on) is sent every token in every place a client
might put it -- the header, the WebSocket's subprotocol, and the query strings that old or
careless clients use -- and its whole log is then searched for every token."""

from __future__ import annotations

import httpx
from websockets.sync.client import connect

from tests.server.harness import Api, ServerPool, bot, human


def test_no_token_reaches_the_log(servers: ServerPool, sqlite_url: str) -> None:
    server = servers.start(sqlite_url, log_level="info")
    with Api(server.url) as api:
        game = api.create_game([human("Ann"), human("Bob"), bot("Hal")])
    tokens = [game.token(s) for s in game.humans]
    ws_url = server.url.replace("http:", "ws:") + f"/api/games/{game.id}/ws"
    for token in tokens:
        base = f"{server.url}/api/games/{game.id}"
        headers = {"Authorization": f"Bearer {token}"}
        assert httpx.get(f"{base}/state", headers=headers, trust_env=False).status_code == 200
        httpx.get(f"{base}/state?token={token}", trust_env=False)
        httpx.get(f"{base}/state?since=0&access_token={token}", trust_env=False)
        with connect(f"{ws_url}?since=0&token={token}") as ws:
            assert '"seat":' in str(ws.recv(timeout=10))
        with connect(ws_url, subprotocols=["titan", f"bearer.{token}"]) as ws:  # type: ignore[list-item]
            assert '"seat":' in str(ws.recv(timeout=10))
    server.stop()
    log = server.log()
    assert "GET /api/games/" in log and "WebSocket /api/games/" in log  # the access log was on
    assert "[redacted]" in log
    for token in tokens:
        assert token not in log
