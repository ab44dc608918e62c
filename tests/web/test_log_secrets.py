"""A whole game played through the browser client against a server logging at ``info``
(every request and WebSocket in its access log): no seat token appears anywhere in what the
server wrote. The client sends its token only in headers and the WebSocket's subprotocol.
Nothing the page does is refused by its Content-Security-Policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.server.harness import ServerPool
from tests.web.driver import ClickPlayer

pytestmark = pytest.mark.xdist_group("browser")

MAX_DECISIONS = 2000


def test_a_whole_game_leaves_no_token_in_the_logs(page: Page, tmp_path: Path) -> None:
    pool = ServerPool(tmp_path / "logs")
    refused: list[str] = []  # what the Content-Security-Policy blocked, if anything
    page.on(
        "console",
        lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
    )
    try:
        server = pool.start(f"sqlite:///{tmp_path / 'titan.sqlite3'}", log_level="info")
        page.goto(server.url + "/")
        page.wait_for_selector("[data-action='create-game']:not(:disabled)")
        page.locator("[data-seat-row='0'] input[name='name']").fill("Ann")
        page.locator("[data-seat-row='0'] select[name='kind']").select_option("human-here")
        page.locator("[data-seat-row='1'] select[name='kind']").select_option("bot")
        page.locator("input[name='turn_limit']").fill("3")
        with page.expect_response(
            lambda r: r.url.endswith("/api/games") and r.request.method == "POST"
        ) as created:
            page.click("[data-action='create-game']")
        answer: Any = created.value.json()
        tokens = [s["token"] for s in answer["seats"] if s["token"]]
        assert tokens
        page.wait_for_selector("[data-created]")
        page.click("[data-action='open-game']")
        page.wait_for_selector("main.game")
        player = ClickPlayer(page)
        for n in range(MAX_DECISIONS):
            if n == 20:
                page.reload()  # a second WebSocket, as a returning player opens
                page.wait_for_selector("main.game")
            if player.step() == "game_over":
                break
        else:
            raise AssertionError(f"the game did not end in {MAX_DECISIONS} decisions")
        assert not refused, refused
        server.stop()
        log = server.log()
        assert "POST /api/games/" in log and "WebSocket /api/games/" in log  # logged at info
        for token in tokens:
            assert token not in log
    finally:
        pool.kill_all()
