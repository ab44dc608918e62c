"""Starting a game (rules 5, 5.1, 5.2; errata 5.0, 5.1 and Complete Sequence of Play 1)."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.actions import Action, ChooseColour, Withdraw
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.prompts import Decision, Prompt
from titan.engine.state import GameState, Legion, Options, Phase, Player
from titan.variant import ANGEL, TITAN, Variant, markers_of

TITAN_VARIANT_REMOVED = ("Centaur", "Gargoyle", "Ogre")
TITAN_VARIANT_START = {TITAN: 1, ANGEL: 1, "Cyclops": 2, "Lion": 2, "Troll": 2}


def new_state(variant: Variant, seats: list[str], options: Options) -> GameState:
    if not 2 <= len(seats) <= 6:
        raise IllegalAction("1.1", "Titan is a game for two to six players")
    players = [Player(index=i, name=name) for i, name in enumerate(seats)]
    caretaker = {name: (ch.count or 0) for name, ch in variant.characters.items() if name != TITAN}
    if options.titan_variant:
        for name in TITAN_VARIANT_REMOVED:
            caretaker[name] = 0
    return GameState(
        options=options,
        players=players,
        caretaker=caretaker,
        known=[{} for _ in range(len(players) + 1)],
        possible=[{} for _ in range(len(players) + 1)],
    )


def roll_towers(ctx: Ctx) -> None:
    """Rule 5.1, errata 1.3.1: every unassigned player rolls; a number nobody else rolled
    this time and not already taken gives that tower; the rest roll again."""
    state = ctx.state
    towers = ctx.variant.masterboard.towers
    while any(p.tower is None for p in state.players):
        rolls = {p.index: ctx.roll() for p in state.players if p.tower is None}
        ctx.emit(ev.TowerRolls(rolls))
        taken = {p.tower for p in state.players if p.tower is not None}
        for idx, r in rolls.items():
            tower = towers[r - 1]
            if list(rolls.values()).count(r) == 1 and tower not in taken:
                state.players[idx].tower = tower
                ctx.emit(ev.TowerAssigned(idx, tower))
    state.phase = Phase.COLOUR
    state.active = _next_chooser(state)


def _next_chooser(state: GameState) -> int:
    """Errata 5.0: colours are chosen in ascending order of starting tower."""
    waiting = [p for p in state.players if p.alive and p.colour is None]
    return min(waiting, key=lambda p: p.tower or 0).index if waiting else -1


def colour_prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    taken = {p.colour for p in state.players}
    opts: list[Action] = [ChooseColour(c) for c in ctx.variant.colours if c not in taken]
    opts.append(Withdraw())
    return Prompt(state.active, Decision.CHOOSE_COLOUR, tuple(opts))


def check_colour(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    if isinstance(action, Withdraw):
        return
    if not isinstance(action, ChooseColour):
        raise IllegalAction("errata 5.0", "choose a colour or withdraw")
    if action.colour not in ctx.variant.colours or any(
        p.colour == action.colour for p in state.players
    ):
        raise IllegalAction("errata 5.0", f"colour {action.colour!r} is not available")


def apply_colour(ctx: Ctx, action: Action) -> bool:
    """Returns True once every player has a colour (or withdrew) and play can begin, or when
    a withdrawal leaves one player or none: the game is over then (rule 1.1, errata 19.0),
    and the one left need not choose a colour first."""
    state = ctx.state
    player = state.players[state.active]
    if isinstance(action, ChooseColour):
        player.colour = action.colour
        ctx.emit(ev.ColourChosen(player.index, action.colour))
    else:
        player.alive = False
        ctx.emit(ev.PlayerWithdrew(player.index))
    state.active = _next_chooser(state)
    return state.active < 0 or len(state.alive_players()) <= 1


def deal(ctx: Ctx) -> None:
    """Rule 5.2, errata 4.1/5.2, Complete Sequence 1.5: markers and the initial
    eight-character legion."""
    state = ctx.state
    per_player = 8 if state.options.titan_variant else ctx.variant.markers_per_player
    start = TITAN_VARIANT_START if state.options.titan_variant else ctx.variant.starting_legion
    for p in state.players:
        if not p.alive or p.colour is None or p.tower is None:
            continue
        markers = list(markers_of(p.colour, per_player))
        first = markers.pop(0)
        p.markers = markers
        chars: list[str] = []
        for name, n in start.items():
            chars += [name] * n
            if name != TITAN:
                state.caretaker[name] -= n
        state.legions[first] = Legion(
            marker=first, owner=p.index, land=p.tower, characters=sorted(chars)
        )
        # Everyone knows the starting eight (5.2).
        ctx.emit(ev.LegionCreated(first, p.index, p.tower, tuple(sorted(chars))))
    # Rule 5.1, errata 5.1: turns go in descending order of starting tower.
    state.order = sorted(
        (p.index for p in state.players if p.alive), key=lambda i: -(state.players[i].tower or 0)
    )
