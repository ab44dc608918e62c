"""Rated games (issue 20): who may create and play one, the ratings stored in the write that
records its end (2 to 6 players; withdrawals, errata 20.4; a shared place, 19.3; the turn
limit's totals, 21; computer levels, one result per game however many seats they hold), and
the leaderboard, profile and dice answers, which give away nothing secret."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from sqlalchemy import Connection, create_engine, insert, select

from tests.server.accounts_client import Device, server
from tests.server.inproc import act, auth, service, state
from titan.engine import events as ev
from titan.engine.summary import DiceTally, places
from titan.server.config import libpq_dsn
from titan.server.ratings import Rating, rate
from titan.server.ratingstore import Outcome, account_key, rate_game
from titan.server.tables import accounts, games, metadata, rated_results, ratings, seats

Json = Any
FRESH = Rating()


def _seat(name: str, kind: str = "human", mine: bool = False) -> dict[str, Json]:
    seat: dict[str, Json] = {"name": name, "kind": kind}
    if kind == "bot":
        seat["level"] = "random"
    if mine:
        seat["mine"] = True
    return seat


def _rated_game(client: Any, names: Sequence[str], bots: int = 0) -> tuple[str, list[str]]:
    """A rated game of accounts ``names`` (the first creates it) and ``bots`` computer seats;
    every human seat kept in its account. Returns the id and the human seats' tokens."""
    devices = [Device(client) for _ in names]
    for device, name in zip(devices, names, strict=True):
        device.enter(name, new=True)
    seats_in = [_seat(n, mine=i == 0) for i, n in enumerate(names)]
    seats_in += [_seat(f"Bot{i}", "bot") for i in range(bots)]
    r = devices[0].request("POST", "/api/games", json={"seats": seats_in, "rated": True})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = [s["token"] for s in r.json()["seats"][: len(names)]]
    for device, token in zip(devices[1:], tokens[1:], strict=True):
        assert device.claim(game_id, token).status_code == 200
    return game_id, tokens


def _withdraw_all(client: Any, game_id: str, tokens: Sequence[str | None]) -> list[int]:
    """Every human seat withdraws at its first turn (errata 20.4), in turn order, until the
    game ends (computer seats play meanwhile). Returns the seats in the order they left."""
    left: list[int] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if client.get(f"/api/games/{game_id}").json()["status"] == "over":
            return left
        seat = state(client, game_id)["view"]["deciding"]
        if seat is None or seat >= len(tokens) or tokens[seat] is None:
            time.sleep(0.01)  # a computer seat: its driver plays
            continue
        prompt = state(client, game_id, tokens[seat])["prompt"]
        if prompt is None:
            continue
        types = {o["type"] for o in prompt["options"]}
        # Not while colours are chosen: the game's end waits for every colour then (setup.py).
        withdraw = [] if "choose_colour" in types else [{"type": "withdraw"}]
        r = act(client, game_id, tokens[seat], withdraw[0] if withdraw else prompt["options"][0])
        assert r.status_code == 200, r.text
        if withdraw:
            left.append(seat)
    raise AssertionError("the game did not end")


def _board(client: Any) -> dict[str, dict[str, Json]]:
    r = client.get("/api/leaderboard", params={"limit": 100})
    assert r.status_code == 200, r.text
    return {p["name"]: p for p in r.json()["players"]}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_withdrawals_rate_every_player_by_place(db_url: str, players: int) -> None:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players]
    with server(db_url) as client:
        game_id, tokens = _rated_game(client, names)
        left = _withdraw_all(client, game_id, tokens)
        assert len(left) == players - 1
        winner = next(s for s in range(players) if s not in left)
        board = _board(client)
        assert set(board) == set(names)
        # The winner first, then the later a player withdrew, the better (errata 20.4).
        order = [winner, *reversed(left)]
        mus = [board[names[s]]["mu"] for s in order]
        assert mus == sorted(mus, reverse=True) and len(set(mus)) == players
        assert mus[0] > FRESH.mu > mus[-1]
        assert [board[names[s]]["rank"] for s in order] == list(range(1, players + 1))
        for s, name in enumerate(names):
            row = board[name]
            assert row["games"] == 1 and row["wins"] == (1 if s == winner else 0)
            assert row["sigma"] < FRESH.sigma  # more certain after a game
        profile = client.get(f"/api/players/{names[winner]}").json()
        (recent,) = profile["recent"]
        assert recent["game_id"] == game_id and recent["place"] == 1
        assert recent["rating_before"] == pytest.approx(FRESH.ordinal, abs=0.01)
        assert recent["rating_after"] == profile["rating"] > recent["rating_before"]
        assert recent["watch"] == f"/games/{game_id}"
        assert recent["replay"] == f"/games/{game_id}/replay"
        places_of = {
            r.seat: r.place
            for r in _db_rows(
                client, select(rated_results).where(rated_results.c.game_id == game_id)
            )
        }
        assert [places_of[s] for s in order] == list(range(1, players + 1))


def _db_rows(client: Any, query: Any) -> list[Any]:
    store = service(client).store

    async def read(conn: Any) -> list[Any]:
        return list(await conn.execute(query))

    return client.portal.call(store.read, read)  # type: ignore[no-any-return]


def test_a_computer_level_is_a_rated_player(db_url: str) -> None:
    with server(db_url) as client:
        game_id, tokens = _rated_game(client, ["Ann", "Bob"], bots=1)
        left = _withdraw_all(client, game_id, tokens)
        assert sorted(left) == [0, 1]
        board = _board(client)
        bot = board["computer:random"]
        assert bot["kind"] == "computer" and bot["rank"] == 1
        assert bot["games"] == 1 and bot["wins"] == 1 and bot["mu"] > FRESH.mu
        first_out, second_out = (["Ann", "Bob"][s] for s in left)
        assert board[first_out]["mu"] < FRESH.mu < board["computer:random"]["mu"]
        assert board[first_out]["mu"] < board[second_out]["mu"]
        profile = client.get("/api/players/computer:random").json()
        assert profile["kind"] == "computer" and profile["recent"][0]["game_id"] == game_id
        # Whatever the computer seat rolled while the people withdrew (nothing if its turn
        # never came), its profile counts the same.
        dice = client.get(f"/api/games/{game_id}/dice").json()["seats"][2]
        assert profile["dice"] == {"movement": dice["movement"], "strikes": dice["strikes"]}


def test_an_unrated_game_changes_no_rating(db_url: str) -> None:
    with server(db_url) as client:
        ann, bob = Device(client), Device(client)
        ann.enter("Ann", new=True)
        bob.enter("Bob", new=True)
        seats_in = [_seat("Ann", mine=True), _seat("Bob")]
        r = ann.request("POST", "/api/games", json={"seats": seats_in})
        assert (
            r.status_code == 201 and not client.get(f"/api/games/{r.json()['id']}").json()["rated"]
        )
        tokens = [s["token"] for s in r.json()["seats"]]
        bob.claim(r.json()["id"], tokens[1])
        _withdraw_all(client, r.json()["id"], tokens)
        assert client.get("/api/leaderboard").json() == {"total": 0, "offset": 0, "players": []}
        profile = client.get("/api/players/ann").json()  # an account with no rated game yet
        assert profile["games"] == 0 and profile["recent"] == []
        assert profile["rating"] == pytest.approx(FRESH.ordinal, abs=0.01)
        assert _db_rows(client, select(rated_results)) == []


def test_who_may_create_and_play_a_rated_game(db_url: str) -> None:
    with server(db_url) as client:
        two = [_seat("Ann"), _seat("Bob")]
        # No session: 401; a session without its CSRF token: 403.
        r = client.post("/api/games", json={"seats": two, "rated": True})
        assert r.status_code == 401, r.text
        ann = Device(client)
        ann.enter("Ann", new=True)
        r = ann.request("POST", "/api/games", json={"seats": two, "rated": True}, csrf=False)
        assert r.status_code == 403, r.text
        bots = [_seat("B1", "bot"), _seat("B2", "bot")]
        r = ann.request("POST", "/api/games", json={"seats": bots, "rated": True})
        assert r.status_code == 422 and "human seat" in r.json()["error"]
        both = [_seat("Ann", mine=True), _seat("Ann2", mine=True)]
        r = ann.request("POST", "/api/games", json={"seats": both, "rated": True})
        assert r.status_code == 422 and "one seat" in r.json()["error"]
        r = ann.request("POST", "/api/games", json={"seats": two, "rated": "yes"})
        assert r.status_code == 422
        assert client.get("/api/games").json()["games"] == []  # nothing was created
        # A seat that belongs to no account may not act: "log in to play a rated game".
        r = ann.request("POST", "/api/games", json={"seats": two, "rated": True})
        assert r.status_code == 201 and client.get(f"/api/games/{r.json()['id']}").json()["rated"]
        game_id = r.json()["id"]
        tokens = [s["token"] for s in r.json()["seats"]]
        seat = state(client, game_id)["view"]["deciding"]
        option = state(client, game_id, tokens[seat])["prompt"]["options"][0]
        refused = act(client, game_id, tokens[seat], option)
        assert refused.status_code == 403 and "log in" in refused.json()["error"]
        assert state(client, game_id)["view"]["deciding"] == seat
        assert client.get(f"/api/games/{game_id}").json()["version"] == 0
        # One account holds one seat of it at most: its claim of a second is refused (409),
        # in the claim's own transaction, under the game row's lock (two processes cannot
        # both let one through), and the second seat stays unclaimed.
        assert ann.claim(game_id, tokens[0]).status_code == 200
        second = ann.claim(game_id, tokens[1])
        assert second.status_code == 409 and "one seat" in second.json()["error"], second.text
        mine = ann.request("GET", "/api/account/games").json()["games"]
        assert [g["seats"] for g in mine if g["game"]["id"] == game_id] == [[0]]
        assert ann.claim(game_id, tokens[0]).status_code == 200  # its own seat again: fine
        if seat == 1:
            refused = act(client, game_id, tokens[1], option)
            assert refused.status_code == 403 and "log in" in refused.json()["error"]
        assert client.get(f"/api/games/{game_id}").json()["version"] == 0


def test_answers_hold_no_secret(db_url: str) -> None:
    with server(db_url) as client:
        game_id, tokens = _rated_game(client, ["Ann", "Bob", "Cid"])
        _withdraw_all(client, game_id, tokens)
        hashes = [r.password_hash for r in _db_rows(client, select(accounts.c.password_hash))]
        (seed,) = [r.seed for r in _db_rows(client, select(games.c.seed))]
        answers = [
            client.get("/api/leaderboard").text,
            client.get(f"/api/games/{game_id}/dice").text,
            client.get(f"/api/games/{game_id}/dice", headers=auth(tokens[0])).text,
            *(client.get(f"/api/players/{n}").text for n in ("Ann", "Bob", "Cid")),
        ]
        for text in answers:
            for secret in [*tokens, *hashes]:
                assert secret not in text
            assert "password" not in text and "token" not in text and str(seed) not in text


def test_a_running_games_dice_are_its_public_rolls(db_url: str) -> None:
    with server(db_url) as client:
        game_id, tokens = _rated_game(client, ["Ann", "Bob"])
        for _ in range(12):  # colours, splits, a roll or two
            seat = state(client, game_id)["view"]["deciding"]
            options = state(client, game_id, tokens[seat])["prompt"]["options"]
            playable = [o for o in options if o["type"] != "withdraw"]
            assert act(client, game_id, tokens[seat], playable[0]).status_code == 200
        spectator = client.get(f"/api/games/{game_id}/dice").json()
        assert client.get(f"/api/games/{game_id}/dice", headers=auth(tokens[0])).json() == (
            spectator
        )
        events = state(client, game_id)["events"]
        for s in spectator["seats"]:
            rolls = [
                e["roll"]
                for e in events
                if e["type"] in ("movement_roll", "mulligan") and e["player"] == s["seat"]
            ]
            counts = [rolls.count(face) for face in range(1, 7)]
            assert s["movement"]["counts"] == counts and s["movement"]["rolls"] == len(rolls)
            assert 0.0 <= s["movement"]["p_value"] <= 1.0
        assert not spectator["over"]
        assert client.get("/api/games/nosuchgame/dice").status_code == 404


def test_leaderboard_pages_and_limits(db_url: str) -> None:
    with server(db_url) as client:
        game_id, tokens = _rated_game(client, ["Ann", "Bob", "Cid"])
        _withdraw_all(client, game_id, tokens)
        page = client.get("/api/leaderboard", params={"offset": 1, "limit": 1}).json()
        assert page["total"] == 3 and [p["rank"] for p in page["players"]] == [2]
        for bad in ({"limit": 0}, {"limit": 101}, {"offset": -1}, {"limit": "x"}):
            assert client.get("/api/leaderboard", params=bad).status_code == 422
        for odd in ("x" * 65, "%00", "a%00b", "%E2%80%AE", "%20", "..", "%2F"):
            assert client.get("/api/players/" + odd).status_code == 404, odd
        assert client.get("/api/players/computer:nosuchlevel").status_code == 404
        assert client.get("/api/players/ANN").json()["name"] == "Ann"  # any case
        # No account may pass for a computer level.
        r = client.post(
            "/api/account/register", json={"name": "Computer:strong", "password": "x" * 12}
        )
        assert r.status_code == 422 and "computer" in r.json()["error"]


def test_a_deleted_accounts_results_stay(db_url: str) -> None:
    with server(db_url) as client:
        devices = [Device(client) for _ in range(2)]
        game_id, tokens = _rated_game(client, ["Ann", "Bob"])
        _withdraw_all(client, game_id, tokens)
        before = _board(client)["Bob"]
        ann = Device(client)
        ann.enter("Ann")
        r = ann.request("DELETE", "/api/account", json={"password": "correct horse battery"})
        assert r.status_code == 204, r.text
        board = _board(client)
        assert set(board) == {"Bob"} and board["Bob"] == {**before, "rank": 1}
        assert client.get("/api/players/Ann").status_code == 404
        assert len(_db_rows(client, select(rated_results))) == 2  # both results kept
        assert devices  # (unused devices: registering happens in _rated_game)


# --- the rating write itself, on outcomes no quick game reaches --------------------------------


def _database() -> Connection:
    engine = create_engine("sqlite://")
    metadata.create_all(engine)
    conn = engine.connect()
    stamp = datetime.now(UTC)
    conn.execute(
        insert(accounts),
        [{"id": i, "name": f"P{i}", "name_key": f"p{i}", "created_at": stamp} for i in range(1, 7)],
    )
    return conn


def _rate(
    conn: Connection, game_id: str, players: Sequence[int | str | None], found: Sequence[int]
) -> None:
    """Game ``game_id`` of seats held by accounts (ints), computer levels (str) or nobody,
    ended with places ``found``, rated."""
    stamp = datetime.now(UTC)
    conn.execute(
        insert(games).values(
            id=game_id,
            variant="default",
            options={},
            seed=1,
            status="over",
            version=1,
            digest="d",
            to_move=-1,
            winner=None,
            created_at=stamp,
            updated_at=stamp,
            rated=True,
        )
    )
    conn.execute(
        insert(seats),
        [
            {
                "game_id": game_id,
                "seat": i,
                "name": f"S{i}",
                "kind": "bot" if isinstance(p, str) else "human",
                "level": p if isinstance(p, str) else None,
                "token_hash": None,
                "claimed": True,
                "account_id": p if isinstance(p, int) else None,
            }
            for i, p in enumerate(players)
        ],
    )
    tallies = tuple(DiceTally(movement=[1, 0, 0, 0, 0, i], strikes=[0] * 6) for i in range(6))
    outcome = Outcome(tuple(found), tuple(10 * i for i in range(len(found))), tallies[: len(found)])
    levels = [p if isinstance(p, str) else None for p in players]
    rate_game(conn, game_id, levels, outcome, stamp)


def _mu(conn: Connection) -> dict[str, float]:
    return {r.player: r.mu for r in conn.execute(select(ratings))}


def test_a_draw_shares_a_place_and_moves_both_alike_19_3() -> None:
    # Two Titans felled by one blow end a three-player game: nobody is left (errata 19.3).
    history = [
        ev.PlayerEliminated(2, by=0),
        ev.TurnStarted(0, 5),
        ev.PlayerEliminated(0, by=1),
        ev.PlayerEliminated(1, by=0),
        ev.GameOver(None, "two Titans fell together"),
    ]
    found = places(history, 3)
    assert found == (1, 1, 3)
    with _database() as conn:
        _rate(conn, "g", [1, 2, 3], found)
        mu = _mu(conn)
        assert mu["account:1"] == pytest.approx(mu["account:2"]) and mu["account:1"] > FRESH.mu
        assert mu["account:3"] < FRESH.mu
        wins = {r.player: r.wins for r in conn.execute(select(ratings))}
        assert wins == {"account:1": 0, "account:2": 0, "account:3": 0}  # a draw is no win


def test_turn_limit_totals_order_the_rest_21() -> None:
    totals = {0: 50, 1: 80, 2: 50, 3: 20}
    found = places([ev.GameOver(1, "turn limit", totals)], 4)
    assert found == (2, 1, 2, 4)
    with _database() as conn:
        _rate(conn, "g", [1, 2, 3, 4], found)
        mu = _mu(conn)
        assert mu["account:2"] > mu["account:1"] == pytest.approx(mu["account:3"])
        assert mu["account:1"] > mu["account:4"]
        stored = {r.seat: r.place for r in conn.execute(select(rated_results))}
        assert stored == dict(enumerate(found))


def test_one_level_in_several_seats_is_one_result() -> None:
    with _database() as conn:
        _rate(conn, "g", ["strong", 1, "strong", 2], [1, 2, 3, 4])
        row = conn.execute(select(ratings).where(ratings.c.player == "computer:strong")).one()
        assert (row.games, row.wins, row.seats, row.score_sum) == (1, 1, 2, 0 + 20)
        assert row.movement == [2, 0, 0, 0, 0, 0 + 2]  # both seats' dice
        results = list(conn.execute(select(rated_results).order_by(rated_results.c.seat)))
        assert [r.player for r in results] == [
            "computer:strong",
            account_key(1),
            "computer:strong",
            account_key(2),
        ]
        # The level's seats, first and third of four, move it less than a win alone would.
        _rate(conn, "h", [3, 4], [1, 2])
        mu = _mu(conn)
        assert FRESH.mu < mu["computer:strong"] < mu["account:3"]


def test_a_seat_of_no_account_is_left_out() -> None:
    with _database() as conn:
        _rate(conn, "g", [1, None, 2], [3, 1, 2])
        assert set(_mu(conn)) == {"account:1", "account:2"}
        assert _mu(conn)["account:2"] > _mu(conn)["account:1"]
        _rate(conn, "h", [1, None], [1, 2])  # nobody to be rated against: nothing changes
        assert (
            conn.execute(
                select(ratings.c.games).where(ratings.c.player == "account:1")
            ).scalar_one()
            == 1
        )


def test_ratings_accumulate_over_games() -> None:
    with _database() as conn:
        for n in range(5):
            _rate(conn, f"g{n}", [1, 2, "random"], [1, 2, 3])
        rows = {r.player: r for r in conn.execute(select(ratings))}
        assert rows["account:1"].games == 5 and rows["account:1"].wins == 5
        assert (
            rows["account:1"].ordinal > rows["account:2"].ordinal > rows["computer:random"].ordinal
        )
        assert rows["account:1"].sigma < rows["account:1"].mu  # surer with every game
        sigmas = [
            r.sigma_after
            for r in conn.execute(
                select(rated_results)
                .where(rated_results.c.player == "account:1")
                .order_by(rated_results.c.game_id)
            )
        ]
        assert sigmas == sorted(sigmas, reverse=True)


def test_two_games_ending_at_once_lose_no_update(db_url: str) -> None:
    """Both games' writes rate the same two levels at once: on PostgreSQL the second waits for
    the first's row locks, so its update starts from the first's result."""
    with server(db_url) as client:
        ids = [
            client.post("/api/games", json={"seats": [_seat("Ann"), _seat("Bob")]}).json()["id"]
            for _ in range(2)
        ]
        store = service(client).store
        stamp = datetime.now(UTC)
        result = Outcome((1, 2), (0, 0), (DiceTally(), DiceTally()))

        def write(game_id: str) -> Any:
            return lambda conn: rate_game(conn, game_id, ["strong", "random"], result, stamp)

        async def both() -> None:
            await asyncio.gather(*(store.transact(write(i)) for i in ids))

        client.portal.call(both)
        board = _board(client)
        once = rate(["a", "b"], [1, 2], {})
        twice = rate(["a", "b"], [1, 2], once)
        assert board["computer:strong"]["games"] == 2
        assert board["computer:strong"]["mu"] == pytest.approx(twice["a"].mu, abs=1e-3)
        assert board["computer:random"]["mu"] == pytest.approx(twice["b"].mu, abs=1e-3)


def test_a_rated_ending_tells_the_other_processes(pg_url: str) -> None:
    """On PostgreSQL the ending action of a rated game is a transaction of several statements
    (not the one autocommit statement); its NOTIFY goes out all the same, in it."""
    with server(pg_url) as client, psycopg.connect(libpq_dsn(pg_url), autocommit=True) as other:
        other.execute("LISTEN titan_actions")
        game_id, tokens = _rated_game(client, ["Ann", "Bob"])
        _withdraw_all(client, game_id, tokens)
        version = client.get(f"/api/games/{game_id}").json()["version"]
        versions: list[int] = []
        for note in other.notifies(timeout=5):
            parts = note.payload.split(" ")  # actions' notices; chat and seats say other things
            if len(parts) == 4 and parts[1] == game_id and parts[2].isdigit():
                versions.append(int(parts[2]))
            if versions and versions[-1] == version:
                break
        assert versions == list(range(1, version + 1))
        assert _board(client)["Ann"]["games"] == 1


def test_play_again_of_a_rated_game_is_rated(db_url: str) -> None:
    with server(db_url) as client:
        game_id, tokens = _rated_game(client, ["Ann", "Bob"])
        _withdraw_all(client, game_id, tokens)
        again = [
            client.post(f"/api/games/{game_id}/rematch", headers=auth(t)).json() for t in tokens
        ]
        new_id = again[0]["game"]
        assert again[1]["game"] == new_id and client.get(f"/api/games/{new_id}").json()["rated"]
        # Its seats belong to no account yet: acting waits for the holder to keep it.
        seat = state(client, new_id)["view"]["deciding"]
        token = again[seat]["token"]
        option = state(client, new_id, token)["prompt"]["options"][0]
        refused = act(client, new_id, token, option)
        assert refused.status_code == 403 and "log in" in refused.json()["error"]
