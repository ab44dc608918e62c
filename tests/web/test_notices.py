"""Notices in browsers, with a real SMTP server in the test: Bob keeps his seat in his account
and asks for e-mails in its settings; when Ann's move makes it his turn, the mail arrives, and
its link opens the game in a third browser after logging in (no seat link, no token in the
mail); its unsubscribe link's page switches the e-mails off."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.server.harness import Api, Server, ServerPool, free_port, human
from tests.server.notice_rig import smtp_server, wait
from tests.server.scripted import choose
from tests.web.conftest import Contexts

pytestmark = pytest.mark.xdist_group("browser")

PASSWORD = "a passphrase for Bob"
BOB_MAIL = "bob@example.org"


@pytest.fixture
def mail_server(tmp_path: Path) -> Iterator[tuple[Server, object]]:
    with smtp_server() as (inbox, smtp_port):
        port = free_port()
        pool = ServerPool(tmp_path / "logs")
        env = {
            "TITAN_SMTP": f"smtp://127.0.0.1:{smtp_port}",
            "TITAN_PUBLIC_URL": f"http://127.0.0.1:{port}",
        }
        try:
            yield pool.start(f"sqlite:///{tmp_path / 'titan.sqlite3'}", port=port, env=env), inbox
        finally:
            pool.kill_all()


def log_in(page: Page, name: str, *, register: bool = False, wait: bool = True) -> None:
    page.fill("input[name='account-name']", name)
    page.fill("input[name='account-password']", PASSWORD)
    page.click("[data-action='register']" if register else "[data-action='login']")
    if wait:
        page.wait_for_selector(f"section.account[data-account='{name}']")


def test_the_turn_mail_opens_the_game_after_logging_in(
    contexts: Contexts, mail_server: tuple[Server, object]
) -> None:
    server, inbox = mail_server
    url = server.url
    with Api(url) as api:
        game = api.create_game([human("Ann"), human("Bob")])
        rng = random.Random(4)

        def step() -> None:
            seat = api.state(game.id)["view"]["deciding"]
            prompt = api.state(game.id, game.token(seat))["prompt"]
            assert api.act(game.id, game.token(seat), choose(prompt, rng)).status_code == 200

        while api.state(game.id)["view"]["deciding"] == 1:
            step()  # Bob is to be told when it *becomes* his turn

        bob = contexts.page()
        bob.goto(url + "/")
        log_in(bob, "Bob", register=True)
        bob.goto(f"{url}/games/{game.id}#token={game.token(1)}")
        bob.click("[data-action='keep-seat']")
        bob.wait_for_selector("[data-kept]")
        bob.goto(url + "/")
        bob.click("[data-notices] summary")
        bob.fill("input[name='notice-email']", BOB_MAIL)
        bob.check("[data-notice='email']")
        bob.click("[data-action='save-notices']")
        bob.wait_for_selector("[data-notices] [role='status']")

        while api.state(game.id)["view"]["deciding"] != 1:
            step()
    (mail,) = wait(lambda: inbox.to(BOB_MAIL), what="Bob's mail")  # type: ignore[attr-defined]
    body = mail.get_content()
    for seat in (0, 1):
        assert game.token(seat) not in body
    link = re.search(r"http://\S+/\?open=[0-9a-z]+", body)
    unsubscribe = re.search(r"http://\S+/unsubscribe#\S+", body)
    assert link is not None and unsubscribe is not None

    third = contexts.page()
    third.goto(link.group(0))
    third.wait_for_selector(f"[data-open-game='{game.id}']")  # "Log in to open game ..."
    log_in(third, "Bob", wait=False)  # the page moves on to the game at once
    third.wait_for_url(f"**/games/{game.id}")
    third.wait_for_selector("main.game[data-seat='1']")

    third.goto(unsubscribe.group(0))
    third.click("[data-action='unsubscribe']")
    third.wait_for_selector("[data-unsubscribed]")
    third.goto(url + "/")
    third.click("[data-notices] summary")
    assert not third.is_checked("[data-notice='email']")


# The page sees a Notification API that records what it is asked to show, a document that
# is hidden (another tab is in front), and permission not yet given.
FAKE_NOTIFICATIONS = """
window.__notices = [];
class FakeNotification {
  static permission = "default";
  static async requestPermission() { FakeNotification.permission = "granted"; return "granted"; }
  constructor(title, options) { window.__notices.push([title, options.body, options.tag]); }
  close() {}
}
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => true });
"""


def test_the_browser_notifies_once_allowed_from_a_click(
    contexts: Contexts, web_server: Server
) -> None:
    with Api(web_server.url) as api:
        game = api.create_game([human("Ann"), human("Bob")])
        rng = random.Random(9)

        def step() -> None:
            seat = api.state(game.id)["view"]["deciding"]
            prompt = api.state(game.id, game.token(seat))["prompt"]
            assert api.act(game.id, game.token(seat), choose(prompt, rng)).status_code == 200

        while api.state(game.id)["view"]["deciding"] != 0:
            step()  # Ann's page opens on her decision, where Preferences shows
        ann = contexts.page()
        ann.add_init_script(FAKE_NOTIFICATIONS)
        ann.goto(f"{web_server.url}/games/{game.id}#token={game.token(0)}")
        ann.click("[data-preferences] summary")
        assert ann.evaluate("window.__notices") == []  # permission first
        ann.click("[data-action='allow-notifications']")
        ann.wait_for_selector("[data-preferences] >> text=shows a notification")
        while api.state(game.id)["view"]["deciding"] == 0:
            step()  # Ann's turn ends ...
        while api.state(game.id)["view"]["deciding"] != 0:
            step()  # ... and comes again, while her page is in the background
    ann.wait_for_function("() => window.__notices.length > 0")
    title, body, tag = ann.evaluate("window.__notices[0]")
    assert title == "Titan: your move" and "Ann" in body and game.id in tag
