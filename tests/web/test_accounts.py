"""Accounts in browsers: a person registers on a laptop and creates a game there (its seat
goes into the account), keeps a seat of another game from its page, then logs in on a
second device (another browser context, no seat links) and opens both games from the
account's list; the session cookie is out of the page's reach."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.server.harness import Api, Server, human
from tests.web.conftest import Contexts

pytestmark = pytest.mark.xdist_group("browser")

PASSWORD = "a passphrase for Ann"


def log_in(page: Page, url: str, name: str, *, register: bool = False) -> None:
    page.goto(url + "/")
    page.fill("input[name='account-name']", name)
    page.fill("input[name='account-password']", PASSWORD)
    page.click("[data-action='register']" if register else "[data-action='login']")
    page.wait_for_selector("section.account[data-account='Ann']")


def test_an_account_carries_its_games_to_another_device(
    contexts: Contexts, web_server: Server
) -> None:
    laptop = contexts.page()
    log_in(laptop, web_server.url, "Ann", register=True)
    assert "titan_session" not in laptop.evaluate("document.cookie")  # HttpOnly

    # A game created while logged in: its seat played here belongs to the account.
    for i, (name, kind) in enumerate((("Ann", "human-here"), ("Bob", "human-remote"))):
        row = laptop.locator(f"[data-seat-row='{i}']")
        row.locator("input[name='name']").fill(name)
        row.locator("select[name='kind']").select_option(kind)
    laptop.click("[data-action='create-game']")
    created = laptop.get_attribute("[data-created]", "data-created")
    assert created
    laptop.wait_for_selector(f"[data-account-game='{created}']")  # listed at once

    # A seat opened from a link, then kept from its game page.
    with Api(web_server.url) as api:
        other = api.create_game([human("Cy"), human("Ann")])
    laptop.goto(f"{web_server.url}/games/{other.id}#token={other.token(1)}")
    laptop.click("[data-action='keep-seat']")
    laptop.wait_for_selector("[data-kept]")

    phone = contexts.page()
    log_in(phone, web_server.url, "ann")
    for game_id in (created, other.id):
        phone.wait_for_selector(f"[data-account-game='{game_id}']")
    phone.click(f"[data-account-game='{other.id}'] [data-action='open-account-game']")
    phone.wait_for_url(f"**/games/{other.id}")
    phone.wait_for_selector("main.game[data-seat='1']")
    phone.goto(web_server.url + "/")
    phone.click(f"[data-account-game='{created}'] [data-action='open-account-game']")
    phone.wait_for_selector("main.game[data-seat='0']")

    # Logging out on the phone leaves the laptop logged in.
    phone.goto(web_server.url + "/")
    phone.click("[data-action='logout']")
    phone.wait_for_selector("input[name='account-name']")
    laptop.goto(web_server.url + "/")
    laptop.wait_for_selector(f"[data-account-game='{created}']")
