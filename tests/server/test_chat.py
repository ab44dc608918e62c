"""The chat: seats and spectators post and read over HTTP and the WebSocket; a spectator never
gets a players' line, by any route or cursor (nor a hint of where one was); lengths, control
characters and names are refused with their reasons; the chat rate limit answers 429; system
lines for joins and withdrawals; lines survive a restart, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.inproc import act, auth, create, deciding, live, running, state, wait_for
from tests.server.scripted import choose
from titan.server.chat import MAX_TEXT
from titan.server.deps import Server
from titan.server.ratelimit import request_kind
from titan.server.rates import DEFAULT_RATES, Rate, parse_rates

Json = Any
SECRET = "players-only-7f3a"  # in every players' line, to search the spectators' bytes for


def say(client: Any, gid: str, text: str, token: str | None = None, **body: Json) -> Any:
    return client.post(f"/api/games/{gid}/chat", json={"text": text, **body}, headers=auth(token))


def read(client: Any, gid: str, token: str | None = None, since: int = 0) -> Json:
    r = client.get(f"/api/games/{gid}/chat", params={"since": since}, headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def server(client: Any) -> Server:
    srv: Server = client.app.state.titan
    return srv


def withdraw_when_allowed(client: Any, gid: str, tokens: list[str]) -> int:
    """Play on (randomly) until a seat may withdraw (errata 20.4), then withdraw it; returns
    the seat."""
    rng = random.Random(3)
    for _ in range(400):
        seat = state(client, gid)["view"]["deciding"]
        prompt = state(client, gid, tokens[seat])["prompt"]
        quit_ = [o for o in prompt["options"] if o["type"] == "withdraw"]
        action = quit_[0] if quit_ else choose(prompt, rng)
        assert act(client, gid, tokens[seat], action).status_code == 200
        if quit_:
            return int(seat)
    raise AssertionError("no seat was ever offered to withdraw")


def test_seats_and_spectators_chat_and_lines_survive_a_restart(db_url: str) -> None:
    with running(db_url) as client:
        game = create(client, ["Ann", "Bob"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        url = f"/api/games/{gid}/ws?chat_since=0"
        with (
            client.websocket_connect(url, subprotocols=["titan", f"bearer.{tokens[0]}"]) as ann,
            client.websocket_connect(url) as watcher,
        ):
            for ws in (ann, watcher):
                assert ws.receive_json()["type"] == "state"
            # Ann's socket used her token: she joined (a system line everyone reads).
            assert [ln["text"] for ln in ann.receive_json()["lines"]] == ["Ann joined the game"]
            assert [ln["text"] for ln in watcher.receive_json()["lines"]] in (
                [],
                ["Ann joined the game"],
            )
            r = say(client, gid, f"hello Bob {SECRET}", tokens[0])
            assert r.status_code == 201, r.text
            line = r.json()
            assert (line["channel"], line["seat"], line["name"]) == ("players", 0, "Ann")
            assert line["at"] == 0 and line["i"] == 1
            r = say(client, gid, "<script>alert(1)</script>", name="Zoe")
            assert r.status_code == 201, r.text
            assert r.json()["channel"] == "spectators" and r.json()["name"] == "Zoe"
            r = say(client, gid, "welcome, Zoe", tokens[1], channel="spectators")
            assert r.status_code == 201 and r.json()["name"] == "Bob"

            got: list[Json] = []
            while len(got) < 4:  # her line, Zoe's, Bob's join (his first use of his token), his
                got += ann.receive_json()["lines"]
            texts = [ln["text"] for ln in got]
            assert texts == [
                f"hello Bob {SECRET}",
                "<script>alert(1)</script>",
                "Bob joined the game",
                "welcome, Zoe",
            ]
            public: list[Json] = []
            while not any(ln["text"] == "welcome, Zoe" for ln in public):
                message = watcher.receive_json()
                assert message["type"] == "chat"
                public += message["lines"]
            public = [ln for ln in public if ln["text"] != "Ann joined the game"]
            assert [ln["text"] for ln in public] == [
                "<script>alert(1)</script>",
                "Bob joined the game",
                "welcome, Zoe",
            ]
        # After a restart (a fresh server on the same database) everything is read back.
    with running(db_url) as client:
        seat_view = read(client, gid, tokens[1])
        assert [ln["text"] for ln in seat_view["lines"]] == [
            "Ann joined the game",
            f"hello Bob {SECRET}",
            "<script>alert(1)</script>",
            "Bob joined the game",
            "welcome, Zoe",
        ]
        assert [ln["i"] for ln in seat_view["lines"]] == [0, 1, 2, 3, 4]
        assert seat_view["next"] == 5
        public_view = read(client, gid)
        assert [ln["i"] for ln in public_view["lines"]] == [0, 1, 2, 3]  # no gap where Ann spoke
        assert SECRET not in json.dumps(public_view)
        assert read(client, gid, tokens[0], since=3)["lines"][0]["text"] == "Bob joined the game"
        with client.websocket_connect(f"/api/games/{gid}/ws?chat_since=3") as ws:
            assert ws.receive_json()["type"] == "state"
            assert [ln["i"] for ln in ws.receive_json()["lines"]] == [3]


def test_a_spectator_never_gets_a_players_line(db_url: str) -> None:
    """Spectators (no token, a wrong token, another game's seat token) by HTTP from every
    cursor and by WebSocket, while seats talk on both channels and play: not one players'
    line, and numbers without gaps, so not even where the players spoke shows."""
    rng = random.Random(5)
    with running(db_url) as client:
        game = create(client, ["Ann", "Bob"])
        other = create(client, ["Cy", "Di"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        outsiders: list[str | None] = [None, "not-a-token", other["seats"][0]["token"]]
        url = f"/api/games/{gid}/ws?chat_since=0"
        sockets = [
            client.websocket_connect(url),
            client.websocket_connect(url, subprotocols=["titan", "bearer.wrong"]),
            client.websocket_connect(url, headers=auth(other["seats"][1]["token"])),
        ]
        raw: list[list[str]] = [[] for _ in sockets]
        with sockets[0] as s0, sockets[1] as s1, sockets[2] as s2:
            opened = [s0, s1, s2]
            for i, ws in enumerate(opened):
                first = ws.receive_json()
                assert first["seat"] is None
                raw[i].append(ws.receive_text())  # the chat backlog
            said_public = 0
            for k in range(12):
                seat = k % 2
                assert say(client, gid, f"{SECRET} {k}", tokens[seat]).status_code == 201
                if k % 3 == 0:
                    r = say(client, gid, f"public {k}", tokens[seat], channel="spectators")
                    assert r.status_code == 201
                    said_public += 1
                deciding = live(client, gid).game.current_player()
                prompt = state(client, gid, tokens[deciding])["prompt"]
                assert act(client, gid, tokens[deciding], choose(prompt, rng)).status_code == 200
            # Each outsider's socket gets the public lines (the joins included) and the
            # moves; read until all public lines are in.
            for i, ws in enumerate(opened):
                lines = [ln for m in raw[i] for ln in json.loads(m).get("lines", [])]
                while len([ln for ln in lines if ln["channel"] != "system"]) < said_public:
                    text = ws.receive_text()
                    raw[i].append(text)
                    message = json.loads(text)
                    if message["type"] == "chat":
                        lines += message["lines"]
                    else:
                        assert message["type"] == "update" and message["seat"] is None
                assert [ln["i"] for ln in lines] == list(range(len(lines)))
                assert all(ln["channel"] != "players" for ln in lines)
                assert not any(SECRET in text for text in raw[i])
        for outsider in outsiders:
            for since in range(0, 40):
                page = read(client, gid, outsider, since)
                assert SECRET not in json.dumps(page)
                assert all(ln["i"] >= since for ln in page["lines"])
        full = read(client, gid, tokens[0])["lines"]
        assert sum(SECRET in ln["text"] for ln in full) == 12


def test_refusals_lengths_control_characters_and_names(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, ann = game["id"], game["seats"][0]["token"]

        def refused(status: int, path: str | None, *args: Any, **kw: Any) -> None:
            r = say(client, gid, *args, **kw)
            assert r.status_code == status, r.text
            assert r.json()["path"] == path, r.text

        assert say(client, gid, "x" * MAX_TEXT, ann).status_code == 201
        assert say(client, gid, "  trimmed  ", ann).json()["text"] == "trimmed"
        refused(422, "text", "x" * (MAX_TEXT + 1), ann)
        refused(422, "text", "", ann)
        refused(422, "text", " \t ", ann)
        for bad in ("two\nlines", "bell\x07", "nul\x00", "esc\x1b[31m", "del\x7fx", "next\x85line"):
            refused(422, "text", bad, ann)
        r = client.post(
            f"/api/games/{gid}/chat",
            content=b'{"text": "half a pair \\ud800"}',
            headers={**auth(ann), "Content-Type": "application/json"},
        )
        assert r.status_code == 422, r.text
        refused(422, "name", "hi", ann, name="Imposter")  # a seat speaks as itself
        refused(401, None, "hi", channel="players", name="Zoe")  # the players' channel
        refused(403, None, "hi", "not-a-token")  # a token, but no seat's
        refused(422, "name", "hi")  # a spectator needs a name
        refused(422, "name", "hi", name="  ")
        refused(422, "name", "hi", name="aNN")  # a seat's name, whatever the case
        refused(422, "name", "hi", name="Z" * 41)
        refused(422, "name", "hi", name="Zo\x1be")
        refused(422, "channel", "hi", ann, channel="everyone")
        refused(422, "extra", "hi", ann, extra=1)
        assert client.post(f"/api/games/{gid}/chat", json={"text": 5}).status_code == 422
        assert say(client, "nosuch", "hi", name="Zoe").status_code == 404
        # Nothing refused was stored: the join, and the two lines that passed.
        assert [ln["channel"] for ln in read(client, gid, ann)["lines"]] == [
            "system",
            "players",
            "players",
        ]
        assert client.get(f"/api/games/{gid}/chat", params={"since": -1}).status_code == 422
        assert client.get(f"/api/games/{gid}/chat", params={"since": 2**40}).status_code == 422
        with client.websocket_connect(f"/api/games/{gid}/ws?chat_since=x") as ws:
            assert ws.receive_json()["path"] == "chat_since"
            assert ws.receive()["code"] == 4400
        # A game's chat has a cap.
        server(client).chat.max_lines = 4
        assert say(client, gid, "fourth", ann).status_code == 201
        r = say(client, gid, "fifth", ann)
        assert r.status_code == 429 and "full" in r.json()["error"]


def test_the_chat_is_a_rate_limit_kind_of_its_own() -> None:
    assert parse_rates("chat=5/10")["chat"] == Rate(5, 10)
    assert DEFAULT_RATES["chat"] == parse_rates("")["chat"]

    def kind(method: str, path: str) -> str:
        return request_kind({"type": "http", "method": method, "path": path})

    assert kind("POST", "/api/games/abc/chat") == "chat"
    assert kind("GET", "/api/games/abc/chat") == "read"
    assert kind("POST", "/api/games/abc/rematch") == "create"  # it makes a game


def test_chat_lines_are_rate_limited_per_client(tmp_path: Path) -> None:
    with running(tmp_path, rates=parse_rates("chat=3/60,read=1000/1")) as client:
        game = create(client, ["Ann", "Bob"])
        gid, ann = game["id"], game["seats"][0]["token"]
        assert [say(client, gid, f"line {i}", ann).status_code for i in range(3)] == [201] * 3
        r = say(client, gid, "one too many", ann)
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
        assert "chat" in r.json()["error"]
        assert say(client, gid, "me neither", name="Zoe").status_code == 429  # same client
        assert client.get(f"/api/games/{gid}/chat").status_code == 200  # reading is not chat
        assert len(read(client, gid, ann)["lines"]) == 4  # the join and three lines


def test_system_lines_for_joins_withdrawals_and_the_clocks(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        state(client, gid, tokens[1])
        state(client, gid, tokens[1])  # once only
        state(client, gid, tokens[0])
        quitter = withdraw_when_allowed(client, gid, tokens)
        truth = live(client, gid)

        def system() -> list[Json]:
            return [ln for ln in read(client, gid)["lines"] if ln["channel"] == "system"]

        wait_for(lambda: len(system()) == 3, what="the withdrawal's line")
        name = truth.seats[quitter].name
        lines = system()
        assert [ln["text"] for ln in lines] == [
            "Bob joined the game",
            "Ann joined the game",
            f"{name} withdrew from the game",
        ]
        assert lines[2]["seat"] == quitter and lines[2]["at"] == truth.version
        # The helper the clocks will call.
        assert client.portal is not None
        client.portal.call(server(client).chat.announce, truth, 1, "timed_out")
        assert system()[-1]["text"] == "Bob ran out of time"


@pytest.mark.parametrize("channel", ["players", "spectators"])
def test_a_seat_reads_both_channels_and_resumes_on_its_socket(tmp_path: Path, channel: str) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        url = f"/api/games/{gid}/ws?chat_since=0"
        with client.websocket_connect(url, headers=auth(tokens[1])) as bob:
            bob.receive_json()
            backlog = bob.receive_json()["lines"]
            assert say(client, gid, "one", tokens[0], channel=channel).status_code == 201
            got: list[Json] = []
            while not any(ln["text"] == "one" for ln in got):
                got += bob.receive_json()["lines"]
            cursor = got[-1]["i"] + 1
        assert say(client, gid, "two", tokens[0], channel=channel).status_code == 201
        again = f"/api/games/{gid}/ws?chat_since={cursor}"
        with client.websocket_connect(again, headers=auth(tokens[1])) as bob:
            bob.receive_json()
            assert [ln["text"] for ln in bob.receive_json()["lines"]] == ["two"]
        assert backlog and backlog[0]["text"] == "Bob joined the game"


def test_a_socket_that_does_not_ask_for_the_chat_keeps_its_old_shape(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        with client.websocket_connect(f"/api/games/{gid}/ws", headers=auth(tokens[0])) as ann:
            assert ann.receive_json()["type"] == "state"
            assert say(client, gid, "hello", tokens[1]).status_code == 201
            seat = deciding(client, gid)
            prompt = state(client, gid, tokens[seat])["prompt"]
            assert act(client, gid, tokens[seat], prompt["options"][0]).status_code == 200
            assert ann.receive_json()["type"] == "update"  # no chat message before it


def test_the_new_endpoints_are_described(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        paths = client.get("/openapi.json").json()["paths"]
        assert set(paths["/api/games/{game_id}/chat"]) == {"get", "post"}
        assert set(paths["/api/games/{game_id}/rematch"]) == {"post"}
        post = paths["/api/games/{game_id}/chat"]["post"]
        assert {"401", "403", "422", "429"} <= set(post["responses"])


def test_long_chats_page_and_a_socket_gets_the_newest_lines(tmp_path: Path) -> None:
    """More lines than a socket's backlog (and than a room keeps in memory): the socket gets
    the newest 200 from its cursor, GET pages from the oldest; mixed channels, as a seat and
    as a spectator."""
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid, ann = game["id"], game["seats"][0]["token"]
        for k in range(260):
            body = {"channel": "players"} if k % 4 == 0 else {"name": "Zoe"}
            assert say(client, gid, f"line {k}", None if k % 4 else ann, **body).status_code == 201
        seat_lines = 1 + 260  # Ann's join first
        public_lines = 1 + 195
        for token, total in ((ann, seat_lines), (None, public_lines)):
            url = f"/api/games/{gid}/ws?chat_since=5"
            with client.websocket_connect(url, headers=auth(token)) as ws:
                ws.receive_json()
                got = [ln["i"] for ln in ws.receive_json()["lines"]]
            assert got == list(range(max(5, total - 200), total))
            page = read(client, gid, token, since=30)
            assert [ln["i"] for ln in page["lines"]] == list(range(30, 130))
            assert page["next"] == 130
            assert read(client, gid, token, since=total)["lines"] == []


def test_two_servers_one_join_line_and_each_other_s_lines(pg_url: str) -> None:
    """Two processes on one PostgreSQL: a seat first seen by both is announced once, and a
    line said on either reaches the other's sockets (and only the sockets that may read it)."""
    with running(pg_url) as one, running(pg_url) as two:
        game = create(one, ["Ann", "Bob"])
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        state(two, gid)  # cached there with Ann's seat still free
        state(one, gid, tokens[0])
        state(two, gid, tokens[0])  # free there, taken in the database: no second line
        url = f"/api/games/{gid}/ws?chat_since=0"
        with (
            two.websocket_connect(url, headers=auth(tokens[1])) as bob,
            two.websocket_connect(url) as watcher,
        ):
            for ws in (bob, watcher):
                ws.receive_json()
                ws.receive_json()
            assert say(one, gid, SECRET, tokens[0]).status_code == 201
            assert say(one, gid, "for all", tokens[0], channel="spectators").status_code == 201
            seen: list[str] = []
            while "for all" not in seen:
                seen += [ln["text"] for ln in bob.receive_json()["lines"]]
            assert SECRET in seen
            heard: list[str] = []
            while "for all" not in heard:
                heard += [ln["text"] for ln in watcher.receive_json()["lines"]]
            assert SECRET not in heard
        joins = [ln["text"] for ln in read(two, gid)["lines"] if ln["channel"] == "system"]
        assert joins == ["Ann joined the game", "Bob joined the game"]
