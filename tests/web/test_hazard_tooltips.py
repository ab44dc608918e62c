"""Battle hazards explained where they are (the hazard chart, 11.7): a battle hex's tooltip
names its terrain and height, says what its terrain and the hazards on its sides do, which
end of a hexside hazard it is, and who is native to them."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from titan.ai.levels import make_bot
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.variant import load

pytestmark = pytest.mark.xdist_group("browser")


def battle_on(terrains: set[str]) -> Game:
    """The first maneuver of a battle on one of ``terrains`` in seeded games of random
    players."""
    for seed in range(1, 400):
        game = Game.new("default", ["Ann", "Bob"], seed=seed)
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        for _ in range(4000):
            prompt = game.prompt()
            if prompt.kind == Decision.GAME_OVER:
                break
            eng = game.state.engagement
            if (
                prompt.kind == Decision.MANEUVER
                and eng is not None
                and game.variant.masterboard.land(eng.land).terrain in terrains
            ):
                return game
            game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    raise AssertionError(f"no battle on {terrains} in 400 seeded games")


@pytest.mark.rules("11.7")
def test_a_hex_tooltip_says_what_its_hazards_do(page: Page, web_server: Server) -> None:
    game = battle_on({"Hills"})
    eng = game.state.engagement
    assert eng is not None
    terrain = game.variant.masterboard.land(eng.land).terrain
    land = game.variant.battlelands[terrain]
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = httpx.post(
        f"{web_server.url}/api/games/import",
        json={"record": game.save(), "seats": seats},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    page.goto(r.json()["seats"][game.prompt().player]["url"])
    page.wait_for_selector("[data-prompt='maneuver']")

    atop = next(
        label
        for label, h in sorted(land.hexes.items())
        if any(s is not None and s.hazard == "slope" and s.top for s in h.hexsides)
    )
    tip = page.locator(f"[data-hex='{atop}'] > title").text_content() or ""
    hexdata = land.hex(atop)
    assert tip.startswith(f"{atop}: {hexdata.terrain}")
    if hexdata.elevation:
        assert f"elevation {hexdata.elevation}" in tip
    assert "Slope: moving up across it slows non-flying non-natives" in tip
    assert "this hex is atop it" in tip
    natives = [c.name for c in load("default").characters.values() if "slope" in c.natives]
    assert natives and f"Native: {', '.join(natives)}." in tip

    plain = next(
        label
        for label, h in sorted(land.hexes.items())
        if h.terrain == "plain" and all(s is None for s in h.hexsides)
    )
    assert page.locator(f"[data-hex='{plain}'] > title").text_content() == (
        f"{plain}: plain"
        + (f", elevation {land.hex(plain).elevation}" if land.hex(plain).elevation else "")
    )
