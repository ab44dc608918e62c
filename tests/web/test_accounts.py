"""Accounts in browsers: a person registers on a laptop and creates a game there (its seat
goes into the account), keeps a seat of another game from its page, then logs in on a
second device (another browser context, no seat links) and opens both games from the
account's list; the session cookie is out of the page's reach."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

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


def test_a_kept_seat_stays_kept_when_an_older_answer_comes_late(
    contexts: Contexts, web_server: Server
) -> None:
    """The game page asks for the account's games when it learns who is logged in; an answer
    to an earlier ask that arrives after the seat was kept must not bring the button back
    (a loaded CI machine once timed out waiting for "[data-kept]" that way)."""
    page = contexts.page()
    page.goto(web_server.url + "/")
    page.fill("input[name='account-name']", "Dee")
    page.fill("input[name='account-password']", PASSWORD)
    page.click("[data-action='register']")
    page.wait_for_selector("section.account[data-account='Dee']")
    # Every ask but the first is answered 1.5 s late (in the page, so nothing else waits).
    page.add_init_script(
        """(() => {
          const real = window.fetch.bind(window);
          let asks = 0;
          window.fetch = async (input, init) => {
            const url = typeof input === "string" ? input : input.url;
            if (!url.endsWith("/api/account/games") || ++asks === 1) return real(input, init);
            const answer = await real(input, init);
            await new Promise((done) => setTimeout(done, 1500));
            window.__lateAsks = asks - 1;
            return answer;
          };
        })()"""
    )
    with Api(web_server.url) as api:
        other = api.create_game([human("Cy"), human("Dee")])
    page.goto(f"{web_server.url}/games/{other.id}#token={other.token(1)}")
    page.click("[data-action='keep-seat']")
    page.wait_for_selector("[data-kept]")
    page.wait_for_timeout(2500)  # past any late answer
    expect(page.locator("[data-kept]")).to_be_visible()
    expect(page.locator("[data-action='keep-seat']")).to_have_count(0)
