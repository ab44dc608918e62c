"""Events and views on the wire: every event and every seat's view of real games (battles,
negotiations and all) encode to JSON that the published schema accepts, and decode back to
the very same values."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from titan.ai.random_bot import RandomBot
from titan.engine import schema, wire
from titan.engine.events import EVENT_TYPES, Event
from titan.engine.game import Game
from titan.engine.state import AfterStep
from titan.engine.views import PlayerView

SCHEMA = schema.wire_schema()


def _validator(root: str) -> Draft202012Validator:
    return Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{root}"})


def _games() -> list[tuple[Game, list[PlayerView]]]:
    out = []
    for seed, players in ((2, 2), (3, 3), (5, 4)):
        game = Game.new("default", [f"P{i}" for i in range(players)], seed)
        bots = [RandomBot(seed + i) for i in range(players)]
        views: list[PlayerView] = []
        while not game.state.over:
            prompt = game.prompt()
            if len(game.actions) % 5 == 0:
                views += [game.view(seat) for seat in (None, *range(players))]
            action = bots[prompt.player].choose(game.view(prompt.player), prompt)
            game.act(prompt.player, action if game.is_legal(action) else prompt.options[-1])
        out.append((game, views))
    return out


GAMES = _games()


def test_every_event_kind_is_a_wire_root() -> None:
    (family,) = [v for k, v in wire.ROOTS.items() if k == "Event"]
    assert family == EVENT_TYPES
    kinds = {cls.kind for cls in EVENT_TYPES}
    assert len(kinds) == len(EVENT_TYPES)  # a kind names one class


def test_events_round_trip_and_match_the_schema() -> None:
    validator = _validator("Event")
    seen: set[str] = set()
    for game, _ in GAMES:
        for event in game.history:
            raw: Any = json.loads(json.dumps(wire.encode(event)))
            validator.validate(raw)
            assert raw["type"] == event.kind
            assert wire.decode(raw, Event) == event
            seen.add(event.kind)
    # The games must exercise battles and negotiation, or this test proves little.
    assert {"struck", "battle_moved", "proposals", "legion_shown", "mustered"} <= seen


def test_views_round_trip_and_match_the_schema() -> None:
    validator = _validator("PlayerView")
    battles = negotiations = 0
    for _, views in GAMES:
        for view in views:
            raw: Any = json.loads(json.dumps(wire.encode(view)))
            validator.validate(raw)
            assert wire.decode(raw, PlayerView) == view
            eng = view.engagement
            battles += eng is not None and eng.battle is not None
            negotiations += eng is not None and eng.negotiation is not None
    assert battles and negotiations


def test_named_steps_are_the_integers_they_were() -> None:
    """Engagement.stage names its steps (AfterStep) but the JSON carries the same integers."""
    stages: set[int] = set()
    for _, views in GAMES:
        for view in views:
            if view.engagement is None:
                continue
            raw = json.loads(json.dumps(wire.encode(view)))["engagement"]["stage"]
            assert type(raw) is int and raw == view.engagement.stage
            decoded = wire.decode(wire.encode(view), PlayerView).engagement
            assert decoded is not None and type(decoded.stage) is AfterStep
            stages.add(raw)
    assert AfterStep.SUMMON in stages


_REMOVED = {"type": "legion_removed", "marker": "Rd01", "land": 1, "reason": "destroyed"}


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "moved"},
        {"type": "no_such_event"},
        {"marker": 1},
        {**_REMOVED, "reason": "vanished"},
        {"type": "slain", "side": "middle", "name": "Ogre", "marker": "Rd01"},
        {"type": "moved", "marker": "Rd01", "frm": 1, "to": 2, "teleport": "portal"},
        {"type": "battle_started", "land": 1, "terrain": "Plains", "side": "top"},
    ],
)
def test_malformed_events_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(wire.WireError):
        wire.decode(bad, Event)


def test_a_known_word_is_accepted() -> None:
    # The counterpart of the refusals above: the same event with one of its words decodes.
    assert wire.decode(_REMOVED, Event) == wire.decode({**_REMOVED, "characters": []}, Event)
