"""Battle positions without playing a game up to them: two legions on a land of a chosen
terrain, engaged, both sides having declined flight, negotiation and concession up to the
start of the battle.

>>> from titan.engine.scenario import battle_game
>>> game = battle_game(["Titan", "Ogre", "Ogre"], ["Troll", "Troll"], "Hills")
>>> game.prompt().kind  # errata 2.5.6.2: the attacker may concede before the battle begins
<Decision.BATTLE_MAY_CONCEDE: 'battle_may_concede'>

The game is made with the engine's public API (:meth:`Game.new`, colours chosen, then
``Engage``, ``DontFlee``, ``NoMoreProposals`` and ``Fight`` acted) plus direct set-up of the
state in between, as the tests do: the board is cleared, the two legions are placed and the
phase set to the attacker's engagement phase. Seat 0 is always the attacker (Red) and seat 1
the defender (Blue). Nothing else is on the board except, for a side whose legion has no
Titan, a lone Titan far away (every player has one, rule 1.1), so no angel can be summoned
into the battle (15) and the only newcomer possible is the defender's reinforcement (14).

Because the state is set up by hand, the game's record does not replay; use clones
(:meth:`Game.clone`) of it, each with dice of its own, to play the battle out many times.

Part of the engine's public API, made of nothing but that API and the state: the strong bot's
battle search and the battle estimates (:mod:`titan.odds`) start from it, and the tests set
their positions up on :func:`clear_board`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from titan.engine.actions import ChooseColour, DontFlee, Engage, Fight, NoMoreProposals
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.engine.queries.muster import MAX_LEGION
from titan.engine.state import Legion, Phase
from titan.variant import ENTRY_SIDES, TITAN, Variant, load

ATTACKER, DEFENDER = 0, 1  # seats


class ScenarioError(ValueError):
    """A battle that cannot be set up: an unknown character or terrain, a legion of the
    wrong size, more of a character than exist (errata 3.5), or an unknown entry side."""


def battle_lands(variant: Variant, terrain: str) -> tuple[int, ...]:
    """The masterboard lands of ``terrain`` (a battleland name such as "Hills", "Tower"),
    in ascending order; ScenarioError naming the terrains if there is none."""
    lands = tuple(
        sorted(x.label for x in variant.masterboard.lands.values() if x.terrain == terrain)
    )
    if not lands:
        known = ", ".join(sorted(variant.battlelands))
        raise ScenarioError(f"unknown terrain {terrain!r}; known: {known}")
    return lands


def battle_game(
    attacker: Sequence[str],
    defender: Sequence[str],
    terrain: str,
    *,
    attacker_score: int = 0,
    defender_score: int = 0,
    entry_side: str = "bottom",
    seed: int = 0,
    land: int | None = None,
    variant: Variant | str = "default",
) -> Game:
    """A game at the start of a battle between ``attacker`` and ``defender`` (character
    names, e.g. ``["Titan", "Ogre", "Ogre"]``) on a land of ``terrain`` (the lowest-numbered
    one unless ``land`` is given), the attacker having entered from ``entry_side`` ("left",
    "right" or "bottom"; in a tower always the bottom, rule 10.2, and the defender deploys).

    Seat 0 attacks, seat 1 defends; their scores set the Titans' power (19.1: 6 plus one per
    100 points) and the value of a slain Titan (16). ``seed`` seeds the game's dice. The next
    decision is the attacker's chance to concede before the battle (errata 2.5.6.2); answer
    it and the defender's with ``Decline()`` to reach the defender's first maneuver (10.3).
    """
    v = load(variant) if isinstance(variant, str) else variant
    lands = battle_lands(v, terrain)
    if land is None:
        land = lands[0]
    elif land not in lands:
        raise ScenarioError(f"land {land} is not {terrain}")
    if entry_side not in ENTRY_SIDES:
        raise ScenarioError(f"entry side must be one of {', '.join(ENTRY_SIDES)}")
    _check_legions(v, [list(attacker), list(defender)])
    for score in (attacker_score, defender_score):
        if isinstance(score, bool) or not isinstance(score, int) or score < 0:
            raise ScenarioError(f"a score must be a whole number of points >= 0, not {score!r}")

    game = _new_game(v, seed)
    state = game.state
    clear_board(game)
    for player in state.players:
        player.markers.sort()  # each legion below takes its owner's first marker
    others = [x for x in sorted(v.masterboard.lands) if x != land]
    for seat, names, score in (
        (ATTACKER, attacker, attacker_score),
        (DEFENDER, defender, defender_score),
    ):
        player = state.players[seat]
        player.turns_taken = 1  # past the first turn: legions of at most seven (4.1)
        player.score = score
        legion = _place(game, seat, land, list(names))
        if seat == ATTACKER:
            legion.moved = True
            legion.entry_side = entry_side  # Complete Sequence 2.3
        if TITAN not in names:
            _place(game, seat, others[seat], [TITAN])  # rule 1.1: every player has a Titan
    state.phase = Phase.ENGAGE
    state.active = ATTACKER
    game.touch()
    game.act(ATTACKER, Engage(land))
    if game.prompt().kind == Decision.FLEE:  # 9.2: a legion with a lord may not flee
        game.act(DEFENDER, DontFlee())
    game.act(DEFENDER, NoMoreProposals())  # errata 9.3: the defender proposes first
    game.act(ATTACKER, Fight())
    return game


def _check_legions(v: Variant, legions: list[list[str]]) -> None:
    wanted: Counter[str] = Counter()
    for names in legions:
        if not 1 <= len(names) <= MAX_LEGION:
            raise ScenarioError(f"a legion has 1 to {MAX_LEGION} characters (4.1), not {names}")
        for name in names:
            if name not in v.characters:
                raise ScenarioError(f"unknown character {name!r}")
        if names.count(TITAN) > 1:
            raise ScenarioError("a player has one Titan (1.1)")
        wanted.update(n for n in names if n != TITAN)
    for name, n in wanted.items():
        count = v.characters[name].count or 0
        if n > count:
            raise ScenarioError(f"only {count} {name} counters exist (errata 3.5), not {n}")


def _new_game(v: Variant, seed: int) -> Game:
    """Two players; seat 0 (the attacker) Red, seat 1 Blue (errata 5.0)."""
    game = Game.new(v, ["Attacker", "Defender"], seed)
    colour = {ATTACKER: "Red", DEFENDER: "Blue"}
    while game.state.phase == Phase.COLOUR:
        p = game.prompt().player
        game.act(p, ChooseColour(colour[p]))
    return game


def clear_board(game: Game) -> None:
    """Every legion off the board, its characters back with the caretaker and its marker
    with its owner, and nothing known of any legion: an empty board to set a position up on
    (the tests' too)."""
    state = game.state
    for lg in list(state.legions.values()):
        for name in lg.characters:
            if name != TITAN:
                state.caretaker[name] += 1
        state.players[lg.owner].markers.append(lg.marker)
        del state.legions[lg.marker]
    for known in state.known:
        known.clear()
    for possible in state.possible:
        possible.clear()
    game.touch()


def _place(game: Game, seat: int, land: int, names: list[str]) -> Legion:
    """A legion of ``names`` on ``land``, its characters taken from the caretaker."""
    state = game.state
    for name in names:
        if name != TITAN:
            state.caretaker[name] -= 1
    marker = state.players[seat].markers.pop(0)
    legion = Legion(marker, seat, land, sorted(names))
    state.legions[marker] = legion
    return legion
