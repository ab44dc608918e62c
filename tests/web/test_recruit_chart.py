"""The recruit chart (18.2-18.5) in the browser: every terrain's creatures with the counts
that muster them, the legion picked on the board marked where it could muster what (as the
engine's rules query says), and a creature's card."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.web.test_play import shot
from titan.ai.levels import make_bot
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.rules import muster_options
from titan.variant import load

pytestmark = pytest.mark.xdist_group("browser")


def position_at_a_move() -> Game:
    """A seeded game of random players at a movement phase some turns in."""
    game = Game.new("default", ["Ann", "Bob"], seed=5)
    bots = [make_bot("random", 5), make_bot("random", 6)]
    moves = 0
    while True:
        prompt = game.prompt()
        if prompt.kind == Decision.MOVE:
            moves += 1
            if moves > 6:
                return game
        game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))


@pytest.mark.rules("18.3", "18.5")
def test_the_chart_marks_what_the_picked_legion_could_muster(
    page: Page, web_server: Server
) -> None:
    game = position_at_a_move()
    player = game.prompt().player
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = httpx.post(
        f"{web_server.url}/api/games/import",
        json={"record": game.save(), "seats": seats},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    page.goto(r.json()["seats"][player]["url"])
    page.wait_for_selector("[data-prompt='move']")
    page.click("[data-recruit-chart] summary")
    chart = page.locator("[data-recruit-chart]")
    variant = load("default")
    for terrain, steps in variant.chains.items():
        row = chart.locator(f"tr[data-terrain='{terrain}'] [data-creature]")
        assert row.all_inner_texts() == [s.creature for s in steps]
    assert chart.locator("[data-can]").count() == 0

    legion = max(game.state.player_legions(player), key=lambda lg: len(lg.characters))
    page.click(f"[data-legion='{legion.marker}']")
    want = {
        (terrain, name)
        for terrain in {land.terrain for land in variant.masterboard.lands.values()}
        for name in muster_options(variant, terrain, legion.characters)
    }
    assert want
    page.wait_for_selector("[data-recruit-chart] [data-can]")
    marked = page.eval_on_selector_all(
        "[data-recruit-chart] [data-can]",
        "els => els.map(e => [e.closest('tr').dataset.terrain, e.dataset.creature])",
    )
    assert {(t, n) for t, n in marked} == want

    page.click("[data-recruit-chart] tr[data-terrain='Mountains'] [data-creature='Dragon']")
    card = page.locator("[data-card='Dragon']")
    chart.scroll_into_view_if_needed()
    shot(page, "recruit-chart")
    assert card.is_visible()
    dragon = variant.characters["Dragon"]
    assert f"power {dragon.power}" in card.inner_text()
    assert f"skill {dragon.skill}" in card.inner_text()
    assert "flies" in card.inner_text() and "rangestrikes" in card.inner_text()
