"""The chat in the replay viewer: a line appears from the step it was said at on (its `at`),
never before; a seat's replay shows the players' lines, a spectator's never does (nor does a
seat's when it chooses a spectator's knowledge); a `<script>` line stays text."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Dialog, Page

from tests.server.harness import Api, Server, auth, human
from tests.server.scripted import choose
from tests.web.conftest import Contexts
from tests.web.test_replay import wait_step

pytestmark = pytest.mark.xdist_group("browser")

SCRIPT = "<script>alert(1)</script>"
EARLY, SECRET, LATE = "the plan: go north", "they split at 3", "well played"


def say(api: Api, game_id: str, text: str, token: str | None, channel: str) -> int:
    body = {"text": text, "channel": channel, **({} if token else {"name": "Zoe"})}
    r = api.http.post(f"/api/games/{game_id}/chat", json=body, headers=auth(token))
    assert r.status_code == 201, r.text
    at: int = r.json()["at"]
    return at


def play_to(api: Api, game_id: str, tokens: list[str], version: int) -> None:
    rng = random.Random(7)
    while (state := api.state(game_id))["version"] < version:
        seat = state["view"]["deciding"]
        prompt = api.state(game_id, tokens[seat])["prompt"]
        assert api.act(game_id, tokens[seat], choose(prompt, rng)).status_code == 200


def chat_shown(page: Page) -> list[str]:
    page.wait_for_selector("[data-replay-chat]:not([data-loading])")
    return page.locator("[data-replay-chat] .chat-text").all_inner_texts()


def chat_at(page: Page, step: int) -> list[str]:
    page.goto(page.url.split("?")[0] + f"?step={step}")
    wait_step(page, step)
    return chat_shown(page)


def test_the_replay_shows_the_chat_said_up_to_each_step_as_its_reader_may_read_it(
    contexts: Contexts, web_server: Server
) -> None:
    dialogs: list[str] = []

    def dialog(d: Dialog) -> None:  # an alert() would mean a line ran as a script
        dialogs.append(d.message)
        d.dismiss()

    with Api(web_server.url) as api:
        game = api.create_game([human("Ann"), human("Bob")])
        tokens = [game.token(0), game.token(1)]
        assert say(api, game.id, EARLY, tokens[0], "players") == 0
        play_to(api, game.id, tokens, 3)
        assert say(api, game.id, SCRIPT, None, "spectators") == 3
        assert say(api, game.id, SECRET, tokens[1], "players") == 3
        play_to(api, game.id, tokens, 5)
        assert say(api, game.id, LATE, tokens[0], "spectators") == 5

    ann, zoe = contexts.page(), contexts.page()
    for page in (ann, zoe):
        page.on("dialog", dialog)
    ann.goto(game.seats[0].url)  # the seat is held in this browser from now on
    ann.wait_for_selector("main.game [data-chat]")
    ann.goto(f"{web_server.url}/games/{game.id}/replay")
    wait_step(ann, 0)
    assert ann.locator("main[data-replay]").get_attribute("data-perspective") == "0"
    assert chat_at(ann, 0) == [EARLY]
    assert chat_at(ann, 2) == [EARLY]
    assert chat_at(ann, 3) == [EARLY, SCRIPT, SECRET]
    assert ann.locator("[data-replay-chat] script").count() == 0
    # Stepping back hides what was said later; stepping on shows it again.
    ann.locator("[data-where] h2").click()
    ann.keyboard.press("ArrowLeft")
    wait_step(ann, 2)
    assert chat_shown(ann) == [EARLY]
    ann.keyboard.press("End")
    wait_step(ann, 5)
    assert chat_shown(ann) == [EARLY, SCRIPT, SECRET, LATE]
    # Seen with a spectator's knowledge, the seat's replay reads the chat as a spectator does.
    ann.select_option("[data-perspective-choice]", "spectator")
    ann.wait_for_selector("main[data-replay][data-perspective='spectator']:not([data-loading])")
    assert chat_shown(ann) == [SCRIPT, LATE]

    # A spectator's replay: never a players' line, at any step.
    zoe.goto(f"{web_server.url}/games/{game.id}/replay?step=5")
    wait_step(zoe, 5)
    assert chat_shown(zoe) == [SCRIPT, LATE]
    page_text = zoe.locator("body").inner_text()
    assert EARLY not in page_text and SECRET not in page_text
    assert zoe.locator("[data-replay-chat] [data-channel='players']").count() == 0
    assert chat_at(zoe, 2) == []
    channels = zoe.eval_on_selector_all(
        "[data-replay-chat] [data-chat-line]", "els => els.map(e => e.dataset.channel)"
    )
    assert "players" not in channels and "spectators" not in channels  # system lines at most
    assert dialogs == [], f"a script ran: {dialogs}"
