"""Clocks across processes (issue 20): two ``titan serve`` processes on one PostgreSQL act on
many short deadlines, and each deadline gets exactly one timeout; a process killed right after
claiming a deadline leaves it to the other, which acts once the claim has lapsed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import psycopg
import pytest

from tests.server.harness import Api, ServerPool, wait_until
from titan.server.sweeper import DIE_AFTER_CLAIM

Json = Any
pytestmark = pytest.mark.slow

FAST = {"TITAN_CLOCK_SWEEP": "0.05", "TITAN_CLOCK_LEASE": "3"}


def withdraw_game(api: Api, seconds: int) -> str:
    seats = [{"name": n, "fallback": {"then": "withdraw"}} for n in ("Ann", "Bob")]
    body = {"seats": seats, "time_control": {"kind": "live", "seconds": seconds}}
    r = api.http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    return game_id


def timeouts(api: Api, game_id: str) -> tuple[list[int], list[int]]:
    """The seats the game's chat says ran out of time, and those its record says withdrew,
    in order (the game must be over). Each seat's one deadline in these games (a seat that
    withdrew decides no more) may give one timeout and one withdrawal, never two."""
    lines = api.http.get(f"/api/games/{game_id}/chat").json()["lines"]
    said = [
        ln["seat"] for ln in lines if ln["channel"] == "system" and "ran out of time" in ln["text"]
    ]
    record = api.final_record(game_id)
    withdrawn = [a["player"] for a in record["actions"] if a["action"]["type"] == "withdraw"]
    return said, withdrawn


def once_each(found: tuple[list[int], list[int]]) -> bool:
    said, withdrawn = found
    return bool(said) and sorted(said) == sorted(set(said)) == sorted(withdrawn)


def computer_game(api: Api) -> str:
    seats = [{"name": n, "fallback": {"then": "computer", "level": "random"}} for n in ("Cy", "Di")]
    body = {"seats": seats, "time_control": {"kind": "live", "seconds": 1}}
    r = api.http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    return game_id


def handed_over(api: Api, game_id: str) -> list[int]:
    """The seats the chat says ran out of time (in order)."""
    lines = api.http.get(f"/api/games/{game_id}/chat").json()["lines"]
    return [ln["seat"] for ln in lines if "ran out of time" in ln["text"]]


def over(api: Api, game_id: str) -> bool:
    return bool(api.state(game_id)["status"] == "over")


def test_two_processes_time_out_each_deadline_exactly_once(
    servers: ServerPool, pg_url: str
) -> None:
    a = servers.start(pg_url, env=FAST)
    b = servers.start(pg_url, env=FAST)
    with Api(a.url) as api_a, Api(b.url) as api_b:
        games = [withdraw_game(api_a if i % 2 else api_b, 1) for i in range(24)]
        # Each seat of these times out once, and the computer plays it from then on.
        computers = [computer_game(api_a if i % 2 else api_b) for i in range(4)]
        wait_until(
            lambda: all(over(api_a, g) for g in games) or None,
            timeout=120,
            what="every game's timeout",
            interval=0.2,
        )
        for g in games:
            assert once_each(found := timeouts(api_b, g)), (g, found)
        wait_until(
            lambda: all(len(handed_over(api_a, g)) >= 2 for g in computers) or None,
            timeout=60,
            what="both seats of the computer games timed out",
            interval=0.2,
        )
        for g in computers:
            assert sorted(handed_over(api_a, g)) == [0, 1], g
        wait_until(  # the other process hears of the hand-overs (NOTIFY) soon after
            lambda: (
                all(api_b.state(g)["controllers"] == ["computer"] * 2 for g in computers) or None
            ),
            timeout=10,
            what="the other process to see the hand-overs",
        )
    assert a.alive and b.alive


def test_a_process_killed_after_its_claim_leaves_the_deadline_to_another(
    servers: ServerPool, pg_url: str
) -> None:
    dying = servers.start(pg_url, env={**FAST, DIE_AFTER_CLAIM: "1"})
    with Api(dying.url) as api:
        games = [withdraw_game(api, 2) for _ in range(5)]
    wait_until(
        lambda: (not dying.alive) or None, timeout=30, what="the process to die after its claim"
    )
    dsn = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn) as conn:
        claimed = conn.execute(
            "SELECT id, claimed_until FROM games WHERE claimed_until IS NOT NULL"
        ).fetchall()
        assert len(claimed) == 1, claimed  # one claim, then the SIGKILL
        assert conn.execute("SELECT count(*) FROM actions").fetchone() == (0,)
    claimed_id, claimed_until = claimed[0]
    survivor = servers.start(pg_url, env=FAST)
    with Api(survivor.url) as api:
        wait_until(
            lambda: all(over(api, g) for g in games) or None,
            timeout=60,
            what="the survivor's timeouts",
            interval=0.2,
        )
        for g in games:
            assert once_each(found := timeouts(api, g)), (g, found)
    with psycopg.connect(dsn) as conn:
        row = conn.execute(
            "SELECT created_at FROM actions WHERE game_id = %s AND n = 0", (claimed_id,)
        ).fetchone()
    assert row is not None
    first: datetime = row[0]
    assert first >= claimed_until  # not before the dead process's claim lapsed
