"""Determinization (titan.ai.determinize): a game drawn from one seat's view is a valid engine
game that the seat cannot tell from the real one, in which each player's legions hold that
player's characters, with the first split's lords apart, and that plays on legally."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from tests.support import check_invariants
from titan.ai.determinize import determinize
from titan.ai.random_bot import RandomBot
from titan.engine.actions import DoneSplitting, Split
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.variant import ANGEL, TITAN, load

VARIANT = load("default")
GAMES = 12  # random games, 2-5 players
EVERY = 9  # positions sampled: one action in so many


def _play_on(game: Game, bots: list[RandomBot]) -> None:
    prompt = game.prompt()
    action = bots[prompt.player].choose(game.view(prompt.player), prompt)
    try:
        game.act(prompt.player, action)
    except IllegalAction:  # a random proposal may repeat one already made
        game.act(prompt.player, prompt.options[-1])


def positions(seed: int, limit: int = 1500) -> Iterator[Game]:
    """Positions of one random game (with battles, negotiations, summons, ...)."""
    players = 2 + seed % 4
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    for step in range(limit):
        if game.state.over:
            return
        if step % EVERY == 0:
            yield game
        _play_on(game, bots)


def _seats(game: Game) -> list[int]:
    return [p.index for p in game.state.players if p.alive and p.colour is not None]


def _holdings(game: Game, seat: int) -> dict[int, Counter[str]]:
    """What each player but ``seat`` holds in all his legions."""
    out: dict[int, Counter[str]] = {}
    for lg in game.state.legions.values():
        if lg.owner != seat:
            out.setdefault(lg.owner, Counter()).update(lg.characters)
    return out


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_seat_cannot_tell_the_drawn_game_from_the_real_one(seed: int) -> None:
    rng = random.Random(seed)
    for game in positions(seed):
        for seat in _seats(game):
            view = game.view(seat)
            drawn = determinize(view, rng, VARIANT)
            assert drawn.view(seat) == view
            assert drawn.current_player() == game.current_player()
            if game.current_player() == seat:
                assert set(drawn.prompt().options) == set(game.prompt().options)
            check_invariants(drawn)
            # Each player's legions hold exactly his characters, perhaps in other legions.
            assert _holdings(drawn, seat) == _holdings(game, seat)
            for lv in view.legions:
                have = Counter(drawn.state.legions[lv.marker].characters)
                assert not Counter(lv.known) - have  # known is a part of what is drawn


@pytest.mark.parametrize("seed", range(0, GAMES, 3))
def test_drawn_games_play_on_legally(seed: int) -> None:
    rng = random.Random(seed)
    for k, game in enumerate(positions(seed, limit=900)):
        if k % 4 or not _seats(game):
            continue
        seat = rng.choice(_seats(game))
        drawn = determinize(game.view(seat), rng, VARIANT)
        bots = [RandomBot(seed + i) for i in range(len(drawn.state.players))]
        for _ in range(150):
            if drawn.state.over:
                break
            _play_on(drawn, bots)
            check_invariants(drawn)


def test_draws_depend_on_the_generator_only() -> None:
    game = next(g for g in positions(3) if g.state.turn >= 4)
    view = game.view(0)
    a = determinize(view, random.Random(7), VARIANT)
    b = determinize(view, random.Random(7), VARIANT)
    assert a.state.legions == b.state.legions
    contents = set()
    for s in range(20):
        legions = determinize(view, random.Random(s), VARIANT).state.legions.values()
        contents.add(tuple(sorted(tuple(lg.characters) for lg in legions)))
    if any(not lv.complete for lv in view.legions):
        assert len(contents) > 1  # hidden places are really drawn
    # Its dice are its own: the real game's next rolls cannot be read from it.
    assert a._dice is not game._dice


def test_a_spectator_view_is_refused() -> None:
    game = next(positions(1))
    with pytest.raises(ValueError):
        determinize(game.view(None), random.Random(1), VARIANT)


def test_the_first_split_keeps_the_titan_and_the_angel_apart() -> None:
    """Errata 2.1: each legion of the first split holds one lord; drawn, each of the two is
    the Titan's about as often, and never holds both lords."""
    game = Game.new("default", ["A", "B", "C", "D"], 5)
    bots = [RandomBot(50 + i) for i in range(4)]
    while game.state.phase != "split" or game.state.turn != 1:
        _play_on(game, bots)
    while game.state.turn == 1:
        prompt = game.prompt()
        p = prompt.player
        first = [o for o in prompt.options if isinstance(o, Split)]
        if first:  # the real splits: each part's lord is known here, and one way or the other
            game.act(p, first[0])
            game.act(p, DoneSplitting())
        else:
            _play_on(game, bots)
    seat = game.state.active
    view = game.view(seat)
    rng = random.Random(1)
    titan_in: Counter[str] = Counter()
    for _ in range(400):
        drawn = determinize(view, rng, VARIANT)
        for lg in drawn.state.legions.values():
            if lg.owner == seat:
                continue
            lords = {TITAN, ANGEL} & set(lg.characters)
            assert len(lords) == 1, lg
            if TITAN in lords:
                titan_in[lg.marker] += 1
    others = [lg.marker for lg in game.state.legions.values() if lg.owner != seat]
    for marker in others:
        lv = next(lv for lv in view.legions if lv.marker == marker)
        if not ({TITAN, ANGEL} & set(lv.known)):  # unseen: a fair guess
            assert 120 <= titan_in[marker] <= 280, (marker, titan_in)
