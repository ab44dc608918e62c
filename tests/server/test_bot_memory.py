"""A computer seat keeps its bot between decisions (titan/server/botmemory.py): the served
bot plays the very game the arena's does, through the workers' pickling, after a restart and
after anything happened behind its back."""

from __future__ import annotations

import pickle
import time
from pathlib import Path

import pytest

from tests.server.inproc import create, live, running, state, wait_for
from titan.ai.base import Bot
from titan.ai.levels import LEVELS, make_bot
from titan.ai.normal import NormalBot
from titan.ai.random_bot import RandomBot
from titan.ai.strong import StrongBot
from titan.ai.strong.budget import TINY
from titan.engine.actions import Action, DoneMoving, Mulligan
from titan.engine.game import Game
from titan.engine.prompts import Prompt
from titan.engine.state import Options
from titan.engine.views import PlayerView
from titan.server.botmemory import BotMemory, Past, reach, rebuild, think
from titan.server.bots import bot_seed
from titan.variant import load


def _tiny_strong(seed: int) -> Bot:
    return StrongBot(seed, budget=TINY)  # no time cap: every decision reproducible


def _arena(levels: list[str], seeds: list[int], game: Game, actions: int) -> list[object]:
    """The arena's way: one bot per seat for the whole game."""
    bots = [make_bot(level, seed) for level, seed in zip(levels, seeds, strict=True)]
    while not game.state.over and len(game.actions) < actions:
        prompt = game.prompt()
        game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    return list(game.actions)


def _served(
    levels: list[str], seeds: list[int], game: Game, actions: int, restart_every: int
) -> tuple[list[object], int]:
    """The server's way: bots kept by a BotMemory, each decision made by ``think`` on a bot
    pickled to the worker and back, and every ``restart_every`` decisions the memory lost
    (a restart), so the bot is rebuilt from its seat's past. Also gives how many decisions
    were handed a strong bot that remembered something."""
    memory = BotMemory()
    remembered = 0
    decisions = 0
    while not game.state.over and len(game.actions) < actions:
        prompt = game.prompt()
        seat = prompt.player
        decisions += 1
        if decisions % restart_every == 0:
            memory = BotMemory()
        bot = memory.take("g", seat, levels[seat], game.actions)
        if isinstance(bot, StrongBot) and (bot.plan or bot.judge.values):
            remembered += 1
        past = None if bot is not None else Past(game.save(), seat)
        job = pickle.dumps((levels[seat], seeds[seat], bot, past, game.view(seat), prompt))
        action, bot = pickle.loads(pickle.dumps(think(*pickle.loads(job))))
        memory.keep("g", seat, levels[seat], bot, len(game.actions), action)
        game.act(seat, action)
    return list(game.actions), remembered


def test_the_served_strong_plays_the_arenas_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "tiny-strong", _tiny_strong)
    levels, seeds = ["tiny-strong", "normal"], [bot_seed(7, 0), bot_seed(7, 1)]
    options = Options(turn_limit=12)
    arena = _arena(levels, seeds, Game.new("default", ["A", "B"], 7, options), 600)
    served, remembered = _served(
        levels, seeds, Game.new("default", ["A", "B"], 7, options), 600, restart_every=37
    )
    assert len(arena) > 300
    assert served == arena
    assert remembered > 50  # the kept bot carried something across decisions ...
    fresh = Game.new("default", ["A", "B"], 7, options)  # ... which a bot made afresh lacks
    while len(fresh.actions) < len(arena) and fresh.actions == arena[: len(fresh.actions)]:
        prompt = fresh.prompt()
        bot = make_bot(levels[prompt.player], seeds[prompt.player])
        fresh.act(prompt.player, bot.choose(fresh.view(prompt.player), prompt))
    assert fresh.actions != arena[: len(fresh.actions)]


def test_a_rebuilt_bot_is_the_kept_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mid-turn, a bot rebuilt from the game's record decides as the kept one, and then
    holds what it holds."""
    monkeypatch.setitem(LEVELS, "tiny-strong", _tiny_strong)
    game = Game.new("default", ["A", "B"], 7, Options(turn_limit=12))
    bots = [_tiny_strong(1), NormalBot(2)]
    checked = 0
    while not game.state.over and len(game.actions) < 600:
        prompt = game.prompt()
        seat = prompt.player
        kept = bots[seat]
        again = None
        if isinstance(kept, StrongBot) and (kept.plan or kept.judge.values):
            again = rebuild("tiny-strong", 1, Past(game.save(), seat))
        action = kept.choose(game.view(seat), prompt)
        if again is not None:
            assert isinstance(again, StrongBot) and isinstance(kept, StrongBot)
            assert again.choose(game.view(seat), prompt) == action
            assert (again.plan, again.judge.values, again.turn) == (
                kept.plan,
                kept.judge.values,
                kept.turn,
            )
            checked += 1
        game.act(seat, action)
    assert checked > 20


def test_a_bot_is_trusted_only_if_nothing_happened_behind_its_back() -> None:
    memory = BotMemory(size=2)
    bot = RandomBot(1)
    move, done = Mulligan(), DoneMoving()
    log: list[tuple[int, Action]] = [(1, done), (0, move), (1, done)]
    memory.keep("g", 0, "random", bot, 1, move)
    assert memory.take("g", 0, "random", log) is bot
    assert memory.take("g", 0, "random", log) is None  # taken out: kept again after deciding
    memory.keep("g", 0, "random", bot, 1, move)
    assert memory.take("g", 0, "normal", log) is None  # another level now plays the seat
    memory.keep("g", 0, "random", bot, 1, done)
    assert memory.take("g", 0, "random", log) is None  # a fallback was played instead
    memory.keep("g", 0, "random", bot, 1, move)
    assert memory.take("g", 0, "random", [*log, (0, done)]) is None  # moved by another process
    memory.keep("g", 0, "random", bot, 3, move)
    assert memory.take("g", 0, "random", log) is None  # its choice never stored
    memory.keep("g", 0, "random", bot, 1, move)
    memory.keep("g", 1, "random", bot, 0, done)
    memory.keep("h", 0, "random", bot, 1, move)  # the least recently kept is dropped
    assert len(memory) == 2 and memory.take("g", 0, "random", log) is None
    memory.forget("g")
    assert len(memory) == 1 and memory.take("h", 0, "random", log) is bot


def test_reach() -> None:
    assert reach(StrongBot(1)) == "turn"
    assert reach(NormalBot(1)) == "none"
    assert reach(RandomBot(1)) == "game"
    assert reach(object()) == "game"  # type: ignore[arg-type]


def test_a_bot_travels_without_its_variant() -> None:
    bot = StrongBot(5)
    bot.plan[(1, 0, ())] = DoneMoving()
    raw = pickle.dumps(bot)
    assert len(raw) < 2_000  # the variant alone pickles to about 40 kB
    copy = pickle.loads(raw)
    assert copy.variant is load("default") and copy.normal.variant is load("default")
    assert copy.plan == bot.plan and copy.seed == 5


class Paced(RandomBot):
    """A random player slow enough for the server to be stopped mid-game."""

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        time.sleep(0.002)
        return super().choose(view, prompt)


def _paced(seed: int) -> Bot:
    return Paced(seed)


def _as_the_arena(game: Game, bots: list[RandomBot]) -> None:
    """Every action of ``game`` is what ``bots``, kept for the whole game, choose."""
    assert game.seed is not None
    replay = Game.new("default", game.seats, game.seed, game.state.options)
    for seat, action in game.actions:
        assert replay.prompt().player == seat
        assert bots[seat].choose(replay.view(seat), replay.prompt()) == action
        replay.act(seat, action)


def test_served_bots_play_the_arenas_game_across_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """End to end: a bot game stopped by a restart and finished by the next server is the
    game the same bots, kept for the whole game, play (a random bot's generator draws at
    every decision, so a bot made afresh, or rebuilt wrongly, would part ways)."""
    monkeypatch.setitem(LEVELS, "paced", _paced)
    with running(tmp_path) as client:
        gid = create(client, [], ["Ann", "Bob", "Cy"], level="paced", options={"turn_limit": 10})[
            "id"
        ]
        wait_for(lambda: state(client, gid)["version"] > 40, 30, "the bots to start")
        stopped = state(client, gid)
        assert stopped["status"] == "running"
    with running(tmp_path) as client:
        wait_for(lambda: state(client, gid)["status"] == "over", 60, "the game to end")
        game = live(client, gid).game
        # The next server played on (a game of random moves may end within a turn or two
        # of the restart: how long it lasts is the server's secret seed's doing).
        assert game.seed is not None and len(game.actions) > stopped["version"]
        _as_the_arena(game, [Paced(bot_seed(game.seed, seat)) for seat in range(3)])
        driver = client.app.state.titan.bots  # type: ignore[attr-defined]
        assert len(driver.memory) == 0  # forgotten with the game


def test_bots_kept_across_worker_processes(tmp_path: Path) -> None:
    """As `titan serve` runs them: each decision in a worker process, the bot pickled there
    and back."""
    with running(tmp_path, bot_pool="process") as client:
        gid = create(client, [], ["Ann", "Bob"], level="random", options={"turn_limit": 4})["id"]
        wait_for(lambda: state(client, gid)["status"] == "over", 60, "the game to end")
        game = live(client, gid).game
        # Played to its end by the bots (a game of random moves may end in its first turns).
        assert game.seed is not None and game.state.over and len(game.actions) > 4
        _as_the_arena(game, [RandomBot(bot_seed(game.seed, seat)) for seat in range(2)])
