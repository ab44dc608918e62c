"""The chat and "play again" in browsers: two players and a spectator in three contexts. A
`<script>` line appears as text on both sides (no script runs, no element is made); the
spectators' line reaches the players with an unread badge; the players' line never reaches
the spectator's page. At the end, "Play again" on one side offers the other its own seat in
the new game."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Dialog, Page

from tests.server.harness import Api, Server, human
from tests.server.scripted import choose
from tests.web.conftest import Contexts

pytestmark = pytest.mark.xdist_group("browser")

SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(2)>"


def line_texts(page: Page, tab: str) -> list[str]:
    page.click(f"[data-chat-tab='{tab}']")
    return page.locator(".chat-lines .chat-text").all_inner_texts()


def send(page: Page, text: str) -> None:
    page.fill("input[name='chat-text']", text)
    page.click("[data-action='chat-send']")


def test_chat_lines_are_text_on_every_side_and_stay_in_their_channel(
    contexts: Contexts, web_server: Server
) -> None:
    dialogs: list[str] = []

    def dialog(d: Dialog) -> None:  # an alert() would mean a line ran as a script
        dialogs.append(d.message)
        d.dismiss()

    with Api(web_server.url) as api:
        game = api.create_game([human("Ann"), human("Bob")])
    ann, bob, zoe = contexts.page(), contexts.page(), contexts.page()
    for page in (ann, bob, zoe):
        page.on("dialog", dialog)
    ann.goto(game.seats[0].url)
    bob.goto(game.seats[1].url)
    zoe.goto(f"{web_server.url}/games/{game.id}")
    for page in (ann, bob, zoe):
        page.wait_for_selector("main.game [data-chat]")
    assert zoe.locator("[data-chat-tab='players']").count() == 0  # a spectator has no such tab

    send(ann, SCRIPT)  # the players' tab, open first for a seat
    for page in (ann, bob):
        page.wait_for_selector(f".chat-lines .chat-text:text-is('{SCRIPT}')")
        assert page.locator(".chat-lines script").count() == 0

    zoe.fill("input[name='chat-name']", "Zoe")
    send(zoe, IMAGE)
    zoe.wait_for_selector(".chat-lines .chat-text >> text=onerror")
    # Ann is on the players' tab: the spectators' line waits for her under a badge.
    ann.wait_for_selector("[data-chat-tab='spectators'] [data-unread='1']")
    assert line_texts(ann, "spectators") == [IMAGE]
    assert ann.locator(".chat-lines img").count() == 0
    assert ann.locator(".chat-lines .tag:text-is('spectator')").count() == 1
    assert ann.locator("[data-chat-tab='spectators'] [data-unread]").count() == 0  # read now

    # Bob answers the spectators, which Zoe sees; Ann's players' line she never does.
    bob.click("[data-chat-tab='spectators']")
    send(bob, "hello Zoe")
    zoe.wait_for_selector(".chat-lines .chat-text:text-is('hello Zoe')")
    assert SCRIPT not in zoe.locator("[data-chat]").inner_text()
    assert zoe.locator(".chat-lines .chat-text").all_inner_texts() == [IMAGE, "hello Zoe"]
    # A reload reads the chat back from the server.
    bob.reload()
    bob.wait_for_selector(f".chat-lines .chat-text:text-is('{SCRIPT}')")
    assert dialogs == [], f"a script ran: {dialogs}"


def test_play_again_gives_each_side_its_own_seat_in_a_new_game(
    contexts: Contexts, web_server: Server
) -> None:
    with Api(web_server.url) as api:
        game = api.create_game([human("Ann"), human("Bob")], options={"turn_limit": 1})
        ann, bob = contexts.page(), contexts.page()
        ann.goto(game.seats[0].url)
        bob.goto(game.seats[1].url)
        for page in (ann, bob):
            page.wait_for_selector("main.game [data-chat]")
        rng = random.Random(4)
        for _ in range(3000):  # to the end, through the API (the browsers just watch)
            view = api.state(game.id)["view"]
            if view["over"]:
                break
            seat = view["deciding"]
            prompt = api.state(game.id, game.token(seat))["prompt"]
            # The seats' own pages answer concession points themselves ("fight on", the
            # standing choice by default, automation.ts): the page may have answered first,
            # between our two reads or before our answer.
            if prompt is None:
                continue
            if api.act(game.id, game.token(seat), choose(prompt, rng)).status_code == 200:
                continue
            assert prompt["kind"] == "battle_may_concede"
        ann.click("[data-action='play-again']")
        ann.wait_for_url(lambda url: game.id not in url and "/games/" in url)
        ann.wait_for_selector("main.game[data-seat='0']")
        new = ann.url.rsplit("/", 1)[-1]
        bob.click(f"[data-rematch='{new}'] [data-action='open-rematch']")
        bob.wait_for_selector("main.game[data-seat='1']")
        assert bob.url.endswith(f"/games/{new}")
