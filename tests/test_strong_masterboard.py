"""The strong player's masterboard judgement in set-up positions."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from tests.support import cleared, place
from titan.ai.normal.movement import stay_value
from titan.ai.normal.seat import Seat
from titan.ai.strong import StrongBot
from titan.ai.strong.budget import Budget
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.actions import DoneSplitting, Move
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.variant import TITAN, load

VARIANT = load("default")
GIANTS = ["Colossus", "Colossus", "Giant", "Giant", "Serpent", "Hydra", "Dragon"]


def _hopeless_neighbours(seed: int) -> Game | None:
    """The first player's two Gargoyles stand among tall enemy legions, each of which would
    destroy them: a movement prompt in which the Gargoyles may attack one of them."""
    game, me, them, mine, theirs = cleared(seed)
    lands = VARIANT.masterboard.lands
    home = game.state.players[me].tower
    assert home is not None
    place(game, me, mine[0], home, [TITAN, "Angel", "Ogre", "Ogre"])
    start = next(k for k in sorted(lands) if lands[k].terrain == "Plains")
    place(game, me, mine[1], start, ["Gargoyle", "Gargoyle"])
    near = [n for n in lands[start].neighbours if n is not None and n != home]
    for marker, land in zip(theirs, near[:3], strict=False):
        place(game, them, marker, land, list(GIANTS))
    place(game, them, theirs[5], game.state.players[them].tower or 0, [TITAN, "Angel"])
    if game.prompt().kind == Decision.SPLIT:
        game.act(me, DoneSplitting())
    prompt = game.prompt()
    attacks = [
        o
        for o in prompt.options
        if isinstance(o, Move) and o.legion == mine[1] and o.land in near[:3]
    ]
    return game if prompt.kind == Decision.MOVE and attacks else None


SEEDS = list(islice((s for s in range(1, 40) if _hopeless_neighbours(s)), 3))


def test_the_position_arises() -> None:
    assert len(SEEDS) == 3  # else the test below would be skipped, not failed


@pytest.mark.parametrize("seed", SEEDS)
def test_a_threatened_legion_does_not_throw_itself_at_a_legion_it_cannot_beat(
    seed: int,
) -> None:
    """Standing still, the Gargoyles are likely lost (the normal player's valuation of
    staying is well below zero); attacking, they are certainly lost and give the defender
    their points (16). The attack is measured against standing still unthreatened."""
    game = _hopeless_neighbours(seed)
    assert game is not None
    prompt = game.prompt()
    me = prompt.player
    view = game.view(me)
    gargoyles = next(lg.marker for lg in view.legions if lg.owner == me and TITAN not in lg.known)
    assert stay_value(Seat.of(VARIANT, view, 0), gargoyles) < -10.0  # in danger there
    giants = {lg.land for lg in view.legions if lg.owner != me and lg.height == 7}
    assert giants
    bot = StrongBot(seed, VARIANT, budget=Budget(seconds=None))
    for _ in range(4):  # every move of this phase
        action = bot.choose(view, prompt)
        assert not (isinstance(action, Move) and action.land in giants), action
        if not isinstance(action, Move):
            break
        game.act(me, action)
        prompt = game.prompt()
        if prompt.kind != Decision.MOVE:
            break
        view = game.view(me)


def test_a_cornered_titan_takes_its_long_shot() -> None:
    """Against RationalAI (turn 11, a roll of 4): our Titan's legion stood on the Mountains
    where the enemy Titan's legion next door was likely to come and win (the strong
    player's count: 0.86); its only move was to attack that legion, which the simulations
    won a tenth to a fifth of the time. An attack so likely lost was measured against
    standing still unthreatened, so it stayed, was attacked and the game lost. Our Titan's
    attack is measured against standing where it stands (1.1, 19.3)."""
    log = Path(__file__).parent / "fixtures" / "colossus" / "live-rational-cornered-titan.tsv.gz"
    mirror = Mirror()
    for entry in read(log):
        if entry.to_client:
            mirror.feed(entry.text, entry.parse())
            if entry.text == "tellMovementRoll ~ 4 ~ NormalRoll" and mirror.g.state.turn == 11:
                break
    game = mirror.g
    prompt = game.prompt()
    me = prompt.player
    assert prompt.kind == Decision.MOVE and me == mirror.player("titan")  # our seat
    view = game.view(me)
    titan = next(lg for lg in view.legions if lg.owner == me and TITAN in lg.known)
    enemy_titan = next(lg for lg in view.legions if lg.owner != me and TITAN in lg.known)
    assert stay_value(Seat.of(VARIANT, view, 0), titan.marker) < -500.0  # likely lost there
    bot = StrongBot(1, VARIANT, budget=Budget(seconds=None))
    moved = []
    for _ in range(12):  # every move of this phase
        action = bot.choose(game.view(me), game.prompt())
        if not isinstance(action, Move):
            break
        moved.append((action.legion, action.land))
        game.act(me, action)
        if game.prompt().kind != Decision.MOVE:
            break
    assert (titan.marker, enemy_titan.land) in moved
