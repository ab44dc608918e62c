"""The client on every screen: phones held upright and sideways, tablets, monitors. The page
never scrolls sideways and its header never overflows; the board's element spans the screen;
the board is drawn as wide as the screen on a phone or an upright tablet, and on wide screens
as large as the room beside the panel (a drawer over the board's edge, which can be lowered to
one line) allows; controls are
at least 44 px on touch screens; two legions in one land stand inside its hexagon at every
zoom; pinch, wheel and drag zoom and pan the board, a tap after them still selects, and a drag
is not a click. Positions come from seeded games of random players, imported as records."""

from __future__ import annotations

from functools import cache
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Server
from tests.web.conftest import Contexts
from tests.web.test_phone import shot
from titan.ai.levels import make_bot
from titan.engine.actions import Engage
from titan.engine.game import Game
from titan.engine.prompts import Decision

pytestmark = pytest.mark.xdist_group("browser")

# (width, height, touch): a small phone, a phone upright and sideways, an upright tablet, a
# laptop, a monitor.
SIZES = [
    (360, 640, True),
    (390, 844, True),
    (844, 390, True),
    (640, 360, True),
    (768, 1024, True),
    (1024, 768, True),
    (1280, 800, False),
    (1920, 1080, False),
]
UPRIGHT = {(360, 640), (390, 844), (768, 1024)}


@cache
def position(want: str) -> Game:
    """A seeded game between random players, stopped at the first `want`: "split" (a move
    prompt on turn 1, the first legion split in two in its tower), "engage" or "maneuver"."""
    for seed in range(1, 50):
        game = Game.new("default", ["Ann", "Bob"], seed=seed)
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        for _ in range(4000):
            prompt = game.prompt()
            if prompt.kind == Decision.GAME_OVER:
                break
            if want == "split" and prompt.kind == Decision.MOVE and prompt.player == 0:
                return game
            if want == "engage" and prompt.kind == Decision.ENGAGE:
                return game
            if want == "maneuver" and prompt.kind == Decision.MANEUVER:
                return game
            game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    raise AssertionError(f"no {want} position in 50 seeded games")


def open_position(page: Page, server: Server, want: str) -> Game:
    game = position(want)
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = httpx.post(
        f"{server.url}/api/games/import",
        json={"record": game.save(), "seats": seats},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    page.goto(r.json()["seats"][game.prompt().player]["url"])
    page.wait_for_selector(f"[data-prompt='{game.prompt().kind.value}']")
    return game


def no_sideways_scroll(page: Page) -> None:
    """Nothing is wider than the screen (a phone's browser would zoom such a page out: its
    innerWidth grows with the content, so the screen's width is the measure)."""
    screen = page.viewport_size
    assert screen is not None
    sizes = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    if max(sizes) > screen["width"]:
        wide = page.evaluate(
            """w => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > w + 1)
                .slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' +
                                 Math.round(e.getBoundingClientRect().right))""",
            screen["width"],
        )
        raise AssertionError(f"the page is wider than the screen: {sizes}, from {wide}")


def board_geometry(page: Page) -> dict[str, float]:
    """The masterboard's element box, the box it draws in (the element less its padding: the
    open drawer's width on wide screens), the board as drawn in that (preserveAspectRatio
    meet), the panel's box and the viewport."""
    geo: dict[str, float] = page.evaluate(
        """() => {
            const svg = document.querySelector('svg.masterboard');
            const r = svg.getBoundingClientRect();
            const css = getComputedStyle(svg);
            const w = r.width - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
            const h = r.height - parseFloat(css.paddingTop) - parseFloat(css.paddingBottom);
            const vb = svg.viewBox.baseVal;
            const s = Math.min(w / vb.width, h / vb.height);
            const left = r.left + parseFloat(css.paddingLeft) + (w - vb.width * s) / 2;
            const sheet = document.querySelector('aside.sheet').getBoundingClientRect();
            return {elementW: r.width, w, h, drawnW: vb.width * s, drawnH: vb.height * s,
                    drawnRight: left + vb.width * s, sheetW: sheet.width, sheetLeft: sheet.left,
                    sheetTop: sheet.top, vw: innerWidth, vh: innerHeight};
        }"""
    )
    return geo


def small_controls(page: Page, scope: str) -> list[str]:
    """Visible controls smaller than 44 x 44 CSS px (a checkbox counts by its label)."""
    found: list[str] = page.evaluate(
        """(scope) => [...document.querySelectorAll(
                scope + ' :is(button, a, select, input, summary)')]
            .map(el => el.matches('input[type=checkbox], input[type=radio]')
                        ? (el.closest('label') ?? el) : el)
            .filter(el => el.getClientRects().length > 0 && !el.closest('svg'))
            .map(el => [el, el.getBoundingClientRect()])
            .filter(([el, r]) => r.height < 43.5 || r.width < 43.5)
            .map(([el, r]) => el.outerHTML.slice(0, 80)
                              + ` ${r.width.toFixed(0)}x${r.height.toFixed(0)}`)""",
        scope,
    )
    return found


@pytest.mark.parametrize(("width", "height", "touch"), SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_the_layout_fits_the_screen(
    contexts: Contexts, web_server: Server, width: int, height: int, touch: bool
) -> None:
    page = contexts.page(width, height, touch)
    for _ in range(3):  # the lobby with games in its list
        r = httpx.post(
            f"{web_server.url}/api/games/import",
            json={"record": position("split").save(), "seats": [{"kind": "human"}] * 2},
            timeout=60,
        )
        assert r.status_code == 201, r.text
    page.goto(web_server.url + "/")
    page.wait_for_selector("[data-action='create-game']:not(:disabled)")
    page.wait_for_selector("table.games [data-game]")
    no_sideways_scroll(page)
    if touch:
        assert small_controls(page, ".lobby") == []

    open_position(page, web_server, "split")
    no_sideways_scroll(page)
    header = page.evaluate(
        "(() => { const h = document.querySelector('main.game > header');"
        " return [h.scrollWidth, h.clientWidth, h.getBoundingClientRect().height]; })()"
    )
    assert header[0] <= header[1], f"the header overflows: {header}"
    assert header[2] <= 60, f"the header takes {header[2]} px"
    geo = board_geometry(page)
    # The board's element spans the screen at every size.
    assert geo["elementW"] >= 0.9 * geo["vw"], geo
    if (width, height) in UPRIGHT:
        # The board is drawn as wide as the screen, the panel below it.
        assert geo["drawnW"] >= 0.9 * geo["vw"], geo
        assert geo["sheetTop"] >= geo["drawnH"], geo
    else:
        # The panel is a drawer over the board's right edge; at "fit" the board is drawn as
        # large as the room the open drawer leaves allows (the height is the limit on most
        # of these screens), wholly left of the drawer.
        assert max(geo["drawnW"] / geo["w"], geo["drawnH"] / geo["h"]) >= 0.99, geo
        assert geo["drawnRight"] <= geo["sheetLeft"] + 1, geo
        if width >= 1280:
            assert geo["drawnH"] >= 0.85 * (geo["vh"] - 40), geo
        # Lowered to one line, the drawer gives the board the whole width.
        page.locator("[data-sheet-toggle]").click()
        expect(page.locator("aside.sheet")).to_have_attribute("data-sheet", "lowered")
        lowered = board_geometry(page)
        assert lowered["w"] == lowered["elementW"], lowered
        assert lowered["drawnW"] >= geo["drawnW"], (geo, lowered)
        expect(page.locator("[data-prompt]")).to_be_hidden()
        no_sideways_scroll(page)
        page.locator("[data-sheet-toggle]").click()
        expect(page.locator("[data-prompt='move']")).to_be_visible()
    if touch:
        assert small_controls(page, "main.game") == []


def test_the_sheet_lowers_to_one_line_and_rises(contexts: Contexts, web_server: Server) -> None:
    page = contexts.page(390, 844, True)
    open_position(page, web_server, "split")
    sheet = page.locator("aside.sheet")
    assert sheet.get_attribute("data-sheet") == "raised"
    before = board_geometry(page)
    page.locator("[data-sheet-toggle]").tap()
    expect(sheet).to_have_attribute("data-sheet", "lowered")
    assert page.locator("[data-sheet-toggle]").inner_text().startswith("Move your legions")
    expect(page.locator("[data-prompt]")).to_be_hidden()
    lowered = board_geometry(page)
    assert lowered["h"] > before["h"] + 200, (before, lowered)  # the board takes the room
    assert sheet.bounding_box()["height"] <= 60  # type: ignore[index]
    page.locator("[data-sheet-toggle]").tap()
    expect(page.locator("[data-prompt='move']")).to_be_visible()


def markers_inside_their_land(page: Page, land: int) -> list[str]:
    """Corners of each marker's box (shadow included) outside the land's hexagon, in screen
    pixels, with the polygon taken from the drawing itself."""
    shape: dict[str, Any] = page.evaluate(
        """(land) => {
            const g = document.querySelector(`[data-land='${land}']`);
            const poly = g.querySelector(':scope > polygon');
            const m = poly.getScreenCTM();
            const pts = [...poly.points].map(p => new DOMPoint(p.x, p.y).matrixTransform(m));
            const boxes = [...g.querySelectorAll('[data-legion]')].map(el => {
                const r = el.getBoundingClientRect();
                return [el.getAttribute('data-legion'), r.left, r.top, r.right, r.bottom];
            });
            return {pts: pts.map(p => [p.x, p.y]), boxes};
        }""",
        land,
    )
    pts = shape["pts"]
    assert len(shape["boxes"]) >= 2, shape
    outside = []
    for marker, left, top, right, bottom in shape["boxes"]:
        for x, y in ((left, top), (right, top), (right, bottom), (left, bottom)):
            for i, (ax, ay) in enumerate(pts):
                bx, by = pts[(i + 1) % len(pts)]
                # Clockwise on screen: inside is to the right of every edge.
                if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < -0.5:
                    outside.append(f"{marker} corner ({x:.1f}, {y:.1f})")
                    break
    return outside


@pytest.mark.parametrize("want", ["split", "engage"])
def test_legions_in_one_land_stand_inside_it_at_every_zoom(
    contexts: Contexts, web_server: Server, want: str
) -> None:
    page = contexts.page(1280, 800)
    game = open_position(page, web_server, want)
    view = game.view(game.prompt().player)
    held = [lg.land for lg in view.legions]
    lands = sorted({land for land in held if held.count(land) >= 2})
    assert lands, "the position has no land with two legions"
    board = page.locator("svg.masterboard")
    for land in lands:
        assert markers_inside_their_land(page, land) == []
        box = page.locator(f"[data-land='{land}'] > polygon").first.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        for _ in range(3):
            page.mouse.wheel(0, -300)
        page.wait_for_function(
            "() => Number(document.querySelector('svg.masterboard').dataset.zoom) > 2"
        )
        assert markers_inside_their_land(page, land) == []
        page.locator("[data-zoom-fit]").click()
        expect(board).to_have_attribute("data-zoom", "1.000")


def gesture(page: Page, frames: list[list[tuple[float, float]]]) -> None:
    """Fingers on the screen (Chromium's touch input, as a phone's): the first frame puts them
    down, the others move them, then they are lifted."""
    cdp = page.context.new_cdp_session(page)
    for i, points in enumerate(frames):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchStart" if i == 0 else "touchMove",
                "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)],
            },
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    page.wait_for_timeout(200)  # the page renders what the gesture did


def test_pinch_and_drag_zoom_and_pan_and_a_tap_still_selects(
    contexts: Contexts, web_server: Server
) -> None:
    page = contexts.page(390, 844, True)
    game = open_position(page, web_server, "split")
    marker = sorted(lg.marker for lg in game.view(0).legions if lg.owner == 0)[0]
    board = page.locator("svg.masterboard")
    assert board.get_attribute("data-zoom") == "1.000"
    box = page.locator(f"[data-legion='{marker}']").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # Two fingers spread apart about the marker: the board grows about it.
    gesture(page, [[(cx - 20 - 10 * step, cy), (cx + 20 + 10 * step, cy)] for step in range(9)])
    page.wait_for_function(
        "() => Number(document.querySelector('svg.masterboard').dataset.zoom) > 2.5"
    )
    after = page.locator(f"[data-legion='{marker}']").bounding_box()
    assert after is not None and after["width"] > 2.5 * box["width"]
    # The pinch was no tap: nothing was selected.
    assert page.locator("[data-legion][data-selected]").count() == 0
    # A tap on the (larger) marker selects it.
    page.locator(f"[data-legion='{marker}']").tap()
    page.wait_for_selector(f"[data-legion='{marker}'][data-selected]")
    # One finger dragged from the marker pans the board and does not unselect it.
    mx, my = after["x"] + after["width"] / 2, after["y"] + after["height"] / 2
    gesture(page, [[(mx - 10 * step, my - 5 * step)] for step in range(7)])
    # The page draws the pan when it gets to it: a loaded machine may take a while.
    for _ in range(50):
        moved = page.locator(f"[data-legion='{marker}']").bounding_box()
        if moved is not None and moved["x"] < after["x"] - 30:
            break
        page.wait_for_timeout(100)
    assert moved is not None and moved["x"] < after["x"] - 30, (after, moved)
    assert page.locator(f"[data-legion='{marker}'][data-selected]").count() == 1
    # Pinched about one of its highlighted lands, a tap there still makes the move. One tap
    # on "fit" right after the drag is enough (the drag started no fling to swallow it:
    # zoom.tsx's touchmove listener).
    page.locator("[data-zoom-fit]").tap()
    expect(board).to_have_attribute("data-zoom", "1.000", timeout=3000)
    land = page.locator("[data-land][data-target]").first
    to = land.get_attribute("data-land")
    t = land.locator("polygon").first.bounding_box()
    assert t is not None
    tx, ty = t["x"] + t["width"] / 2, t["y"] + t["height"] / 2
    gesture(page, [[(tx - 10 - 4 * i, ty), (tx + 10 + 4 * i, ty)] for i in range(9)])
    t = land.locator("polygon").first.bounding_box()
    assert t is not None and t["width"] > 80, t
    page.touchscreen.tap(t["x"] + t["width"] / 2, t["y"] + t["height"] / 2)
    page.wait_for_selector(f"[data-legion='{marker}'][data-at='{to}']")
    # Zoomed, the zoom buttons show (at "fit" a touch screen has the pinch only: the buttons
    # would cover lands); "fit" shows the whole board again, and hides them.
    page.locator("[data-zoom-fit]").tap()
    expect(board).to_have_attribute("data-zoom", "1.000")
    expect(page.locator("[data-zoom-fit]")).to_be_hidden()


def test_the_wheel_zooms_and_a_mouse_drag_pans_without_clicking(
    contexts: Contexts, web_server: Server
) -> None:
    page = contexts.page(1280, 800)
    game = open_position(page, web_server, "split")
    marker = sorted(lg.marker for lg in game.view(0).legions if lg.owner == 0)[0]
    board = page.locator("svg.masterboard")
    box = page.locator(f"[data-legion='{marker}']").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_function(
        "() => Number(document.querySelector('svg.masterboard').dataset.zoom) > 1.5"
    )
    after = page.locator(f"[data-legion='{marker}']").bounding_box()
    assert after is not None
    # Zoomed about the pointer: the marker is still under it.
    assert after["x"] <= cx <= after["x"] + after["width"]
    # A drag that starts on the marker pans the board; it is not a click on the marker.
    page.mouse.down()
    page.mouse.move(cx + 120, cy + 40, steps=8)
    page.mouse.up()
    moved = page.locator(f"[data-legion='{marker}']").bounding_box()
    assert moved is not None and moved["x"] > after["x"] + 60
    assert page.locator("[data-legion][data-selected]").count() == 0
    # A click still selects.
    page.locator(f"[data-legion='{marker}']").click()
    page.wait_for_selector(f"[data-legion='{marker}'][data-selected]")
    page.locator("[data-zoom-fit]").click()
    expect(board).to_have_attribute("data-zoom", "1.000")


@pytest.mark.parametrize(("name", "width", "height"), [("phone", 390, 844), ("tablet", 768, 1024)])
def test_an_engagement_on_a_phone_and_a_tablet(
    contexts: Contexts, web_server: Server, name: str, width: int, height: int
) -> None:
    """Mid-game, an engagement to choose: the board as wide as the screen, the decision below
    it with its whole panel, nothing scrolling sideways. Kept as the README's screenshots."""
    page = contexts.page(width, height, True)
    open_position(page, web_server, "engage")
    no_sideways_scroll(page)
    geo = board_geometry(page)
    assert geo["drawnW"] >= 0.9 * geo["vw"], geo
    expect(page.locator("[data-prompt='engage'] [data-action='engage']").first).to_be_in_viewport()
    shot(page, name)
    if name == "phone":
        # Pinched about the engagement: its two markers, inside their land, readable.
        engage = position("engage").prompt().options[0]
        assert isinstance(engage, Engage)
        land = engage.land
        box = page.locator(f"[data-land='{land}'] > polygon").first.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        gesture(page, [[(x - 10 - 3 * i, y), (x + 10 + 3 * i, y)] for i in range(10)])
        assert markers_inside_their_land(page, land) == []
        shot(page, "phone-zoomed")


def test_a_battle_move_on_a_zoomed_battleland(contexts: Contexts, web_server: Server) -> None:
    """The battleland zooms like the masterboard, and a character is still moved by clicks."""
    page = contexts.page(1280, 800)
    open_position(page, web_server, "maneuver")
    land = page.locator("svg.battleland")
    box = land.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -150)
    page.wait_for_function(
        "() => Number(document.querySelector('svg.battleland').dataset.zoom) > 1.2"
    )
    moved = page.locator("[data-event='battle_moved']").count()
    for (key,) in page.evaluate(
        "[...document.querySelectorAll('[data-fighter][data-pickable]')]"
        ".map(el => [el.getAttribute('data-fighter')])"
    ):
        page.locator(f"[data-fighter='{key}']").first.click()
        hexes = page.evaluate(
            """() => [...document.querySelectorAll('[data-hex][data-target]')]
                .map(g => [g.dataset.hex, g.querySelector('polygon').getBoundingClientRect()])
                .filter(([h, r]) => r.width > 0 && r.top >= 0 && r.bottom <= innerHeight
                                    && r.left >= 0)
                .map(([h]) => h)"""
        )
        if hexes:
            h = page.locator(f"[data-hex='{hexes[0]}'] polygon").first.bounding_box()
            assert h is not None
            page.mouse.click(h["x"] + h["width"] / 2, h["y"] + h["height"] / 2)
            page.wait_for_function(
                "n => document.querySelectorAll(\"[data-event='battle_moved']\").length > n",
                arg=moved,
            )
            return
    raise AssertionError("no character could move to a hex in sight")
