"""Notices as players meet them: the "your turn" mail, once per game turn, through a real SMTP
server, with the game's link and a working unsubscribe link; the webhook's JSON; the settings
behind the session and its CSRF token, never shown to anyone else; and a mail server or webhook
that is down, failing or hanging never slows a game (the rows retry, backing off, up to the cap).
"""

from __future__ import annotations

import contextlib
import random
import re
import socket
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.server.accounts_client import Device, server
from tests.server.inproc import act, auth, create, service, state
from tests.server.notice_rig import (
    PUBLIC,
    Unhurried,
    free_port,
    notices,
    smtp_server,
    wait,
    webhook_receiver,
)
from tests.server.scripted import choose
from tests.server.test_chat import withdraw_when_allowed
from titan.server import outbox

BOB_MAIL = "bob@example.org"


def _table(client: Any, game_id: str) -> list[Any]:
    """The game's outbox rows, read on the server's own event loop."""
    store = service(client).store
    return list(client.portal.call(store.transact, lambda conn: outbox.rows_for(conn, game_id)))


def _game(client: Any) -> tuple[Device, Device, dict[str, Any]]:
    """Ann and Bob, each with an account holding their seat of a two-player game."""
    ann, bob = Device(client), Device(client)
    ann.enter("Ann", new=True)
    bob.enter("Bob", new=True)
    made = create(client)
    for device, seat in ((ann, 0), (bob, 1)):
        r = device.claim(made["id"], made["seats"][seat]["token"])
        assert r.status_code == 200, r.text
    return ann, bob, made


def _settings(device: Device, **kw: Any) -> Any:
    body = {"email": None, "webhook": None, "notify_email": False, "notify_webhook": False}
    body.update(kw)
    return device.request("PUT", "/api/account/notifications", json=body)


def _step(client: Any, made: dict[str, Any], rng: random.Random) -> float:
    """One action by whoever decides; returns how long the server took to answer it."""
    tokens = [s["token"] for s in made["seats"]]
    public = state(client, made["id"])
    seat = public["view"]["deciding"]
    mine = state(client, made["id"], tokens[seat])
    prompt = mine["prompt"]
    assert prompt is not None, (seat, public["version"], mine["version"], mine["view"]["deciding"])
    started = time.monotonic()
    r = act(client, made["id"], tokens[seat], choose(prompt, rng))
    took = time.monotonic() - started
    assert r.status_code == 200, r.text
    return took


def _until_bob_decides(client: Any, made: dict[str, Any], rng: random.Random) -> float:
    """Play until an action makes Bob (seat 1) the decider; returns the slowest answer."""
    slowest = 0.0
    while state(client, made["id"])["view"]["deciding"] == 1:
        slowest = max(slowest, _step(client, made, rng))
    while state(client, made["id"])["view"]["deciding"] != 1:
        slowest = max(slowest, _step(client, made, rng))
    return slowest


def _play_to_turn_three(
    client: Any, made: dict[str, Any], rng: random.Random, inbox: Any
) -> tuple[set[int], bool]:
    """Play until game turn 3, waiting for each of Bob's mails before he acts; returns the
    game turns Bob was made the decider in, and whether the game ended first (a battle of the
    two Titan legions can end a two-player game on turn 2)."""
    turns_for_bob: set[int] = set()
    for _ in range(400):
        view = state(client, made["id"])["view"]
        if view["turn"] > 2 or view["deciding"] == -1:
            break
        before = view["deciding"]
        _step(client, made, rng)
        after = state(client, made["id"])["view"]
        if after["deciding"] == 1 and before != 1 and after["turn"] not in turns_for_bob:
            turns_for_bob.add(after["turn"])
            # Wait for it before Bob acts: a turn he has already left is not worth a mail.
            expected = len(turns_for_bob)
            wait(lambda: len(_turn_mails(inbox, made)) >= expected)  # noqa: B023
    return turns_for_bob, state(client, made["id"])["view"]["deciding"] == -1


def _turn_mails(inbox: Any, made: dict[str, Any]) -> list[Any]:
    return [
        m for m in inbox.to(BOB_MAIL) if "your turn" in m["Subject"] and made["id"] in m["Subject"]
    ]


def test_one_mail_per_turn_with_the_games_link_and_a_working_unsubscribe(db_url: str) -> None:
    rng = random.Random(7)
    with smtp_server() as (inbox, port), server(db_url, notices=notices(port)) as client:
        ann, bob, made = _game(client)
        r = _settings(bob, email=BOB_MAIL, notify_email=True)
        assert r.status_code == 200, r.text
        me = bob.request("GET", "/api/account").json()
        assert me["email"] == BOB_MAIL and me["notify_email"] is True
        assert me["webhook"] is None and me["notify_webhook"] is False

        turns_for_bob, ended = _play_to_turn_three(client, made, rng, inbox)
        for _ in range(5):  # the dice are the server's: a game may end early, so play another
            if not ended:
                break
            made = create(client)
            for device, seat in ((ann, 0), (bob, 1)):
                assert device.claim(made["id"], made["seats"][seat]["token"]).status_code == 200
            turns_for_bob, ended = _play_to_turn_three(client, made, rng, inbox)
        assert len(turns_for_bob) >= 2, "the game never reached Bob's second turn"
        time.sleep(0.3)  # the sender's next looks find nothing more
        mails = _turn_mails(inbox, made)
        assert len(mails) == len(turns_for_bob)  # one per game turn, not per decision
        assert inbox.to("ann@example.org") == []  # Ann asked for none

        mail = mails[0]
        body = mail.get_content()
        assert "your turn" in mail["Subject"] and made["id"] in mail["Subject"]
        assert f"{PUBLIC}/?open={made['id']}" in body
        for seat in made["seats"]:  # no seat's token in a mail, ever
            assert seat["token"] not in body and seat["token"] not in mail.as_string()
        found = re.search(rf"{re.escape(PUBLIC)}/unsubscribe#([A-Za-z0-9_-]+)", body)
        assert found is not None
        assert (
            "".join(mail["List-Unsubscribe"].split()) == f"<{PUBLIC}/unsubscribe#{found.group(1)}>"
        )

        wrong = client.post("/api/unsubscribe", json={"token": found.group(1)[:-2] + "xx"})
        assert wrong.status_code == 404
        assert bob.request("GET", "/api/account").json()["notify_email"] is True
        ok = client.post("/api/unsubscribe", json={"token": found.group(1)})
        assert ok.status_code == 200 and ok.json() == {"notify_email": False}
        me = bob.request("GET", "/api/account").json()
        assert me["notify_email"] is False and me["email"] == BOB_MAIL
        del ann


def test_webhook_gets_the_json_and_the_game_end_reaches_every_account(db_url: str) -> None:
    with webhook_receiver() as (receiver, url), server(db_url, notices=notices(None)) as client:
        ann, bob, made = _game(client)
        assert _settings(ann, webhook=url, notify_webhook=True).status_code == 200
        assert _settings(bob, webhook=url, notify_webhook=True).status_code == 200
        _until_bob_decides(client, made, random.Random(3))
        body = wait(lambda: next((b for b in receiver.bodies if b["seat"] == 1), None))
        assert body["event"] == "turn" and body["game"] == made["id"]
        assert body["seat_name"] == "Bob" and body["url"] == f"{PUBLIC}/?open={made['id']}"
        assert body["url"] in body["text"]
        assert body["id"].startswith("notice-")

        # A seat withdraws (errata 20.4): with two players the game is over, and both
        # accounts are told.
        withdraw_when_allowed(client, made["id"], [s["token"] for s in made["seats"]])
        assert state(client, made["id"])["view"]["deciding"] == -1
        ends = wait(lambda: [b for b in receiver.bodies if b["event"] == "end"] or None)
        wait(lambda: len([b for b in receiver.bodies if b["event"] == "end"]) == 2)
        assert {b["game"] for b in ends} == {made["id"]}
        ids = [b["id"] for b in receiver.bodies]
        assert len(set(ids)) == len(ids)  # one id a notice (none was sent twice here)


@pytest.mark.parametrize("smtp", ["down", "hangs"])
def test_failures_never_stall_a_game_and_rows_stop_at_the_cap(tmp_path: Path, smtp: str) -> None:
    with contextlib.ExitStack() as stack:
        if smtp == "down":
            port = free_port()  # nothing listens there: every mail is refused at once
        else:  # it listens, never accepts, never greets: every mail times out
            silent = stack.enter_context(socket.socket())
            silent.bind(("127.0.0.1", 0))
            silent.listen(16)
            port = silent.getsockname()[1]
        receiver, url = stack.enter_context(webhook_receiver())
        # The sender gives each send 2 s: an action that waited for one would take that long,
        # far above what a loaded machine adds to an action (0.5 s was once reached so).
        client = stack.enter_context(server(tmp_path, notices=notices(port, timeout=2.0)))
        ann, bob, made = _game(client)
        receiver.delay = 5.0  # longer than the sender's timeout: a webhook that hangs
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        assert (
            _settings(
                bob, email=BOB_MAIL, notify_email=True, webhook=url, notify_webhook=True
            ).status_code
            == 200
        )
        slowest = _until_bob_decides(client, made, random.Random(5))
        assert slowest < 2.0  # no action waited for a send: the sender's work is elsewhere

        def settled() -> list[Any] | None:
            rows = [r for r in _table(client, made["id"]) if r.kind == "turn"]
            return rows if rows and all(r.state == "failed" for r in rows) else None

        rows = wait(
            settled,
            timeout=60,  # three attempts of 2 s each, and the back-off, on a loaded machine
            what=lambda: f"both channels to give up: {_table(client, made['id'])}",
        )
        assert {r.channel for r in rows} == {"email", "webhook"}
        assert all(r.attempts == 3 for r in rows)  # the cap
        assert all(r.last_error for r in rows)
        assert receiver.count() == 3  # the hanging webhook was called three times, no more
        # Each retry carries the notice's id, so a receiver can drop what it already had.
        (webhook_row,) = (r for r in rows if r.channel == "webhook")
        assert {b["id"] for b in receiver.bodies} == {f"notice-{webhook_row.id}"}
        del ann, bob


def test_a_slow_mail_server_gets_each_mail_once(tmp_path: Path) -> None:
    """Each answer of the mail server comes within the sender's timeout, the whole mail takes
    longer than two of them: the sender waits for it (``mailer.EXCHANGES``) and the row is
    sent. Cut off sooner, the mail would have arrived anyway and been sent again, up to three
    times (seen under load with the reminders' test)."""
    with (
        smtp_server(Unhurried()) as (inbox, port),
        server(tmp_path, notices=notices(port, timeout=0.5)) as client,
    ):
        ann, bob, made = _game(client)
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        _until_bob_decides(client, made, random.Random(5))

        def finished() -> list[Any] | None:
            rows = [r for r in _table(client, made["id"]) if r.kind == "turn"]
            return rows if rows and all(r.state != "pending" for r in rows) else None

        (row,) = wait(finished, timeout=20, what=lambda: f"the mail: {_table(client, made['id'])}")
        assert row.state == "sent" and row.attempts == 1 and row.last_error is None
        time.sleep(2.0)  # a mail cut off and sent again would have arrived by now
        assert len(inbox.to(BOB_MAIL)) == 1
        del ann


def test_a_webhook_answering_500_is_retried_with_back_off(tmp_path: Path) -> None:
    with (
        webhook_receiver() as (receiver, url),
        server(tmp_path, notices=notices(None, backoff=0.3, max_backoff=1.0)) as client,
    ):
        ann, bob, made = _game(client)
        receiver.status = 500
        assert _settings(bob, webhook=url, notify_webhook=True).status_code == 200
        _until_bob_decides(client, made, random.Random(5))
        started = time.monotonic()
        wait(lambda: receiver.count() >= 3, timeout=20)
        took = time.monotonic() - started
        assert took >= 0.3 + 0.6 - 0.1  # waited 0.3 s, then 0.6 s, between the attempts
        time.sleep(0.5)
        assert receiver.count() == 3
        (row,) = [r for r in _table(client, made["id"]) if r.kind == "turn"]
        assert row.state == "failed" and row.last_error == "the webhook answered HTTP 500"
        del ann


def test_settings_need_the_session_and_its_csrf_token_and_are_checked(tmp_path: Path) -> None:
    with server(tmp_path, notices=notices(None, local_webhooks=False)) as client:
        bob = Device(client)
        bob.enter("Bob", new=True)
        good = {"email": BOB_MAIL, "webhook": None, "notify_email": True, "notify_webhook": False}
        assert client.put("/api/account/notifications", json=good).status_code == 401
        r = bob.request("PUT", "/api/account/notifications", json=good, csrf=False)
        assert r.status_code == 403
        assert bob.request("GET", "/api/account").json()["email"] is None
        for email in ("bob", "bob@", "bob@example", "a b@example.org", "x@y.org\r\nBcc: z@y.org"):
            r = _settings(bob, email=email)
            assert r.status_code == 422 and r.json()["path"] == "email", email
        r = _settings(bob, notify_email=True)
        assert r.status_code == 422 and r.json()["path"] == "notify_email"
        for url in (
            "http://example.org/hook",  # not https
            "https://127.0.0.1/hook",  # loopback, and local webhooks are off
            "https://localhost/hook",
            "https://[::1]/hook",
            "https://10.0.0.8/hook",  # private
            "https://192.168.1.1/hook",
            "https://169.254.169.254/latest/meta-data",  # link-local (cloud metadata)
            "https://[::ffff:10.0.0.1]/hook",  # private, IPv4-mapped
            "https://user:pw@example.org/hook",
            "ftp://example.org/hook",
            "not a url",
        ):
            r = _settings(bob, webhook=url)
            assert r.status_code == 422 and r.json()["path"] == "webhook", url
        assert _settings(bob, webhook="https://example.org/hook").status_code == 200

        paths = client.get("/openapi.json").json()["paths"]
        put = paths["/api/account/notifications"]["put"]
        assert {"401", "403", "422"} <= set(put["responses"])
        assert put["security"] == [{"APIKeyCookie": []}, {"APIKeyHeader": []}]  # cookie, CSRF
        assert "post" in paths["/api/unsubscribe"]


def test_addresses_never_reach_another_account_a_seat_or_a_spectator(tmp_path: Path) -> None:
    with webhook_receiver() as (receiver, url), server(tmp_path, notices=notices(None)) as client:
        ann, bob, made = _game(client)
        secret_hook = url + "?k=bob-secret"
        r = _settings(bob, email=BOB_MAIL, webhook=secret_hook, notify_webhook=True)
        assert r.status_code == 200
        rng = random.Random(11)
        for _ in range(30):
            if state(client, made["id"])["view"]["deciding"] == -1:
                break  # the Titans met: a two-player game may end this early
            _step(client, made, rng)
        gid = made["id"]
        seen = [
            ann.request("GET", "/api/account").text,
            ann.request("GET", "/api/account/games").text,
            client.get("/api/games").text,
            client.get(f"/api/games/{gid}").text,
            client.get(f"/api/games/{gid}/state").text,
            client.get(f"/api/games/{gid}/replay").text,
        ]
        for seat in made["seats"]:
            seen.append(client.get(f"/api/games/{gid}/state", headers=auth(seat["token"])).text)
        for text in seen:
            assert BOB_MAIL not in text and "bob-secret" not in text and "/hook" not in text
        mine = bob.request("GET", "/api/account").json()
        assert mine["email"] == BOB_MAIL and mine["webhook"] == secret_hook
        del receiver


def test_deleting_the_account_forgets_its_address_and_notices(tmp_path: Path) -> None:
    with server(tmp_path, notices=notices(None)) as client:
        ann, bob, made = _game(client)
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        _until_bob_decides(client, made, random.Random(5))
        # This server has no mail server: the row is dropped, saying so, never retried.
        (row,) = wait(lambda: [r for r in _table(client, made["id"]) if r.state == "dropped"])
        assert row.channel == "email" and "--smtp" in row.last_error and row.attempts == 0
        from tests.server.accounts_client import PASSWORD

        r = bob.request("DELETE", "/api/account", json={"password": PASSWORD})
        assert r.status_code == 204
        assert _table(client, made["id"]) == []

        async def settings_rows(conn: Any) -> list[Any]:
            from sqlalchemy import select

            from titan.server.tables import notice_settings

            return list(await conn.execute(select(notice_settings)))

        assert client.portal.call(service(client).store.read, settings_rows) == []
        del ann


def test_the_first_decider_of_a_correspondence_game_has_its_reminders_from_the_start(
    db_url: str,
) -> None:
    """No action makes the first decider the decider, so its reminders come with the seat's
    account: the creator's own seat (``mine``, kept in the creating request) and a seat an
    account claims later both get their deadline's reminders, half the allowance and one hour
    before it. No "your turn" mail: whoever takes a seat is looking at the game. A seat that
    does not decide gets nothing yet."""
    allowance = 4 * 3600
    with server(db_url, notices=notices(None)) as client:
        ann, bob = Device(client), Device(client)
        ann.enter("Ann", new=True)
        bob.enter("Bob", new=True)
        for device, mail in ((ann, "ann@example.org"), (bob, BOB_MAIL)):
            assert _settings(device, email=mail, notify_email=True).status_code == 200

        def new(mine: bool) -> dict[str, Any]:
            body = {
                "seats": [
                    {"name": "Bob", "kind": "human", "mine": mine},
                    {"name": "Ann", "kind": "human"},
                ],
                "time_control": {"kind": "correspondence", "seconds": allowance},
            }
            r = bob.request("POST", "/api/games", json=body)
            assert r.status_code == 201, r.text
            made: dict[str, Any] = r.json()
            return made

        def check_reminded(gid: str, seat: int) -> None:
            rows = _table(client, gid)
            assert [r for r in rows if r.kind == "turn"] == []  # no mail to whoever is here
            reminders = [r for r in rows if r.kind == "reminder"]
            assert {(r.seat, r.state) for r in reminders} == {(seat, "pending")}
            clock = state(client, gid)["clock"]
            deadline = datetime.fromisoformat(clock["deadline"].replace("Z", "+00:00"))
            due = sorted(r.due_at.replace(tzinfo=UTC) for r in reminders)
            wanted = [deadline - timedelta(hours=2), deadline - timedelta(hours=1)]
            assert len(due) == 2
            assert all(
                abs((d - w).total_seconds()) < 0.001 for d, w in zip(due, wanted, strict=True)
            )

        # The creator's own seat (seat 0) decides first: its reminders are there at once.
        for _ in range(30):
            made = new(mine=True)
            if state(client, made["id"])["view"]["deciding"] == 0:
                break
        else:
            raise AssertionError("seat 0 never decided first in 30 games")
        check_reminded(made["id"], 0)

        # A seat claimed later: the deciding one gets its reminders in the claim's write, the
        # other one nothing (its turn's action will schedule them).
        made = new(mine=False)
        gid = made["id"]
        first = state(client, gid)["view"]["deciding"]
        other = 1 - first
        assert ann.claim(gid, made["seats"][other]["token"]).status_code == 200
        assert _table(client, gid) == []
        assert bob.claim(gid, made["seats"][first]["token"]).status_code == 200
        check_reminded(gid, first)
