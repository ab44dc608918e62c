"""Play again: refused before the end; one new game with the same seats (names, kinds, levels)
and options, whoever asks first and however many ask at once; each seat gets its own link, by
the endpoint and on the old game's WebSocket, and never another seat's; a spectator's socket
gets the address only. On SQLite and PostgreSQL, and across two servers on one PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from tests.server.inproc import act, auth, create, deciding, running, service, state, wait_for
from tests.server.scripted import choose

Json = Any
OPTIONS = {"turn_limit": 1, "point_target": 500}


def finish(client: Any, game: Json) -> None:
    """Play the (short) game to its end through the API, as its human seats."""
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    rng = random.Random(11)
    for _ in range(3000):
        if state(client, gid)["status"] == "over":
            return
        seat = deciding(client, gid)
        prompt = state(client, gid, tokens[seat])["prompt"]
        assert act(client, gid, tokens[seat], choose(prompt, rng)).status_code == 200
    raise AssertionError("the game did not end")


def again(client: Any, gid: str, token: str | None) -> Any:
    return client.post(f"/api/games/{gid}/rematch", headers=auth(token))


def test_a_rematch_has_the_same_seats_and_options_and_one_link_per_seat(db_url: str) -> None:
    with running(db_url) as client:
        game = create(client, ["Ann", "Bob"], options=OPTIONS)
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        r = again(client, gid, tokens[0])
        assert r.status_code == 409 and "finished" in r.json()["error"]
        finish(client, game)
        assert again(client, gid, None).status_code == 401
        assert again(client, gid, "not-a-token").status_code == 403
        r = again(client, gid, tokens[1])
        assert r.status_code == 200, r.text
        bob = r.json()
        new = bob["game"]
        assert new != gid and bob["seat"] == 1
        assert bob["url"].endswith(f"/games/{new}#token={bob['token']}")
        ann = again(client, gid, tokens[0]).json()
        assert ann["game"] == new and ann["seat"] == 0 and ann["token"] != bob["token"]
        assert again(client, gid, tokens[0]).json() == ann  # the same link every time
        summary = client.get(f"/api/games/{new}").json()
        old = client.get(f"/api/games/{gid}").json()
        assert summary["options"] == old["options"]
        assert [(s["name"], s["kind"], s["level"]) for s in summary["seats"]] == [
            (s["name"], s["kind"], s["level"]) for s in old["seats"]
        ]
        assert summary["status"] == "open" and summary["version"] == 0
        # Each new token holds its own seat, and the old ones none.
        assert state(client, new, ann["token"])["seat"] == 0
        assert state(client, new, bob["token"])["seat"] == 1
        assert state(client, new, tokens[0])["seat"] is None
        assert client.get(f"/api/games/{new}").json()["status"] == "running"  # both taken
    with running(db_url) as client:  # after a restart: the same game, the same links
        assert again(client, gid, tokens[1]).json() == bob


def test_kinds_and_levels_carry_over_and_a_computer_seat_plays_at_once(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        seats = [{"name": "Ann"}, {"name": "Robot", "kind": "bot", "level": "random"}]
        r = client.post("/api/games", json={"seats": seats, "options": OPTIONS, "unlisted": True})
        game = r.json()
        gid, token = game["id"], game["seats"][0]["token"]
        rng = random.Random(2)
        with client.websocket_connect(f"/api/games/{gid}/ws", headers=auth(token)) as ws:
            m = ws.receive_json()
            while m["status"] != "over":
                if m["prompt"] is not None:
                    assert act(client, gid, token, choose(m["prompt"], rng)).status_code == 200
                m = ws.receive_json()
        link = again(client, gid, token).json()
        seats = client.get(f"/api/games/{link['game']}").json()["seats"]
        assert [(s["kind"], s["level"], s["taken"]) for s in seats] == [
            ("human", None, False),
            ("bot", "random", True),
        ]
        new = link["game"]
        assert all(g["id"] != new for g in client.get("/api/games").json()["games"])  # unlisted
        # Whoever moves first, the game is not stuck on its computer seat.
        wait_for(lambda: state(client, new, link["token"])["prompt"] is not None, what="a turn")


def test_each_seat_s_socket_gets_its_own_link_and_a_spectator_none(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob", "Cy"], options=OPTIONS)
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        finish(client, game)
        url = f"/api/games/{gid}/ws?chat_since=0"
        opened = [
            client.websocket_connect(url, subprotocols=["titan", f"bearer.{tokens[0]}"]),
            client.websocket_connect(url, headers=auth(tokens[1])),
            client.websocket_connect(url),
        ]
        with opened[0] as ann, opened[1] as bob, opened[2] as spectator:
            sockets = [ann, bob, spectator]
            for ws in sockets:
                assert ws.receive_json()["type"] == "state"
                assert ws.receive_json()["type"] == "chat"
            r = again(client, gid, tokens[2])  # Cy asks; Cy has no socket open
            assert r.status_code == 200
            new = r.json()["game"]
            told: list[Json] = []
            raw: list[str] = []
            for ws in sockets:
                while True:
                    text = ws.receive_text()
                    message = json.loads(text)
                    if message["type"] == "rematch":
                        raw.append(text)
                        told.append(message)
                        break
        assert [m["game"] for m in told] == [new] * 3
        assert [m["seat"] for m in told] == [0, 1, None]
        for seat in (0, 1):
            link = told[seat]
            assert link["url"] == f"http://testserver/games/{new}#token={link['token']}"
            assert state(client, new, link["token"])["seat"] == seat
            assert again(client, gid, tokens[seat]).json()["token"] == link["token"]
        assert told[0]["token"] != told[1]["token"]
        assert told[2]["token"] is None and told[2]["url"] == f"http://testserver/games/{new}"
        cy = r.json()["token"]
        for i, text in enumerate(raw):  # no socket carries a token that is not its own
            others = [t for j, t in enumerate((told[0]["token"], told[1]["token"], cy)) if j != i]
            assert not any(t in text for t in others)
        # A socket opened after the rematch is told at once.
        with client.websocket_connect(url, headers=auth(tokens[2])) as late:
            kinds = [late.receive_json()["type"] for _ in range(3)]
            assert kinds == ["state", "chat", "rematch"]


def test_seats_asking_at_once_make_one_game(db_url: str) -> None:
    with running(db_url) as client:
        game = create(client, ["Ann", "Bob"], options=OPTIONS)
        gid = game["id"]
        finish(client, game)
        srv = client.app.state.titan  # type: ignore[attr-defined]
        old = service(client).cached(gid)
        assert old is not None and client.portal is not None

        async def together() -> list[str]:
            return list(
                await asyncio.gather(*(srv.rematches.play_again(old, None) for _ in range(4)))
            )

        made = client.portal.call(together)
        assert len(set(made)) == 1
        listed = client.get("/api/games", params={"limit": 200}).json()["games"]
        assert sum(1 for g in listed if g["id"] != gid) == 1  # no orphan game


def test_a_rematch_made_on_one_server_reaches_the_other_s_sockets(pg_url: str) -> None:
    with running(pg_url) as one, running(pg_url) as two:
        game = create(one, ["Ann", "Bob"], options=OPTIONS)
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        finish(one, game)
        url = f"/api/games/{gid}/ws?chat_since=0"
        with two.websocket_connect(url, headers=auth(tokens[0])) as ann:
            assert [ann.receive_json()["type"] for _ in range(2)] == ["state", "chat"]
            assert (
                one.post(
                    f"/api/games/{gid}/chat", json={"text": "gg"}, headers=auth(tokens[1])
                ).status_code
                == 201
            )
            message = ann.receive_json()
            assert message["type"] == "chat" and message["lines"][-1]["text"] == "gg"
            bob = again(one, gid, tokens[1]).json()
            while (message := ann.receive_json())["type"] != "rematch":
                pass
            assert message["game"] == bob["game"] and message["token"] != bob["token"]
            assert state(two, bob["game"], message["token"])["seat"] == 0
            assert state(one, bob["game"], message["token"])["seat"] == 0
