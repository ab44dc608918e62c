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


def _our_movement(fixture: str, turn: int, roll: int) -> tuple[Game, Mirror]:
    """A live game against Colossus replayed to our movement roll of ``turn``."""
    mirror = Mirror()
    for entry in read(Path(__file__).parent / "fixtures" / "colossus" / fixture):
        if entry.to_client:
            mirror.feed(entry.text, entry.parse())
            ours = entry.text == f"tellMovementRoll ~ {roll} ~ NormalRoll" and (
                mirror.g.prompt().player == mirror.player("titan")
            )
            if ours and mirror.g.state.turn == turn:
                break
    game = mirror.g
    assert game.prompt().kind == Decision.MOVE and game.state.turn == turn
    return game, mirror


def _moves(game: Game, me: int) -> list[tuple[str, int]]:
    """The strong player's moves of this movement phase, made."""
    bot = StrongBot(1, VARIANT, budget=Budget(seconds=None))
    moved = []
    for _ in range(12):
        action = bot.choose(game.view(me), game.prompt())
        if not isinstance(action, Move):
            break
        moved.append((action.legion, action.land))
        game.act(me, action)
        if game.prompt().kind != Decision.MOVE:
            break
    return moved


def test_a_cornered_titan_takes_its_long_shot() -> None:
    """Against RationalAI (turn 11, a roll of 4): our Titan's legion stood on the Mountains
    where the enemy Titan's legion next door was likely to come and win (the strong
    player's count: 0.86); its only move was to attack that legion, which the simulations
    won a tenth to a fifth of the time. An attack so likely lost was measured against
    standing still unthreatened, so it stayed, was attacked and the game lost. Our Titan's
    attack is measured against standing where it stands (1.1, 19.3)."""
    game, _ = _our_movement("live-rational-cornered-titan.tsv.gz", 11, 4)
    me = game.prompt().player
    view = game.view(me)
    titan = next(lg for lg in view.legions if lg.owner == me and TITAN in lg.known)
    enemy_titan = next(lg for lg in view.legions if lg.owner != me and TITAN in lg.known)
    assert stay_value(Seat.of(VARIANT, view, 0), titan.marker) < -500.0  # likely lost there
    assert (titan.marker, enemy_titan.land) in _moves(game, me)


def test_a_titan_does_not_take_a_land_it_cannot_hold() -> None:
    """Against SimpleAI (turn 15, a roll of 2): our Titan's legion attacked a legion on the
    Tundra (6000) that the simulations beat 96 times in 100, with little more than the Titan
    and an Angel left; the next enemy legion in beat it there, and the game was lost. The
    attack's worth now counts what the weakened legion risks on the land it took, as a
    move to an empty land counts it."""
    game, _ = _our_movement("live-simple-titan-takes-a-land.tsv.gz", 15, 2)
    me = game.prompt().player
    titan = next(lg for lg in game.view(me).legions if lg.owner == me and TITAN in lg.known)
    assert any(lg.land == 6000 and lg.owner != me for lg in game.view(me).legions)
    assert (titan.marker, 6000) not in _moves(game, me)


def test_a_titan_takes_a_land_whole_from_a_defender_that_may_flee() -> None:
    """Against RationalAI (turn 10, a roll of 3): our Titan's legion (Titan, Angel, three
    Rangers) could attack three Lions on the Desert (7). The simulations play the battle out
    and leave the Titan weakened there; but a defender without a lord may flee (9.2), and
    Colossus's flee a battle they expect to lose, so the legion is counted whole on the land
    it takes, and attacks (it won the game: the Lions fought, and fell in two turns)."""
    game, _ = _our_movement("live-rational-titan-attack-whole.tsv.gz", 10, 3)
    me = game.prompt().player
    titan = next(lg for lg in game.view(me).legions if lg.owner == me and TITAN in lg.known)
    assert sorted(titan.known) == ["Angel", "Ranger", "Ranger", "Ranger", "Titan"]
    assert (titan.marker, 7) in _moves(game, me)
