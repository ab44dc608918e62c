"""Real servers on loopback (``titan serve`` subprocesses), on SQLite and on PostgreSQL: a
complete game through the HTTP API and the WebSocket, crash recovery, and (PostgreSQL) two
servers sharing one database: pushes across processes and races of simultaneous actions."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.server.checks import Checked, check_reply, check_stream
from tests.server.harness import (
    Api,
    NewGame,
    ServerPool,
    Socket,
    bot,
    human,
    reached,
    wait_until,
)
from tests.server.players import Listener, SeatClient, over, wait_over
from tests.server.replay import Replay, assert_no_seed, canon
from tests.server.scripted import NEVER, choose
from titan.engine import wire
from titan.engine.game import Game
from titan.engine.record import parse_record

Json = Any


def final_record_matches(api: Api, game: NewGame) -> tuple[dict[str, Json], Replay]:
    """The record of the finished game replays (``Game.load``) to the very state the server
    shows every seat and the spectator; returns the record and its checked replay."""
    final = wait_over(api, game.id)
    winner = final["view"]["winner"]
    record = api.final_record(game.id)
    assert len(record["actions"]) == final["version"]
    loaded = Game.load(record)
    assert loaded.state.over and loaded.state.winner == winner
    assert canon(wire.encode(loaded.view(None))) == canon(final["view"])
    for s in game.humans:
        shown = api.state(game.id, game.token(s))
        assert canon(wire.encode(loaded.view(s))) == canon(shown["view"]), f"seat {s}"
    return record, Replay(record)


def check_clients(
    replay: Replay,
    clients: Sequence[SeatClient],
    listeners: Sequence[tuple[int | None, Listener]],
) -> Checked:
    """Every push and every reply each client got is the engine's, for that observer (the
    clients' actions being their seats' last ones in the game)."""
    tally = Checked()
    for c in clients:
        check_stream(replay, c.seat, c.pushes, f"seat {c.seat}'s WebSocket", tally)
        earlier = sum(p == c.seat for p, _ in replay.actions) - len(c.posted)
        for i, p in enumerate(c.posted):
            where = f"seat {c.seat}'s reply {i}"
            check_reply(replay, c.seat, earlier + i, p.body, where, tally)
        assert_no_seed(replay, ((f"seat {c.seat}'s pushes", t) for t in c.raw))
    for observer, listener in listeners:
        check_stream(replay, observer, listener.pushes, f"listener {observer}", tally)
        assert_no_seed(replay, (("a listener's pushes", t) for t in listener.raw))
    return tally


def test_complete_game_through_http_and_websocket(servers: ServerPool, db_url: str) -> None:
    """Two scripted clients (one sending its token as a header, one as ?token=) and a bot
    seat play a whole game, watched by a spectator; it ends with a winner, and its record
    replays to the same final state."""
    server = servers.start(db_url)
    with Api(server.url) as api:
        # Games are dealt with seeds the server draws; a game may end with both Titans
        # falling together (no winner, errata 19.3), so play until one has a winner.
        for _ in range(4):
            if _play_one_game(server.url, api) is not None:
                return
    raise AssertionError("four games in a row ended without a winner")


def _play_one_game(url: str, api: Api) -> int | None:
    """One whole game by two scripted clients, a bot and a spectator, every message checked;
    returns its winner."""
    # A game to its end by the rules: a Titan-slaying finish, or rule 21's count after
    # 16 turns (random games go on for up to 30 turns, which would only cost time).
    game = api.create_game([human("Ann"), bot("Bob"), human("Cat")], options={"turn_limit": 16})
    assert game.humans == [0, 2] and game.seats[1].token is None
    spectator = Listener(url, game.id)
    spectator.start()
    clients = [
        SeatClient(url, game.id, s, game.token(s), seed=s, in_query=s == 2) for s in game.humans
    ]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    spectator.join()

    record, replay = final_record_matches(api, game)
    players = [entry["player"] for entry in record["actions"]]
    for c in clients:
        acted = [e["action"] for e in record["actions"] if e["player"] == c.seat]
        assert [canon(p.action) for p in c.posted] == [canon(a) for a in acted]
    assert players.count(1) > 0, "the bot seat never acted"
    tally = check_clients(replay, clients, [(None, spectator)])
    assert tally.prompts >= sum(len(c.posted) for c in clients)
    return replay.game.state.winner


# --- crash recovery ----------------------------------------------------------------------------


@dataclass
class Acked:
    seat: int
    action: Json
    version: int  # the game's version in the reply: the action is number version-1 or earlier


def post_until_killed(
    url: str, game: NewGame, killed: threading.Event, acked: list[Acked], rng: random.Random
) -> None:
    """Play the human seats as fast as possible through HTTP until the server dies (``killed``
    is set just before); every action the server acknowledged goes into ``acked``."""
    with Api(url, timeout=5.0) as api:
        while True:
            try:
                state = api.state(game.id)
                if over(state):
                    return
                deciding = state["view"]["deciding"]
                if deciding not in game.humans:
                    continue  # the bot's turn: ask again
                mine = api.state(game.id, game.token(deciding))
                if mine["prompt"] is None:
                    continue
                action = choose(mine["prompt"], rng)
                r = api.act(game.id, game.token(deciding), action)
            except httpx.TransportError:
                if killed.is_set():
                    return
                raise
            if r.status_code == 200:
                acked.append(Acked(deciding, action, r.json()["version"]))
            else:
                assert r.status_code in (409, 422), r.text  # only a bot overtaking it


def test_crash_recovery_loses_no_acknowledged_action(servers: ServerPool, db_url: str) -> None:
    """SIGKILL the server while clients are acting; started again on the same database, the
    game goes on from its last acknowledged action: none is lost, none is changed, the bot
    seat takes up its turn again, and the game finishes."""
    first = servers.start(db_url)
    with Api(first.url) as api:
        game = api.create_game([human("Ann"), human("Bob"), bot("Cat")], options={"turn_limit": 6})
    acked: list[Acked] = []
    killed = threading.Event()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            post_until_killed(first.url, game, killed, acked, random.Random(7))
        except BaseException as exc:
            errors.append(exc)

    player = threading.Thread(target=run, daemon=True)
    player.start()
    # Random seats can lose their Titans within two turns, so the crash comes early: after
    # the colours, the first splits and moves (a few dozen actions at most are needed).
    wait_until(
        lambda: True if len(acked) >= 12 or errors or not player.is_alive() else None,
        timeout=60,
        what="12 acknowledged actions",
    )
    killed.set()
    first.kill()  # in the middle of the stream of actions: one may be in flight
    player.join(30)
    assert not player.is_alive()
    assert not errors, errors
    assert len(acked) >= 12, "the game ended before the crash"
    last_acked = max(a.version for a in acked)

    second = servers.start(db_url)
    with Api(second.url) as api:
        resumed = api.state(game.id)
        assert resumed["version"] >= last_acked, "acknowledged actions were lost"
        # The tokens still hold their seats (only their hashes are stored).
        assert api.state(game.id, game.token(0))["seat"] == 0
        clients = [
            SeatClient(second.url, game.id, s, game.token(s), seed=100 + s) for s in game.humans
        ]
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        record, replay = final_record_matches(api, game)

    log = record["actions"]
    for a in acked:
        n = a.version - 1
        # The reply's version may count a bot's action that followed: find the seat's action
        # at or before it, which must be exactly the one acknowledged.
        while log[n]["player"] != a.seat:
            n -= 1
        assert log[n] == {"player": a.seat, "action": a.action}, f"acknowledged action {n} differs"
    seat_actions = {s: [e["action"] for e in log if e["player"] == s] for s in game.humans}
    for s in game.humans:
        mine = [canon(a.action) for a in acked if a.seat == s]
        after = [canon(p.action) for c in clients if c.seat == s for p in c.posted]
        in_log = [canon(x) for x in seat_actions[s]]
        # Before the crash: every acknowledged action, plus at most the one in flight.
        assert in_log[: len(mine)] == mine
        assert len(in_log) - len(mine) - len(after) in (0, 1), "actions appeared from nowhere"
        assert in_log[len(in_log) - len(after) :] == after
    check_clients(replay, clients, [])


# --- two servers on one PostgreSQL database -----------------------------------------------------


def test_two_servers_push_each_others_actions(servers: ServerPool, pg_url: str) -> None:
    """Clients connected to server B see, pushed over their WebSocket, every action posted to
    server A (PostgreSQL LISTEN/NOTIFY), and the reverse."""
    a, b = servers.start(pg_url), servers.start(pg_url)
    with Api(a.url) as api_a, Api(b.url) as api_b:
        game = api_a.create_game([human("Ann"), human("Bob")], options={"turn_limit": 3})
        apis = (api_a, api_b)
        rng = random.Random(3)
        # Seat 0 and the spectator listen on B, seat 1 on A; actions go to the other server.
        watchers = {
            0: Socket(b.url, game.id, game.token(0)),
            1: Socket(a.url, game.id, game.token(1)),
        }
        spectator = Socket(b.url, game.id)
        try:
            for ws in (*watchers.values(), spectator):
                ws.until(lambda m: True, timeout=30, what="the first push")
            moves = 0
            while True:
                state = api_a.state(game.id)
                if over(state):
                    break
                seat = state["view"]["deciding"]
                other_server = apis[0 if seat == 1 else 1]  # not where this seat listens
                prompt = api_a.state(game.id, game.token(seat))["prompt"]
                assert prompt is not None
                r = other_server.act(game.id, game.token(seat), choose(prompt, rng))
                assert r.status_code == 200, r.text
                version = r.json()["version"]
                moves += 1
                # The seat's own socket, on the other server, hears of it.
                watchers[seat].until(
                    reached(version),
                    timeout=10,
                    what=f"the push of action {version - 1} to the other server",
                )
            for ws in (*watchers.values(), spectator):
                if not (ws.received and over(ws.received[-1])):
                    ws.until(over, timeout=10, what="the end, pushed")
        finally:
            for ws in (*watchers.values(), spectator):
                ws.close()
        assert moves > 10
        record = api_b.final_record(game.id)
    replay = Replay(record)
    tally = Checked()
    for seat, ws in watchers.items():
        check_stream(replay, seat, ws.received, f"seat {seat}'s socket", tally)
    check_stream(replay, None, spectator.received, "the spectator's socket", tally)
    assert tally.events > 0


@dataclass
class Race:
    version: int  # the game's version both actions were chosen at
    seat: int
    actions: tuple[Json, Json]  # to server A, to server B
    statuses: tuple[int, int]
    bodies: tuple[Json, Json]


def fire_together(
    url_a: str, url_b: str, game: NewGame, seat: int, actions: tuple[Json, Json]
) -> tuple[httpx.Response, httpx.Response]:
    """Post two actions for one seat at the same moment, one to each server."""
    barrier = threading.Barrier(2)
    out: list[httpx.Response | BaseException | None] = [None, None]

    def post(i: int, url: str) -> None:
        try:
            with Api(url) as api:
                api.state(game.id)  # a warm connection, so that the posts leave together
                barrier.wait(10)
                out[i] = api.act(game.id, game.token(seat), actions[i])
        except BaseException as exc:
            out[i] = exc

    threads = [threading.Thread(target=post, args=(i, u)) for i, u in enumerate((url_a, url_b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    first, second = out
    assert isinstance(first, httpx.Response), first
    assert isinstance(second, httpx.Response), second
    return first, second


RACES = 60  # at least; in whole games (two players, a turn limit of 3: ~40 decisions each)


@pytest.mark.slow
def test_simultaneous_actions_on_two_servers(servers: ServerPool, pg_url: str) -> None:
    """At every decision of whole games, the deciding seat posts at the same instant to both
    servers, either the same action twice or two different legal actions. However the two
    interleave, the game's log holds exactly the acknowledged actions; where the two exclude
    each other (per the engine) exactly one applies and the other is refused with a 4xx; the
    finished game's record replays."""
    a, b = servers.start(pg_url), servers.start(pg_url)
    rng = random.Random(11)
    total = exclusive = same = 0
    with Api(a.url) as api:
        while total < RACES:
            game = api.create_game([human("Ann"), human("Bob")], options={"turn_limit": 3})
            races = race_a_game(api, a.url, b.url, game, rng)
            record = api.final_record(game.id)
            exclusive += check_races(record, races)
            same += sum(canon(r.actions[0]) == canon(r.actions[1]) for r in races)
            total += len(races)
    assert exclusive >= total // 2, f"only {exclusive} of {total} races were exclusive"
    assert 0 < same < total, "both kinds of race must be run"


def race_a_game(api: Api, url_a: str, url_b: str, game: NewGame, rng: random.Random) -> list[Race]:
    """Play a game to its end by races; returns them."""
    races: list[Race] = []
    while True:
        state = api.state(game.id)
        if over(state):
            return races
        seat = state["view"]["deciding"]
        mine = api.state(game.id, game.token(seat))
        prompt = mine["prompt"]
        assert prompt is not None, mine
        first = choose(prompt, rng)
        others = [
            o for o in prompt["options"] if canon(o) != canon(first) and o["type"] not in NEVER
        ]
        second = rng.choice(others) if others and rng.random() < 0.5 else first
        ra, rb = fire_together(url_a, url_b, game, seat, (first, second))
        race = Race(
            mine["version"],
            seat,
            (first, second),
            (ra.status_code, rb.status_code),
            (ra.json(), rb.json()),
        )
        for status, body in zip(race.statuses, race.bodies, strict=True):
            assert status == 200 or 400 <= status < 500, f"{status}: {body}"
        applied = race.statuses.count(200)
        assert applied >= 1, f"neither of two legal actions applied: {race}"
        after = api.state(game.id)
        assert after["version"] == race.version + applied, (
            f"{applied} acknowledged, but the game moved from {race.version} to "
            f"{after['version']}: {race}"
        )
        races.append(race)


def check_races(record: dict[str, Json], races: Sequence[Race]) -> int:
    """Each race's acknowledged actions are exactly the log's entries after its version, and
    where the two actions exclude each other (each is illegal once the other is applied, as
    the replayed game says), exactly one applied. Returns how many races were exclusive."""
    log = record["actions"]
    rec = parse_record(record)
    game = Game.new(rec.variant, rec.seats, rec.seed, rec.options)
    by_version = {r.version: r for r in races}
    assert len(by_version) == len(races), "two races at one version"
    exclusive = 0
    for k, entry in enumerate(log):
        race = by_version.get(k)
        if race is not None:
            acked = [race.actions[i] for i in (0, 1) if race.statuses[i] == 200]
            logged = [e["action"] for e in log[k : k + len(acked)]]
            assert all(e["player"] == race.seat for e in log[k : k + len(acked)])
            assert sorted(map(canon, logged)) == sorted(map(canon, acked)), (
                f"at version {k} the log holds {logged}, but {acked} were acknowledged"
            )
            first, second = (wire.decode_action(x) for x in race.actions)
            if excludes(game, race.seat, first, second) and excludes(
                game, race.seat, second, first
            ):
                exclusive += 1
                assert len(acked) == 1, f"both of two exclusive actions applied at {k}: {race}"
        game.act(entry["player"], wire.decode_action(entry["action"]))
    assert game.state.over
    assert canon(game.save()) == canon(record), "the record does not replay to itself"
    return exclusive


def excludes(game: Game, seat: int, first: Any, second: Any) -> bool:
    """Once ``first`` is applied, may ``seat`` no longer play ``second``?"""
    twin = game.clone()
    twin.act(seat, first)
    return not twin.is_legal(second, seat)
