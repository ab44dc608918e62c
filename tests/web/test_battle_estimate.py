"""The battle's estimated outcome in the engagement panel: asked on demand by the defender
deciding whether to flee (9.2, Complete Sequence 2.5.2), shown with its intervals, from what
that seat knows."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.harness import Server
from tests.server.test_estimate import at_engagement
from tests.web.test_play import shot
from titan.engine.prompts import Decision

pytestmark = pytest.mark.xdist_group("browser")


@pytest.mark.rules("9.2", "Complete Sequence 2.5.2")
def test_the_defender_deciding_to_flee_reads_the_estimate(page: Page, web_server: Server) -> None:
    game = at_engagement(2, {Decision.FLEE})
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = httpx.post(
        f"{web_server.url}/api/games/import",
        json={"record": game.save(), "seats": seats},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    page.goto(r.json()["seats"][game.prompt().player]["url"])
    page.wait_for_selector("[data-panel='flee'] [data-action='estimate']")
    page.click("[data-action='estimate']")
    page.wait_for_selector("[data-estimate] [data-outcome='attacker']", timeout=60_000)
    shares = []
    for name in ("attacker", "defender", "mutual", "time_loss"):
        cells = page.locator(f"[data-outcome='{name}'] td").all_inner_texts()
        share, interval = cells
        low, high = (int(x) for x in re.findall(r"\d+", interval))
        value = int(share.rstrip("%"))
        assert low <= value <= high
        shares.append(value)
    assert 97 <= sum(shares) <= 103  # each share rounded to a whole per cent
    assert "no angel summoned" in page.locator("[data-estimate]").inner_text()
    shot(page, "battle-estimate")
    # the panel's own choices are still there, and untouched
    assert page.locator("[data-action='flee']").is_visible()
