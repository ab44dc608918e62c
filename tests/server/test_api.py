"""The HTTP API in-process: a complete game through it, the record that replays it, imports,
what spectators see, and the lobby."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.server.inproc import act, create, live, running, state, wait_for
from tests.server.scripted import choose
from titan.engine import wire
from titan.engine.game import Game
from titan.engine.record import make_record
from titan.play import play

Json = Any


def test_a_game_between_two_people_and_a_bot_is_played_to_the_end(tmp_path: Path) -> None:
    """Two scripted clients that know nothing of the rules post the prompt's options back
    unchanged; the bot plays in the server (in a worker process, as `titan serve` runs it).
    The record, given out once the game is over, replays to the same final state."""
    rng = random.Random(11)
    with running(tmp_path, bot_pool="process") as client:
        game = create(client, ["Ann", "Bob"], ["Robot"])
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        assert tokens[2] is None and game["seats"][2]["url"] is None
        assert game["seats"][0]["url"].endswith(f"/games/{gid}#token={tokens[0]}")
        cursors = [0, 0]
        seen: list[list[Json]] = [[], []]
        acted = 0
        final = None
        while final is None:

            def mine() -> tuple[int, Json] | None:
                for seat in (0, 1):
                    s = state(client, gid, tokens[seat], since=cursors[seat])
                    assert s["since"] == cursors[seat] and s["seat"] == seat
                    seen[seat] += s["events"]
                    cursors[seat] = s["next"]
                    if s["status"] == "over" or s["prompt"] is not None:
                        return seat, s
                return None

            seat, s = wait_for(mine, what="a human's turn or the end")
            if s["status"] == "over":
                final = s
                break
            assert s["prompt"]["player"] == seat
            r = act(client, gid, tokens[seat], choose(s["prompt"], rng))
            assert r.status_code == 200, r.text
            reply = r.json()
            assert reply["seat"] == seat and reply["version"] >= 1
            acted += 1
            assert acted < 5000, "the game does not end"
        view = final["view"]
        # A winner, or a draw (errata 19.3: the last two Titans slain together): no one left.
        assert view["over"]
        alive = {p["index"] for p in view["players"] if p["alive"]}
        assert view["winner"] in alive if view["winner"] is not None else not alive, view
        finals = [state(client, gid, tokens[seat]) for seat in (0, 1)]
        record_reply = client.get(f"/api/games/{gid}/record")
        assert record_reply.status_code == 200, record_reply.text
        record = record_reply.json()
        seed = live(client, gid).seed
    assert sum(1 for a in record["actions"] if a["player"] == 2) > 0, "the bot never moved"
    assert record["seed"] == seed and record["seats"] == ["Ann", "Bob", "Robot"]
    replayed = Game.load(record)
    assert replayed.state.over
    for seat in (0, 1):
        events = [wire.encode(e) for e in replayed.events_for(seat)]
        assert finals[seat]["view"] == wire.encode(replayed.view(seat))
        assert finals[seat]["events"] == events
        assert seen[seat] == events[: len(seen[seat])]  # read piecemeal with since=


def test_what_the_state_holds_for_seats_and_spectators(tmp_path: Path) -> None:
    rng = random.Random(3)
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        # Play on until some legion's contents are hidden from the spectator (a split).
        for _ in range(60):
            truth = live(client, gid).game
            if any(not lg.complete for lg in truth.view(None).legions):
                break
            seat = truth.current_player()
            prompt = state(client, gid, tokens[seat])["prompt"]
            assert act(client, gid, tokens[seat], choose(prompt, rng)).status_code == 200
        truth = live(client, gid).game
        spectator = state(client, gid)
        assert spectator["seat"] is None and spectator["prompt"] is None
        assert spectator["view"] == wire.encode(truth.view(None))
        assert spectator["events"] == [wire.encode(e) for e in truth.events_for(None)]
        hidden = [lg for lg in spectator["view"]["legions"] if not lg["complete"]]
        assert hidden, "no split happened"
        for lg in hidden:
            owner = state(client, gid, tokens[lg["owner"]])
            whole = next(x for x in owner["view"]["legions"] if x["marker"] == lg["marker"])
            assert whole["complete"] and len(whole["known"]) == whole["height"]
            assert len(lg["known"]) < lg["height"]
        assert any(e.audience is not None for e in truth.history)
        assert len(spectator["events"]) < len(truth.history)
        for seat in (0, 1):
            mine = state(client, gid, tokens[seat])
            assert mine["view"] == wire.encode(truth.view(seat))
            assert mine["events"] == [wire.encode(e) for e in truth.events_for(seat)]
            must = truth.current_player() == seat
            assert (mine["prompt"] is not None) == must
            if must:
                assert mine["prompt"] == wire.encode(truth.prompt())
            # resuming: the rest from any point
            rest = state(client, gid, tokens[seat], since=3)
            assert rest["since"] == 3 and rest["events"] == mine["events"][3:]
            assert state(client, gid, tokens[seat], since=10**6)["events"] == []
        assert str(live(client, gid).seed) not in client.get(f"/api/games/{gid}/state").text


def test_lobby_and_summary(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"], options={"point_target": 500, "turn_limit": 9})
        gid = game["id"]
        lobby = client.get("/api/games").json()["games"]
        assert [g["id"] for g in lobby] == [gid]
        summary = client.get(f"/api/games/{gid}").json()
        assert summary == lobby[0]
        assert summary["status"] == "open" and summary["version"] == 0
        assert summary["options"] == {"titan_variant": False, "point_target": 500, "turn_limit": 9}
        assert [s["taken"] for s in summary["seats"]] == [False, False]
        assert "seed" not in summary and "token" not in str(summary)
        for seat in (0, 1):  # reading the state with a seat's token takes the seat
            state(client, gid, game["seats"][seat]["token"])
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["status"] == "running" and [s["taken"] for s in summary["seats"]] == [
            True,
            True,
        ]
        assert client.get("/api/games", params={"status": "open"}).json()["games"] == []
        assert len(client.get("/api/games", params={"status": "running"}).json()["games"]) == 1


def test_a_finished_record_imports_and_a_partial_one_plays_on(tmp_path: Path) -> None:
    finished = play(4, 2)
    with running(tmp_path) as client:
        r = client.post("/api/games/import", json={"record": finished.save()})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        assert client.get(f"/api/games/{gid}").json()["status"] == "over"
        assert client.get(f"/api/games/{gid}/record").json() == finished.save()
        # The first 20 actions of it, with one seat a computer now: play goes on.
        partial = Game.new("default", finished.seats, finished.seed or 0)
        for player, action in finished.actions[:20]:
            partial.act(player, action)
        record = make_record(
            "default", partial.seats, partial.seed or 0, partial.state.options, partial.actions
        )
        body = {"record": record, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
        r = client.post("/api/games/import", json=body)
        assert r.status_code == 201, r.text
        imported = r.json()
        assert imported["seats"][1]["token"] is None
        gid = imported["id"]
        assert state(client, gid)["version"] >= 20
        rng = random.Random(1)
        token = imported["seats"][0]["token"]
        s = wait_for(lambda: (x := state(client, gid, token))["prompt"] and x)
        assert act(client, gid, token, choose(s["prompt"], rng)).status_code == 200
        # A record that does not check out is refused, naming where.
        record["actions"][3]["player"] = 1 - record["actions"][3]["player"]
        r = client.post("/api/games/import", json={"record": record})
        assert r.status_code == 422 and r.json()["path"] == "record.digest", r.text
        del record["digest"]
        r = client.post("/api/games/import", json={"record": record})
        assert r.status_code == 422, r.text
        r = client.post("/api/games/import", json={"record": record, "seats": [{"kind": "x"}]})
        assert r.status_code == 422, r.text


def test_openapi_and_schema(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        spec = client.get("/openapi.json").json()
        schema = client.get("/api/schema").json()
    paths = spec["paths"]
    for path in (
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/state",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/record",
        "/api/games/import",
    ):
        assert path in paths, path
    components = spec["components"]["schemas"]
    for name in ("PlayerView", "Prompt", "Action", "Event", "GameState", "ErrorOut", "GameRecord"):
        assert name in components, name
    text = str(spec)
    for ref in set(_refs(spec)):
        assert ref.startswith("#/components/schemas/"), ref
        assert ref.rsplit("/", 1)[1] in components, ref
    assert "#/$defs/" not in text
    assert set(schema["$defs"]) <= set(components)
    # The seat's token is a bearer token: needed to act, optional to read.
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    assert paths["/api/games/{game_id}/actions"]["post"]["security"] == [{"HTTPBearer": []}]
    assert paths["/api/games/{game_id}/state"]["get"]["security"] == [{"HTTPBearer": []}, {}]
    assert "security" not in paths["/api/games"]["post"]


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []
