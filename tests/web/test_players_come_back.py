"""Players who come back (issue 20), end to end in chromium, against a real ``titan serve``
with a real SMTP server (aiosmtpd, in this process) and a local webhook receiver.

Ann and Bob register in two browsers; Bob asks for e-mails and a webhook. Ann creates a rated
correspondence game (a minute a turn here) against Bob and a computer seat; Bob joins from
his link and keeps the seat in his account. They talk (a ``<script>`` line stays text). Ann
misses her deadline: the computer plays for her, the chat says so, and she takes her seat
back. Bob's "your turn" mail arrives once per turn, with no seat token in it; its link opens the
game in a third browser after logging in, and his webhook receives the same notice. Both
withdraw (errata 20.4), the computer wins, and both ratings and the leaderboard change; Ann,
logged in on a fourth browser, finds the game in her account's list."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Api, Server, ServerPool, free_port
from tests.server.notice_rig import Inbox, Receiver, smtp_server, wait, webhook_receiver
from tests.server.scripted import choose
from tests.web.conftest import Contexts

pytestmark = pytest.mark.xdist_group("browser")

PASSWORD = "a long enough passphrase"
BOB_MAIL = "bob@example.org"
ALLOWANCE = 60  # seconds a seat has from becoming the decider (the form's least: 1 minute)
SCRIPT = "<script>window.__pwned = 1</script> good luck"


@dataclass
class Rig:
    server: Server
    inbox: Inbox
    hooks: Receiver
    hook_url: str


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    with smtp_server() as (inbox, smtp_port), webhook_receiver() as (hooks, hook_url):
        port = free_port()
        pool = ServerPool(tmp_path / "logs")
        env = {
            "TITAN_SMTP": f"smtp://127.0.0.1:{smtp_port}",
            "TITAN_PUBLIC_URL": f"http://127.0.0.1:{port}",
            "TITAN_CLOCK_SWEEP": "0.2",
        }
        try:
            server = pool.start(
                f"sqlite:///{tmp_path / 'titan.sqlite3'}",
                port=port,
                env=env,
                args=["--local-webhooks"],
            )
            yield Rig(server, inbox, hooks, hook_url)
        finally:
            pool.kill_all()


def register(page: Page, url: str, name: str, *, new: bool = True) -> None:
    page.goto(url + "/")
    page.fill("input[name='account-name']", name)
    page.fill("input[name='account-password']", PASSWORD)
    page.click("[data-action='register']" if new else "[data-action='login']")
    page.wait_for_selector(f"section.account[data-account='{name}']")


def held_token(page: Page, game_id: str) -> str:
    """The seat token this browser keeps for ``game_id`` (the client's localStorage)."""
    games = json.loads(page.evaluate("localStorage.getItem('titan.games') || '[]'"))
    (game,) = [g for g in games if g["id"] == game_id]
    (seat,) = game["seats"]
    token: str = seat["token"]
    return token


class Players:
    """Plays Ann's and Bob's decisions through the API, as their browsers would post them."""

    def __init__(self, api: Api, game_id: str, tokens: dict[int, str]) -> None:
        self.api, self.game_id, self.tokens = api, game_id, tokens
        self.rng = random.Random(20)

    def state(self, seat: int | None = None) -> dict[str, Any]:
        return self.api.state(self.game_id, None if seat is None else self.tokens[seat])

    def step(self, *, skip: int | None = None) -> int | None:
        """One decision of a person's seat (not ``skip``'s) if one is due; whose it was."""
        public = self.state()
        seat = public["view"]["deciding"]
        if public["status"] == "over" or seat not in self.tokens or seat == skip:
            return None
        if public["controllers"][seat] != "person":
            return None
        prompt = self.state(seat)["prompt"]
        if prompt is None:
            return None
        r = self.api.act(self.game_id, self.tokens[seat], choose(prompt, self.rng))
        assert r.status_code in (200, 409), r.text  # 409: the clock or a bot got there first
        return int(seat)

    def until(self, done: Any, *, skip: int | None = None, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, "the game did not get there"
            if self.step(skip=skip) is None:
                time.sleep(0.05)

    def take_back(self, seat: int) -> None:
        r = self.api.control(self.game_id, self.tokens[seat], "person")
        assert r.status_code == 200, r.text

    def withdraw(self, seat: int, timeout: float = 120) -> None:
        """``seat`` withdraws at its next decision that offers it (errata 20.4: a split, a
        move, a muster), the others playing on."""
        deadline = time.monotonic() + timeout
        while True:
            public = self.state()
            assert time.monotonic() < deadline, f"seat {seat} never came to decide: {public}"
            if not public["view"]["players"][seat]["alive"]:
                # The random play lost this seat its Titan first (a concession at talks, a
                # battle): it is out of the game, which is what withdrawing would make it.
                return
            assert public["status"] != "over", (
                f"the game ended before seat {seat} withdrew: {public}"
            )
            if public["controllers"][seat] == "computer":
                # Its allowance ran out while the test was busy in a browser (a loaded CI
                # machine): the person takes the seat back, as the page's button would.
                self.take_back(seat)
                continue
            if public["view"]["deciding"] == seat and public["controllers"][seat] == "person":
                prompt = self.state(seat)["prompt"]
                types = {o["type"] for o in prompt["options"]} if prompt else set()
                if "withdraw" in types:
                    r = self.api.act(self.game_id, self.tokens[seat], {"type": "withdraw"})
                    assert r.status_code == 200, r.text
                    return
                if prompt and self.step() is not None:
                    continue  # a decision without a withdrawal (a battle, talks): played on
            if self.step(skip=seat) is None:
                time.sleep(0.05)


def test_two_accounts_play_a_rated_correspondence_game_with_clocks_mail_and_chat(
    contexts: Contexts, rig: Rig
) -> None:
    url = rig.server.url
    ann, bob = contexts.page(), contexts.page()
    register(ann, url, "Ann")
    register(bob, url, "Bob")

    # Bob wants to be told: by e-mail and by webhook.
    bob.click("[data-notices] summary")
    bob.fill("input[name='notice-email']", BOB_MAIL)
    bob.check("[data-notice='email']")
    bob.fill("input[name='notice-webhook']", rig.hook_url)
    bob.check("[data-notice='webhook']")
    bob.click("[data-action='save-notices']")
    bob.wait_for_selector("[data-notices] [role='status']")

    with Api(url) as api:
        assert api.http.get("/api/leaderboard").json()["players"] == []

    # Ann creates the game in the form: herself here, Bob remote, a computer seat; rated,
    # correspondence.
    ann.goto(url + "/")
    ann.wait_for_selector("[data-action='create-game']:not(:disabled)")
    kinds = (("Ann", "human-here"), ("Bob", "human-remote"), ("Hal", "bot"))
    for i, (name, kind) in enumerate(kinds):
        row = ann.locator(f"[data-seat-row='{i}']")
        if row.count() == 0:
            ann.click("[data-add-seat]")
        row.locator("input[name='name']").fill(name)
        row.locator("select[name='kind']").select_option(kind)
    ann.get_by_label("Clock", exact=True).select_option("correspondence")
    ann.get_by_label("Time allowed", exact=True).fill(str(ALLOWANCE / 60))
    ann.get_by_label("Unit of the time allowed").select_option("minutes")
    ann.check("input[name='rated']")
    ann.click("[data-action='create-game']")
    game_id = ann.get_attribute("[data-created]", "data-created")
    assert game_id
    bob_link = ann.get_attribute("[data-seat-link='1']", "href")
    assert bob_link
    ann.click("[data-action='open-game']")
    ann.wait_for_selector("main.game[data-seat='0']")
    ann_token = held_token(ann, game_id)

    with Api(url) as api:
        summary = api.http.get(f"/api/games/{game_id}").json()
        assert summary["rated"] is True
        assert summary["time_control"] == {"kind": "correspondence", "seconds": ALLOWANCE}

        # Bob joins from his link and keeps the seat in his account (a rated game's seats
        # act only once they belong to accounts).
        bob.goto(bob_link)
        bob.wait_for_selector("main.game[data-seat='1']")
        bob.click("[data-action='keep-seat']")
        bob.wait_for_selector("[data-kept]", timeout=60_000)  # a loaded CI machine is slow
        bob_token = held_token(bob, game_id)
        players = Players(api, game_id, {0: ann_token, 1: bob_token})

        # Chat, live on both sides; a script is shown as text, never run.
        ann.fill("input[name='chat-text']", SCRIPT)
        ann.click("[data-action='chat-send']")
        bob.wait_for_selector(f".chat-lines .chat-text:text-is('{SCRIPT}')")
        assert bob.locator(".chat-lines script").count() == 0
        assert bob.evaluate("window.__pwned") is None
        assert ann.evaluate("window.__pwned") is None

        # Play on until it is Ann's decision after the colours are chosen, then let her
        # clock run out: the computer plays for her until she takes the seat back.
        def ann_decides() -> bool:
            s = players.state()
            return bool(s["view"]["deciding"] == 0 and s["view"]["turn"] >= 1 and s["clock"])

        players.until(ann_decides)
        clock = players.state()["clock"]
        assert clock["seat"] == 0 and clock["kind"] == "correspondence"
        expect(ann.locator("[data-clock]")).to_be_visible()
        wait(
            lambda: players.state()["controllers"][0] == "computer",
            timeout=ALLOWANCE + 30,
            what="Ann's timeout",
        )
        expect(
            ann.locator(".chat-lines [data-channel='system']", has_text="time")
        ).not_to_have_count(0)
        ann.get_by_role("button", name="Take my seat back").click()
        wait(lambda: players.state()["controllers"][0] == "person", what="Ann's seat back")

        # Bob's turn comes: one mail, whose link opens the game after logging in, and the
        # webhook's JSON.
        players.until(lambda: bool(rig.inbox.to(BOB_MAIL)), timeout=180)
        (mail,) = rig.inbox.to(BOB_MAIL)[:1]
        body = mail.get_content()
        assert ann_token not in body and bob_token not in body
        link = re.search(r"http://\S+/\?open=[0-9a-z]+", body)
        assert link is not None and "unsubscribe#" in body
        hooked = wait(lambda: [b for b in rig.hooks.bodies if game_id in json.dumps(b)])
        assert bob_token not in json.dumps(hooked)
        third = contexts.page()
        third.goto(link.group(0))
        third.fill("input[name='account-name']", "Bob")
        third.fill("input[name='account-password']", PASSWORD)
        third.click("[data-action='login']")
        third.wait_for_url(f"**/games/{game_id}")
        third.wait_for_selector("main.game[data-seat='1']")

        # The end: both people withdraw, the computer wins; the ratings change.
        players.withdraw(0)
        players.withdraw(1)
        wait(lambda: players.state()["status"] == "over", timeout=60, what="the game's end")
        board = wait(lambda: api.http.get("/api/leaderboard").json()["players"], what="ratings")
        rated = {p["name"]: p for p in board}
        assert {"Ann", "Bob"} <= set(rated)
        for name in ("Ann", "Bob"):
            profile = api.http.get(f"/api/players/{name}").json()
            assert profile["games"] == 1 and profile["wins"] == 0
            (result,) = profile["recent"]
            assert result["game_id"] == game_id
            assert result["rating_after"] != result["rating_before"]

    bob.goto(url + "/leaderboard")
    for name in ("Ann", "Bob"):
        expect(bob.locator(f"[data-leaderboard] [data-player='{name}']")).to_have_count(1)

    # Ann, on another device, finds the game in her account.
    phone = contexts.page(390, 844, touch=True)
    register(phone, url, "Ann", new=False)
    phone.wait_for_selector(f"[data-account-game='{game_id}']")
