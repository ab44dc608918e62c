"""The replay viewer's routes (titan/server/replay.py): every step's view is the engine's view
for that observer at that point, a spectator's or a seat's replay holds nothing more (checked at
every step of played games, legion by legion), the whole truth only once the game is over, bad
steps and perspectives refused with 4xx, and replays count as reads for the rate limits."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.inproc import auth, live, running
from tests.server.scripted import choose
from titan.engine import wire
from titan.engine.game import Game
from titan.engine.record import make_record
from titan.play import play
from titan.server.rates import parse_rates
from titan.server.timeline import revealed_view

Json = Any
FINISHED = play(2, 4)  # four players, 486 actions, to the end
STOP = 300  # the running game: the first STOP actions of it


def engine_steps(game: Game, upto: int) -> list[Game]:
    """The game after 0, 1, ..., upto of ``game``'s actions, as the engine has it."""
    g = Game.new("default", game.seats, game.seed or 0, game.state.options)
    steps = [g.clone()]
    for player, action in game.actions[:upto]:
        g.act(player, action)
        steps.append(g.clone())
    steps[-1].history = list(g.history)  # the last one keeps the events, for the index
    return steps


def partial_record(game: Game, upto: int) -> Json:
    return make_record(
        "default", game.seats, game.seed or 0, game.state.options, game.actions[:upto]
    )


def imported(client: Any, record: Json) -> tuple[str, list[str]]:
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], [s["token"] for s in body["seats"]]


def step(client: Any, gid: str, n: int, token: str | None = None, who: str | None = None) -> Json:
    params = {} if who is None else {"perspective": who}
    r = client.get(f"/api/games/{gid}/replay/{n}", headers=auth(token), params=params)
    assert r.status_code == 200, r.text
    return r.json()


def hidden_names(view: Json) -> dict[str, list[str]]:
    """Every legion's characters as the view names them."""
    return {lv["marker"]: sorted(lv["known"]) for lv in view["legions"]}


def test_a_running_games_replay_is_each_observers_own_view_at_every_step(
    tmp_path: Path,
) -> None:
    """The first STOP actions of a four-player game, imported (so it runs on): at every step
    the spectator gets exactly view(None) and each seat exactly its own view; no legion's
    contents beyond what that observer knew then; the events are the observer's own."""
    truth = engine_steps(FINISHED, STOP)
    with running(tmp_path) as client:
        gid, tokens = imported(client, partial_record(FINISHED, STOP))
        observers: list[tuple[int | None, str | None]] = [(None, None)]
        observers += list(enumerate(tokens))
        secrets_kept = 0
        for seat, tok in observers:
            for n in range(STOP + 1):
                got = step(client, gid, n, tok)
                assert got["step"] == n and got["seat"] == seat
                expected = wire.encode(truth[n].view(seat))
                assert got["view"] == expected, f"step {n} for seat {seat}"
                # The same, legion by legion: nothing named that the observer did not know.
                for lv in got["view"]["legions"]:
                    real = truth[n].state.legions[lv["marker"]]
                    if seat != real.owner and len(lv["known"]) < len(real.characters):
                        secrets_kept += 1
                        assert not lv["complete"]
        assert secrets_kept > 100, "the game never hid anything: the test would prove nothing"

        # The index: each observer's events, exactly the engine's, marked by step.
        head = truth[-1]
        for seat, tok in observers:
            r = client.get(f"/api/games/{gid}/replay", headers=auth(tok))
            assert r.status_code == 200, r.text
            index = r.json()
            assert index["version"] == STOP and not index["over"]
            assert index["perspective"] == ("spectator" if seat is None else str(seat))
            assert index["events"] == [wire.encode(e) for e in head.events_for(seat)]
            assert len(index["steps"]) == STOP + 1 and len(index["marks"]) == STOP + 1
            assert index["players"] == [p for p, _ in FINISHED.actions[:STOP]]
            assert index["marks"][-1] == len(index["events"])
            assert index["marks"] == sorted(index["marks"])
            for n in (0, 1, 50, STOP):
                turn, phase, active, deciding, _battle = index["steps"][n]
                view = truth[n].view(None)
                assert (turn, phase, active, deciding) == (
                    view.turn,
                    str(view.phase),
                    view.active,
                    view.deciding,
                )
            assert "seed" not in r.text

        # Anyone else's knowledge, or everything, is refused while the game runs.
        for who, tok in (("1", tokens[0]), ("0", None), ("all", tokens[2]), ("all", None)):
            for url in (f"/api/games/{gid}/replay", f"/api/games/{gid}/replay/3"):
                r = client.get(url, headers=auth(tok), params={"perspective": who})
                assert r.status_code == 409, r.text
                assert r.json()["path"] == "perspective"
        # One's own, or the spectator's, may be asked for by name.
        assert step(client, gid, 5, tokens[1], "1")["view"] == wire.encode(truth[5].view(1))
        assert step(client, gid, 5, tokens[1], "spectator")["view"] == wire.encode(
            truth[5].view(None)
        )

        # The game moves on: the replay's timeline (kept since the requests above) follows.
        seat = truth[STOP].current_player()
        prompt = client.get(f"/api/games/{gid}/state", headers=auth(tokens[seat])).json()
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": choose(prompt["prompt"], random.Random(5))},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        moved = truth[STOP].clone()
        moved.act(*live(client, gid).game.actions[-1])
        index = client.get(f"/api/games/{gid}/replay").json()
        assert index["version"] == STOP + 1 and len(index["steps"]) == STOP + 2
        got = step(client, gid, STOP + 1, tokens[seat])
        assert got["view"] == wire.encode(moved.view(seat))


def test_after_the_end_everything_is_revealed_and_any_perspective_may_be_chosen(
    tmp_path: Path,
) -> None:
    truth = engine_steps(FINISHED, len(FINISHED.actions))
    last = len(FINISHED.actions)
    with running(tmp_path) as client:
        gid, tokens = imported(client, FINISHED.save())
        index = client.get(f"/api/games/{gid}/replay").json()
        assert index["over"] and index["perspective"] == "all" and index["version"] == last
        assert index["events"] == [wire.encode(e) for e in FINISHED.history]
        assert "seed" not in str(index)
        for n in range(0, last + 1, 5):
            got = step(client, gid, n)
            assert got["view"] == wire.encode(revealed_view(truth[n])), f"step {n}"
            real = {m: sorted(lg.characters) for m, lg in truth[n].state.legions.items()}
            assert hidden_names(got["view"]) == real
        assert step(client, gid, last)["view"]["over"]
        # Any seat's knowledge, or the spectator's, on request, with or without a token.
        for n in (0, 120, last):
            for seat in range(4):
                got = step(client, gid, n, None, str(seat))
                assert got["view"] == wire.encode(truth[n].view(seat))
            got = step(client, gid, n, tokens[0], "spectator")
            assert got["view"] == wire.encode(truth[n].view(None))
        seat2 = client.get(f"/api/games/{gid}/replay", params={"perspective": "2"}).json()
        assert seat2["events"] == [wire.encode(e) for e in FINISHED.events_for(2)]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("replay/-1", 422),
        ("replay/x", 422),
        ("replay/1.5", 422),
        ("replay/99999999999", 422),
        ("replay/301", 404),
        ("replay/0?perspective=6", 422),
        ("replay/0?perspective=-1", 422),
        ("replay/0?perspective=everyone", 422),
        ("replay?perspective=5", 404),  # a four-player game
        ("replay/0?perspective=4", 404),
    ],
)
def test_bad_steps_and_perspectives_are_refused(tmp_path: Path, path: str, status: int) -> None:
    with running(tmp_path) as client:
        gid, _ = imported(client, partial_record(FINISHED, STOP))
        r = client.get(f"/api/games/{gid}/{path}")
        assert r.status_code == status, r.text
        assert set(r.json()) == {"error", "rule", "path"}
        for bad in ("nosuchgame", "x" * 500, "%00"):
            assert client.get(f"/api/games/{bad}/replay/0").status_code == 404


def test_replays_are_reads_for_the_rate_limits(tmp_path: Path) -> None:
    with running(tmp_path, rates={}) as client:
        gid, _ = imported(client, partial_record(FINISHED, 40))
    with running(tmp_path, rates=parse_rates("read=5/600")) as client:
        answers = [client.get(f"/api/games/{gid}/replay/{n}").status_code for n in range(5)]
        assert answers == [200] * 5
        r = client.get(f"/api/games/{gid}/replay")
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
