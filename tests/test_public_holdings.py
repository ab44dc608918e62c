"""What each player holds in all his legions (``PlayerInfo.in_legions``) is shown to every
seat and spectator alike, and is public: in random games (2-5 players, battles,
negotiations, flights, summons, withdrawals), whenever an action changes what a player holds,
every character that came or went is named in an event the spectator sees. A change no
public event names (a hidden muster, a split that lost a character) would fail here, as
would a total that differed between observers."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from titan.ai.random_bot import RandomBot
from titan.engine import views
from titan.engine.errors import IllegalAction
from titan.engine.events import Event
from titan.engine.game import Game
from titan.engine.state import GameState
from titan.variant import TITAN, load

VARIANT = load("default")
NAMES = set(VARIANT.characters) | {TITAN}


def _named(events: list[Event]) -> Counter[str]:
    """Every character name in the public events, as often as it appears."""
    out: Counter[str] = Counter()
    for e in events:
        if not e.visible(None):
            continue
        for f in dataclasses.fields(e):
            value = getattr(e, f.name)
            values = value if isinstance(value, tuple | list) else (value,)
            out.update(v for v in values if isinstance(v, str) and v in NAMES)
    return out


def _holdings(game: Game) -> list[Counter[str]]:
    view = game.view(None)
    return [Counter(p.in_legions) for p in view.players]


def _play_and_check(seed: int) -> int:
    """One random game, checked after every action; the number of changes seen."""
    players = 2 + seed % 4
    game = Game.new("default", [f"P{i}" for i in range(players)], 700 + seed)
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    changed = 0
    for _ in range(3000):
        if game.state.over:
            break
        before = _holdings(game)
        prompt = game.prompt()
        action = bots[prompt.player].choose(game.view(prompt.player), prompt)
        try:
            events = game.act(prompt.player, action)
        except IllegalAction:  # a random proposal may repeat one already made
            events = game.act(prompt.player, prompt.options[-1])
        after = _holdings(game)
        named = _named(events)
        for was, now in zip(before, after, strict=True):
            came, went = now - was, was - now
            if came or went:
                changed += 1
            assert not (came + went) - named, (action, came, went, events)
        seen = [
            tuple(game.view(p.index).players[i].in_legions for i in range(players))
            for p in game.state.players
        ]
        assert len(set(seen)) == 1 and seen[0] == tuple(
            tuple(game.view(None).players[i].in_legions) for i in range(players)
        )
    return changed


@pytest.mark.parametrize("seed", range(10))
def test_what_a_player_holds_changes_only_in_public_view(seed: int) -> None:
    assert _play_and_check(seed) > 10  # musters, losses and angels did happen


def test_a_total_that_a_split_changes_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mutation: the totals leave out the legions split off this turn, so a split (whose
    contents only the owner sees) changes them."""
    real = views.player_view

    def leaky(state: GameState, seat: int | None, deciding: int) -> views.PlayerView:
        view = real(state, seat, deciding)
        players = tuple(
            dataclasses.replace(
                p,
                in_legions=tuple(
                    sorted(
                        n
                        for lg in state.player_legions(p.index)
                        if not (lg.split_from and lg.split_from != lg.marker)
                        for n in lg.characters
                    )
                ),
            )
            for p in view.players
        )
        return dataclasses.replace(view, players=players)

    monkeypatch.setattr("titan.engine.game.player_view", leaky)
    with pytest.raises(AssertionError):
        _play_and_check(1)
