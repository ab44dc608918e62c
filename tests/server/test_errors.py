"""Refusals, in-process: every bad request answers 4xx with ``{error, rule, path}`` and a clear
message, and changes nothing (each seat's state is compared before and after)."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import titan.server
from tests.server.inproc import act, auth, create, deciding, play_some, running, state
from titan.server.errors import STATUS
from titan.server.refusals import Refused

Json = Any


def _error(r: Any, status: int, *, says: str = "", rule: str | None = None) -> dict[str, Json]:
    assert r.status_code == status, f"expected {status}, got {r.status_code}: {r.text}"
    body: dict[str, Json] = r.json()
    assert set(body) == {"error", "rule", "path"}, body
    assert isinstance(body["error"], str) and body["error"]
    assert says.lower() in body["error"].lower(), body
    if rule is not None:
        assert body["rule"] == rule, body
    return body


def test_bad_requests_are_refused_and_change_nothing(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        play_some(client, game, 4, random.Random(2))

        def everything() -> list[Json]:
            return [state(client, gid, t) for t in (None, *tokens)]

        before = everything()
        seat = deciding(client, gid)
        good = state(client, gid, tokens[seat])["prompt"]["options"][0]
        url = f"/api/games/{gid}/actions"
        me, other = auth(tokens[seat]), auth(tokens[1 - seat])

        _error(client.post(url, json={"action": good}), 401, says="token")
        assert client.post(url, json={"action": good}).headers["WWW-Authenticate"] == "Bearer"
        # A request with two faults answers for the body first, whatever its token.
        _error(client.post(url, json={"move": good}), 422)
        _error(client.post("/api/games/nosuchgame/actions", json={"move": good}), 422)
        _error(client.post(url, json={"action": good}, headers=auth("nope")), 403)
        _error(client.post(url, json={"action": good}, headers=other), 409, rule="errata 1.3")
        _error(client.post(url, content=b"{not json", headers=me), 400, says="JSON")
        _error(client.post(url, content=b"[1, 2]", headers=me), 422)
        _error(client.post(url, json={"move": good}, headers=me), 422)
        _error(client.post(url, json={"action": good, "extra": 1}, headers=me), 422)
        _error(client.post(url, json={"action": "move"}, headers=me), 422)
        _error(client.post(url, json={"action": {"type": "fly"}}, headers=me), 422, says="fly")
        wrong = {**good, **{k: "7" for k in good if k != "type"}} if len(good) > 1 else good
        if wrong != good:
            body = _error(act(client, gid, tokens[seat], wrong), 422)
            assert "expected" in body["error"].lower(), body
        illegal = {
            "type": "move",
            "legion": "Bk01",
            "land": 1000,
            "side": None,
            "teleport": None,
            "lord": None,
        }
        _error(act(client, gid, tokens[seat], illegal), 422)
        _error(client.post(url, content=b"x" * 70_000, headers=me), 413)
        _error(
            client.post("/api/games/nosuchgame/actions", json={"action": good}, headers=me),
            404,
            says="no game",
        )
        _error(client.get("/api/games/nosuchgame"), 404)
        _error(client.get("/api/games/nosuchgame/state"), 404)
        _error(client.get("/api/games/nosuchgame/record"), 404)
        _error(client.get(f"/api/games/{gid}/state", params={"since": -1}), 422)
        _error(client.get("/api/games/nosuchgame/state", params={"since": -1}), 422)
        _error(client.get(f"/api/games/{gid}/record"), 409, says="seed")
        _error(client.get("/api/nothing"), 404)
        assert everything() == before
        # ... and the right action from the right seat is accepted.
        assert act(client, gid, tokens[seat], good).status_code == 200


def test_bad_games_are_refused(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        cases: list[tuple[Json, str]] = [
            ({"seats": [{"name": "Solo"}]}, "seats"),
            ({"seats": [{"name": "A"}, {"name": "A"}]}, "already seated"),
            ({"seats": [{"name": "A"}, {"name": " "}]}, "seats[1]"),
            ({"seats": [{"name": "A"}, {"name": "B", "kind": "alien"}]}, "kind"),
            ({"seats": [{"name": "A"}, {"name": "B", "kind": "bot", "level": "god"}]}, "god"),
            ({"seats": [{"name": "A"}, {"name": "B", "level": "random"}]}, "bot"),
            ({"seats": [{"name": "A"}, {"name": "B"}], "variant": "../etc"}, "variant"),
            ({"seats": [{"name": "A"}, {"name": "B"}], "options": {"turn_limit": 0}}, "turn"),
            ({"seats": [{"name": "A"}, {"name": "B"}], "options": {"turn_limit": "5"}}, "turn"),
            ({"seats": [{"name": "A"}, {"name": "B"}], "options": {"mulligans": 2}}, "mulligan"),
            ({"seats": [{"name": "A"}, {"name": "B"}], "seed": 5}, "seed"),
            ({"seats": [{"name": "A"}, {"name": "B"}], "options": {"titan_variant": 1}}, "titan"),
        ]
        for body, says in cases:
            _error(client.post("/api/games", json=body), 422, says=says)
        assert client.get("/api/games").json()["games"] == []


def test_actions_after_the_end_are_refused(tmp_path: Path) -> None:
    from titan.play import play

    finished = play(2, 2)
    with running(tmp_path) as client:
        r = client.post("/api/games/import", json={"record": finished.save()})
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        before = state(client, gid, token)
        last = finished.save()["actions"][-1]["action"]
        _error(act(client, gid, token, last), 409, says="over", rule="errata 19.0")
        assert state(client, gid, token) == before


# The modules that speak HTTP; the others (the service, the store, the lobby, ...) raise
# domain exceptions and know nothing of statuses.
WEB_MODULES = {
    "account_api",
    "account_deps",
    "api",
    "api_clocks",
    "api_social",
    "app",
    "deps",
    "errors",
    "estimate",
    "headers",
    "limits",
    "musters",
    "notice_api",
    "openapi",
    "ratings_api",
    "ratelimit",
    "replay",
    "serve",
    "sessions",
    "timeouts",
    "web",
    "ws",
}


def test_refusals_become_statuses_only_in_errors() -> None:
    assert set(STATUS) == set(Refused.__subclasses__())
    server = Path(titan.server.__file__).parent
    web = {"fastapi", "starlette", "uvicorn"} | {f"titan.server.{m}" for m in WEB_MODULES}
    for path in sorted(server.glob("*.py")):
        if path.stem in WEB_MODULES:
            continue
        imported: list[str] = []
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                imported += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        wrong = [m for m in imported if m in web or m.split(".")[0] in web]
        assert not wrong, f"{path.name} imports {wrong}: only {sorted(WEB_MODULES)} speak HTTP"
