"""A legion's contents open beside its marker (not in a corner of the board), on hover or
when picked, at fit and zoomed alike."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.web.test_recruit_chart import position_at_a_move
from titan.engine.game import Game

pytestmark = pytest.mark.xdist_group("browser")


def beside(page: Page, marker: str) -> None:
    m = page.locator(f"[data-legion='{marker}']").bounding_box()
    page.wait_for_selector(f"[data-board-contents='{marker}']")
    c = page.locator(f"[data-board-contents='{marker}']").bounding_box()
    assert m is not None and c is not None
    # On the marker's right or left, a few pixels off, and level with it.
    assert abs(c["x"] - (m["x"] + m["width"])) <= 12 or abs(c["x"] + c["width"] - m["x"]) <= 12, (
        m,
        c,
    )
    assert c["y"] <= m["y"] + m["height"] and c["y"] + c["height"] >= m["y"], (m, c)


def seat_urls(web_server: Server, game: Game) -> list[str]:
    """The game imported with two people's seats: each seat's link."""
    r = httpx.post(
        f"{web_server.url}/api/games/import",
        json={"record": game.save(), "seats": [{"kind": "human"}, {"kind": "human"}]},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    return [seat["url"] for seat in r.json()["seats"]]


def test_the_contents_open_beside_the_marker(page: Page, web_server: Server) -> None:
    game = position_at_a_move()
    player = game.prompt().player
    page.goto(seat_urls(web_server, game)[player])
    page.wait_for_selector("[data-prompt='move']")
    markers = sorted(lg.marker for lg in game.state.legions.values())
    for marker in markers[:3]:
        page.hover(f"[data-legion='{marker}']")
        beside(page, marker)
    # Zoomed in (the + button, as a desktop shows it), the box follows its marker.
    page.click("[data-zoom-in]")
    page.click("[data-zoom-in]")
    mine = sorted(lg.marker for lg in game.state.player_legions(player))
    for marker in mine:
        box = page.locator(f"[data-legion='{marker}']").bounding_box()
        view = page.viewport_size
        if box and view and box["x"] > 0 and box["x"] + box["width"] < view["width"] * 0.6:
            page.hover(f"[data-legion='{marker}']")
            beside(page, marker)
            return
    raise AssertionError("no marker of ours in sight once zoomed")


@pytest.mark.rules("4.3")
def test_an_opponents_split_shows_what_its_unknown_rest_may_be(
    page: Page, web_server: Server
) -> None:
    """Of the other player's legions the screen shows what is known and, apart, what the rest
    may be: each part of a split holds only what its parent held (4.3)."""
    game = position_at_a_move()
    player = game.prompt().player
    other = 1 - player
    page.goto(seat_urls(web_server, game)[other])
    page.wait_for_selector("main.game")
    view = game.view(other)
    bounded = [lv for lv in view.legions if lv.owner == player and lv.possible is not None]
    assert bounded, "no legion of the player moving is bounded: the check proves nothing"
    for lv in bounded:
        assert lv.possible is not None
        page.hover(f"[data-legion='{lv.marker}']")
        text = page.locator(f"[data-may-hold='{lv.marker}']").first.inner_text()
        assert text.startswith("the rest from: "), text
        listed = text.removeprefix("the rest from: ").split(", ")
        rest = list(lv.possible)
        for name in lv.known:
            rest.remove(name)
        expected = {f"{n} ×{rest.count(n)}" if rest.count(n) > 1 else n for n in rest}
        assert set(listed) == expected, (lv.marker, text, lv.possible, lv.known)
        # The known part is shown as before, apart from what the rest may be.
        shown = page.locator(f"[data-contents='{lv.marker}']").first.inner_text()
        assert "the rest from" not in shown
    for lv in view.legions:
        if lv.owner == other:  # its own legions: known whole, nothing to bound
            page.hover(f"[data-legion='{lv.marker}']")
            assert page.locator(f"[data-may-hold='{lv.marker}']").count() == 0
