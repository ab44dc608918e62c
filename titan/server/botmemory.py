"""What a computer seat remembers between its decisions, so the bot people meet in the server
is the one the arena measures.

A bot may carry knowledge from one decision to the next (``strong`` keeps the attacks it
judged this turn and the rest of its maneuver plan; ``random`` draws from one generator).
The server keeps each seat's bot in memory between decisions: the worker is handed the bot
with the view and prompt and hands it back with its choice (pickled both ways when the worker
is a process; a bot pickles without its variant, see ``StrongBot.__getstate__``). Kept bots
are few and bounded (least recently used dropped first) and forgotten when their game ends.

A bot is only trusted if nothing happened to it behind its back: the game's actions since
its last choice must begin with that very choice and hold no other of its seat's (a fallback
played instead, or another process's driver having moved it). Otherwise, and after a
restart, the bot is rebuilt in the worker, deterministically: a new bot with the seat's seed
is shown its seat's past decisions again (view and prompt, as it saw them) and its answers are
thrown away. How far back depends on the bot's ``memory`` attribute: ``"none"`` (it carries
nothing: ``normal``), ``"turn"`` (it forgets everything when a player's turn begins:
``strong``, so only the decisions of the turn under way are replayed) or ``"game"`` (the
default: every past decision, cheap for ``random``); a bot with a ``remembers`` attribute
(``strong``: moves and maneuvers) is shown only those kinds of decision, the others adding
nothing to what it keeps (a battle's strikes would cost seconds). Past decisions are
replayed with the bot's usual budget, so a decision that hit the time cap (``Budget.seconds``)
the first time may come out differently: the rebuilt bot is then as one that met a slower
machine.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from titan.ai.base import Bot
from titan.ai.levels import make_bot
from titan.engine.actions import Action
from titan.engine.game import Game
from titan.engine.prompts import Prompt
from titan.engine.record import parse_record
from titan.engine.state import Options
from titan.engine.views import PlayerView

Reach = Literal["none", "turn", "game"]
KEPT = 512  # bots kept per process; a strong one is a few kilobytes


def reach(bot: Bot) -> Reach:
    """How far back a rebuilt ``bot`` must be shown its past decisions."""
    value = getattr(bot, "memory", "game")
    if value == "none":
        return "none"
    return "turn" if value == "turn" else "game"


@dataclass(frozen=True, slots=True)
class Past:
    """What a worker needs to rebuild a seat's bot: the game's record (as ``Game.save``
    gives it; it never leaves the server's processes) and the seat."""

    record: dict[str, object]
    seat: int


def rebuild(level: str, seed: int, past: Past) -> Bot:
    """A new bot of ``level`` and ``seed`` that has seen its seat's past decisions again."""
    bot = make_bot(level, seed)
    how_far = reach(bot)
    if how_far == "none":
        return bot
    rec = parse_record(past.record)
    start = 0
    if how_far == "turn":
        start = _turn_start(rec.variant, rec.seats, rec.seed, rec.options, rec.actions)
    game = Game.new(rec.variant, rec.seats, rec.seed, rec.options)
    kinds = getattr(bot, "remembers", None)  # the kinds of decision that add to its memory
    for n, (player, action) in enumerate(rec.actions):
        if n >= start and player == past.seat and (kinds is None or game.prompt().kind in kinds):
            # One that failed failed then too (the fallback was played): the bot as it was left.
            with contextlib.suppress(Exception):
                bot.choose(game.view(player), game.prompt())
        game.act(player, action)
    return bot


def _turn_start(
    variant: str,
    seats: tuple[str, ...],
    seed: int,
    options: Options,
    actions: tuple[tuple[int, Action], ...],
) -> int:
    """The index of the first action of the player's turn under way (its game turn and
    active player as now)."""
    game = Game.new(variant, seats, seed, options)
    marks = [(game.state.turn, game.state.active)]
    for player, action in actions:
        game.act(player, action)
        marks.append((game.state.turn, game.state.active))
    start = len(actions)
    while start > 0 and marks[start - 1] == marks[-1]:
        start -= 1
    return start


def think(
    level: str, seed: int, bot: Bot | None, past: Past | None, view: PlayerView, prompt: Prompt
) -> tuple[Action, Bot]:
    """One decision, in a worker: the kept ``bot``, or one rebuilt from ``past``, sees only
    ``view`` and ``prompt``; it comes back with its choice."""
    if bot is None:
        bot = rebuild(level, seed, past) if past is not None else make_bot(level, seed)
    return bot.choose(view, prompt), bot


@dataclass(slots=True)
class Kept:
    level: str
    bot: Bot
    version: int  # the game's version when it chose ...
    action: Action  # ... this


class BotMemory:
    """Each computer seat's bot between its decisions, in this process, by (game, seat)."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int], Kept] = OrderedDict()

    def take(
        self, game_id: str, seat: int, level: str, actions: list[tuple[int, Action]]
    ) -> Bot | None:
        """The seat's bot if it may decide now (``actions``: the game's log), else None: it
        must be rebuilt. Taken out: a bot that fails or times out is not kept."""
        kept = self._kept.pop((game_id, seat), None)
        if kept is None or kept.level != level or len(actions) <= kept.version:
            return None
        if actions[kept.version] != (seat, kept.action):
            return None
        if any(player == seat for player, _ in actions[kept.version + 1 :]):
            return None
        return kept.bot

    def keep(
        self, game_id: str, seat: int, level: str, bot: Bot, version: int, action: Action
    ) -> None:
        """The seat's bot, which chose ``action`` at ``version``."""
        self._kept[(game_id, seat)] = Kept(level, bot, version, action)
        self._kept.move_to_end((game_id, seat))
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def forget(self, game_id: str) -> None:
        """The game is over (or gone): its bots are of no more use."""
        for key in [k for k in self._kept if k[0] == game_id]:
            del self._kept[key]

    def __len__(self) -> int:
        return len(self._kept)
