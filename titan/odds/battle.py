"""Playing one battle out between bots, from a position set up once and cloned per trial.

Each trial clones the set-up game with dice of its own (:meth:`Game.clone`) and gives each
side a new bot of its level (``titan.ai.levels.make_bot``) that decides from its own seat's
view only. The trial's dice and bot seeds are derived from (seed, trial number), so trial n
is the same whichever process plays it and however many trials run beside it.

"Fought out" (the default) answers the question an estimate is for: who wins if both sides
fight? The bots are shown their prompts without ``Concede`` (9.4, errata 2.5.6.2-2.5.6.8) and,
while a character can still enter, without ending the first maneuver phase (10.1: one left
off is slain), so a bot's whim cannot decide the battle before it is fought; everything else
they choose themselves. Otherwise the bots' own choices stand.

After the battle, summons, reinforcement and earned lords are declined (15, 14, 17) so that the
engagement settles (points, 16; Titan elimination, 19.3/19.4) without adding to the legions.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Literal, NamedTuple

from titan.ai.base import Bot
from titan.ai.levels import make_bot
from titan.engine.actions import Action, Concede, Decline
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.dice import SeededDice
from titan.engine.events import BattleEnded
from titan.engine.game import Game
from titan.engine.scenario import ATTACKER, DEFENDER, battle_game
from titan.engine.state import Engagement, Legion

Outcome = Literal["attacker", "defender", "mutual", "time_loss"]
OUTCOMES: tuple[Outcome, ...] = ("attacker", "defender", "mutual", "time_loss")
MAX_DECISIONS = 20_000  # a battle lasts at most 7 turns (10.5); this only catches a bot looping


@dataclass(frozen=True, slots=True)
class BattleSpec:
    """Everything that defines the battle and how it is played (picklable, for workers)."""

    attacker: tuple[str, ...]
    defender: tuple[str, ...]
    terrain: str
    attacker_bot: str = "random"
    defender_bot: str = "random"
    attacker_score: int = 0
    defender_score: int = 0
    entry_side: str = "bottom"
    land: int | None = None
    variant: str = "default"
    fight_out: bool = True

    def game(self) -> Game:
        """The set-up position (titan.engine.scenario.battle_game); checks the spec."""
        return battle_game(
            self.attacker,
            self.defender,
            self.terrain,
            attacker_score=self.attacker_score,
            defender_score=self.defender_score,
            entry_side=self.entry_side,
            land=self.land,
            variant=self.variant,
        )


class Trial(NamedTuple):
    """One battle's result."""

    outcome: Outcome
    how: str  # battle | concede | time_loss
    turns: int  # the battle turn it ended in (10.5: at most 7)
    attacker_left: int  # characters left in each legion once the engagement settles
    defender_left: int
    attacker_points: int  # points each side scored from the engagement (16, 19.4)
    defender_points: int


def derive(seed: int, trial: int, what: str) -> int:
    """A seed for one trial's dice or bot, independent of every other trial's: below 2**48,
    so JSON clients read it exactly."""
    digest = hashlib.blake2b(f"{seed}/{trial}/{what}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def play_out(base: Game, spec: BattleSpec, seed: int, trial: int) -> Trial:
    """Trial number ``trial``: a clone of ``base`` (at the start of the battle) played out."""
    game = base.clone(dice=SeededDice(derive(seed, trial, "dice")))
    bots: dict[int, Bot] = {
        ATTACKER: make_bot(spec.attacker_bot, derive(seed, trial, "attacker")),
        DEFENDER: make_bot(spec.defender_bot, derive(seed, trial, "defender")),
    }
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None, "not at a battle"
    scores = [p.score for p in game.state.players]
    legions = (game.state.legions[eng.attacker], game.state.legions[eng.defender])
    for _ in range(MAX_DECISIONS):
        player = game.current_player()
        action = _decide(game, bots[player], player, spec.fight_out)
        for event in game.act(player, action):
            if isinstance(event, BattleEnded):
                return _result(game, eng, event, scores, legions)
    raise RuntimeError(f"trial {trial}: no end after {MAX_DECISIONS} decisions")


def _decide(game: Game, bot: Bot, player: int, fight_out: bool) -> Action:
    prompt = game.prompt()
    if not fight_out:
        return bot.choose(game.view(player), prompt)
    options = _fought_out(prompt.options)
    if len(options) == 1:
        return options[0]  # nothing to decide (e.g. only Decline): no view to build
    action = bot.choose(game.view(player), dataclasses.replace(prompt, options=options))
    if action in options or not isinstance(action, Concede | EndPhase):
        return action
    # A bot that answers from its own list rather than the prompt's: keep the battle going.
    return next((o for o in options if isinstance(o, Decline | BattleMove)), options[0])


def _fought_out(options: tuple[Action, ...]) -> tuple[Action, ...]:
    """The options of a battle fought out: no concession (9.4), and no end to a maneuver
    phase while a character can still enter (10.1)."""
    kept: list[Action] = []
    entering = False
    for o in options:  # one pass: this runs for every decision of every trial
        if isinstance(o, Concede):
            continue
        entering = entering or (isinstance(o, BattleMove) and o.frm is None)
        kept.append(o)
    if entering:
        kept = [o for o in kept if not isinstance(o, EndPhase)]
    return tuple(kept) or options


def _result(
    game: Game,
    eng: Engagement,
    ended: BattleEnded,
    scores: list[int],
    legions: tuple[Legion, Legion],
) -> Trial:
    """Settle the engagement (declining summons, reinforcement and lords) and read it."""
    while game.state.engagement is eng and not game.state.over:
        player = game.current_player()
        decline = next(o for o in game.prompt().options if isinstance(o, Decline))
        game.act(player, decline)
    outcome: Outcome
    if ended.how == "time_loss":
        outcome = "time_loss"  # 10.5
    elif ended.winner is None:
        outcome = "mutual"
    else:
        outcome = ended.winner

    def left(legion: Legion) -> int:  # 0 once off the board (destroyed, or 19.3/19.4)
        return len(legion.characters) if game.state.legions.get(legion.marker) is legion else 0

    gained = [p.score - before for p, before in zip(game.state.players, scores, strict=True)]
    return Trial(
        outcome,
        ended.how,
        ended.turn,
        left(legions[0]),
        left(legions[1]),
        gained[ATTACKER],
        gained[DEFENDER],
    )
