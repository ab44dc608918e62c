"""Clocks (issue 20, "Games over days"): time controls and fallbacks at creation, the deadline
set, moved and cleared with the decider, live vs correspondence allowances, timeouts handing
the seat to the computer or withdrawing it (errata 20.4), "play for me" and taking the seat
back, who may ask, and deadlines that survive a restart."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.server.accounts_client import Device
from tests.server.accounts_client import server as accounts_server
from tests.server.inproc import act, auth, deciding, running, state, wait_for
from tests.server.scripted import choose
from titan.ai.base import Bot
from titan.ai.levels import make_bot
from titan.engine.actions import Action
from titan.engine.game import Game
from titan.engine.prompts import Prompt
from titan.engine.record import make_record
from titan.play import play
from titan.server.bots import fallback
from titan.server.clocks import NO_CLOCK, Clock, TimeControl, next_clock
from titan.server.deps import Server
from titan.server.rates import Rate

Json = Any
DAY = 24 * 3600


def server(client: Any) -> Server:
    srv: Server = client.app.state.titan
    return srv


def new_game(
    client: Any,
    control: Json | None = None,
    fallbacks: tuple[Json | None, ...] = (None, None),
    bots: int = 0,
    options: Json | None = None,
) -> tuple[str, list[str]]:
    seats: list[Json] = []
    for i, fb in enumerate(fallbacks):
        seat: Json = {"name": f"P{i}", "kind": "human"}
        if fb is not None:
            seat["fallback"] = fb
        seats.append(seat)
    seats += [{"name": f"B{i}", "kind": "bot", "level": "random"} for i in range(bots)]
    body: Json = {"seats": seats, "options": options or {}}
    if control is not None:
        body["time_control"] = control
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def deadline(clock: Json) -> datetime:
    return datetime.fromisoformat(clock["deadline"].replace("Z", "+00:00"))


def step(client: Any, gid: str, tokens: list[str], rng: random.Random) -> Json:
    """One move by whoever must decide (a person); the answer."""
    seat = deciding(client, gid)
    prompt = state(client, gid, tokens[seat])["prompt"]
    r = act(client, gid, tokens[seat], choose(prompt, rng))
    assert r.status_code == 200, r.text
    return r.json()


def control(client: Any, gid: str, token: str | None, **body: Json) -> Any:
    return client.post(f"/api/games/{gid}/control", json=body, headers=auth(token))


def system_lines(client: Any, gid: str) -> list[str]:
    lines = client.get(f"/api/games/{gid}/chat").json()["lines"]
    return [ln["text"] for ln in lines if ln["channel"] == "system"]


# --- pure ----------------------------------------------------------------------------------------


def test_next_clock_live_restarts_correspondence_runs_on() -> None:
    t0 = datetime(2026, 11, 26, 12, tzinfo=UTC)
    later = t0 + timedelta(minutes=5)
    live = TimeControl("live", 60)
    post = TimeControl("correspondence", DAY)
    before = Clock(1, t0 + timedelta(seconds=60))
    assert next_clock(live, before, 1, False, later) == Clock(1, later + timedelta(seconds=60))
    running_on = Clock(1, t0 + timedelta(days=1))
    assert next_clock(post, running_on, 1, False, later) == running_on  # same decider
    assert next_clock(post, running_on, 0, False, later) == Clock(0, later + timedelta(days=1))
    assert next_clock(post, running_on, 0, True, later) is None  # the computer decides
    assert next_clock(post, running_on, -1, False, later) is None  # over
    assert next_clock(NO_CLOCK, None, 0, False, later) is None


# --- creation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"time_control": {"kind": "live"}}, "time_control.seconds"),
        ({"time_control": {"kind": "live", "seconds": 0}}, "time_control.seconds"),
        ({"time_control": {"kind": "correspondence", "seconds": 31 * DAY}}, "time_control.seconds"),
        ({"time_control": {"kind": "none", "seconds": 5}}, "time_control.seconds"),
        ({"time_control": {"kind": "blitz", "seconds": 5}}, None),
        ({"time_control": {"kind": "live", "seconds": "60"}}, None),
        ({"fallback0": {"then": "computer", "level": "godlike"}}, "seats[0].fallback.level"),
        ({"fallback0": {"then": "withdraw", "level": "random"}}, "seats[0].fallback.level"),
        ({"fallback0": {"then": "resign"}}, None),
        ({"fallback2": {"then": "withdraw"}}, "seats[2].fallback"),
    ],
)
def test_creation_refuses_bad_time_controls_and_fallbacks(
    tmp_path: Path, body: Json, path: str | None
) -> None:
    seats: list[Json] = [
        {"name": "Ann"},
        {"name": "Bob"},
        {"name": "Bot", "kind": "bot", "level": "random"},
    ]
    for i in range(3):
        fb = body.pop(f"fallback{i}", None)
        if fb is not None:
            seats[i]["fallback"] = fb
    with running(tmp_path) as client:
        r = client.post("/api/games", json={"seats": seats, **body})
        assert r.status_code == 422, r.text
        if path is not None:
            assert r.json()["path"] == path, r.json()
        assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_no_time_control_no_clock(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gid, tokens = new_game(client)
        got = state(client, gid, tokens[0])
        assert got["time_control"] == {"kind": "none"}
        assert got["clock"] is None and got["controllers"] == ["person", "person"]
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["clock"] is None and summary["time_control"] == {"kind": "none"}


# --- the deadline follows the decider ------------------------------------------------------------


def test_live_clock_restarts_with_each_decision_and_follows_the_decider(tmp_path: Path) -> None:
    rng = random.Random(5)
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600})
        first = state(client, gid)
        assert first["clock"]["seat"] == first["view"]["deciding"]
        assert first["clock"]["kind"] == "live"
        assert first["controllers"] == ["person", "person"]
        lobby = client.get("/api/games").json()["games"][0]
        assert lobby["clock"] == first["clock"]
        assert lobby["time_control"] == {"kind": "live", "seconds": 3600}
        previous = deadline(first["clock"])
        for _ in range(12):
            answer = step(client, gid, tokens, rng)
            clock = answer["clock"]
            assert clock["seat"] == state(client, gid)["view"]["deciding"]
            assert deadline(clock) > previous  # a fresh allowance for every decision
            previous = deadline(clock)


def test_correspondence_clock_runs_on_for_the_same_decider(tmp_path: Path) -> None:
    rng = random.Random(6)
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "correspondence", "seconds": 2 * DAY})
        clock = state(client, gid)["clock"]
        changes = 0
        for _ in range(40):
            answer = step(client, gid, tokens, rng)
            if answer["status"] == "over":  # a Titan slain early: no clock runs any more
                assert answer["clock"] is None
                break
            after = answer["clock"]
            assert after is not None, answer["view"]["deciding"]
            if after["seat"] == clock["seat"]:
                assert after["deadline"] == clock["deadline"]  # one allowance per turn
            else:
                changes += 1
                assert deadline(after) > deadline(clock)
            clock = after
        assert changes >= 1


def test_the_defender_holds_the_clock_in_a_battle(tmp_path: Path) -> None:
    """Whenever the prompts are the defender's (an engagement, a battle), the clock is his:
    the clock's seat is always the seat the engine says must decide."""
    rng = random.Random(11)
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600})
        mover_changed_mid_turn = False
        for _ in range(400):
            before = state(client, gid)
            if before["status"] == "over":
                break
            view = before["view"]
            assert before["clock"]["seat"] == view["deciding"]
            if view["deciding"] != view.get("active", view["deciding"]):
                mover_changed_mid_turn = True
            step(client, gid, tokens, rng)
        assert mover_changed_mid_turn, "no engagement in 400 moves: pick another seed"


# --- timeouts ------------------------------------------------------------------------------------


def test_timeout_hands_the_seat_to_the_computer_until_its_person_takes_it_back(
    tmp_path: Path,
) -> None:
    with running(tmp_path, clock_sweep=0.05) as client:
        # People only (a computer seat might decide first, and no clock runs for it).
        gid, tokens = new_game(client, {"kind": "live", "seconds": 1})
        late = state(client, gid)["view"]["deciding"]
        wait_for(
            lambda: f"P{late}'s seat was handed to the computer" in system_lines(client, gid),
            what="the timeout",
        )
        assert f"P{late} ran out of time" in system_lines(client, gid)
        assert state(client, gid)["controllers"][late] == "computer"
        # The computer plays the seat (no clock runs while it decides), the game goes on.
        v0 = state(client, gid)["version"]
        wait_for(lambda: state(client, gid)["version"] > v0 + 3, what="the computer's moves")
        r = control(client, gid, tokens[late], by="person")
        assert r.status_code == 200, r.text
        assert r.json() == {"seat": late, "controller": "person", "level": None}
        got = state(client, gid, tokens[late])
        assert got["controllers"][late] == "person"
        assert f"P{late} took their seat back from the computer" in system_lines(client, gid)


def test_timeout_withdraws_a_seat_whose_fallback_says_so(tmp_path: Path) -> None:
    with running(tmp_path, clock_sweep=0.05) as client:
        gid, _ = new_game(
            client,
            {"kind": "live", "seconds": 1},
            fallbacks=({"then": "withdraw"}, {"then": "withdraw"}),
        )
        late = state(client, gid)["view"]["deciding"]
        wait_for(lambda: state(client, gid)["version"] > 0, what="the timeout")
        # It refuses to go on (errata 20.4) until the sequence of play lets it withdraw.
        gone = f"P{late} withdrew from the game"
        lines = wait_for(
            lambda: ls if gone in (ls := system_lines(client, gid)) else None,
            what="the withdrawal",
        )
        assert lines.index(f"P{late} ran out of time") < lines.index(gone)


def test_play_for_me_and_back(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "correspondence", "seconds": DAY})
        me = state(client, gid)["view"]["deciding"]
        r = control(client, gid, tokens[me], by="computer", level="random")
        assert r.status_code == 200, r.text
        assert r.json() == {"seat": me, "controller": "computer", "level": "random"}
        wait_for(lambda: state(client, gid)["version"] >= 1, what="the computer playing for me")
        got = state(client, gid)
        assert got["controllers"][me] == "computer"
        assert got["clock"] is None or got["clock"]["seat"] != me  # no clock while it decides
        r = control(client, gid, tokens[me], by="person")
        assert r.status_code == 200, r.text
        lines = system_lines(client, gid)
        assert f"P{me}'s seat was handed to the computer" in lines
        assert f"P{me} took their seat back from the computer" in lines
        got = state(client, gid)
        assert got["controllers"][me] == "person"
        if got["view"]["deciding"] == me:
            assert got["clock"]["seat"] == me  # taken back on its turn: its clock runs again


def test_fallback_can_be_changed_by_its_person(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600})
        r = client.post(
            f"/api/games/{gid}/fallback", json={"then": "withdraw"}, headers=auth(tokens[1])
        )
        assert r.status_code == 200, r.text
        assert r.json() == {"seat": 1, "then": "withdraw", "level": None}
        live = server(client).service.cached(gid)
        assert live is not None and live.seats[1].fallback == "withdraw"


def test_only_the_seats_own_person_may_hand_it_over(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600}, bots=1)
        _, others = new_game(client)
        for path, body in (("control", {"by": "computer"}), ("fallback", {"then": "withdraw"})):
            url = f"/api/games/{gid}/{path}"
            assert client.post(url, json=body).status_code == 401
            assert client.post(url, json=body, headers=auth("nonsense")).status_code == 403
            # A token of another game's seat holds nothing here.
            r = client.post(url, json=body, headers=auth(others[0]))
            assert r.status_code == 403
            r = client.post(url, json={"by": "robot"}, headers=auth(tokens[0]))
            assert r.status_code == 422
        before = state(client, gid)
        assert before["controllers"] == ["person", "person", "computer"]
        assert control(client, gid, tokens[0], by="person", level="random").status_code == 422
        assert control(client, gid, tokens[0], by="computer", level="godlike").status_code == 422
        assert state(client, gid)["controllers"] == before["controllers"]


def test_a_deadline_survives_a_restart_and_fires_after_it(db_url: str) -> None:
    with running(db_url, clock_sweep=3600) as client:  # this one never sweeps
        gid, _ = new_game(client, {"kind": "live", "seconds": 1})
        late = state(client, gid)["view"]["deciding"]
        clock = state(client, gid)["clock"]
    # Down while the deadline passes; the next process to start acts on it.
    with running(db_url, clock_sweep=0.05) as client:
        assert state(client, gid)["clock"] in (clock, None)
        wait_for(
            lambda: f"P{late}'s seat was handed to the computer" in system_lines(client, gid),
            what="the timeout after a restart",
        )
        assert state(client, gid)["controllers"][late] == "computer"
        assert system_lines(client, gid).count(f"P{late} ran out of time") == 1


def test_websockets_are_told_of_a_hand_over_without_a_move(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gid, tokens = new_game(client, {"kind": "correspondence", "seconds": DAY})
        idle = 1 - deciding(client, gid)  # not its turn: the computer has nothing to play yet
        with client.websocket_connect(f"/api/games/{gid}/ws") as spectator:
            first = spectator.receive_json()
            assert first["type"] == "state" and first["controllers"] == ["person", "person"]
            assert first["clock"] == state(client, gid)["clock"]
            assert control(client, gid, tokens[idle], by="computer").status_code == 200
            pushed = spectator.receive_json()
            assert pushed["type"] == "update" and pushed["version"] == first["version"]
            assert pushed["controllers"][idle] == "computer"
            assert control(client, gid, tokens[idle], by="person").status_code == 200
            assert spectator.receive_json()["controllers"] == ["person", "person"]


def test_the_account_holding_a_seat_may_hand_it_over_with_its_session(tmp_path: Path) -> None:
    with accounts_server(tmp_path) as client:
        ann, eve = Device(client), Device(client)
        ann.enter("ann", new=True)
        eve.enter("eve", new=True)
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600})
        assert ann.claim(gid, tokens[1]).status_code == 200
        url = f"/api/games/{gid}/control"
        # Without the CSRF token another site's page could make the browser send the cookie.
        assert ann.request("POST", url, json={"by": "computer"}, csrf=False).status_code == 403
        # An account that holds no seat here is refused too.
        assert eve.request("POST", url, json={"by": "computer"}).status_code == 403
        assert state(client, gid)["controllers"] == ["person", "person"]
        r = ann.request("POST", url, json={"by": "computer", "level": "random"})
        assert r.status_code == 200, r.text
        assert r.json() == {"seat": 1, "controller": "computer", "level": "random"}
        r = ann.request("POST", f"/api/games/{gid}/fallback", json={"then": "withdraw"})
        assert r.status_code == 200 and r.json()["seat"] == 1


def test_play_again_keeps_the_time_control_and_the_fallbacks(tmp_path: Path) -> None:
    rng = random.Random(2)
    with running(tmp_path) as client:
        gid, tokens = new_game(
            client,
            {"kind": "correspondence", "seconds": 7 * DAY},
            fallbacks=({"then": "withdraw"}, None),
            options={"turn_limit": 1},
        )
        for _ in range(3000):
            if state(client, gid)["status"] == "over":
                break
            step(client, gid, tokens, rng)
        r = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]))
        assert r.status_code == 200, r.text
        again = r.json()["game"]
        summary = client.get(f"/api/games/{again}").json()
        assert summary["time_control"] == {"kind": "correspondence", "seconds": 7 * DAY}
        assert summary["clock"]["seat"] == state(client, again)["view"]["deciding"]
        live = server(client).service.cached(again)
        assert live is not None
        assert [s.fallback for s in live.seats] == ["withdraw", "computer"]


def test_hand_overs_are_held_to_the_chat_rate_limit(tmp_path: Path) -> None:
    """Each hand-over writes a chat line: toggling cannot fill the chat faster than talking."""
    with running(tmp_path, rates={"chat": Rate(3, 600)}) as client:
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600})
        idle = 1 - deciding(client, gid)
        answers = [
            control(client, gid, tokens[idle], by=by).status_code
            for by in ("computer", "person", "computer", "person")
        ]
        assert answers == [200, 200, 200, 429]


def gated_think(gate: threading.Event) -> Any:
    """A bot pool's ``think`` that answers (with the fallback) only once ``gate`` is set."""

    async def slow_think(
        level: str,
        seed: int,
        bot: Bot | None,
        past: object,
        view: object,
        prompt: Prompt,
        timeout: float,
    ) -> tuple[Action, Bot]:
        await asyncio.to_thread(gate.wait, 30)
        return fallback(prompt), bot or make_bot(level, seed)

    return slow_think


def test_a_seat_taken_back_while_the_computer_thinks_gets_no_move_from_it(
    tmp_path: Path,
) -> None:
    gate = threading.Event()
    slow_think = gated_think(gate)

    with running(tmp_path) as client:
        server(client).bots.pool.think = slow_think  # type: ignore[method-assign]
        gid, tokens = new_game(client, {"kind": "live", "seconds": 3600})
        me = deciding(client, gid)
        assert control(client, gid, tokens[me], by="computer").status_code == 200
        assert control(client, gid, tokens[me], by="person").status_code == 200
        gate.set()  # the computer's decision arrives after the seat was taken back
        time.sleep(0.5)
        got = state(client, gid)
        assert got["version"] == 0 and got["controllers"][me] == "person"


# --- imported games -----------------------------------------------------------------------------


def test_an_imported_game_plays_on_under_the_clock_asked_for(tmp_path: Path) -> None:
    """A record imported to play on gets a time control like a new game: the clock of the seat
    that must decide where the record stops starts at the import, and moves on with play; a
    finished record gets none running, and a bad control is refused before anything is made."""
    finished = play(4, 2)
    partial = Game.new("default", finished.seats, finished.seed or 0)
    for player, action in finished.actions[:20]:
        partial.act(player, action)
    record = make_record(
        "default", partial.seats, partial.seed or 0, partial.state.options, partial.actions
    )
    control = {"kind": "correspondence", "seconds": 2 * DAY}
    with running(tmp_path) as client:
        started = datetime.now(UTC)
        r = client.post("/api/games/import", json={"record": record, "time_control": control})
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        got = state(client, gid)
        assert got["time_control"] == control
        assert got["clock"]["seat"] == partial.current_player() == got["view"]["deciding"]
        assert got["clock"]["kind"] == "correspondence"
        assert started + timedelta(days=2) <= deadline(got["clock"])
        assert deadline(got["clock"]) <= datetime.now(UTC) + timedelta(days=2)
        rng, first = random.Random(3), got["clock"]["seat"]
        for _ in range(200):  # play on until the other seat must decide
            answer = step(client, gid, tokens, rng)
            if answer["clock"] is not None and answer["clock"]["seat"] != first:
                break
        assert answer["clock"]["seat"] == deciding(client, gid)  # it follows the decider
        r = client.post(
            "/api/games/import", json={"record": finished.save(), "time_control": control}
        )
        assert r.status_code == 201, r.text
        over = state(client, r.json()["id"])
        assert over["clock"] is None and over["time_control"] == control
        bad = {"record": record, "time_control": {"kind": "live", "seconds": 0}}
        r = client.post("/api/games/import", json=bad)
        assert r.status_code == 422 and r.json()["path"] == "time_control.seconds", r.text
