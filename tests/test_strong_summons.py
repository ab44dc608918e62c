"""The strong player's summons after a won engagement (15, 15.2): the angel guarding a short
Titan legion stays where it is."""

from __future__ import annotations

from tests.support import cleared, place
from titan.ai.normal import NormalBot
from titan.ai.strong import StrongBot
from titan.engine.actions import Concede, DoneMoving, DoneSplitting, DontFlee, Engage, Move, Summon
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.variant import TITAN, load

VARIANT = load("default")


def _conceded(seed: int) -> tuple[Game, str, str] | None:
    """Our two Gargoyles attack a lone Ogre, which concedes (9.4): we may summon an angel from
    our Titan's legion (five high, the tallest) or from a shorter legion with an angel."""
    game, me, them, mine, theirs = cleared(seed)
    lands = VARIANT.masterboard.lands
    home = game.state.players[me].tower
    assert home is not None
    start = next(k for k in sorted(lands) if lands[k].terrain == "Plains" and k != home)
    near = [n for n in lands[start].neighbours if n is not None and n != home][:3]
    far = next(
        k for k in sorted(lands) if lands[k].terrain == "Marsh" and k not in (*near, home, start)
    )
    place(game, me, mine[0], home, [TITAN, "Angel", "Ogre", "Ogre", "Centaur"])
    place(game, me, mine[1], start, ["Gargoyle", "Gargoyle"])
    place(game, me, mine[2], far, ["Angel", "Ogre", "Ogre", "Centaur"])
    for marker, land in zip(theirs, near, strict=False):
        place(game, them, marker, land, ["Ogre"])
    place(game, them, theirs[5], game.state.players[them].tower or 0, [TITAN, "Angel"])
    if game.prompt().kind == Decision.SPLIT:
        game.act(me, DoneSplitting())
    attack = next(
        (
            o
            for o in game.prompt().options
            if isinstance(o, Move) and o.legion == mine[1] and o.land in near
        ),
        None,
    )
    if attack is None:
        return None
    game.act(me, attack)
    game.act(me, DoneMoving())
    game.act(me, Engage(attack.land))
    game.act(them, DontFlee())
    game.act(them, Concede())
    return game, mine[0], mine[2]


def test_the_strong_player_summons_from_the_legion_that_can_spare_its_angel() -> None:
    found = next(c for c in map(_conceded, range(1, 20)) if c is not None)
    game, titans, spare = found
    prompt = game.prompt()
    assert prompt.kind == Decision.SUMMON
    offered = {o.donor for o in prompt.options if isinstance(o, Summon)}
    assert offered == {titans, spare}
    view = game.view(prompt.player)
    # The normal player takes the angel from the tallest donor, our Titan's legion ...
    assert NormalBot(1, VARIANT).choose(view, prompt) == Summon(titans, "Angel")
    # ... the strong player leaves it there: it guards the game (1.1).
    assert StrongBot(1, VARIANT).choose(view, prompt) == Summon(spare, "Angel")
