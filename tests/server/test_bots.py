"""Computer seats in the server: they play through the same path as people, a bad bot never
stalls its game, games waiting on a bot resume after a restart, and their seeds reveal
nothing of the dice seed."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from pathlib import Path

import pytest

from tests.server.inproc import create, live, running, state, wait_for
from titan.ai.base import Bot
from titan.ai.levels import LEVELS
from titan.ai.random_bot import RandomBot
from titan.engine.actions import Action, Mulligan
from titan.engine.prompts import Decision, Prompt
from titan.engine.views import PlayerView
from titan.server.bots import bot_seed, fallback


class Stubborn(RandomBot):
    """Fails outright, or asks for a mulligan (almost always illegal), or plays at random,
    as its generator draws."""

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        mood = self.rng.randrange(3)
        if mood == 0:
            raise RuntimeError("this bot is broken")
        if mood == 1:
            return Mulligan()
        return super().choose(view, prompt)


class Slow(RandomBot):
    gate = threading.Event()  # set: think at once; clear: wait (at most a second)

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        self.gate.wait(1.0)
        return super().choose(view, prompt)


STUBBORN_GAME_SEED = 1


def _stubborn(seed: int) -> Bot:
    return Stubborn(seed)


def _slow(seed: int) -> Bot:
    return Slow(seed)


def test_a_bad_bot_does_not_stall_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Registered here, so the thread pool (not the process pool) must run it.
    monkeypatch.setitem(LEVELS, "stubborn", _stubborn)
    # A fixed game seed: with a secret one, about one game in twenty ended (a Titan slain)
    # before its twentieth action, failing the check below for no fault of the server.
    monkeypatch.setattr(secrets, "randbelow", lambda _: STUBBORN_GAME_SEED)
    caplog.set_level(logging.WARNING, logger="titan.server.bots")
    with running(tmp_path, bot_pool="thread") as client:
        game = create(client, [], ["Dumb", "Dumber"], level="stubborn", options={"turn_limit": 2})
        gid = game["id"]
        final = wait_for(
            lambda: (s := state(client, gid))["status"] == "over" and s, 30, "the game to end"
        )
    assert final["view"]["over"] and final["version"] > 20
    assert "failed; playing the fallback option" in caplog.text
    assert "which the rules refuse" in caplog.text
    assert final["view"]["players"][final["view"]["winner"]]["alive"]


def test_games_waiting_for_a_bot_resume_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LEVELS, "slow", _slow)
    Slow.gate.clear()
    with running(tmp_path, bot_pool="thread") as client:
        game = create(client, [], ["Ann", "Bob"], level="slow")
        gid = game["id"]
        time.sleep(0.2)  # the server is stopped while a bot is thinking
        stopped_at = live(client, gid).version
    Slow.gate.set()
    try:
        with running(tmp_path, bot_pool="thread") as client:
            wait_for(
                lambda: state(client, gid)["version"] > stopped_at + 5, 30, "the bots to go on"
            )
    finally:
        Slow.gate.clear()


def test_bot_seeds() -> None:
    seeds = {bot_seed(game, seat) for seat in range(6) for game in range(500)}
    assert len(seeds) == 3000 and all(0 <= s < 2**53 for s in seeds)
    assert bot_seed(123, 0) == bot_seed(123, 0) != bot_seed(124, 0) != bot_seed(123, 1)
    assert not seeds & set(range(500))


def test_the_fallback_neither_resigns_nor_takes_back() -> None:
    from titan.engine.actions import DoneMoving, Move, UndoMove, Withdraw

    move = Move("Bk01", 5, None, None, None)
    prompt = Prompt(0, Decision.MOVE, (move, UndoMove("Bk02"), DoneMoving(), Withdraw()))
    assert fallback(prompt) == DoneMoving()
    prompt = Prompt(0, Decision.MOVE, (move, UndoMove("Bk02"), Withdraw()))
    assert fallback(prompt) == move
    assert fallback(Prompt(0, Decision.MOVE, (Withdraw(),))) == Withdraw()
