"""Search speed for the ``strong`` bot: simulated actions per second per core.

- full-game playouts from real mid-game positions (random games stopped half-way), on
  clones with dice of their own (``Game.clone``/``prompt``/``act``): uniformly random
  choices, and the cheap policy search plays with (:mod:`titan.ai.strong.policy`);
- battle-only playouts with the cheap policy, from the start of three sample battles
  (``titan.engine.scenario.battle_game``): through the engine (``Game.act``), and in the compact
  battle (:mod:`titan.ai.strong.fastbattle`) that engagement estimates use;
- a whole determinization (:func:`titan.ai.determinize.determinize`), per call.

Each figure is the median of five timed samples in this one process (one core); the target
(issue 8) is 10,000 simulated actions per second per core. Run: ``.venv/bin/python -m
bench.ai_search``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from titan.ai.determinize import determinize
from titan.ai.strong.fastbattle import FastBattle
from titan.ai.strong.policy import NEVER, fast_action
from titan.ai.strong.simulate import play_battle
from titan.engine.dice import SeededDice
from titan.engine.game import Game
from titan.engine.prompts import Prompt
from titan.engine.scenario import battle_game
from titan.play import play

SAMPLES = 5
TARGET = 10_000
PLAYOUT_ACTIONS = 400  # per playout: a few game turns, battles included
BATTLES = [
    (["Titan", "Ogre", "Ogre", "Centaur"], ["Angel", "Gargoyle", "Gargoyle", "Centaur"], "Plains"),
    (["Titan", "Cyclops", "Cyclops", "Gorgon", "Ogre"], ["Troll", "Troll", "Ranger"], "Marsh"),
    (
        ["Titan", "Ogre", "Ogre", "Centaur", "Centaur", "Gargoyle", "Gargoyle"],
        ["Troll", "Troll", "Ogre", "Ogre", "Centaur"],
        "Tower",
    ),
]

Chooser = Callable[[Game, Prompt, random.Random], object]


def positions(count: int = 8) -> list[Game]:
    """Mid-game positions of random two- and four-player games."""
    out = []
    for seed in range(count):
        record = play(500 + seed, 2 + 2 * (seed % 2))
        game = Game.new("default", list(record.seats), 500 + seed)
        for player, action in record.actions[: len(record.actions) // 2]:
            game.act(player, action)
        out.append(game)
    return out


def _random(game: Game, prompt: Prompt, rng: random.Random) -> object:
    return rng.choice([o for o in prompt.options if not isinstance(o, NEVER)])


def playout_rate(games: list[Game], choose: Chooser, seed: int) -> float:
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for game in games:
        for _ in range(3):
            g = game.clone(dice=SeededDice(rng.getrandbits(53)))
            for _ in range(PLAYOUT_ACTIONS):
                if g.state.over:
                    break
                prompt = g.prompt()
                g.act(prompt.player, choose(g, prompt, rng))  # type: ignore[arg-type]
                actions += 1
    return actions / (time.perf_counter() - start)


def battle_rate(seed: int) -> float:
    rng = random.Random(seed)
    starts = [battle_game(a, d, t) for a, d, t in BATTLES]
    actions = 0
    begin = time.perf_counter()
    for start in starts:
        for _ in range(10):
            actions += play_battle(start.clone(dice=SeededDice(rng.getrandbits(53))), rng)
    return actions / (time.perf_counter() - begin)


def fast_battle_rate(seed: int) -> float:
    rng = random.Random(seed)
    starts = [battle_game(a, d, t) for a, d, t in BATTLES]
    decisions = 0
    begin = time.perf_counter()
    for start in starts:
        for _ in range(40):
            fast = FastBattle.from_game(start, lambda: rng.randrange(6) + 1, rng)
            fast.play()
            decisions += fast.steps
    return decisions / (time.perf_counter() - begin)


def battle_ms(seed: int) -> float:
    """Milliseconds per compact battle (the unit of an engagement estimate)."""
    rng = random.Random(seed)
    starts = [battle_game(a, d, t) for a, d, t in BATTLES]
    begin = time.perf_counter()
    for start in starts:
        for _ in range(40):
            FastBattle.from_game(start, lambda: rng.randrange(6) + 1, rng).play()
    return (time.perf_counter() - begin) / (40 * len(starts)) * 1000


def determinize_micros(games: list[Game]) -> float:
    rng = random.Random(3)
    views = [g.view(g.current_player()) for g in games]
    start = time.perf_counter()
    n = 0
    for _ in range(50):
        for g, v in zip(games, views, strict=True):
            determinize(v, rng, g.variant)
            n += 1
    return (time.perf_counter() - start) / n * 1e6


def _median(f: Callable[[int], float]) -> float:
    f(0)  # warm-up: movement and battle tables, strike caches
    return statistics.median(f(i + 1) for i in range(SAMPLES))


def main() -> None:
    games = positions()
    rows = [
        ("random playouts, mid-game", _median(lambda s: playout_rate(games, _random, s))),
        ("cheap-policy playouts, mid-game", _median(lambda s: playout_rate(games, fast_action, s))),
        ("cheap-policy battles, through the engine", _median(battle_rate)),
        ("cheap-policy battles, compact battle", _median(fast_battle_rate)),
    ]
    for name, rate in rows:
        mark = "ok" if rate >= TARGET else "below target"
        print(f"{name}: {rate:10,.0f} simulated actions/s per core ({mark}: {TARGET:,})")
    print(f"compact battle, start to end: {_median(battle_ms):6.2f} ms a battle")
    print(f"determinize, mid-game view: {determinize_micros(games):6.1f} us")


if __name__ == "__main__":
    main()
