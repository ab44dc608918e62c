"""A timeout whose fallback is "withdraw" stands (errata 21.0, 20.4): the seat refuses to go on
for the rest of the game. When it times out where it cannot withdraw (defending an engagement:
it flees or concedes, and the decider changes), its next decision gets no fresh allowance: it
is due at once, the sweeper plays its refusals, and it withdraws at the first point the
sequence of play allows. Its person can no longer act for it, nor hand it over."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import update

from tests.server.inproc import act, auth, running, state, wait_for
from tests.server.scripted import choose
from tests.server.test_clocks import DAY, control, new_game, server, step, system_lines
from titan.server import creation
from titan.server.clocks import REFUSING
from titan.server.tables import games


def _expire(client: Any, gid: str) -> None:
    """The running deadline passes now (instead of a day from now)."""
    past = datetime.now(UTC) - timedelta(seconds=1)
    statement = update(games).where(games.c.id == gid).values(deadline_at=past)
    client.portal.call(server(client).service.store.transact, lambda conn: conn.execute(statement))


def _a_defender_deciding(client: Any) -> tuple[str, list[str], int]:
    """A game played on until an engagement's defender may flee (its first decision there,
    which is not the seat whose turn it is) and none of its engaged legions holds its Titan
    (conceding that one would eliminate the seat, not make it withdraw): the game, its
    tokens, that seat. A game that ends first (the Titans met) is left for a new one."""
    rng = random.Random(3)
    for _ in range(5):
        gid, tokens = new_game(
            client,
            {"kind": "correspondence", "seconds": DAY},
            fallbacks=({"then": "withdraw"}, {"then": "withdraw"}),
        )
        for _ in range(3000):
            seat = state(client, gid)["view"]["deciding"]
            if seat < 0:
                break
            mine = state(client, gid, tokens[seat])
            legions = mine["view"]["legions"]
            enemies = {g["land"] for g in legions if g["owner"] != seat}
            titan_engaged = any(
                g["owner"] == seat and g["land"] in enemies and "Titan" in g["known"]
                for g in legions
            )
            may_flee = {"type": "flee"} in mine["prompt"]["options"]
            if seat != mine["view"]["active"] and may_flee and not titan_engaged:
                return gid, tokens, int(seat)
            step(client, gid, tokens, rng)
    raise AssertionError("no defender without its Titan that may flee in five games")


def test_a_refusing_seat_withdraws_at_its_next_decision_without_a_fresh_allowance(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server's dice seeds are drawn from a fixed sequence here, so the games the set-up
    # plays are the same every run (with secret seeds, now and then none of five games
    # reached a defender without its Titan that may flee).
    seeds = random.Random(5)
    monkeypatch.setattr(creation, "secrets", SimpleNamespace(randbelow=seeds.randrange))
    rng = random.Random(4)
    with running(db_url, clock_sweep=0.05) as client:
        gid, tokens, late = _a_defender_deciding(client)
        other = 1 - late
        _expire(client, gid)
        timed_out = f"P{late} ran out of time"
        wait_for(lambda: timed_out in system_lines(client, gid), what="the timeout")
        # It fled (errata 20.4; no withdrawing in an engagement): the decider changed before it
        # could withdraw. Its timeout stands all the same.
        wait_for(lambda: state(client, gid)["view"]["deciding"] != late, what="the refusal")
        gone = f"P{late} withdrew from the game"
        assert gone not in system_lines(client, gid)
        live = server(client).service.cached(gid)
        assert live is not None and live.seats[late].controller == REFUSING
        # Everyone sees it: the seat's controller is "refusing" in the state and the lobby.
        assert state(client, gid)["controllers"][late] == "refusing"
        assert state(client, gid, tokens[other])["controllers"][other] == "person"
        listed = client.get(f"/api/games/{gid}").json()
        assert listed["controllers"][late] == "refusing"
        # Its person plays it no more, and cannot hand it to the computer or back.
        for by in ("computer", "person"):
            r = control(client, gid, tokens[late], by=by)
            assert r.status_code == 409 and "refusing" in r.json()["error"], r.text
        r = client.post(
            f"/api/games/{gid}/fallback", json={"then": "computer"}, headers=auth(tokens[late])
        )
        assert r.status_code == 409, r.text
        prompt = state(client, gid, tokens[other])["prompt"]
        r = act(client, gid, tokens[late], choose(prompt, rng))
        assert r.status_code == 409 and "refusing" in r.json()["error"], r.text

        # The other seat plays on; whenever the refusing seat must decide, its deadline is
        # already due (no fresh day), and the sweeper plays its refusals until it withdraws.
        for _ in range(600):
            if gone in system_lines(client, gid):
                break
            got = state(client, gid)
            deciding = got["view"]["deciding"]
            if deciding == other:
                step(client, gid, tokens, rng)
            elif deciding == late:
                clock = got["clock"]
                if clock is not None and clock["seat"] == late:
                    due = datetime.fromisoformat(clock["deadline"].replace("Z", "+00:00"))
                    assert due <= datetime.now(UTC), clock  # no allowance at all
                wait_for(
                    lambda v=got["version"]: state(client, gid)["version"] > v,
                    timeout=10,
                    what="the refusing seat's refusals",
                )
            else:
                break  # the game is over
        # The withdrawal's line is announced after the game has moved on (chat.advanced), so
        # a game seen over may not show it yet.
        wait_for(lambda: gone in system_lines(client, gid), what="the withdrawal's line")
        lines = system_lines(client, gid)
        assert lines.count(timed_out) == 1, lines  # one timeout, not one per decision
        assert lines.index(timed_out) < lines.index(gone)
