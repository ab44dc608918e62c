"""The ``normal`` board estimate (titan.ai.normal.estimate) and ``strong``'s determinization
read what each player holds in all (public: ``PlayerInfo.in_legions``): an unknown place of a
player is one of his own unseen characters, not the average of everyone's."""

from __future__ import annotations

import random
from collections import Counter

from tests.support import place, started
from titan.ai.determinize import determinize
from titan.ai.normal.estimate import UNKNOWN, read_board
from titan.engine.game import Game
from titan.engine.scenario import clear_board
from titan.variant import TITAN, load

VARIANT = load("default")


def _position() -> Game:
    """Three players: the seat (0) sees nothing of 1's Dragons nor of 2's Ogres."""
    game = started(3, players=3)
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1  # past the first split (errata 2.1)
    lands = sorted(VARIANT.masterboard.lands)
    mine = game.state.players[0].markers[0]
    place(game, 0, mine, lands[0], [TITAN, "Ogre", "Ogre"])
    place(game, 1, game.state.players[1].markers[0], lands[10], [TITAN, "Dragon", "Dragon"])
    place(game, 1, game.state.players[1].markers[1], lands[20], ["Dragon", "Dragon"])
    place(game, 2, game.state.players[2].markers[0], lands[30], [TITAN, "Ogre", "Ogre"])
    place(game, 2, game.state.players[2].markers[1], lands[40], ["Ogre", "Ogre"])
    return game


def test_an_unknown_place_is_an_average_of_its_owners_unseen_characters() -> None:
    game = _position()
    board = read_board(VARIANT, game.view(0))
    dragon, ogre = VARIANT.characters["Dragon"], VARIANT.characters["Ogre"]
    for force in board.forces.values():
        if force.owner == 0:
            assert all(m.name != UNKNOWN for m in force.members)
            continue
        unknown = [m for m in force.members if m.name == UNKNOWN]
        assert len(unknown) == force.height
        expected = dragon if force.owner == 1 else ogre
        assert {(m.power, m.skill) for m in unknown} == {(expected.power, expected.skill)}


def test_a_drawn_legion_holds_its_owners_characters_only() -> None:
    game = _position()
    view = game.view(0)
    rng = random.Random(5)
    for _ in range(50):
        drawn = determinize(view, rng, VARIANT)
        for lg in drawn.state.legions.values():
            allowed = {0: {TITAN, "Ogre"}, 1: {TITAN, "Dragon"}, 2: {TITAN, "Ogre"}}[lg.owner]
            assert set(lg.characters) <= allowed, lg
        titans = Counter(lg.owner for lg in drawn.state.legions.values() if TITAN in lg.characters)
        assert titans == Counter({0: 1, 1: 1, 2: 1})
