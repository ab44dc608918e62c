"""A game's past, step by step, for the replay viewer: the game after any number of its
actions, rebuilt from checkpoints, and what each observer may see of it.

Step ``n`` is the game after its first ``n`` actions (step 0: set up, nothing decided yet).
A :class:`Timeline` replays the game's action log once, keeping the state every
:data:`CHECKPOINT_EVERY` actions (a ``Game.clone``: the state and the counter-based dice), the
public outline of every step (turn, phase, whose turn, the battle's turn, side and step) and
the whole history of events; step ``n`` is then a checkpoint moved on by at most
``CHECKPOINT_EVERY - 1`` actions (about 20 µs each). Everything here is pure and runs in a
worker thread (:mod:`titan.server.replay` puts it there).

What an observer is shown is the engine's own filtering, and nothing else: for a seat,
``game.view(seat)`` at that step and the events whose audience includes it; for a spectator,
``view(None)`` and the public events. Once the game is over, everyone may also ask for the
whole truth (:func:`revealed_view`: every legion's contents, both sides' proposals, every
event): the record, seed included, is then given to anyone anyway (GET /record)."""

from __future__ import annotations

import bisect
import dataclasses
from typing import Any

from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.events import Event
from titan.engine.game import Game
from titan.engine.views import PlayerView

CHECKPOINT_EVERY = 32  # at most 31 actions replayed per step asked for (~1-3 ms)

# Who is looking: a seat, the spectator (None), or "all" (everything revealed, once over).
Perspective = int | None | str
ALL = "all"


class Timeline:
    """One game's steps 0..version, extended as the game goes on (actions are only ever
    appended to a game's log, so a timeline's past never changes)."""

    def __init__(self, head: Game) -> None:
        # ``head`` is a fresh game (no action yet); it is moved on by :meth:`extend`.
        self.head = head
        self.actions: list[tuple[int, Action]] = []
        self.checkpoints: list[Game] = [head.clone()]
        self.outline: list[list[Any]] = [outline(head)]
        self.marks: list[int] = [len(head.history)]  # len(history) at each step
        # Encoded index answers at the current version, by (perspective, asker's seat): the
        # index is the largest answer (every event), and a viewer re-reads it.
        self.answers: dict[tuple[Perspective, int | None], bytes] = {}

    @classmethod
    def start(cls, game: Game) -> Timeline:
        """The timeline of ``game`` (a game with a record: variant, seats, seed, options),
        empty: extend it with ``game.actions``."""
        if game.seed is None:
            raise ValueError("a clone with dice of its own has no past to replay")
        return cls(Game.new(game.variant, game.seats, game.seed, game.state.options))

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def over(self) -> bool:
        return self.head.state.over

    def extend(self, actions: list[tuple[int, Action]]) -> None:
        """Apply the actions after :attr:`version` (``actions`` is the whole log so far)."""
        if len(actions) > self.version:
            self.answers.clear()
        for player, action in actions[self.version :]:
            self.head.act(player, action)
            self.actions.append((player, action))
            self.outline.append(outline(self.head))
            self.marks.append(len(self.head.history))
            if self.version % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(self.head.clone())

    def at(self, step: int) -> Game:
        """The game after ``step`` actions (0 <= step <= version): a copy, without history."""
        if not 0 <= step <= self.version:
            raise IndexError(step)
        base = step // CHECKPOINT_EVERY
        game = self.checkpoints[base].clone()
        for player, action in self.actions[base * CHECKPOINT_EVERY : step]:
            game.act(player, action)
        return game

    # --- what an observer is sent --------------------------------------------------------------

    def index(self, who: Perspective) -> dict[str, Any]:
        """Every step's outline, the events ``who`` may see (all of them, once over, for
        ALL), and how many of those had happened by each step (``marks[n]``), so that the
        log at step ``n`` is ``events[:marks[n]]``."""
        history = self.head.history
        shown = [i for i, e in enumerate(history) if _sees(who, e)]
        return {
            "version": self.version,
            "over": self.over,
            "steps": list(self.outline),
            "players": [p for p, _ in self.actions],
            "events": [wire.encode(history[i]) for i in shown],
            "marks": [bisect.bisect_left(shown, m) for m in self.marks],
        }

    def view(self, step: int, who: Perspective) -> dict[str, Any]:
        """What ``who`` saw at ``step`` (wire-encoded); ALL: everything, once over."""
        game = self.at(step)
        view = revealed_view(game) if who == ALL else game.view(_seat(who))
        encoded: dict[str, Any] = wire.encode(view)
        return encoded


def outline(game: Game) -> list[Any]:
    """What every observer sees of a step: [turn, phase, whose turn, who decides, battle]
    with battle null or [battle turn, phasing side, step]."""
    s = game.state
    eng = s.engagement
    battle = eng.battle if eng is not None else None
    b = None if battle is None else [battle.turn, battle.phasing, str(battle.step)]
    return [s.turn, str(s.phase), s.active, game.current_player(), b]


def revealed_view(game: Game) -> PlayerView:
    """The spectator's view with nothing hidden: every legion's contents, the negotiation's
    proposals of both sides. Only ever sent once the game is over."""
    view = game.view(None)
    legions = tuple(
        dataclasses.replace(
            lv, known=tuple(game.state.legions[lv.marker].characters), complete=True
        )
        for lv in view.legions
    )
    engagement = view.engagement
    if engagement is not None:  # a party to it sees both sides' proposals (errata 9.3)
        engagement = game.view(engagement.attacker_owner).engagement
    return dataclasses.replace(view, legions=legions, engagement=engagement)


def _seat(who: Perspective) -> int | None:
    assert not isinstance(who, str), who
    return who


def _sees(who: Perspective, event: Event) -> bool:
    return True if who == ALL else event.visible(_seat(who))
