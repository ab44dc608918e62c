"""Keyboard only (issue 21: every control reachable by keyboard, with labels): on the
masterboard a legion is picked and moved, and in a battle a character is moved, with Tab,
Shift+Tab, the arrow keys and Enter alone; no mouse, no touch, no element focused by the
test. Lands, markers and hexes are buttons named by what they show."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.web.conftest import Contexts
from tests.web.test_screens import open_position

pytestmark = pytest.mark.xdist_group("browser")

FOCUSED = "() => { const e = document.activeElement; return e && e.matches(%s); }"


def press_until(page: Page, selector: str, limit: int = 120) -> None:
    """Tab until the focused element matches `selector`; Shift+Tab the other way if Tab
    alone does not get there."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(limit):
            page.keyboard.press(key)
            if page.evaluate(FOCUSED % repr(selector)):
                return
    raise AssertionError(f"{selector} cannot be reached with Tab")


def focused(page: Page) -> dict[str, object]:
    info: dict[str, object] = page.evaluate(
        """() => { const e = document.activeElement; const r = e.getBoundingClientRect();
            return {label: e.getAttribute('aria-label'), role: e.getAttribute('role'),
                    x: r.left + r.width / 2, y: r.top + r.height / 2,
                    legion: e.getAttribute('data-legion'),
                    land: e.parentElement?.getAttribute('data-land'),
                    hex: e.parentElement?.getAttribute('data-hex')}; }"""
    )
    return info


def test_a_legion_is_picked_and_moved_by_keyboard(contexts: Contexts, web_server: Server) -> None:
    page = contexts.page(1280, 800)
    open_position(page, web_server, "split")
    # A legion that may move is in the Tab order; Enter picks it.
    press_until(page, "[data-legion][data-can-act]")
    legion = focused(page)
    marker = str(legion["legion"])
    assert legion["role"] == "button" and marker in str(legion["label"]), legion
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-legion='{marker}'][data-selected]")
    # The focus stays on the picked legion, although it is drawn anew.
    assert focused(page)["legion"] == marker
    # Its destinations are in the Tab order (drawn below the legions: Shift+Tab gets there).
    press_until(page, "[data-land][data-target] > .land-shape")
    land = focused(page)
    label = str(land["label"])
    assert label.startswith(f"Land {land['land']},") and "highlighted" in label, land
    # The arrow keys walk the board as it is drawn: right is a land further right.
    page.keyboard.press("ArrowRight")
    right = focused(page)
    assert right["land"] is not None, right
    assert float(str(right["x"])) > float(str(land["x"])), (land, right)
    page.keyboard.press("ArrowLeft")
    assert focused(page)["land"] == land["land"]
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-legion='{marker}'][data-at='{land['land']}']")


def test_a_character_is_moved_in_battle_by_keyboard(contexts: Contexts, web_server: Server) -> None:
    page = contexts.page(1280, 800)
    open_position(page, web_server, "maneuver")
    moved = page.locator("[data-event='battle_moved']").count()
    # A character that may move (in the tray while it is still to enter, or the hex holding
    # it) is in the Tab order; Enter picks it.
    press_until(
        page,
        "button[data-fighter][data-pickable],"
        " [data-hex]:has([data-fighter][data-pickable]) > .hex-button",
    )
    fighter = page.evaluate(
        """() => { const e = document.activeElement;
            return (e.closest('[data-fighter]') ?? e.querySelector('[data-fighter]'))
                .getAttribute('data-fighter'); }"""
    )
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-fighter='{fighter}'][data-selected]")
    # A hex it may move to; Enter moves it there.
    press_until(page, "[data-hex][data-target] > .hex-button")
    to = focused(page)
    assert "highlighted" in str(to["label"]), to
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => document.querySelectorAll(\"[data-event='battle_moved']\").length > n", arg=moved
    )
    name = str(fighter).split(":")[1]
    page.wait_for_selector(f"[data-hex='{to['hex']}'] [data-fighter*=':{name}:']")
