"""An automated accessibility check (axe-core, from the client's npm development tools) finds
no serious or critical violation on the lobby, the masterboard with its panels open, an
engagement, a battle and the replay viewer. Moderate and minor findings are listed in the
failure message of a serious one but do not fail the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.server.test_estimate import at_engagement
from tests.web.conftest import ROOT
from tests.web.test_replay import import_bots_game, wait_step
from titan.engine.prompts import Decision

pytestmark = pytest.mark.xdist_group("browser")

AXE = ROOT / "titan" / "web" / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now. Evaluated through the driver, not
    added as a script tag: the page's Content-Security-Policy refuses inline scripts."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: scripts/build-web installs the client's npm tools")
    page.evaluate(Path(AXE).read_text("utf-8") + "\n;0")
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}))"""
    )
    return found


def assert_accessible(page: Page, where: str) -> None:
    found = violations(page)
    bad = [v for v in found if v["impact"] in FAILING]
    assert not bad, f"{where}: {bad} (all findings: {found})"


def open_position(page: Page, server: Server, kinds: set[Decision], selector: str) -> None:
    game = at_engagement(2, kinds)
    r = httpx.post(
        f"{server.url}/api/games/import",
        json={"record": game.save(), "seats": [{"kind": "human"}, {"kind": "human"}]},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    page.goto(r.json()["seats"][game.prompt().player]["url"])
    page.wait_for_selector(selector)


def test_the_lobby(page: Page, web_server: Server) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-action='create-game']:not(:disabled)")
    assert_accessible(page, "lobby")


def test_the_masterboard_with_its_panels_open(page: Page, web_server: Server) -> None:
    open_position(page, web_server, {Decision.MOVE}, "[data-prompt='move']")
    page.click("[data-recruit-chart] summary")
    page.click(".stacks summary")
    assert_accessible(page, "masterboard")


def test_an_engagement_and_a_battle(page: Page, web_server: Server) -> None:
    open_position(page, web_server, {Decision.FLEE}, "[data-panel='flee']")
    assert_accessible(page, "flee or fight")
    open_position(page, web_server, {Decision.MANEUVER}, "[data-prompt='maneuver']")
    assert_accessible(page, "battle")


def test_the_replay_viewer(page: Page, web_server: Server) -> None:
    game_id = import_bots_game(web_server)
    page.goto(f"{web_server.url}/games/{game_id}/replay?step=200")
    wait_step(page, 200)
    assert_accessible(page, "replay viewer")
