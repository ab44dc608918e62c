"""A leaked seat link is replaced: the seat's holder asks for a new token, the old one holds
nothing from then on -- for reading, acting and rotating, on this process and on another one
sharing the PostgreSQL database -- and WebSockets opened with it are closed (4403)."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.harness import ServerPool
from tests.server.inproc import act, auth, create, running, state
from tests.server.scripted import choose


def test_rotating_a_token_cuts_off_the_old_one(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        me = next(i for i, t in enumerate(tokens) if state(client, gid, t)["prompt"])
        old = tokens[me]  # the deciding seat's, so that it can be seen acting
        url = f"/api/games/{gid}/ws"
        with client.websocket_connect(url, subprotocols=["titan", f"bearer.{old}"]) as ws:
            assert ws.receive_json()["seat"] == me
            r = client.post(f"/api/games/{gid}/token", headers=auth(old))
            assert r.status_code == 200, r.text
            new = r.json()["token"]
            assert new != old and r.json()["url"].endswith(f"/games/{gid}#token={new}")
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 4403
        assert state(client, gid, old)["seat"] is None  # a spectator now
        assert state(client, gid, new)["seat"] == me
        prompt = state(client, gid, new)["prompt"]
        move = choose(prompt, random.Random(1))
        assert act(client, gid, old, move).status_code == 403
        assert client.post(f"/api/games/{gid}/token", headers=auth(old)).status_code == 403
        assert client.post(f"/api/games/{gid}/token").status_code == 401
        assert act(client, gid, new, move).status_code == 200
        with client.websocket_connect(url, subprotocols=["titan", f"bearer.{old}"]) as ws:
            assert ws.receive_json()["seat"] is None


def test_another_process_refuses_the_old_token(servers: ServerPool, pg_url: str) -> None:
    one, two = servers.start(pg_url), servers.start(pg_url)
    body = {"seats": [{"name": "Ann"}, {"name": "Bob"}]}
    game = httpx.post(f"{one.url}/api/games", json=body, trust_env=False).json()
    gid = game["id"]
    # Process two has the game in memory, with the old token, and a socket opened with it.
    states = [
        httpx.get(
            f"{two.url}/api/games/{gid}/state", headers={"Authorization": f"Bearer {s['token']}"}
        ).json()
        for s in game["seats"]
    ]
    me = next(i for i, st in enumerate(states) if st["prompt"])
    old = game["seats"][me]["token"]
    headers = {"Authorization": f"Bearer {old}"}
    ws_url = two.url.replace("http:", "ws:") + f"/api/games/{gid}/ws"
    with connect(ws_url, subprotocols=["titan", f"bearer.{old}"]) as ws:  # type: ignore[list-item]
        ws.recv(timeout=10)
        r = httpx.post(f"{one.url}/api/games/{gid}/token", headers=headers, trust_env=False)
        assert r.status_code == 200
        new = r.json()["token"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403

    def seat_on_two(token: str) -> object:
        auth_header = {"Authorization": f"Bearer {token}"}
        return httpx.get(
            f"{two.url}/api/games/{gid}/state", headers=auth_header, trust_env=False
        ).json()["seat"]

    assert seat_on_two(old) is None
    assert seat_on_two(new) == me
    prompt = httpx.get(
        f"{two.url}/api/games/{gid}/state", headers={"Authorization": f"Bearer {new}"}
    ).json()["prompt"]
    move = {"action": choose(prompt, random.Random(2))}
    refused = httpx.post(f"{two.url}/api/games/{gid}/actions", json=move, headers=headers)
    assert refused.status_code == 403


def test_the_creator_removes_a_game_until_its_first_action(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, manage = game["id"], game["manage_token"]
        seat_token = game["seats"][0]["token"]
        assert client.delete(f"/api/games/{gid}").status_code == 401
        assert client.delete(f"/api/games/{gid}", headers=auth(seat_token)).status_code == 403
        url = f"/api/games/{gid}/ws"
        with client.websocket_connect(url) as ws:
            ws.receive_json()
            assert client.delete(f"/api/games/{gid}", headers=auth(manage)).status_code == 204
            assert ws.receive_json()["type"] == "error"
            assert ws.receive()["code"] == 4404
        assert client.get(f"/api/games/{gid}").status_code == 404
        assert client.delete(f"/api/games/{gid}", headers=auth(manage)).status_code == 404
        assert gid not in {g["id"] for g in client.get("/api/games").json()["games"]}
        # Once an action has been taken, the game is the players' and stays.
        begun = create(client, ["Cy", "Dee"])
        tokens = [s["token"] for s in begun["seats"]]
        me = next(i for i, t in enumerate(tokens) if state(client, begun["id"], t)["prompt"])
        move = choose(state(client, begun["id"], tokens[me])["prompt"], random.Random(3))
        assert act(client, begun["id"], tokens[me], move).status_code == 200
        r = client.delete(f"/api/games/{begun['id']}", headers=auth(begun["manage_token"]))
        assert r.status_code == 409 and "begun" in r.json()["error"]
