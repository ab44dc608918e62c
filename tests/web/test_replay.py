"""The replay viewer in the browser: a finished four-player computer game (imported from a
record titan.play made) replayed step by step to its end as one seat knew it, the drawn board
(legion markers on lands, their heights) and battles checked at many steps against the
engine's view for that seat at that point; stepping by phase and turn, jumping to a turn and
playing land where the engine says; the lobby's Replay link and "Open a record file". A
screenshot of the viewer is kept (in docs/ with TITAN_SCREENSHOTS_TO_DOCS=1)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.server.harness import Api, Server
from tests.server.scripted import choose
from tests.web.test_play import shot
from titan.engine.game import Game
from titan.engine.record import make_record
from titan.play import play

pytestmark = pytest.mark.xdist_group("browser")

FINISHED = play(2, 4)  # four players, 486 actions, to the end
SEAT = 1  # whose knowledge the replay shows


def engine_steps(game: Game) -> list[Game]:
    g = Game.new("default", game.seats, game.seed or 0, game.state.options)
    steps = [g.clone()]
    for player, action in game.actions:
        g.act(player, action)
        steps.append(g.clone())
    return steps


def import_bots_game(server: Server) -> str:
    with Api(server.url) as api:
        seats = [{"kind": "bot", "level": "random"}] * 4
        r = api.http.post("/api/games/import", json={"record": FINISHED.save(), "seats": seats})
        assert r.status_code == 201, r.text
        game_id: str = r.json()["id"]
        return game_id


def wait_step(page: Page, n: int) -> None:
    page.wait_for_selector(f"main[data-replay][data-step='{n}']:not([data-loading])")


def drawn_board(page: Page) -> list[tuple[str, int, int]]:
    found = page.eval_on_selector_all(
        "svg.masterboard [data-legion]",
        "els => els.map(e => [e.dataset.legion, +e.dataset.at, +e.dataset.height])",
    )
    return sorted((str(m), int(a), int(h)) for m, a, h in found)


def check_step(page: Page, game: Game) -> str:
    """The screen against the engine's view for SEAT: the board, or the battle being fought."""
    view = game.view(SEAT)
    main = page.locator("main[data-replay]")
    assert main.get_attribute("data-turn") == str(view.turn)
    assert main.get_attribute("data-seat") == str(SEAT)
    battle = view.engagement.battle if view.engagement is not None else None
    if battle is not None:
        page.wait_for_selector(f"[data-battle='{battle.land}']")
        turn = page.locator("[data-battle-turn]").get_attribute("data-battle-turn")
        assert turn == str(battle.turn)
        assert page.locator("[data-phasing]").get_attribute("data-phasing") == battle.phasing
        return "battle"
    expected = sorted((lv.marker, lv.land, lv.height) for lv in view.legions)
    assert drawn_board(page) == expected
    return "board"


def test_a_finished_four_player_game_replayed_step_by_step_as_one_seat_knew_it(
    web_server: Server, page: Page
) -> None:
    truth = engine_steps(FINISHED)
    last = len(FINISHED.actions)
    game_id = import_bots_game(web_server)

    # From the lobby's list, as a visitor would.
    page.goto(web_server.url + "/")
    row = page.locator(f"[data-list='all'] tr[data-game='{game_id}']")
    row.locator("[data-action='replay']").click()
    page.wait_for_url(f"**/games/{game_id}/replay**")
    wait_step(page, 0)
    assert page.locator("main[data-replay]").get_attribute("data-perspective") == "all"

    page.select_option("[data-perspective-choice]", str(SEAT))
    page.wait_for_selector(f"main[data-replay][data-perspective='{SEAT}'][data-step='0']")
    checked: dict[str, int] = {"board": 0, "battle": 0}
    checked[check_step(page, truth[0])] += 1

    # Every step, one key press at a time, to the end; the screen checked at many of them.
    page.locator("[data-where] h2").click()  # the page has the keyboard
    battle_steps = {
        n for n, g in enumerate(truth) if g.state.engagement and g.state.engagement.battle
    }
    for n in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        wait_step(page, n)
        if n % 25 == 0 or n == last or (n in battle_steps and n % 5 == 0):
            checked[check_step(page, truth[n])] += 1
    assert checked["board"] >= 15 and checked["battle"] >= 2, checked
    assert page.locator("[data-go='next-action']").is_disabled()
    assert page.locator("[data-where]").inner_text().count("wins") == 1
    log_items = page.locator("[data-log] li").count()
    assert log_items > 100

    # By turn, by phase, jumping: each lands on the step the engine's outline says.
    page.click("[data-go='first']")
    wait_step(page, 0)
    turns = [g.state.turn for g in truth]
    page.click("[data-go='next-turn']")
    second = turns.index(2)
    wait_step(page, second)
    check_step(page, truth[second])
    page.click("[data-go='next-phase']")
    phases = [(g.state.turn, g.state.active, g.state.phase) for g in truth]
    nxt = next(k for k in range(second + 1, last + 1) if phases[k] != phases[second])
    wait_step(page, nxt)
    page.click("[data-go='back-phase']")
    wait_step(page, second)
    page.fill("[data-jump-turn]", "10")
    page.click("[data-go='jump']")
    tenth = turns.index(10)
    wait_step(page, tenth)
    check_step(page, truth[tenth])

    # Playing, at a chosen speed, moves on by itself until paused.
    page.select_option("[data-speed]", "16")
    page.click("[data-go='play']")
    page.wait_for_function(
        f"() => +document.querySelector('main[data-replay]').dataset.step >= {tenth + 8}"
    )
    page.click("[data-go='play']")
    page.wait_for_selector("main[data-replay]:not([data-loading])")
    paused = int(page.locator("main[data-replay]").get_attribute("data-step") or -1)
    page.wait_for_timeout(400)
    assert int(page.locator("main[data-replay]").get_attribute("data-step") or -1) == paused
    check_step(page, truth[paused])

    # Everything revealed: a screenshot for the README, at a masterboard step late in the game.
    page.select_option("[data-perspective-choice]", "all")
    page.wait_for_selector("main[data-replay][data-perspective='all']")
    late = max(n for n in range(last - 80) if n not in battle_steps and n % 3 == 0)
    page.fill("[data-jump-turn]", str(truth[late].state.turn))
    page.click("[data-go='jump']")
    wait_step(page, turns.index(truth[late].state.turn))
    page.locator("svg.masterboard [data-legion]").first.hover()  # its contents, all shown
    page.wait_for_selector(".board-contents")
    shot(page, "replay-viewer")


def test_a_record_file_opened_in_the_lobby_replays_and_downloads(
    web_server: Server, page: Page, tmp_path: Path
) -> None:
    record = play(3, 2).save()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")
    page.goto(web_server.url + "/")
    page.set_input_files("[data-record-file]", str(path))
    page.click("[data-action='replay-record']")
    page.wait_for_url("**/replay**")
    wait_step(page, 0)
    page.keyboard.press("End")
    wait_step(page, len(record["actions"]))
    with page.expect_download() as download:
        page.click("main[data-replay] [data-action='download-record']")
    saved = json.loads(Path(download.value.path()).read_text("utf-8"))
    assert saved == record

    # The finished game's own page offers its replay and record at the game-over message.
    game_url = page.url.split("/replay")[0]
    page.goto(game_url)
    page.click("[data-prompt='game_over'] [data-action='replay']")
    page.wait_for_url("**/replay**")
    wait_step(page, 0)

    # A file that is no record is refused, saying so.
    path.write_text("not json", "utf-8")
    page.goto(web_server.url + "/")
    page.set_input_files("[data-record-file]", str(path))
    assert "not a record" in page.locator("[data-open-record] [data-error]").inner_text()


def test_a_record_file_is_played_on_with_a_computer_seat(
    web_server: Server, page: Page, tmp_path: Path
) -> None:
    """An unfinished record: play goes on from where it stopped, a person here against the
    computer."""
    game = play(3, 2)
    record = make_record(
        "default", game.seats, game.seed or 0, game.state.options, game.actions[:30]
    )
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(record), "utf-8")
    page.goto(web_server.url + "/")
    page.set_input_files("[data-record-file]", str(path))
    page.select_option("[data-record-seat='1']", "random")
    page.click("[data-action='play-record']")
    page.wait_for_selector("main.game[data-seat='0']")
    version = int(page.locator("main.game").get_attribute("data-version") or -1)
    assert version >= 30


def test_the_replay_on_a_phone_fills_the_width_and_never_scrolls_sideways(
    web_server: Server, browser: Browser
) -> None:
    game_id = import_bots_game(web_server)
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = ctx.new_page()
        page.goto(f"{web_server.url}/games/{game_id}/replay?step=200")
        wait_step(page, 200)
        page.tap("[data-go='next-phase']")
        page.wait_for_selector("main[data-replay]:not([data-step='200']):not([data-loading])")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("svg.masterboard").bounding_box()
        assert box is not None and box["width"] >= 0.9 * 390
        for button in page.locator("[data-replay-controls] button").all():
            size = button.bounding_box()
            assert size is not None and size["height"] >= 44, button.inner_text()
    finally:
        ctx.close()


def test_a_spectator_replays_a_running_game_and_catches_up_with_it(
    web_server: Server, page: Page
) -> None:
    """Without a seat, the replay of a game still being played is the spectator's: the seats
    offered are the spectator's alone, and the moves made meanwhile are taken in on request."""
    record = make_record(
        "default", FINISHED.seats, FINISHED.seed or 0, FINISHED.state.options, FINISHED.actions[:60]
    )
    with Api(web_server.url) as api:
        r = api.http.post("/api/games/import", json={"record": record, "unlisted": True})
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        page.goto(f"{web_server.url}/games/{gid}/replay")
        wait_step(page, 0)
        main = page.locator("main[data-replay]")
        assert main.get_attribute("data-perspective") == "spectator"
        options = page.locator("[data-perspective-choice] option").all_inner_texts()
        assert options == ["A spectator's knowledge"]
        page.locator("[data-where] h2").click()
        page.keyboard.press("End")
        wait_step(page, 60)
        seat = api.state(gid)["view"]["deciding"]
        prompt = api.state(gid, tokens[seat])["prompt"]
        assert api.act(gid, tokens[seat], choose(prompt, random.Random(1))).status_code == 200
    page.click("[data-action='catch-up']")
    page.wait_for_selector("[data-go='next-action']:not(:disabled)")
    page.click("[data-go='last']")
    wait_step(page, 61)
