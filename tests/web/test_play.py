"""A whole game in the browser, by clicking only: created from the lobby against a computer
player, played for at least three full turns with a split, moves and recruits, until a battle
has been fought to its end; a reload in the middle of that battle shows the same state.
Screenshots of the lobby, the masterboard and the battle are kept as test artifacts (and,
with TITAN_SCREENSHOTS_TO_DOCS=1, written to docs/ for the README)."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.web.conftest import ARTIFACTS, ROOT
from tests.web.driver import ClickPlayer

pytestmark = pytest.mark.xdist_group("browser")

MAX_DECISIONS = 3000
ATTEMPTS = 10


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    if os.environ.get("TITAN_SCREENSHOTS_TO_DOCS") == "1":
        page.screenshot(path=str(ROOT / "docs" / "screenshots" / f"{name}.png"))


def create_from_lobby(page: Page, server: Server, level: str) -> str:
    page.goto(server.url + "/")
    page.wait_for_selector("[data-action='create-game']:not(:disabled)")
    shot(page, "lobby")
    first = page.locator("[data-seat-row='0']")
    first.locator("input[name='name']").fill("Ann")
    first.locator("select[name='kind']").select_option("human-here")
    second = page.locator("[data-seat-row='1']")
    second.locator("select[name='kind']").select_option("bot")
    second.locator("select[name='level']").select_option(level)
    page.click("[data-action='create-game']")
    page.wait_for_selector("[data-created]")
    game_id = page.locator("[data-created]").first.get_attribute("data-created") or ""
    page.click("[data-action='open-game']")
    page.wait_for_selector("main.game")
    return game_id


def battle_state(page: Page) -> str:
    """What the battle view shows: every character with its hex and damage, the turn."""
    state: str = page.evaluate(
        """() => {
            const f = [...document.querySelectorAll('[data-fighter]')]
                .map(el => el.getAttribute('data-fighter') + '/' + el.getAttribute('data-hits'))
                .sort().join(' ');
            const t = document.querySelector('[data-battle-turn]');
            return 'turn ' + t?.getAttribute('data-battle-turn') + ': ' + f;
        }"""
    )
    return state


def play_until_a_battle_ends(page: Page, player: ClickPlayer) -> bool:
    """Click through decisions until a battle has ended after a reload in its middle, at turn 4
    or later with a muster made; False if the game ends first (a Titan can fall early)."""
    reloaded = False
    for _ in range(MAX_DECISIONS):
        kind = player.step()
        turn = int(page.locator("main.game").get_attribute("data-turn") or 0)
        ended = page.locator("[data-event='battle_ended']").count()
        done = ended and reloaded and turn >= 4 and player.seen.actions["muster"] >= 1
        if kind == "game_over":
            return bool(done)
        if turn >= 3 and kind == "move" and not (ARTIFACTS / "masterboard.png").exists():
            shot(page, "masterboard")
        in_battle = page.locator("[data-battle]").count() > 0
        if in_battle and not reloaded and player.seen.actions["strike"] >= 1:
            shot(page, "battle")
            before = battle_state(page)
            page.reload()
            page.wait_for_selector("[data-battle]")
            assert battle_state(page) == before, "the reload changed the battle"
            reloaded = True
        if done:
            return True
    raise AssertionError(f"no battle ended within {MAX_DECISIONS} decisions: {player.seen}")


def test_a_game_against_the_computer_by_clicking(page: Page, web_server: Server) -> None:
    endings = []
    # The server rolls its own dice, and the random player's Titan's legion attacks where it
    # pleases: a game may end too soon, whoever's Titan falls. Five such games in a row were
    # seen once (README's test command, twenty-second session): up to ten are played.
    for _attempt in range(ATTEMPTS):
        create_from_lobby(page, web_server, os.environ.get("E2E_LEVEL", "random"))
        # Attacks wait for turn 4: an early win over a random player would end the game
        # before three full turns.
        player = ClickPlayer(page, attack_from_turn=4)
        if play_until_a_battle_ends(page, player):
            break
        over = page.locator("[data-prompt='game_over']")
        how = over.first.inner_text()[:120] if over.count() else ""
        endings.append((page.locator("main.game").get_attribute("data-turn"), how, player.seen))
    else:
        raise AssertionError(f"{ATTEMPTS} games ended before a battle was fought: {endings}")
    seen = player.seen
    assert seen.actions["split"] >= 1, seen
    assert seen.actions["move"] >= 3, seen
    assert seen.actions["muster"] >= 1, seen
    assert seen.actions["battle_move"] >= 1 and seen.actions["strike"] >= 1, seen
    assert int(page.locator("main.game").get_attribute("data-turn") or 0) >= 4
    assert page.locator("[data-event='battle_ended']").count() >= 1
