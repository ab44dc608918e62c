"""Ratings in a browser: a rated game between two accounts ends (both withdraw in turn, errata
20.4), and the leaderboard, a profile with its dice histograms and the game's dice page show
it at a phone's width (390 px), reachable by keyboard; the "Rated" box of New game is
labelled."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.web.conftest import Contexts
from tests.web.test_accessibility import FAILING, violations

pytestmark = pytest.mark.xdist_group("browser")

PASSWORD = "a passphrase for ratings"


def _client(url: str, name: str) -> tuple[httpx.Client, dict[str, str]]:
    """A logged-in client of a new account, and its CSRF header."""
    client = httpx.Client(base_url=url, timeout=10)
    r = client.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return client, {"X-CSRF-Token": r.json()["csrf_token"]}


def test_a_rated_games_seat_without_an_account_is_told_to_log_in(
    contexts: Contexts, web_server: Server
) -> None:
    creator, csrf = _client(web_server.url, "Nina")
    seats = [{"name": "Nina", "mine": True}, {"name": "Guest"}]
    r = creator.post("/api/games", json={"seats": seats, "rated": True}, headers=csrf)
    assert r.status_code == 201, r.text
    page = contexts.page()
    page.goto(r.json()["seats"][1]["url"])
    notice = page.locator("[data-rated-notice]")
    notice.wait_for()
    assert "log in" in notice.inner_text()


def _finish_rated_game(url: str, names: tuple[str, str | None]) -> str:
    """A rated game of two new accounts, or of one and a computer (``names[1]`` None), that
    ends as the people withdraw at their first turns."""
    first, first_csrf = _client(url, names[0])
    seats: list[dict[str, Any]] = [{"name": names[0], "mine": True}, {"name": "Hal"}]
    if names[1] is None:
        seats[1] = {"name": "Hal", "kind": "bot", "level": "random"}
    r = first.post("/api/games", json={"seats": seats, "rated": True}, headers=first_csrf)
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    tokens = [s["token"] for s in r.json()["seats"]]
    if names[1] is not None:
        second, second_csrf = _client(url, names[1])
        claim = {"game_id": game_id, "token": tokens[1]}
        assert second.post("/api/account/seats", json=claim, headers=second_csrf).status_code == 200
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        game = first.get(f"/api/games/{game_id}").json()
        if game["status"] == "over":
            return game_id
        seat = game["to_move"]
        if tokens[seat] is None:  # the computer's turn
            time.sleep(0.05)
            continue
        bearer = {"Authorization": f"Bearer {tokens[seat]}"}
        prompt: Any = first.get(f"/api/games/{game_id}/state", headers=bearer).json()["prompt"]
        types = {o["type"] for o in prompt["options"]}
        action = prompt["options"][0] if "choose_colour" in types else {"type": "withdraw"}
        posted = first.post(
            f"/api/games/{game_id}/actions", json={"action": action}, headers=bearer
        )
        assert posted.status_code == 200, posted.text
    raise AssertionError("the rated game did not end")


def test_leaderboard_profile_and_dice_pages_at_phone_width(
    contexts: Contexts, web_server: Server
) -> None:
    game_id = _finish_rated_game(web_server.url, ("Rhea", "Olaf"))
    _finish_rated_game(web_server.url, ("Tess", None))  # the computer rated too
    page: Page = contexts.page(width=390, height=800)
    page.goto(web_server.url + "/leaderboard")
    page.wait_for_selector("[data-level-scale]:has-text('random ≈')")
    rows = page.locator("[data-leaderboard] tbody tr")
    rows.first.wait_for()
    _accessible(page)
    assert {r.get_attribute("data-player") for r in rows.all()} >= {"Rhea", "Olaf"}
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll

    # By keyboard: Tab to a player's link, Enter opens the profile.
    link = page.locator("[data-player='Olaf'] a")
    for _ in range(30):
        page.keyboard.press("Tab")
        if link.evaluate("e => e === document.activeElement"):
            break
    else:
        raise AssertionError("Olaf's link is not reachable by Tab")
    page.keyboard.press("Enter")
    page.wait_for_url("**/players/Olaf")
    page.wait_for_selector("[data-profile='Olaf']")
    assert page.get_attribute("[data-games]", "data-games") == "1"
    page.wait_for_selector(f"[data-recent] tr[data-game='{game_id}']")
    _accessible(page)
    for kind in ("movement", "strikes"):
        chart = page.locator(f"[data-dice='{kind}'] svg")
        assert "fair dice would give" in (chart.get_attribute("aria-label") or "")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.click(f"[data-recent] tr[data-game='{game_id}'] a:has-text('Dice')")
    page.wait_for_url(f"**/games/{game_id}/dice")
    page.wait_for_selector("[data-dice-seat='1'] [data-dice='movement'] .verdict")
    assert page.locator("[data-dice-seat]").count() == 2
    _accessible(page)

    # New game's "Rated" box, by its label.
    page.goto(web_server.url + "/")
    box = page.get_by_label("Rated: the result changes the players' ratings", exact=False)
    box.check()
    assert box.is_checked()


def _accessible(page: Page) -> None:
    """No serious or critical axe-core finding (tests/web/test_accessibility.py)."""
    found = violations(page)
    assert not [v for v in found if v["impact"] in FAILING], found
