"""Battles played out many times with the cheap policy (:mod:`titan.ai.strong.policy`) on
copies with dice of their own, to estimate how a battle ends: who wins, who loses a Titan,
what survives. Positions come from the seat's view only (a battle's legions are public,
errata 2.5.6.1; an engagement's are shown to both parties, Complete Sequence 2.5.1-2.5.2;
others are determinized), so the estimate knows nothing the seat may not know.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from titan.ai.strong.budget import Deadline, expired
from titan.ai.strong.fastbattle import FastBattle
from titan.ai.strong.policy import fast_action
from titan.engine.battle.state import BattleStep
from titan.engine.dice import SeededDice
from titan.engine.game import Game
from titan.engine.scenario import battle_game
from titan.variant import TITAN, Variant, titan_power

MAX_ACTIONS = 3000  # a battle lasts at most 7 turns (10.5); this only stops a loop


@dataclass(frozen=True, slots=True)
class BattleOdds:
    trials: int
    attacker_wins: float  # the defender eliminated (or its Titan slain) and not the attacker
    defender_wins: float  # the attacker eliminated, or the time loss (10.5)
    mutual: float
    attacker_titan: float  # chance the attacker's Titan is slain
    defender_titan: float
    attacker_left: float  # expected points (rule 16) of the attacker's survivors
    defender_left: float
    actions: int  # simulated actions, all trials together


def worth_of(variant: Variant, names: Sequence[str], score: int) -> float:
    return float(
        sum(titan_power(score) * 4 if n == TITAN else variant.characters[n].value for n in names)
    )


def play_battle(game: Game, rng: random.Random) -> int:
    """Play the battle ``game`` is in to its end with the cheap policy; the actions taken."""
    n = 0
    state = game.state
    while n < MAX_ACTIONS:
        eng = state.engagement
        if eng is None or eng.battle is None or state.over:
            return n
        prompt = game.prompt()
        game.act(prompt.player, fast_action(game, prompt, rng))
        state = game.state
        n += 1
    return n


def simulate(
    start: Game, trials: int, rng: random.Random, deadline: Deadline | None = None
) -> BattleOdds:
    """Play the battle ``start`` is in (at least 4 times, then until ``trials`` or the
    ``deadline``). A battle about to begin is played by the compact battle
    (:mod:`titan.ai.strong.fastbattle`), one under way through the engine."""
    eng = start.state.engagement
    assert eng is not None and eng.battle is not None
    fresh = eng.battle.step in (BattleStep.ATTACKER_MAY_CONCEDE, BattleStep.DEFENDER_MAY_CONCEDE)
    v = start.variant
    scores = (
        start.state.players[eng.attacker_owner].score,
        start.state.players[eng.defender_owner].score,
    )
    legions = start.state.legions
    had = (TITAN in legions[eng.attacker].characters, TITAN in legions[eng.defender].characters)
    tally = _Tally()
    while tally.done < trials:
        if tally.done >= 4 and expired(deadline):
            break
        if fresh:
            fast = FastBattle.from_game(start, _dice(random.Random(rng.getrandbits(64))), rng)
            result = fast.play()
            tally.actions += fast.steps
            tally.add(v, result.winner, result.titan_slain, result.left, scores)
        else:
            game = start.clone(dice=SeededDice(rng.getrandbits(53)))
            tally.actions += play_battle(game, rng)
            tally.add(v, *_outcome(game, start, had), scores)
    return tally.odds()


def _dice(source: random.Random) -> Callable[[], int]:
    """Dice for a playout: any fair die serves, this one is the quickest."""
    rand = source.random
    return lambda: int(rand() * 6) + 1


class _Tally:
    def __init__(self) -> None:
        self.done = self.actions = 0
        self.counts = [0, 0, 0]  # attacker, defender, mutual
        self.titans = [0, 0]
        self.left = [0.0, 0.0]

    def add(
        self,
        variant: Variant,
        winner: str | None,
        titans: tuple[bool, bool],
        left: tuple[Sequence[str], Sequence[str]],
        scores: tuple[int, int],
    ) -> None:
        self.done += 1
        self.counts[{"attacker": 0, "defender": 1, None: 2}[winner]] += 1
        for i in (0, 1):
            self.titans[i] += titans[i]
            if winner == ("attacker", "defender")[i]:
                self.left[i] += worth_of(variant, left[i], scores[i])

    def odds(self) -> BattleOdds:
        n = max(1, self.done)
        c, t, w = self.counts, self.titans, self.left
        return BattleOdds(
            self.done,
            c[0] / n,
            c[1] / n,
            c[2] / n,
            t[0] / n,
            t[1] / n,
            w[0] / n,
            w[1] / n,
            self.actions,
        )


def _outcome(
    game: Game, start: Game, had: tuple[bool, bool]
) -> tuple[str | None, tuple[bool, bool], tuple[list[str], list[str]]]:
    """Who won a battle played through the engine, whose Titans fell, and what is left."""
    eng = start.state.engagement
    assert eng is not None
    st = game.state
    names: list[list[str]] = []
    lost: list[bool] = []
    for marker, owner, titan in (
        (eng.attacker, eng.attacker_owner, had[0]),
        (eng.defender, eng.defender_owner, had[1]),
    ):
        legion = st.legions.get(marker)
        chars = list(legion.characters) if legion is not None and legion.owner == owner else []
        names.append(chars)
        lost.append(titan and (TITAN not in chars or not st.players[owner].alive))
    alive = [bool(names[i]) and not lost[i] for i in (0, 1)]
    winner = None
    if alive[0] != alive[1]:
        winner = "attacker" if alive[0] else "defender"
    elif alive[0]:
        winner = "defender"  # both standing: the time loss went the defender's way
    return winner, (lost[0], lost[1]), (names[0], names[1])


def simulate_legions(
    variant: Variant,
    attacker: Sequence[str],
    defender: Sequence[str],
    land: int,
    entry_side: str | None,
    scores: tuple[int, int],
    trials: int,
    rng: random.Random,
    deadline: Deadline | None = None,
) -> BattleOdds:
    """A battle between two legions on ``land``, set up by
    :func:`titan.engine.scenario.battle_game`."""
    start = battle_game(
        list(attacker),
        list(defender),
        variant.masterboard.land(land).terrain,
        attacker_score=scores[0],
        defender_score=scores[1],
        entry_side=entry_side or "bottom",
        land=land,
        variant=variant,
        seed=rng.getrandbits(32),
    )
    return simulate(start, trials, rng, deadline)
