"""The ``normal`` computer player: fast heuristics for every decision of the game.

It decides from its seat's view and the prompt alone (plus a generator seeded from its own
seed and the position, for tie-breaks), carries nothing from one decision to the next, and so
gives the same answer to the same view every time. Each kind of decision has its own policy
module; see docs/ai.md for how they think.
"""

from __future__ import annotations

from titan.ai.normal import engagement, maneuver, movement, recruiting, splitting, striking
from titan.ai.normal.battlefield import my_chance, read_field
from titan.ai.normal.seat import Seat
from titan.engine.actions import (
    Action,
    ChooseColour,
    Concede,
    Decline,
    KeepMarker,
    UndoMove,
    Withdraw,
)
from titan.engine.prompts import Decision, Prompt
from titan.engine.views import PlayerView
from titan.variant import TITAN, Variant, load, variant_names

HOPELESS = 0.01  # a battle this unlikely to be won is conceded (9.4), unless the Titan is in it


class NormalBot:
    memory = "none"  # it carries nothing from one decision to the next

    def __init__(self, seed: int, variant: Variant | None = None) -> None:
        self.seed = seed
        self.variant = variant if variant is not None else load("default")

    def __getstate__(self) -> dict[str, object]:
        return pickled(self.__dict__)

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(unpickled(state))

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        seat = Seat.of(self.variant, view, self.seed)
        action = self._decide(seat, prompt)
        if isinstance(action, Withdraw | UndoMove):  # never wanted; guard against slips
            return next(o for o in prompt.options if not isinstance(o, Withdraw | UndoMove))
        return action

    def _decide(self, seat: Seat, prompt: Prompt) -> Action:
        kind = prompt.kind
        if kind == Decision.CHOOSE_COLOUR:
            colours = [o for o in prompt.options if isinstance(o, ChooseColour)]
            return seat.rng.choice(colours)  # errata 5.0: colours make no difference
        if kind == Decision.SPLIT:
            return splitting.choose_split(seat, prompt)
        if kind == Decision.MOVE:
            return movement.choose_move(seat, prompt)
        if kind == Decision.KEEP_MARKER:
            return next(o for o in prompt.options if isinstance(o, KeepMarker))
        if kind == Decision.ENGAGE:
            return engagement.choose_engagement(seat, prompt)
        if kind == Decision.FLEE:
            return engagement.choose_flight(seat)
        if kind in (Decision.NEGOTIATE, Decision.NEGOTIATE_FINAL):
            return engagement.choose_negotiation(seat, prompt)
        if kind == Decision.SUMMON:
            return recruiting.choose_summon(seat, prompt)
        if kind == Decision.REINFORCE:
            return recruiting.choose_reinforcement(seat, prompt)
        if kind == Decision.ACQUIRE:
            return recruiting.choose_acquisition(prompt)
        if kind == Decision.MUSTER:
            return recruiting.choose_muster(seat, prompt)
        if kind == Decision.BATTLE_MAY_CONCEDE:
            return Concede() if _hopeless(seat) else Decline()
        if kind == Decision.CONCESSION_OFFERED:
            return Decline()  # errata 9.4: the other side gives up; let it
        if kind == Decision.MANEUVER:
            return maneuver.choose_maneuver(seat, prompt)
        if kind in (Decision.STRIKE, Decision.COUNTERSTRIKE):
            return striking.choose_strike(seat, prompt)
        if kind == Decision.CARRY_OVER:
            return striking.choose_carry(seat, prompt)
        return prompt.options[0]


def _hopeless(seat: Seat) -> bool:
    """9.4: concede a battle we cannot win, unless our Titan is in it (conceding would lose
    the game for certain; fighting on keeps a chance)."""
    field = read_field(seat)
    if any(f.name == TITAN and f.side == field.side for f in field.fighters):
        return False
    return my_chance(field) < HOPELESS


def pickled(attributes: dict[str, object]) -> dict[str, object]:
    """A bot's attributes to pickle (the server hands bots to its worker processes and back):
    a packaged variant by its name. Pickled whole it would be 40 kB and 4 ms a decision, and
    the copy, a variant of its own, would miss every cache keyed by the shared one."""
    state = dict(attributes)
    variant = state.get("variant")
    if isinstance(variant, Variant) and _packaged(variant):
        state["variant"] = variant.name
    return state


def unpickled(state: dict[str, object]) -> dict[str, object]:
    variant = state.get("variant")
    return {**state, "variant": load(variant)} if isinstance(variant, str) else state


def _packaged(variant: Variant) -> bool:
    """Whether ``variant`` is the packaged one of its name (which ``load`` gives back)."""
    return variant.name in variant_names() and load(variant.name) is variant
