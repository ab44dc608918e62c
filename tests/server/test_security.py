"""Security of a real server on loopback: only a seat's token acts for it, a seat acting out of
turn is refused, and malformed requests of every kind (fuzzed with hypothesis) answer 4xx,
never 5xx, and change nothing: every seat's state and the record are checked afterwards.
Both databases: a value SQLite shrugs off (a NUL in a name, an over-long string) may be one
PostgreSQL refuses."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.checks import assert_names_no_character
from tests.server.harness import Api, NewGame, Server, Socket, human
from tests.server.replay import canon
from tests.server.scripted import choose
from titan.engine import wire
from titan.engine.state import Options
from titan.play import play

Json = Any
ACTION_KINDS = sorted(wire.ACTION_TYPES)


@dataclass
class Table:
    """A game in progress on a running server, a few actions in."""

    server: Server
    api: Api
    game: NewGame
    other: NewGame  # another game on the same server (its tokens must not work here)

    def deciding(self) -> int:
        seat: int = self.api.state(self.game.id)["view"]["deciding"]
        return seat

    def idle(self) -> int:
        """A seat that must not decide now."""
        return 1 - self.deciding()

    def prompt(self) -> dict[str, Json]:
        seat = self.deciding()
        prompt = self.api.state(self.game.id, self.game.token(seat))["prompt"]
        assert isinstance(prompt, dict)
        return prompt

    def snapshot(self) -> str:
        """Everything every seat and the spectator may read now, as one text."""
        states = [self.api.state(self.game.id)]
        states += [self.api.state(self.game.id, self.game.token(s)) for s in (0, 1)]
        return canon(states)


@pytest.fixture
def table(server: Server) -> Iterator[Table]:
    with Api(server.url) as api:
        game = api.create_game([human("Ann"), human("Bob")], options={"turn_limit": 5})
        other = api.create_game([human("Cy"), human("Di")])
        rng = random.Random(5)
        t = Table(server, api, game, other)
        for _ in range(8):  # towers, colours, the first splits: a game under way
            seat = t.deciding()
            r = api.act(game.id, game.token(seat), choose(t.prompt(), rng))
            assert r.status_code == 200, r.text
        yield t
    assert "Traceback" not in server.log(), server.log()


def error_of(r: httpx.Response) -> dict[str, Json]:
    """A refusal's body: ``{error, rule, path}``, a message always."""
    body = r.json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], body
    assert set(body) == {"error", "rule", "path"}, body
    return body


# --- tokens -------------------------------------------------------------------------------------


def _altered(token: str) -> str:
    """The token with its last character changed (to "A", unless it was one already)."""
    return token[:-1] + ("B" if token.endswith("A") else "A")


def test_only_the_seats_token_acts(table: Table) -> None:
    api, game = table.api, table.game
    before = table.snapshot()
    action = table.prompt()["options"][0]
    seat = table.deciding()
    url = f"/api/games/{game.id}/actions"
    body = {"action": action}
    cases: list[tuple[str, dict[str, str], tuple[int, ...]]] = [
        ("no token", {}, (401,)),
        ("an empty bearer", {"Authorization": "Bearer"}, (401,)),
        ("another scheme", {"Authorization": f"Basic {game.token(seat)}"}, (401,)),
        ("a wrong token", {"Authorization": "Bearer " + "x" * 32}, (403,)),
        ("the token, altered", {"Authorization": f"Bearer {_altered(game.token(seat))}"}, (403,)),
        ("another game's token", {"Authorization": f"Bearer {table.other.token(seat)}"}, (403,)),
        ("the other seat's token", {"Authorization": f"Bearer {game.token(1 - seat)}"}, (409,)),
    ]
    for what, headers, statuses in cases:
        r = api.http.post(url, json=body, headers=headers)
        assert r.status_code in statuses, f"{what}: {r.status_code} {r.text}"
        error_of(r)
    # The token in the query string is for WebSockets only: over HTTP it is no token.
    r = api.http.post(url, json=body, params={"token": game.token(seat)})
    assert r.status_code == 401, r.text
    assert table.snapshot() == before


def test_a_wrong_token_reads_as_a_spectator(table: Table) -> None:
    api, game = table.api, table.game
    spectator = api.state(game.id)
    assert spectator["seat"] is None and spectator["prompt"] is None
    for token in ("nonsense", table.other.token(0), game.token(0) + "x"):
        assert canon(api.state(game.id, token)) == canon(spectator)
    with Socket(table.server.url, game.id, "nonsense") as ws:
        first = ws.until(lambda m: True, timeout=10, what="the first push")
    assert first["type"] == "state"
    assert canon({k: v for k, v in first.items() if k != "type"}) == canon(spectator)


def test_a_seat_acting_out_of_turn_is_refused(table: Table) -> None:
    api, game = table.api, table.game
    before = table.snapshot()
    idle = table.idle()
    # The deciding seat's own options, and the idle seat's last prompt, are not the idle
    # seat's to play now.
    for action in table.prompt()["options"][:5]:
        r = api.act(game.id, game.token(idle), action)
        assert r.status_code == 409, r.text
        assert "not your turn" in error_of(r)["error"]
    assert table.snapshot() == before


def test_the_record_is_given_to_nobody_while_the_game_runs(table: Table) -> None:
    api, game = table.api, table.game
    for token in (None, game.token(0), game.token(1)):
        r = api.record(game.id, token)
        assert r.status_code == 409, r.text
        assert "seed" in error_of(r)["error"]


def test_an_illegal_action_names_its_rule_and_changes_nothing(table: Table) -> None:
    api, game = table.api, table.game
    before = table.snapshot()
    seat = table.deciding()
    state = api.state(game.id, game.token(seat))
    legal = {canon(o) for o in state["prompt"]["options"]}
    tried = 0
    for kind in ACTION_KINDS:
        for action in ({"type": kind}, {"type": "move", "legion": "Bk01", "land": 1000}):
            if canon(action) in legal:
                continue
            r = api.act(game.id, game.token(seat), action)
            assert r.status_code == 422, f"{action}: {r.status_code} {r.text}"
            error_of(r)
            tried += 1
    assert tried > len(ACTION_KINDS)
    assert table.snapshot() == before


# --- limits and malformed input -----------------------------------------------------------------


def test_oversized_and_pathological_bodies(table: Table) -> None:
    api, game = table.api, table.game
    before = table.snapshot()
    url = f"/api/games/{game.id}/actions"
    headers = {"Authorization": f"Bearer {game.token(table.deciding())}"}
    big = json.dumps({"action": {"type": "move", "legion": "x" * (2 * 1024 * 1024)}})
    for path in (url, "/api/games", "/api/games/import"):
        r = api.http.post(
            path,
            content=big if path != "/api/games/import" else big * 5,
            headers={**headers, "Content-Type": "application/json"},
        )
        assert r.status_code == 413, f"{path}: {r.status_code}"
        error_of(r)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server must count
        for _ in range(64):
            yield b" " * 65536

    r = api.http.post(url, content=chunks(), headers=headers)
    assert r.status_code == 413, r.status_code
    deep = "[" * 20000 + "]" * 20000  # a parser that recurses would blow its stack
    for body in (deep, '{"action": ' + deep + "}", '{"action": {"type": "move", "land": 1e999}}'):
        r = api.http.post(
            url, content=body, headers={**headers, "Content-Type": "application/json"}
        )
        assert 400 <= r.status_code < 500, f"{body[:40]}: {r.status_code} {r.text[:200]}"
    assert table.snapshot() == before


def test_unknown_games_are_404(server: Server) -> None:
    with Api(server.url) as api:
        for gid in ("0" * 16, "nope", "%00", "é" * 50, "a" * 5000):
            for r in (
                api.http.get(f"/api/games/{gid}"),
                api.http.get(f"/api/games/{gid}/state"),
                api.http.get(f"/api/games/{gid}/record"),
                api.act(gid, "token", {"type": "done_moving"}),
            ):
                assert r.status_code in (404, 414), f"{gid[:20]}: {r.status_code} {r.text[:200]}"
        with Socket(server.url, "0" * 16) as ws:
            m = ws.until(lambda m: True, timeout=10, what="an error message")
        assert m["type"] == "error"
    assert "Traceback" not in server.log(), server.log()


# --- fuzzing ------------------------------------------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(["", "\x00", "\ud800", "Bk01", "Titan", "1", "true", "-1", "é" * 300])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


def _wrong(value: Json) -> st.SearchStrategy[Json]:
    """A value of another JSON type than ``value``'s, and not null (which an optional field
    takes)."""
    return json_values.filter(lambda v: v is not None and type(v) is not type(value))


@st.composite
def mutated(draw: st.DrawFn, legal: list[Json]) -> Json:
    """A legal option made malformed: a field dropped, of the wrong type, an unknown key, or
    an unknown kind."""
    action = dict(draw(st.sampled_from(legal)))
    fields = [k for k in action if k != "type"]
    how = draw(st.sampled_from(["drop", "retype", "extra", "kind", "notype"]))
    if how == "drop" and fields:
        del action[draw(st.sampled_from(fields))]
    elif how == "retype" and fields:
        key = draw(st.sampled_from(fields))
        action[key] = draw(_wrong(action[key]))
    elif how == "extra":
        action[draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in action))] = draw(
            json_values
        )
    elif how == "notype":
        del action["type"]
    else:
        action["type"] = draw(st.text(max_size=20).filter(lambda t: t not in ACTION_KINDS))
    return action


@st.composite
def action_bodies(draw: st.DrawFn, legal: list[Json]) -> bytes:
    """A request body for POST .../actions that is not a legal action."""
    kind = draw(st.sampled_from(["bytes", "json", "action", "mutated", "kind"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        value = draw(json_values)
    elif kind == "action":
        value = {"action": draw(json_values)}
    elif kind == "mutated":
        value = {"action": draw(mutated(legal))}
    else:
        fields = draw(st.dictionaries(st.text(max_size=8), json_values, max_size=3))
        value = {"action": {**fields, "type": draw(st.sampled_from(ACTION_KINDS))}}
    return json.dumps(value).encode()


def well_formed(body: bytes) -> bool:
    """Does ``body`` hold an action the engine's wire would decode?"""
    try:
        parsed = json.loads(body)
        wire.decode_action(parsed["action"])
    except (ValueError, UnicodeDecodeError, TypeError, KeyError, wire.WireError):
        return False
    return True


def fuzz_settings(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,  # the same examples every run: a failure is reproducible
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@pytest.mark.slow
def test_fuzzed_actions_answer_4xx_and_change_nothing(table: Table) -> None:
    api, game = table.api, table.game
    before = table.snapshot()
    legal: list[Json] = table.prompt()["options"]
    seat = table.deciding()
    seen: set[int] = set()

    @fuzz_settings(200)
    @given(
        body=action_bodies(legal),
        as_seat=st.sampled_from([seat, 1 - seat]),
        content_type=st.sampled_from(["application/json", "text/plain", "", "x/y"]),
    )
    def post(body: bytes, as_seat: int, content_type: str) -> None:
        if well_formed(body):
            # It might even be legal (a split with another marker, a dropped default): only
            # the idle seat sends it, and must be refused for acting out of turn.
            as_seat = 1 - seat
        headers = {"Authorization": f"Bearer {game.token(as_seat)}"}
        if content_type:
            headers["Content-Type"] = content_type
        r = api.http.post(f"/api/games/{game.id}/actions", content=body, headers=headers)
        assert 400 <= r.status_code < 500, f"{body[:200]!r}: {r.status_code} {r.text[:300]}"
        error_of(r)
        seen.add(r.status_code)

    post()
    assert table.snapshot() == before
    assert api.record(game.id).status_code == 409
    assert seen >= {409, 422}, seen


@pytest.mark.slow
def test_fuzzed_requests_elsewhere_answer_4xx(table: Table) -> None:
    """Every other endpoint: game creation, import, state, lobby, with junk in the body, the
    path and the query string; a creation that is valid may succeed, nothing answers 5xx, and
    the game under way is untouched."""
    api, game = table.api, table.game
    before = table.snapshot()
    record = play(3, 2, options=Options(turn_limit=2)).save()

    seats = st.lists(
        st.fixed_dictionaries(
            {"name": st.text(max_size=50) | st.sampled_from(["\x00", "a\x00b", " ", "é" * 41])},
            optional={"kind": st.sampled_from(["human", "bot", "robot", 1]), "level": json_scalars},
        ),
        max_size=8,
    )
    create = st.fixed_dictionaries(
        {"seats": seats | json_values},
        optional={
            "variant": st.text(max_size=70) | st.sampled_from(["default", "../x"]),
            "options": st.dictionaries(
                st.sampled_from(["titan_variant", "point_target", "turn_limit", "mulligans", "x"]),
                json_scalars,
                max_size=3,
            ),
        },
    )

    def damaged_record(draw_value: Json, key: str) -> Json:
        broken = json.loads(json.dumps(record))
        broken[key] = draw_value
        return {"record": broken}

    imports = st.builds(damaged_record, json_values, st.sampled_from(sorted(record))) | st.builds(
        lambda v: {"record": v}, json_values
    )

    @fuzz_settings(150)
    @given(
        request=st.one_of(
            st.tuples(st.just("POST"), st.just("/api/games"), create.map(json.dumps)),
            st.tuples(st.just("POST"), st.just("/api/games"), st.binary(max_size=100)),
            st.tuples(st.just("POST"), st.just("/api/games/import"), imports.map(json.dumps)),
            st.tuples(
                st.just("GET"),
                st.sampled_from([f"/api/games/{game.id}/state", "/api/games"]),
                st.dictionaries(
                    st.sampled_from(["since", "status", "limit", "x"]),
                    st.text(max_size=12),
                    max_size=2,
                ).map(json.dumps),
            ),
            st.tuples(
                st.just("GET"),
                st.text(min_size=1, max_size=40).map(
                    lambda s: f"/api/games/{quote(s, safe='')}/state"
                ),
                st.just("{}"),
            ),
        )
    )
    def send(request: tuple[str, str, str | bytes]) -> None:
        method, path, payload = request
        if method == "GET":
            r = api.http.get(path, params=json.loads(payload))
        else:
            r = api.http.post(path, content=payload, headers={"Content-Type": "application/json"})
        assert r.status_code < 500, f"{method} {path} {payload!r:.300}: {r.status_code} {r.text}"
        if r.status_code >= 400:
            error_of(r)
        elif not path.endswith("/state"):  # a state names what its seat may know
            assert_names_no_character(r.json(), f"{method} {path}")

    send()
    assert table.snapshot() == before
    assert api.record(game.id).status_code == 409
