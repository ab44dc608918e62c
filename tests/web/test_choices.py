"""Choices one click cannot settle: a land reached two ways (a normal move or a tower
teleport, 8.1; two entry sides of an attack, Complete Sequence 2.3) is offered as a choice
in the decision panel, and the chosen way is the one made. The positions come from seeded
games of random players, imported into the server as records."""

from __future__ import annotations

from collections import Counter

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from titan.ai.levels import make_bot
from titan.engine.actions import Move
from titan.engine.game import Game
from titan.engine.prompts import Decision

pytestmark = pytest.mark.xdist_group("browser")


def position_with_two_ways(want_teleport: bool) -> tuple[Game, Move, list[Move]]:
    """The first position of a seeded random game where one legion can reach one land in two
    ways (differing by teleport, or by entry side)."""
    for seed in range(1, 200):
        game = Game.new("default", ["Ann", "Bob"], seed=seed)
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        for _ in range(3000):
            prompt = game.prompt()
            if prompt.kind == Decision.GAME_OVER:
                break
            if prompt.kind == Decision.MOVE:
                moves = [o for o in prompt.options if isinstance(o, Move)]
                count = Counter((m.legion, m.land) for m in moves)
                for (legion, land), n in count.items():
                    ways = [m for m in moves if (m.legion, m.land) == (legion, land)]
                    if n > 1 and any(m.teleport for m in ways) == want_teleport:
                        return game, ways[0], ways
            game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    raise AssertionError("no such position in 200 seeded games")


def open_position(page: Page, server: Server, game: Game) -> None:
    player = game.prompt().player
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = httpx.post(f"{server.url}/api/games/import", json={"record": game.save(), "seats": seats})
    assert r.status_code == 201, r.text
    page.goto(r.json()["seats"][player]["url"])
    page.wait_for_selector("[data-prompt='move']")


@pytest.mark.rules("8.1", "Complete Sequence 2.3")
@pytest.mark.parametrize("teleport", [True, False], ids=["tower-teleport", "entry-side"])
def test_a_land_reached_two_ways_is_offered_as_a_choice(
    page: Page, web_server: Server, teleport: bool
) -> None:
    game, move, ways = position_with_two_ways(teleport)
    open_position(page, web_server, game)
    page.click(f"[data-legion='{move.legion}']")
    page.click(f"[data-land='{move.land}'][data-target]")
    choices = page.locator("[data-offer] button[data-action='move']")
    assert choices.count() == len(ways)
    labels = [choices.nth(i).inner_text() for i in range(choices.count())]
    if teleport:
        assert any("teleport" in t.lower() for t in labels), labels
        pick = next(i for i, t in enumerate(labels) if "teleport" in t.lower())
    else:
        assert all("entering from the" in t for t in labels), labels
        pick = len(labels) - 1
    version = int(page.locator("main.game").get_attribute("data-version") or -1)
    choices.nth(pick).click()
    page.wait_for_function(
        "v => Number(document.querySelector('main.game')?.dataset.version) > v", arg=version
    )
    moved = page.locator("[data-event='moved']").last.inner_text()
    assert str(move.land) in moved
    if teleport:
        assert "teleport" in moved.lower(), moved
    else:
        chosen_side = ways[pick].side or ""
        assert chosen_side in moved, moved
