"""The engine's contract: ``Game.new``, ``prompt``, ``act``, ``view``, ``save`` / ``load``.

The game is a pure state machine that asks exactly one player one question at a time, in the
order of the errata's Complete Sequence of Play. ``act`` works on a copy of the state and
keeps it only if the action was legal, so a refused action never changes anything.
"""

from __future__ import annotations

import dataclasses
import pickle
import types
import typing
from collections.abc import Iterable
from typing import Any

from titan.engine import engagement, overflow, setup, turn
from titan.engine.actions import Action, Proposal, from_json, to_json
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.events import Event
from titan.engine.prompts import Prompt
from titan.engine.state import GameState, Options
from titan.variant import Variant, load
from titan.view import player_view


class Game:
    def __init__(self, variant: Variant, state: GameState, seats: list[str]) -> None:
        self.variant = variant
        self.state = state
        self.seats = list(seats)
        self.history: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self._prompt: Prompt | None = None  # the current question, until the state changes

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant | str = "default",
        seats: Iterable[str] = ("Player 1", "Player 2"),
        seed: int = 0,
        options: Options | None = None,
    ) -> Game:
        """Seat the players, roll for towers (5.1) and ask for colours (errata 5.0)."""
        v = load(variant) if isinstance(variant, str) else variant
        names = list(seats)
        state = setup.new_state(v, names, seed, options or Options())
        game = cls(v, state, names)
        ctx = Ctx(v, state)
        setup.roll_towers(ctx)
        game.history += ctx.events
        return game

    # --- the contract --------------------------------------------------------------------------

    def prompt(self) -> Prompt:
        """Who must decide now, and the legal choices."""
        if self._prompt is None:
            self._prompt = self._ask()
        return self._prompt

    def touch(self) -> None:
        """Forget the cached prompt: call after changing ``state`` by hand (tests, tools)."""
        self._prompt = None

    def _ask(self) -> Prompt:
        ctx = Ctx(self.variant, self.state)
        phase = self.state.phase
        if phase == "over":
            return Prompt(-1, "game_over")
        if phase == "colour":
            return setup.colour_prompt(ctx)
        if phase == "split":
            return turn.split_prompt(ctx)
        if phase == "move":
            return turn.move_prompt(ctx)
        if phase == "recombine":
            return turn.recombine_prompt(ctx)
        if phase == "engage":
            eng = self.state.engagement
            if eng is not None and eng.step == "battle":
                from titan.engine.battle import flow

                return flow.prompt(ctx)
            return engagement.prompt(ctx)
        if phase == "muster":
            return turn.muster_prompt(ctx)
        raise AssertionError(f"unknown phase {phase}")

    def act(self, player: int, action: Action) -> list[Event]:
        """Validate and apply one decision; returns the events it caused (with audiences).

        Raises :class:`IllegalAction` naming the rule, and leaves the game exactly as it was.
        """
        check_shape(action)
        if self.state.over:
            raise IllegalAction("errata 19.0", "the game is over")
        asked = self.prompt()
        if player != asked.player:
            raise IllegalAction(
                "errata 1.3", f"player {asked.player} must decide now ({asked.kind})"
            )
        work = pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL))
        ctx = Ctx(self.variant, work)
        _dispatch(ctx, action)
        _advance(ctx)
        self.state = work
        self._prompt = None
        self.history += ctx.events
        self.actions.append((player, action))
        return ctx.events

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (None: a spectator); see :mod:`titan.view`."""
        return player_view(self.state, player)

    def events_for(self, player: int | None) -> list[Event]:
        """The history as ``player`` may see it."""
        return [e for e in self.history if e.visible(player)]

    # --- records -----------------------------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The game as its seed, seats, options and action log (JSON-ready)."""
        return {
            "variant": self.variant.name,
            "seats": self.seats,
            "seed": self.state.seed,
            "options": dataclasses.asdict(self.state.options),
            "actions": [{"player": p, "action": to_json(a)} for p, a in self.actions],
        }

    @classmethod
    def load(cls, record: dict[str, Any]) -> Game:
        """Rebuild a game by replaying its record."""
        game = cls.new(
            record["variant"], record["seats"], record["seed"], Options(**record["options"])
        )
        for entry in record["actions"]:
            game.act(entry["player"], from_json(entry["action"]))
        return game


def replay(
    seed: int,
    actions: Iterable[tuple[int, Action]],
    seats: Iterable[str] = ("Player 1", "Player 2"),
    variant: Variant | str = "default",
    options: Options | None = None,
) -> Game:
    """Play ``actions`` from the start: the same seed and actions give the same game."""
    game = Game.new(variant, seats, seed, options)
    for player, action in actions:
        game.act(player, action)
    return game


def _dispatch(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    phase = state.phase
    if phase == "colour":
        if setup.apply_colour(ctx, action):
            setup.deal(ctx)
            if not turn.check_game_over(ctx):
                state.active = state.order[0]
                turn.begin_turn(ctx)
    elif phase == "split":
        turn.apply_split(ctx, action)
    elif phase == "move":
        turn.apply_move(ctx, action)
    elif phase == "recombine":
        turn.apply_recombine(ctx, action)
    elif phase == "engage":
        eng = state.engagement
        if eng is not None and eng.step == "battle":
            from titan.engine.battle import flow

            flow.apply(ctx, action)
        else:
            engagement.apply(ctx, action)
    elif phase == "muster":
        turn.apply_muster(ctx, action)
    else:
        raise IllegalAction("errata 19.0", "the game is over")


def _advance(ctx: Ctx) -> None:
    """Steps with no decision in them: an engagement phase with nothing left to resolve
    leads to enlistment (Complete Sequence 2.5 -> 2.6); an over-full legion is trimmed."""
    state = ctx.state
    idle = state.phase == "engage" and state.engagement is None
    if idle and not engagement.engagement_lands(ctx):
        state.phase = "muster"
    for legion in list(state.legions.values()):
        # 4.1: "if at any time a legion is found" over seven (the starting eight excepted)
        if len(legion.characters) > 7 and state.players[legion.owner].turns_taken > 0:
            overflow.trim(ctx, legion)


def check_shape(action: object) -> None:
    """Refuse anything that is not a well-formed action before any rule looks at it."""
    if not isinstance(action, Action):
        raise IllegalAction("errata 1.3", f"not an action: {action!r}")
    hints = typing.get_type_hints(type(action))
    for f in dataclasses.fields(action):
        if not _fits(getattr(action, f.name), hints[f.name]):
            raise IllegalAction(
                "errata 1.3", f"malformed {action.kind}: {f.name}={getattr(action, f.name)!r}"
            )


def _fits(value: object, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        (item, *_) = typing.get_args(hint)
        return isinstance(value, tuple) and all(_fits(v, item) for v in value)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is Proposal:
        return (
            isinstance(value, Proposal)
            and _fits(value.attacker_losses, tuple[str, ...])
            and _fits(value.defender_losses, tuple[str, ...])
        )
    return isinstance(value, hint)
