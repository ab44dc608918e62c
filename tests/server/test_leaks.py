"""The leak test: over several random games played through a real server (scripted clients and
bot seats, watched by a spectator and by a wrong token), no message to any seat or spectator
carries anything beyond the engine's filtered output, and none carries the dice seed.

Every HTTP state, every action's reply and every WebSocket push is kept, and once the game is
over its record (which only then may be read) is replayed: each message's view must be
exactly the engine's view for that observer at the message's version, its prompt the
engine's prompt only for the deciding seat, and its events exactly those the observer may see
(numbered without gap or repeat). The replay itself goes through the secrecy oracle of
``tests/test_secrecy.py``, so the very games played here are checked against the rules' own
account of who may know which character is in which legion. The seed (drawn by the server,
16 digits or so) must not appear, in decimal or hexadecimal, in any byte sent while the game
ran: messages, lobby, game summaries, refusals.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.server.checks import assert_names_no_character, check_message
from tests.server.harness import (
    PRELOAD_ENV,
    Api,
    NewGame,
    Server,
    ServerPool,
    bot,
    human,
    parse_new_game,
)
from tests.server.leaky import LEAK_ENV
from tests.server.players import Listener, SeatClient, over
from tests.server.replay import assert_no_seed
from tests.server.test_real_servers import check_clients, final_record_matches

Json = Any


@dataclass(frozen=True)
class Config:
    seats: tuple[str, ...]  # "h": a scripted client, "b": a computer seat
    turn_limit: int

    @property
    def id(self) -> str:
        return f"{''.join(self.seats)}-t{self.turn_limit}"


CONFIGS = [
    Config(("h", "h"), 6),
    Config(("h", "b", "h"), 5),
    Config(("b", "h", "b", "h"), 4),
    Config(("h", "h", "b", "b", "h"), 3),
]
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Poller:
    """Reads every seat's and the spectator's state, the game's summary, the lobby and the
    (refused) record over HTTP, again and again, until the game is over."""

    url: str
    game: NewGame
    seed: int
    states: list[tuple[int | None, dict[str, Json]]] = field(default_factory=list)
    other: list[tuple[str, Json]] = field(default_factory=list)  # (what, body)
    raw: list[tuple[str, str]] = field(default_factory=list)
    error: BaseException | None = None
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="poller", daemon=True)
        self._thread.start()

    def join(self) -> None:
        assert self._thread is not None
        self._thread.join(60)
        assert not self._thread.is_alive(), "the poller did not finish"
        if self.error is not None:
            raise AssertionError(f"the poller failed: {self.error!r}") from self.error

    def _run(self) -> None:
        try:
            self._poll()
        except BaseException as exc:
            self.error = exc

    def _poll(self) -> None:
        rng = random.Random(self.seed)
        observers: list[int | None] = [None, *self.game.humans]
        nexts: dict[int | None, int] = dict.fromkeys(observers, 0)
        gid = self.game.id
        with Api(self.url) as api:
            while True:
                observer = rng.choice(observers)
                token = None if observer is None else self.game.token(observer)
                since = rng.choice([0, nexts[observer]])
                r = api.state_response(gid, token, since)
                assert r.status_code == 200, r.text
                self.raw.append((f"GET state for {observer}", r.text))
                state = r.json()
                self.states.append((observer, state))
                nexts[observer] = state["next"]
                if over(state):
                    return
                if len(self.states) == 1 or rng.random() < 0.1:
                    for what, resp in (
                        ("the game's summary", api.http.get(f"/api/games/{gid}")),
                        ("the lobby", api.http.get("/api/games")),
                        ("the record while running", api.record(gid, token)),
                    ):
                        if what.startswith("the record") and resp.status_code == 200:
                            # The game ended since the state above: the record is now given.
                            assert over(api.state(gid)), "the record was given out mid-game"
                            continue
                        assert resp.status_code in (200, 409), f"{what}: {resp.text}"
                        self.raw.append((what, resp.text))
                        self.other.append((what, resp.json()))


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_nothing_reaches_an_observer_beyond_the_engines_output(
    servers: ServerPool, sqlite_url: str, config: Config
) -> None:
    play_and_check(servers.start(sqlite_url), config)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("leak", "caught"),
    [
        ("events", "may see|not exactly the engine.s"),
        ("seed", "the dice seed .* is in the record while running"),
    ],
)
def test_a_leaky_server_is_caught(
    servers: ServerPool, sqlite_url: str, leak: str, caught: str
) -> None:
    """The same check against servers made to leak: every event to every seat, and the seed
    in an error message."""
    env = {PRELOAD_ENV: "tests.server.leaky", LEAK_ENV: leak, "PYTHONPATH": str(ROOT)}
    server = servers.start(sqlite_url, env=env)
    with pytest.raises(AssertionError, match=caught):
        play_and_check(server, Config(("h", "h"), 2))


def play_and_check(server: Server, config: Config) -> None:
    seats = [
        human(NAMES[i]) if kind == "h" else bot(NAMES[i]) for i, kind in enumerate(config.seats)
    ]
    with Api(server.url) as api:
        options = {"turn_limit": config.turn_limit}
        created = api.http.post("/api/games", json={"seats": seats, "options": options})
        assert created.status_code == 201, created.text
        game = parse_new_game(created.json())
        raw: list[tuple[str, str]] = [("the creation reply", created.text)]
        spectator = Listener(server.url, game.id)
        stranger = Listener(server.url, game.id, token="not-a-token", in_query=True)
        poller = Poller(server.url, game, seed=len(config.seats))
        clients = [
            SeatClient(server.url, game.id, s, game.token(s), seed=s, in_query=s % 2 == 1)
            for s in game.humans
        ]
        for listener in (spectator, stranger):
            listener.start()
        poller.start()
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        for listener in (spectator, stranger):
            listener.join()
        poller.join()
        record, replay = final_record_matches(api, game)

    assert len(str(replay.seed)) >= 12, "a seed this short could appear by chance"
    tally = check_clients(replay, clients, [(None, spectator), (None, stranger)])
    for i, (observer, state) in enumerate(poller.states):
        check_message(replay, observer, state, f"polled state {i} of {observer}", tally)
    for what, body in poller.other:
        assert_names_no_character(body, what)
    checked = assert_no_seed(replay, [*raw, *poller.raw])
    checked += sum(len(c.raw) for c in clients) + len(spectator.raw) + len(stranger.raw)
    # Not vacuous: the game had hidden information to keep, and it was all looked at.
    assert replay.tally.event_observations > len(replay.events)
    assert tally.messages > len(record["actions"]) and tally.events > 0 and checked > 100
    assert len(poller.states) > 10
    assert any(e["type"] == "split_detail" for e in replay.events), "no hidden split"
