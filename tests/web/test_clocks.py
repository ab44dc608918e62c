"""Clocks in the browser (issue 20): a time control and a seat's fallback chosen in the
new-game form by keyboard and label, the running clock's countdown, and "Play for me" /
"Take my seat back" for the seat's own person."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Api, Server

pytestmark = pytest.mark.xdist_group("browser")


def test_a_blitz_clock_in_seconds(page: Page, web_server: Server) -> None:
    """A live clock of less than a minute a decision, in the unit people say it in."""
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-action='create-game']:not(:disabled)")
    page.get_by_label("Clock", exact=True).select_option("live")
    page.get_by_label("Time allowed", exact=True).fill("45")
    page.get_by_label("Unit of the time allowed").select_option("seconds")
    page.get_by_role("button", name="Create the game").click()
    game_id = page.locator("[data-created]").get_attribute("data-created")
    assert game_id
    with Api(web_server.url) as api:
        summary = api.http.get(f"/api/games/{game_id}").json()
    assert summary["time_control"] == {"kind": "live", "seconds": 45}


def test_a_live_game_shows_its_clock_and_the_seat_can_be_handed_over(
    page: Page, web_server: Server
) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-action='create-game']:not(:disabled)")
    rows = [page.locator(f"[data-seat-row='{i}']") for i in range(2)]
    rows[0].get_by_label("Seat 1 player").select_option("human-here")
    rows[1].get_by_label("Seat 2 player").select_option("human-remote")
    page.get_by_label("Clock", exact=True).select_option("live")
    page.get_by_label("Time allowed", exact=True).fill("10")
    page.get_by_label("Unit of the time allowed").select_option("minutes")
    page.get_by_label("Seat 2: if its time runs out").select_option("withdraw")
    page.get_by_role("button", name="Create the game").focus()
    page.keyboard.press("Enter")
    game_id = page.locator("[data-created]").get_attribute("data-created")
    assert game_id
    with Api(web_server.url) as api:
        summary = api.http.get(f"/api/games/{game_id}").json()
    assert summary["time_control"] == {"kind": "live", "seconds": 600}
    page.click("[data-action='open-game']")
    page.wait_for_selector("main.game")
    clock = page.locator("[data-clock]")
    expect(clock).to_be_visible()
    expect(clock.locator("time")).to_have_text(re.compile(r"^(9:[0-5]\d|10:00)$"))
    # Play for me: reachable by keyboard, and the computer then plays the seat.
    button = page.get_by_role("button", name="Play for me")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Take my seat back")).to_be_visible()
    with Api(web_server.url) as api:
        assert api.state(game_id)["controllers"][0] == "computer"
    page.get_by_role("button", name="Take my seat back").click()
    expect(page.get_by_role("button", name="Play for me")).to_be_visible()
    with Api(web_server.url) as api:
        assert api.state(game_id)["controllers"][0] == "person"
