"""Games that reach a battle the same way every time: a two-player game played by the engine's
random players from a fixed seed up to its first engagement, saved as a record and imported
(``POST /api/games/import``) with both seats human, then opened in one browser (hot-seat) so
the browser tests play that engagement's decisions with the same dice each run. Also a click
counter, for the newcomer's battle flow (a document-level listener of trusted clicks, kept in
sessionStorage so that a reload does not reset it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

from tests.server.harness import Api, Server
from titan.ai.random_bot import RandomBot
from titan.engine.actions import Muster
from titan.engine.game import Game
from titan.engine.prompts import Decision, Prompt

Json = Any

COUNT_CLICKS = """
document.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
    const n = Number(sessionStorage.getItem('clicks') || 0);
    sessionStorage.setItem('clicks', String(n + 1));
}, true);
"""


def record_until(seed: int, stop: Callable[[Prompt], bool]) -> dict[str, Json]:
    """The record of a game (Ann and Bea) played by random players from ``seed`` up to the
    first prompt ``stop`` accepts."""
    game = Game.new("default", ["Ann", "Bea"], seed)
    bots = [RandomBot(seed * 10 + i) for i in range(2)]
    for _ in range(5000):
        prompt = game.prompt()
        if stop(prompt):
            return game.save()
        assert prompt.kind != Decision.GAME_OVER, f"seed {seed}: the game ended first"
        game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    raise AssertionError(f"seed {seed}: never stopped")


def record_at_first_engagement(seed: int) -> dict[str, Json]:
    """Up to the moment the active player must choose its first engagement (9.1)."""
    return record_until(seed, lambda p: p.kind == Decision.ENGAGE)


def one_recruit(prompt: Prompt) -> bool:
    """A muster phase where some legion is offered exactly one recruit (18)."""
    legions = Counter(o.legion for o in prompt.options if isinstance(o, Muster))
    return prompt.kind == Decision.MUSTER and 1 in legions.values()


@dataclass(frozen=True)
class Imported:
    id: str
    urls: tuple[str, ...]
    tokens: tuple[str, ...]


def import_record(server: Server, record: dict[str, Json]) -> Imported:
    with Api(server.url) as api:
        r = api.http.post("/api/games/import", json={"record": record, "unlisted": True})
        assert r.status_code == 201, r.text
        body = r.json()
    seats = body["seats"]
    return Imported(body["id"], tuple(s["url"] for s in seats), tuple(s["token"] for s in seats))


def open_hot_seat(page: Page, game: Imported) -> None:
    """Hold both seats in this browser (each link once), then show the game."""
    page.add_init_script(COUNT_CLICKS)
    for url in game.urls:
        page.goto(url)
        page.wait_for_selector("main.game, [data-handover]")
    page.reload()
    page.wait_for_selector("main.game, [data-handover]")


def clicks(page: Page) -> int:
    return int(page.evaluate("() => Number(sessionStorage.getItem('clicks') || 0)"))
