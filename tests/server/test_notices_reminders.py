"""Reminders (``outbox.schedule_reminders``, which the clocks call when they set a deadline):
half the allowance and one hour before the deadline, only those still ahead; a new deadline
replaces the old reminders; a reminder whose seat no longer decides is dropped, not sent.
And the webhook's address check at send time, against what the name resolves to."""

from __future__ import annotations

import asyncio
import random
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from tests.server.accounts_client import Device, server
from tests.server.inproc import service, state
from tests.server.notice_rig import notices, smtp_server, wait
from tests.server.test_clocks import gated_think
from tests.server.test_clocks import server as clocks_server
from tests.server.test_notices import BOB_MAIL, _game, _settings, _step, _table
from titan.server import outbox, webhooks
from titan.server.tables import actions, games


def _schedule(client: Any, gid: str, seat: int, deadline: datetime, allowance: float) -> int:
    store = service(client).store
    count: int = client.portal.call(
        store.transact,
        lambda conn: outbox.schedule_reminders(conn, gid, seat, deadline, allowance),
    )
    return count


def _correspondence_game(client: Any, allowance: int) -> tuple[Device, Device, dict[str, Any]]:
    """Ann's and Bob's accounts, each in its own browser, and a new two-player game with a
    correspondence clock of ``allowance`` seconds (its seats not yet kept by either)."""
    ann, bob = Device(client), Device(client)
    ann.enter("Ann", new=True)
    bob.enter("Bob", new=True)
    body = {
        "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "time_control": {"kind": "correspondence", "seconds": allowance},
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return ann, bob, made


def test_reminders_are_scheduled_replaced_sent_and_dropped(tmp_path: Path) -> None:
    with smtp_server() as (inbox, port), server(tmp_path, notices=notices(port)) as client:
        ann, bob, made = _game(client)
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        gid = made["id"]
        rng = random.Random(2)
        while state(client, gid)["view"]["deciding"] == 1:
            _step(client, made, rng)
        # Bob does not decide now: nothing is due yet, but two reminders wait (3 h allowance,
        # deadline in 2 h: at 30 min and 1 h from now).
        now = datetime.now(UTC)
        assert _schedule(client, gid, 1, now + timedelta(hours=2), 3 * 3600) == 2
        rows = [r for r in _table(client, gid) if r.kind == "reminder"]
        assert len(rows) == 2 and {r.state for r in rows} == {"pending"}
        # Both times already past: none.
        assert _schedule(client, gid, 1, now + timedelta(minutes=30), 3600) == 0
        assert [r for r in _table(client, gid) if r.kind == "reminder"] == []  # replaced

        # One due at once (an hour before a deadline an hour and a second away), for a seat
        # that does not decide: dropped at send time.
        assert state(client, gid)["view"]["deciding"] == 0
        _schedule(client, gid, 1, datetime.now(UTC) + timedelta(seconds=3601), 10 * 3600)
        wait(
            lambda: [
                r for r in _table(client, gid) if r.kind == "reminder" and r.state == "dropped"
            ]
        )

        # Bob decides: his reminder is mailed.
        while state(client, gid)["view"]["deciding"] != 1:
            _step(client, made, rng)
        deadline = datetime.now(UTC) + timedelta(seconds=3601)
        _schedule(client, gid, 1, deadline, 10 * 3600)

        def reminded() -> list[Any]:
            return [m for m in inbox.to(BOB_MAIL) if "must decide before" in m["Subject"]]

        (mail,) = wait(reminded)
        assert " ".join(mail["Subject"].split()) == (
            f"Titan: Bob must decide before {deadline.strftime('%Y-%m-%dT%H:%M:%SZ')} (game {gid})"
        )
        del ann


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]", "sub.localhost"])
def test_a_name_resolving_to_loopback_is_refused_at_send_time(host: str) -> None:
    async def go() -> None:
        with pytest.raises(webhooks.Refused):
            await webhooks.post(f"https://{host}/hook", {"x": 1}, local=False, timeout=1.0)

    asyncio.run(go())


def test_resolution_checks_every_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name with one private address among public ones is refused (DNS can answer both)."""

    async def fake(host: str, port: int, **kw: Any) -> list[Any]:
        return [(0, 0, 0, "", ("93.184.216.34", port)), (0, 0, 0, "", ("10.1.2.3", port))]

    async def go() -> None:
        loop = asyncio.get_running_loop()
        monkeypatch.setattr(loop, "getaddrinfo", fake)
        with pytest.raises(webhooks.Refused, match=r"10\.1\.2\.3"):
            await webhooks.resolve("hooks.example.org", 443, local=False)

    asyncio.run(go())


def test_a_correspondence_deadline_schedules_its_reminders_in_the_actions_write(
    tmp_path: Path,
) -> None:
    """The clocks and the outbox together (titan.server.sidewrites): the action that makes
    Bob the decider of a correspondence game writes his deadline and, in the same write, his
    reminders at half the allowance and one hour before it; when he has acted and the deadline
    moves to Ann, his pending reminders are gone and hers (no e-mail set) are none."""
    allowance = 4 * 3600
    with server(tmp_path, notices=notices(None)) as client:
        ann, bob, made = _correspondence_game(client, allowance)
        for device, seat in ((ann, 0), (bob, 1)):
            assert device.claim(made["id"], made["seats"][seat]["token"]).status_code == 200
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        gid = made["id"]
        rng = random.Random(5)

        def reminders() -> list[Any]:
            return [r for r in _table(client, gid) if r.kind == "reminder" and r.seat == 1]

        while state(client, gid)["view"]["deciding"] == 1:
            _step(client, made, rng)  # Bob may decide first: his clock then began at creation
        while state(client, gid)["view"]["deciding"] != 1:
            _step(client, made, rng)  # ... so an action is to make him the decider
        clock = state(client, gid)["clock"]
        assert clock["seat"] == 1
        deadline = datetime.fromisoformat(clock["deadline"].replace("Z", "+00:00"))
        due = sorted(r.due_at.replace(tzinfo=UTC) for r in reminders() if r.state == "pending")
        wanted = [deadline - timedelta(hours=2), deadline - timedelta(hours=1)]
        assert len(due) == 2  # the wire's deadline is to the millisecond
        assert all(abs((d - w).total_seconds()) < 0.001 for d, w in zip(due, wanted, strict=True))

        while state(client, gid)["view"]["deciding"] == 1:
            _step(client, made, rng)
        assert [r for r in reminders() if r.state == "pending"] == []
        del ann


def test_an_actions_rows_all_carry_the_actions_one_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One action, one time (``Progress.at``): its deadline runs from it, and the log, the
    game row, its notice and its reminders are stamped with it. With the clock moved (an
    hour back), every row agrees with the deadline the action set."""
    moved = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=1)
    monkeypatch.setattr("titan.server.live.now", lambda: moved)
    allowance = 4 * 3600
    with server(tmp_path, notices=notices(None)) as client:
        ann, bob, made = _correspondence_game(client, allowance)
        gid = made["id"]
        for device, seat in ((ann, 0), (bob, 1)):
            assert device.claim(gid, made["seats"][seat]["token"]).status_code == 200
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        rng = random.Random(6)
        while state(client, gid)["view"]["deciding"] == 1:
            _step(client, made, rng)
        while state(client, gid)["view"]["deciding"] != 1:
            _step(client, made, rng)  # this action makes Bob the decider

        def utc(stamp: datetime) -> datetime:
            return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)

        rows = [r for r in _table(client, gid) if r.seat == 1 and r.state != "dropped"]
        rows += [r for r in _table(client, gid) if r.kind == "turn"]
        assert {r.kind for r in rows} == {"turn", "reminder"}
        assert {utc(r.created_at) for r in rows} == {moved}
        deadline = moved + timedelta(seconds=allowance)
        reminders = sorted(utc(r.due_at) for r in rows if r.kind == "reminder")
        assert reminders == [deadline - timedelta(hours=2), deadline - timedelta(hours=1)]

        async def stamps(conn: Any) -> set[datetime]:
            mine = actions.c.game_id == gid
            logged = await conn.execute(select(actions.c.created_at).where(mine))
            game = await conn.execute(select(games.c.updated_at).where(games.c.id == gid))
            return {utc(r[0]) for r in [*logged, *game]}

        assert client.portal.call(service(client).store.read, stamps) == {moved}
        del ann


def test_a_seat_taken_back_from_the_computer_gets_its_new_deadlines_reminders(
    tmp_path: Path,
) -> None:
    """Handing the deciding seat to the computer stops its clock and drops its reminders;
    taking it back gives it a fresh allowance, whose reminders are written with it (no mail:
    its person is the one asking)."""
    gate = threading.Event()
    slow_think = gated_think(gate)

    allowance = 4 * 3600
    with server(tmp_path, notices=notices(None)) as client:
        clocks_server(client).bots.pool.think = slow_think  # type: ignore[method-assign]
        bob = Device(client)
        bob.enter("Bob", new=True)
        assert _settings(bob, email=BOB_MAIL, notify_email=True).status_code == 200
        body = {
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
            "time_control": {"kind": "correspondence", "seconds": allowance},
        }
        made = client.post("/api/games", json=body).json()
        gid = made["id"]
        first = state(client, gid)["view"]["deciding"]
        assert bob.claim(gid, made["seats"][first]["token"]).status_code == 200

        def pending() -> list[Any]:
            rows = _table(client, gid)
            return [r for r in rows if r.kind == "reminder" and r.state == "pending"]

        assert len(pending()) == 2
        url = f"/api/games/{gid}/control"
        assert bob.request("POST", url, json={"by": "computer"}).status_code == 200
        assert pending() == []  # no clock while the computer decides
        r = bob.request("POST", url, json={"by": "person"})
        gate.set()  # the computer's decision is dropped: the seat was taken back
        assert r.status_code == 200, r.text
        clock = state(client, gid)["clock"]
        assert clock["seat"] == first
        deadline = datetime.fromisoformat(clock["deadline"].replace("Z", "+00:00"))
        due = sorted(r.due_at.replace(tzinfo=UTC) for r in pending())
        wanted = [deadline - timedelta(hours=2), deadline - timedelta(hours=1)]
        assert len(due) == 2
        assert all(abs((d - w).total_seconds()) < 0.001 for d, w in zip(due, wanted, strict=True))
        assert [r for r in _table(client, gid) if r.kind == "turn"] == []
