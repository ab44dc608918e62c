"""The engine contract (DESIGN.md): refused actions change nothing, replays are exact."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import snapshot
from titan.compliance.citations import parse_citation
from titan.compliance.index import committed_rules
from titan.engine import wire
from titan.engine.actions import (
    Accept,
    Concede,
    DoneMoving,
    Engage,
    Move,
    Muster,
    Proposal,
    Split,
)
from titan.engine.errors import IllegalAction
from titan.engine.game import Game, replay
from titan.play import play

JUNK = [
    Move("Rd01", 9999),
    Move("nope", 1),
    Split("Rd01", "Rd99", ("Titan",)),
    Engage(12345),
    Muster("Xx01", "Dragon"),
    Accept(Proposal(("Titan",), ())),
    Concede(),
    DoneMoving(),
    Move("Rd01", "1", None),  # type: ignore[arg-type]
    Move(("Rd01",), 1),  # type: ignore[arg-type]
    "move",
]
RULES = committed_rules()  # the rows of docs/rules-index.json: no rule texts needed


@pytest.mark.rules("errata 1.3")
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 400),
    junk=st.sampled_from(JUNK),
    wrong_player=st.booleans(),
)
def test_refused_actions_leave_the_game_untouched(
    seed: int, stop: int, junk: object, wrong_player: bool
) -> None:
    """Errata 1.3: only the player asked may act, and only legally; a refusal names the rule
    and leaves the state exactly as it was."""
    game = _partial(seed, stop)
    if game.state.over:
        return
    before = snapshot(game)
    prompt = game.prompt()
    player = (prompt.player + 1) % 3 if wrong_player else prompt.player
    if junk in prompt.options and not wrong_player:
        return
    try:
        game.act(player, junk)  # type: ignore[arg-type]
    except IllegalAction as exc:
        parse_citation(exc.rule, RULES)  # raises unless it names rules that exist
        assert str(exc).endswith(f"(rule {exc.rule})")
        if wrong_player:
            assert exc.rule == "errata 1.3"
    else:
        raise AssertionError(f"{junk!r} was accepted")
    assert snapshot(game) == before


def _partial(seed: int, stop: int) -> Game:
    from titan.ai.random_bot import RandomBot

    game = Game.new("default", ["A", "B", "C"], seed)
    bots = [RandomBot(seed + i) for i in range(3)]
    for _ in range(stop):
        if game.state.over:
            break
        prompt = game.prompt()
        action = bots[prompt.player].choose(game.view(prompt.player), prompt)
        try:
            game.act(prompt.player, action)
        except IllegalAction:
            game.act(prompt.player, prompt.options[-1])
    return game


def test_replay_reproduces_state_and_events_bit_for_bit() -> None:
    game = play(7, 4)
    again = replay(7, game.actions, game.seats)
    assert again.state == game.state
    assert again.history == game.history


def test_save_is_json_and_load_replays() -> None:
    game = play(11, 3)
    text = json.dumps(game.save())
    loaded = Game.load(json.loads(text))
    assert loaded.state == game.state


def test_actions_round_trip_through_json() -> None:
    game = play(5, 2)
    for _, action in game.actions:
        assert wire.decode_action(json.loads(json.dumps(wire.encode(action)))) == action
