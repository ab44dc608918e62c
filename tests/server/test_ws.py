"""The WebSocket in-process: the state on connecting, pushed events and prompts after each
move (by a person or a bot), spectators, reconnecting, unknown games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.inproc import act, auth, create, live, running, state
from tests.server.scripted import choose
from titan.engine import wire

Json = Any


def test_pushes_events_and_the_prompt_to_each_seat(tmp_path: Path) -> None:
    rng = random.Random(7)
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        url = f"/api/games/{gid}/ws"
        with (
            client.websocket_connect(f"{url}?token={tokens[0]}") as ann,
            client.websocket_connect(url, headers=auth(tokens[1])) as bob,
            client.websocket_connect(url) as spectator,
        ):
            sockets = [ann, bob, spectator]
            first = [ws.receive_json() for ws in sockets]
            assert [m["type"] for m in first] == ["state"] * 3
            assert [m["seat"] for m in first] == [0, 1, None]
            events: list[list[Json]] = [m["events"] for m in first]
            cursors = [m["next"] for m in first]
            for _ in range(12):
                truth = live(client, gid).game
                seat = truth.current_player()
                prompt = state(client, gid, tokens[seat])["prompt"]
                assert act(client, gid, tokens[seat], choose(prompt, rng)).status_code == 200
                truth = live(client, gid).game
                for who, ws in enumerate(sockets):
                    m = ws.receive_json()
                    assert m["type"] == "update" and m["version"] == len(truth.actions)
                    assert m["since"] == cursors[who]
                    cursors[who] = m["next"]
                    events[who] += m["events"]
                    observer = None if who == 2 else who
                    assert m["view"] == wire.encode(truth.view(observer))
                    if observer is not None and truth.current_player() == observer:
                        assert m["prompt"] == wire.encode(truth.prompt())
                    else:
                        assert m["prompt"] is None
            truth = live(client, gid).game
            for who in range(3):
                observer = None if who == 2 else who
                assert events[who] == [wire.encode(e) for e in truth.events_for(observer)]
        # Reconnecting from the last cursor sends the state with nothing missed or repeated.
        with client.websocket_connect(f"{url}?token={tokens[0]}&since={cursors[0]}") as again:
            m = again.receive_json()
            assert m["type"] == "state" and m["since"] == cursors[0] and m["events"] == []
            assert m["view"] == wire.encode(truth.view(0))


def test_a_bot_s_moves_are_pushed(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann"], ["Robot"], options={"turn_limit": 1})
        gid = game["id"]
        token = game["seats"][0]["token"]
        with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            m = ws.receive_json()
            rng = random.Random(1)
            versions = [m["version"]]
            while m["status"] != "over":
                if m["prompt"] is not None:
                    assert act(client, gid, token, choose(m["prompt"], rng)).status_code == 200
                m = ws.receive_json()
                versions.append(m["version"])
            assert versions == sorted(versions)
            truth = live(client, gid).game
            assert any(p == 1 for p, _ in truth.actions)
            assert m["view"] == wire.encode(truth.view(0))


def test_unknown_games_and_bad_cursors_close_the_socket(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        with client.websocket_connect("/api/games/nosuch/ws") as ws:
            m = ws.receive_json()
            assert m["type"] == "error" and "no game" in m["error"]
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 4404
        gid = create(client)["id"]
        with client.websocket_connect(f"/api/games/{gid}/ws?since=-1") as ws:
            assert ws.receive_json()["type"] == "error"
            assert ws.receive()["code"] == 4400
        with client.websocket_connect(f"/api/games/{gid}/ws?token=wrong") as ws:
            m = ws.receive_json()
            assert m["seat"] is None and m["prompt"] is None


@pytest.mark.parametrize(
    "since", ["²", "٣", "1e3", "+1", " 1", "0x1", "9" * 13, "9" * 5000, "%C2%B2", ""]
)
def test_odd_cursors_close_the_socket_with_4400_and_a_reason(tmp_path: Path, since: str) -> None:
    """``str.isdigit`` takes "²" and Arabic-Indic digits, which ``int`` refuses or reads; a
    5,000-digit number is work for ``int``. Each is refused in words, with close code 4400."""
    with running(tmp_path) as client:
        gid = create(client)["id"]
        with client.websocket_connect(f"/api/games/{gid}/ws?since={since}") as ws:
            m = ws.receive_json()
            assert m["type"] == "error" and m["path"] == "since"
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 4400
            assert closed["reason"] == "since must be a whole number"


def test_the_token_travels_as_a_subprotocol(tmp_path: Path) -> None:
    """Browsers cannot set headers on a WebSocket; the token goes in the subprotocol list
    (never in the URL), and the server answers with the plain ``titan`` subprotocol."""
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        url = f"/api/games/{gid}/ws"
        with client.websocket_connect(url, subprotocols=["titan", f"bearer.{tokens[1]}"]) as ws:
            assert ws.accepted_subprotocol == "titan"
            assert ws.receive_json()["seat"] == 1
        with client.websocket_connect(url, subprotocols=["titan", "bearer.wrong"]) as ws:
            assert ws.receive_json()["seat"] is None
        with client.websocket_connect(url, subprotocols=["titan"]) as ws:
            assert ws.receive_json()["seat"] is None
