"""A seat's link from the game page: copied for another device, or replaced when it leaked
(the old token holds nothing from then on; this browser goes on with the new one)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server

pytestmark = pytest.mark.xdist_group("browser")


def test_replacing_the_link_cuts_off_the_old_one(page: Page, web_server: Server) -> None:
    r = httpx.post(
        f"{web_server.url}/api/games",
        json={"seats": [{"name": "Ann"}, {"name": "Bob"}]},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    game = r.json()
    old = game["seats"][0]["token"]
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector("[data-seat-link]")
    page.click("[data-seat-link] summary")
    page.once("dialog", lambda d: d.accept())
    with page.expect_navigation():
        page.click("[data-action='replace-link']")
    page.wait_for_selector("[data-seat-link]")
    held = page.evaluate("() => JSON.parse(localStorage.getItem('titan.games'))")
    new = next(s["token"] for g in held if g["id"] == game["id"] for s in g["seats"])
    assert new != old
    api = f"{web_server.url}/api/games/{game['id']}/state"
    assert httpx.get(api, headers={"Authorization": f"Bearer {new}"}).json()["seat"] == 0
    assert httpx.get(api, headers={"Authorization": f"Bearer {old}"}).json()["seat"] is None
    # The reopened page plays the seat with the new token.
    assert page.locator("main.game").get_attribute("data-seat") == "0"
