"""The hand-written copies of the game state (:meth:`GameState.copy` and those it calls): a
copy equals its original, shares no mutable container with it, and takes each field from the
field of the same name (the copies name their fields, and this checks they name them right)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator

from titan.ai.random_bot import RandomBot
from titan.engine.game import Game
from titan.engine.state import GameState, Options


def _states() -> list[GameState]:
    """States of real games, every few actions: engagements, negotiations and battles too."""
    out = []
    for seed, players in ((2, 2), (5, 4)):
        game = Game.new("default", [f"P{i}" for i in range(players)], seed)
        bots = [RandomBot(seed + i) for i in range(players)]
        while not game.state.over:
            prompt = game.prompt()
            if len(game.actions) % 3 == 0 or game.state.engagement is not None:
                out.append(game.state.copy())
            action = bots[prompt.player].choose(game.view(prompt.player), prompt)
            game.act(prompt.player, action if game.is_legal(action) else prompt.options[-1])
    return out


STATES = _states()


def _parts(value: object) -> Iterator[object]:
    """Every container and dataclass instance reachable from ``value``, itself included."""
    if isinstance(value, (list, tuple)):
        yield value
        for item in value:
            yield from _parts(item)
    elif isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _parts(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in dataclasses.fields(value):
            yield from _parts(getattr(value, f.name))


def _mutable(value: object) -> bool:
    if isinstance(value, (list, dict)):
        return True
    params = getattr(value, "__dataclass_params__", None)
    return params is not None and not params.frozen


def test_a_copy_equals_its_original_and_shares_nothing_mutable() -> None:
    assert any(s.engagement is not None and s.engagement.battle is not None for s in STATES)
    assert any(s.engagement is not None and s.engagement.negotiation is not None for s in STATES)
    for state in STATES:
        twin = state.copy()
        assert twin == state
        mine = {id(p) for p in _parts(state) if _mutable(p)}
        assert not any(id(p) in mine for p in _parts(twin) if _mutable(p))


def _scalar(value: object) -> bool:
    # None is left out: an absent engagement, battle or carry is copied by calling its copy().
    return isinstance(value, (bool, int, str, enum.Enum, tuple, Options))


def test_every_field_is_taken_from_the_field_of_its_name() -> None:
    """Each field the copies pass through unchanged is given a value of its own, found again
    in the same field of the copy: a field copied from another, or left out, is caught."""
    for state in STATES:
        marked = state.copy()
        tokens: dict[tuple[int, str], object] = {}
        for part in _parts(marked):
            if not (dataclasses.is_dataclass(part) and _mutable(part)):
                continue
            for f in dataclasses.fields(part):
                if _scalar(getattr(part, f.name)):
                    token = tokens[(id(part), f.name)] = object()
                    object.__setattr__(part, f.name, token)
        twin = marked.copy()
        found = {
            id(orig): copy
            for orig, copy in zip(_parts(marked), _parts(twin), strict=True)
            if dataclasses.is_dataclass(orig)
        }
        for (part_id, name), token in tokens.items():
            assert getattr(found[part_id], name) is token, name
