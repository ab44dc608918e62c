"""Accounts as a person uses them: register, log in and out, change the password, delete the
account; names unique whatever their case; seats claimed into an account and opened on a
second device; a rotated seat's new token reaches its owner; the seats of a game created while
logged in belong to the account. The flows run on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

from argon2 import PasswordHasher

from tests.server.accounts_client import PASSWORD, Device, server
from tests.server.inproc import auth, create, state
from titan.server.accounts import Passwords
from titan.server.accountstore import DELETED_NAME


def test_register_log_in_out_change_and_delete(db_url: str) -> None:
    with server(db_url) as client:
        ann = Device(client)
        made = ann.enter("Ann", new=True)
        assert made["name"] == "Ann" and made["csrf_token"]
        me = ann.request("GET", "/api/account")
        assert me.status_code == 200 and me.json()["csrf_token"] == made["csrf_token"]

        assert ann.request("POST", "/api/account/logout").status_code == 204
        assert ann.session is None  # the cookie was cleared
        phone = Device(client)
        phone.enter("Ann")
        assert phone.csrf != made["csrf_token"]  # one CSRF token per session

        new = "a longer passphrase now"
        r = phone.request(
            "POST",
            "/api/account/password",
            json={"old_password": "not it at all", "new_password": new},
        )
        assert r.status_code == 401
        r = phone.request(
            "POST", "/api/account/password", json={"old_password": PASSWORD, "new_password": new}
        )
        assert r.status_code == 204
        r = client.post("/api/account/login", json={"name": "ann", "password": PASSWORD})
        assert r.status_code == 401
        Device(client).enter("ANN", new)  # names are matched whatever their case

        r = phone.request("DELETE", "/api/account", json={"password": new})
        assert r.status_code == 204
        assert phone.request("GET", "/api/account").status_code == 401
        r = client.post("/api/account/login", json={"name": "Ann", "password": new})
        assert r.status_code == 401
        Device(client).enter("ann", "a new person's password", new=True)  # the name is free


def test_names_are_unique_whatever_their_case(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        Device(client).enter("Zoë", new=True)
        for same in ("zoë", "ZOË", " Zoë ", "Zoe\u0308", "ｚｏë"):  # NFKC and casefold
            r = client.post("/api/account/register", json={"name": same, "password": PASSWORD})
            assert r.status_code == 409, same
            assert "taken" in r.json()["error"]
        Device(client).enter("Zoey", new=True)


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        Device(client).enter("Ann", new=True)
        wrong = client.post("/api/account/login", json={"name": "Ann", "password": "x" * 12})
        unknown = client.post("/api/account/login", json={"name": "Nobody", "password": "x" * 12})
        assert wrong.status_code == unknown.status_code == 401
        assert (
            wrong.json()
            == unknown.json()
            == {
                "error": "wrong name or password",
                "rule": None,
                "path": None,
            }
        )


def test_logging_in_again_ends_the_browsers_previous_session(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        Device(client).enter("Bob", new=True)
        browser = Device(client)
        browser.enter("Ann", new=True)
        first = browser.session
        browser.enter("Bob")
        assert browser.session != first
        stale = Device(client)
        stale.session = first
        assert stale.request("GET", "/api/account").status_code == 401
        assert browser.request("GET", "/api/account").json()["name"] == "Bob"


def test_changing_the_password_ends_the_other_sessions(db_url: str) -> None:
    with server(db_url) as client:
        laptop, phone, tablet = Device(client), Device(client), Device(client)
        laptop.enter("Ann", new=True)
        phone.enter("Ann")
        tablet.enter("Ann")
        r = laptop.request(
            "POST",
            "/api/account/password",
            json={"old_password": PASSWORD, "new_password": "another passphrase"},
        )
        assert r.status_code == 204
        assert laptop.request("GET", "/api/account").status_code == 200  # this one stays
        for other in (phone, tablet):
            assert other.request("GET", "/api/account").status_code == 401
            assert other.request("POST", "/api/account/logout").status_code == 401


def test_a_claimed_seat_is_listed_and_opened_on_a_second_device(db_url: str) -> None:
    with server(db_url) as client:
        game = create(client, humans=("Ann", "Bob", "Cy"))
        ann_token = game["seats"][0]["token"]
        laptop = Device(client)
        laptop.enter("Ann", new=True)
        r = laptop.claim(game["id"], ann_token)
        assert r.status_code == 200 and r.json() == {"game_id": game["id"], "seat": 0}

        phone = Device(client)
        phone.enter("ann")
        [listed] = phone.games()
        assert listed["game"]["id"] == game["id"]
        assert listed["seats"] == [0]
        assert listed["owners"] == ["Ann", None, None]
        assert listed["game"]["seats"][0]["taken"]  # claiming uses the seat
        r = phone.request("POST", f"/api/account/games/{game['id']}/open")
        assert r.status_code == 200
        [opened] = r.json()["seats"]
        assert opened["seat"] == 0 and opened["token"] == ann_token
        assert opened["url"].endswith(f"/games/{game['id']}#token={ann_token}")
        assert state(client, game["id"], opened["token"])["seat"] == 0

        # Another account cannot take it, nor open it; a wrong token claims nothing.
        bob = Device(client)
        bob.enter("Bob", new=True)
        assert bob.claim(game["id"], ann_token).status_code == 409
        assert bob.request("POST", f"/api/account/games/{game['id']}/open").status_code == 404
        assert bob.claim(game["id"], "not-a-token").status_code == 403
        assert bob.claim("0123456789abcdef", ann_token).status_code == 404
        assert bob.games() == []
        assert bob.claim(game["id"], game["seats"][1]["token"]).status_code == 200
        assert laptop.games()[0]["owners"] == ["Ann", "Bob", None]


def test_a_rotated_seat_token_reaches_its_owner(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        game = create(client)
        old = game["seats"][1]["token"]
        bob = Device(client)
        bob.enter("Bob", new=True)
        assert bob.claim(game["id"], old).status_code == 200
        r = client.post(f"/api/games/{game['id']}/token", headers=auth(old))
        assert r.status_code == 200
        new = r.json()["token"]
        r = bob.request("POST", f"/api/account/games/{game['id']}/open")
        assert [s["token"] for s in r.json()["seats"]] == [new]
        assert state(client, game["id"], old)["seat"] is None  # the old one is dead
        # Claiming with the old token after the rotation claims nothing.
        ann = Device(client)
        ann.enter("Ann", new=True)
        assert ann.claim(game["id"], old).status_code == 403


def test_a_game_created_while_logged_in_has_its_seats_in_the_account(db_url: str) -> None:
    with server(db_url) as client:
        ann = Device(client)
        ann.enter("Ann", new=True)
        body = {
            "seats": [
                {"name": "Ann", "mine": True},
                {"name": "Ann's friend", "mine": True},
                {"name": "Bob"},
                {"name": "Hal", "kind": "bot", "level": "random"},
            ]
        }
        r = ann.request("POST", "/api/games", json=body)
        assert r.status_code == 201, r.text
        game = r.json()
        [listed] = ann.games()
        assert listed["seats"] == [0, 1]
        opened = ann.request("POST", f"/api/account/games/{game['id']}/open").json()["seats"]
        assert [s["token"] for s in opened] == [s["token"] for s in game["seats"][:2]]

        # Refused before anything is made: a bot seat, no CSRF token, no session.
        bot = {"seats": [{"name": "A", "mine": True}, {"name": "H", "kind": "bot", "mine": True}]}
        assert ann.request("POST", "/api/games", json=bot).status_code == 422
        assert ann.request("POST", "/api/games", json=body, csrf=False).status_code == 403
        assert client.post("/api/games", json=body).status_code == 401
        assert len(ann.games()) == 1


def test_a_deleted_account_reads_deleted_player_in_its_games(db_url: str) -> None:
    with server(db_url) as client:
        game = create(client)
        ann, bob = Device(client), Device(client)
        ann.enter("Ann", new=True)
        bob.enter("Bob", new=True)
        assert ann.claim(game["id"], game["seats"][0]["token"]).status_code == 200
        assert bob.claim(game["id"], game["seats"][1]["token"]).status_code == 200
        assert (
            ann.request("DELETE", "/api/account", json={"password": "wrong password"}).status_code
            == 401
        )
        assert ann.request("DELETE", "/api/account", json={"password": PASSWORD}).status_code == 204
        assert bob.games()[0]["owners"] == [DELETED_NAME, "Bob"]
        # The game goes on; the seat's link still works for whoever holds it.
        assert state(client, game["id"], game["seats"][0]["token"])["seat"] == 0
        r = client.post("/api/account/register", json={"name": DELETED_NAME, "password": PASSWORD})
        assert r.status_code == 422
        again = Device(client)
        again.enter("Ann", "a new person's password", new=True)
        assert again.games() == []  # a new account, not the old one's games


def test_an_outdated_hash_is_replaced_at_login(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        Device(client).enter("Ann", new=True)
    stronger = {"password_time_cost": 2, "password_memory_kib": 2048}
    with server(tmp_path, **stronger) as client:
        accounts = client.app.state.accounts

        def stored() -> str:
            row = client.portal.call(accounts.store.by_name, "ann")
            assert row is not None
            return str(row.password_hash)

        assert PasswordHasher(time_cost=2, memory_cost=2048, parallelism=1).check_needs_rehash(
            stored()
        )
        Device(client).enter("Ann")
        assert "m=2048,t=2,p=1$" in stored()
        assert not PasswordHasher(time_cost=2, memory_cost=2048, parallelism=1).check_needs_rehash(
            stored()
        )
        Device(client).enter("Ann")  # and the new hash verifies


def test_the_account_endpoints_are_in_openapi(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path, method in (
        ("/api/account/register", "post"),
        ("/api/account/login", "post"),
        ("/api/account/logout", "post"),
        ("/api/account", "get"),
        ("/api/account", "delete"),
        ("/api/account/password", "post"),
        ("/api/account/seats", "post"),
        ("/api/account/games", "get"),
        ("/api/account/games/{game_id}/open", "post"),
    ):
        assert method in paths[path], (path, method)
    schemes = spec["components"]["securitySchemes"]
    assert schemes["APIKeyCookie"] == {
        "type": "apiKey",
        "in": "cookie",
        "name": "titan_session",
        "description": schemes["APIKeyCookie"]["description"],
    }
    assert schemes["APIKeyHeader"]["name"] == "X-CSRF-Token"
    security = paths["/api/account/seats"]["post"]["security"]
    assert {"APIKeyCookie": []} in security and {"APIKeyHeader": []} in security
    assert "mine" in spec["components"]["schemas"]["SeatIn"]["properties"]


def test_a_password_utf8_cannot_hold_matches_nothing_and_raises_nothing() -> None:
    async def run() -> tuple[bool, bool, bool]:
        passwords = Passwords(time_cost=1, memory_kib=1024)
        stored = await passwords.hash(PASSWORD)
        return (
            await passwords.verify(stored, PASSWORD),
            await passwords.verify(stored, "\ud800" * 12),
            await passwords.verify(None, "\udfff" * 12),
        )

    assert asyncio.run(run()) == (True, False, False)
