from __future__ import annotations
import pytest
from playwright.sync_api import Page
from tests.server.harness import Server
from tests.web.battles import import_record, open_hot_seat, record_at_first_engagement
from tests.web.driver import ClickPlayer
from tests.web.test_fewer_clicks import SEED, play_engagement
pytestmark = pytest.mark.xdist_group("browser")

def test_measure(page: Page, web_server: Server) -> None:
    open_hot_seat(page, import_record(web_server, record_at_first_engagement(SEED)))
    player = ClickPlayer(page)
    seen = play_engagement(page, player, shared=False)
    print("MEASURE", seen, dict(player.seen.decisions), dict(player.seen.actions))
