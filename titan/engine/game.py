"""The engine's contract: ``Game.new``, ``prompt``, ``act``, ``is_legal``, ``legal_actions``,
``current_player``, ``clone``, ``view``, ``save`` / ``load``.

The game is a pure state machine that asks exactly one player one question at a time, in the
order of the errata's Complete Sequence of Play (:mod:`titan.engine.machine`). An action is
checked in full before anything changes (python-chess's ``is_legal`` apart from ``push``), so a
refused action never changes the game and an accepted one needs no copy of the state. Should a
rule ever fail half-way (an engine bug), the game rolls back to its last checkpoint and
replays the actions since, so even then nothing is left half-applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any

from titan.engine import machine, wire
from titan.engine.actions import Action, Proposal, Propose, Split
from titan.engine.context import Ctx
from titan.engine.dice import DiceSource, SeededDice
from titan.engine.errors import IllegalAction
from titan.engine.events import Event
from titan.engine.handler import Handler
from titan.engine.phases import setup
from titan.engine.prompts import Prompt
from titan.engine.record import (
    RecordError,
    SetupError,
    check_seats,
    check_seed,
    make_record,
    parse_record,
)
from titan.engine.state import GameState, Options
from titan.engine.views import PlayerView, player_view
from titan.variant import Variant, load, variant_names

CHECKPOINT_EVERY = 64  # actions between saved states: a rollback replays at most this many


class Game:
    def __init__(
        self,
        variant: Variant,
        state: GameState,
        seats: list[str],
        dice: DiceSource,
        seed: int | None,
    ) -> None:
        self.variant = variant
        self.state = state
        self.seats = list(seats)
        self.seed = seed  # None for a clone that rolls its own dice: it has no record
        self._dice = dice
        self.history: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self._prompt: Prompt | None = None  # the current question, until the state changes
        self._checkpoint: GameState | None = state.copy()
        self._checkpoint_at = 0  # len(self.actions) when the checkpoint was taken
        self._broken = False

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant | str = "default",
        seats: Iterable[str] = ("Player 1", "Player 2"),
        seed: int = 0,
        options: Options | None = None,
    ) -> Game:
        """Seat the players, roll for towers (5.1) and ask for colours (errata 5.0).

        Raises :class:`SetupError` for an unknown variant, seats that are not two to six
        distinct names (rule 1.1), a seed that is not an integer, or options not an Options.
        """
        # Checked here, not left to fail somewhere in the first turn: these may come from a
        # client, and a variant name must never be taken for a path.
        if isinstance(variant, str):
            if variant not in variant_names():
                known = ", ".join(variant_names())
                raise SetupError(
                    "variant", f"unknown variant {variant!r}; the known variants are: {known}"
                )
            v = load(variant)
        elif isinstance(variant, Variant):
            v = variant
        else:
            raise SetupError("variant", f"expected a Variant or a variant name, got {variant!r}")
        names = list(check_seats(seats))
        seed = check_seed(seed)
        if options is None:
            options = Options()
        elif not isinstance(options, Options):
            raise SetupError("options", f"expected an Options, got {options!r}")
        state = setup.new_state(v, names, options)
        dice = SeededDice(seed)
        ctx = Ctx(v, state, dice)
        setup.roll_towers(ctx)
        game = cls(v, state, names, dice, seed)
        game.history += ctx.events
        return game

    def clone(self, dice: DiceSource | None = None) -> Game:
        """An independent copy for search. With ``dice`` it rolls from that source instead
        of the game's own, so it cannot know the real future rolls (and has no record); its
        history and action log start empty."""
        twin = Game.__new__(Game)
        twin.variant = self.variant
        twin.state = self.state.copy()
        twin.seats = self.seats
        twin.seed = self.seed if dice is None else None
        twin._dice = self._dice if dice is None else dice
        twin.history = []
        twin.actions = []
        twin._prompt = self._prompt  # prompts are immutable and depend only on the state
        twin._checkpoint = None  # no rollback: see act
        twin._checkpoint_at = 0
        twin._broken = False
        return twin

    # --- the contract --------------------------------------------------------------------------

    def current_player(self) -> int:
        """Who must decide now (-1 once the game is over), without listing any options."""
        return machine.handler(self.state).decider(self.state)

    def prompt(self) -> Prompt:
        """Who must decide now, and the legal choices (see :class:`Prompt`)."""
        if self._prompt is None:
            self._prompt = machine.handler(self.state).prompt(self._ctx())
        return self._prompt

    def touch(self) -> None:
        """Forget the cached prompt: call after changing ``state`` by hand (tests, tools)."""
        self._prompt = None

    def legal_actions(self) -> Iterator[Action]:
        """Every legal action, exactly, lazily: the prompt's options, each Split with every
        available marker (4.2), and every set of proposals a Propose may name (errata 9.3)."""
        prompt = self.prompt()
        for option in prompt.options:
            if isinstance(option, Split) and prompt.split_markers:
                for marker in prompt.split_markers:
                    yield Split(option.legion, marker, option.characters)
            else:
                yield option
        if prompt.proposals:
            yield from _proposal_sets(self, prompt.proposals)

    def is_legal(self, action: object, player: int | None = None) -> bool:
        """Would ``act`` accept this action (from ``player``, default: whoever decides now)?
        Checks the action alone, without listing the alternatives."""
        try:
            who = self.current_player() if player is None else player
            self._check(who, _shape(action), self._ctx())
        except IllegalAction:
            return False
        return True

    def act(self, player: int, action: Action) -> list[Event]:
        """Validate and apply one decision; returns the events it caused (with audiences).

        Raises :class:`IllegalAction` naming the rule, and leaves the game exactly as it was.
        """
        return self._play(player, _shape(action))

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` may know (None: a spectator); see :mod:`titan.engine.views`."""
        return player_view(self.state, player, self.current_player())

    def events_for(self, player: int | None) -> list[Event]:
        """The history as ``player`` may see it."""
        return [e for e in self.history if e.visible(player)]

    # --- records -----------------------------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The game's record, JSON-ready: variant, seats, seed, options, action log and a
        digest of them all (see :mod:`titan.engine.record`)."""
        if self.seed is None:
            raise ValueError("a clone with dice of its own has no record")
        return make_record(
            self.variant.name, self.seats, self.seed, self.state.options, self.actions
        )

    @classmethod
    def load(cls, record: object) -> Game:
        """Rebuild a game by replaying its record; records saved before the format version
        and digest existed load too.

        Raises :class:`RecordError`, naming the offending path, for a malformed record, an
        unknown variant, a digest that does not match, or an action the rules refuse on replay.
        """
        rec = parse_record(record)
        try:
            game = cls.new(rec.variant, rec.seats, rec.seed, rec.options)
        except SetupError as exc:  # an unknown variant: the record checks only the name's form
            raise RecordError(exc.path, exc.detail) from exc
        # No checkpoints on the way: a record that fails to replay is refused whole, so there
        # is nothing to roll back to, and copying the state every CHECKPOINT_EVERY actions
        # was about 4% of the replay. One checkpoint at the end serves the game's future.
        game._checkpoint = None
        for i, (player, action) in enumerate(rec.actions):
            try:
                game._play(player, action)  # decoded by the wire, so of the right shape
            except IllegalAction as exc:
                raise RecordError(f"actions[{i}]", f"refused on replay: {exc}") from exc
        game._checkpoint, game._checkpoint_at = game.state.copy(), len(game.actions)
        return game

    # --- inside --------------------------------------------------------------------------------

    def _ctx(self) -> Ctx:
        if self._broken:
            raise RuntimeError("this clone was left inconsistent by an engine error")
        return Ctx(self.variant, self.state, self._dice)

    def _play(self, player: int, action: Action) -> list[Event]:
        """``act`` for an action known to be well-formed."""
        ctx = self._ctx()  # one for the check and the change: a check changes nothing
        handler = self._check(player, action, ctx)
        try:
            handler.apply(ctx, action)
            machine.advance(ctx)
        except BaseException:
            self._roll_back()
            raise
        self._prompt = None
        self.history += ctx.events
        self.actions.append((player, action))
        if self._checkpoint is not None and len(self.actions) % CHECKPOINT_EVERY == 0:
            self._checkpoint, self._checkpoint_at = self.state.copy(), len(self.actions)
        return ctx.events

    def _check(self, player: object, action: Action, ctx: Ctx) -> Handler:
        """The rules' verdict on a well-formed action; the handler that will apply it."""
        if not isinstance(player, int) or isinstance(player, bool):
            # errata 1.3: only the player asked may act, and True is not player 1
            raise IllegalAction("errata 1.3", f"not a player number: {player!r}")
        state = self.state
        if state.over:
            raise IllegalAction("errata 19.0", "the game is over")
        handler = machine.handler(state)
        decider = handler.decider(state)
        if player != decider:
            where = machine.point(state)
            raise IllegalAction(
                "errata 1.3", f"player {decider} must decide now ({where[1] or where[0]})"
            )
        handler.check(ctx, action)
        return handler

    def _roll_back(self) -> None:
        """After a rule failed half-way: the last checkpoint, and the actions since."""
        self._prompt = None
        if self._checkpoint is None:
            self._broken = True  # a clone keeps no checkpoint: it is for search, not play
            return
        state = self._checkpoint.copy()
        try:
            for _, action in self.actions[self._checkpoint_at :]:
                ctx = Ctx(self.variant, state, self._dice)
                machine.handler(state).apply(ctx, action)
                machine.advance(ctx)
        except BaseException:
            self._broken = True  # the record itself no longer replays: refuse to go on
            raise
        self.state = state


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


def _proposal_sets(game: Game, proposals: tuple[Proposal, ...]) -> Iterator[Propose]:
    """Errata 9.3: every non-empty set of legal proposals with at least one new one."""
    for k in range(1, len(proposals) + 1):
        for group in combinations(proposals, k):
            action = Propose(group)
            if game.is_legal(action):
                yield action


def _shape(action: object) -> Action:
    """Errata 1.3 asks for a decision, not just any value: refuse anything that is not a
    well-formed action, by the wire format's one check, before any rule looks at it."""
    try:
        return wire.check_action(action)
    except wire.WireError as exc:
        what = f"malformed {action.kind}: " if isinstance(action, Action) else ""
        raise IllegalAction("errata 1.3", f"{what}{exc}") from None
