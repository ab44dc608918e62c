"""Checks of what a server sent against the engine's own output (:mod:`tests.server.replay`).

Every message a seat or spectator gets (an HTTP state, an action's reply, a WebSocket push) is
``{game, seat, version, status, view, prompt, events, since, next}`` (a push also has its
``type``). Such a message is right
when, at the point ``version`` of the replayed game, its view is exactly the engine's view for
that observer, its prompt is the engine's prompt if (and only if) that observer must decide,
and its events are exactly the observer's visible events numbered ``since`` to ``next``. Any
key beyond those fails the check: a new field must be looked at for what it could leak.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.server.replay import Observer, Replay, assert_same_events, canon, who
from titan.variant import load

Json = Any

MESSAGE_KEYS = frozenset(
    {"game", "seat", "version", "status", "view", "prompt", "events", "since", "next"}
    | {"time_control", "clock", "controllers"}  # issue 20's clocks
)
CHARACTERS = frozenset(load("default").characters)


@dataclass
class Sent:
    """Everything one observer was sent, in order, with where it came from."""

    observer: Observer
    states: list[tuple[str, dict[str, Json]]] = field(default_factory=list)  # HTTP GET state
    replies: list[tuple[str, dict[str, Json]]] = field(default_factory=list)  # POST actions
    pushes: list[list[dict[str, Json]]] = field(default_factory=list)  # one list per socket


@dataclass
class Checked:
    messages: int = 0
    events: int = 0
    prompts: int = 0


def visible_upto(replay: Replay, observer: Observer, version: int) -> list[Json]:
    return replay.visible(observer, 0, replay.points[version].history)


def check_message(
    replay: Replay, observer: Observer, m: Mapping[str, Json], where: str, tally: Checked
) -> None:
    """One state-like message (a GET state or a WebSocket push)."""
    assert set(m) == MESSAGE_KEYS, f"{where}: keys {sorted(m)}, expected {sorted(MESSAGE_KEYS)}"
    version = m["version"]
    assert isinstance(version, int) and 0 <= version < len(replay.points), f"{where}: {version=}"
    point = replay.points[version]
    assert m["seat"] == observer, f"{where}: sent as seat {m['seat']!r} to {who(observer)}"
    assert m["status"] == ("over" if point.prompt is None else "running"), where
    assert canon(m["view"]) == point.views[observer], (
        f"{where}: the view sent to {who(observer)} at version {version} is not the engine's"
    )
    if observer is not None and point.deciding == observer:
        assert m["prompt"] is not None and canon(m["prompt"]) == point.prompt, (
            f"{where}: {who(observer)} must decide at version {version}; prompt {m['prompt']}"
        )
        tally.prompts += 1
    else:
        assert m["prompt"] is None, f"{where}: a prompt sent to {who(observer)}, not deciding"
    seen = visible_upto(replay, observer, version)
    since, nxt = m["since"], m["next"]
    assert nxt == len(seen), f"{where}: next={nxt}, but {who(observer)} may see {len(seen)}"
    assert isinstance(since, int) and 0 <= since <= nxt, f"{where}: since={since}"
    assert_same_events(m["events"], seen[since:nxt], where)
    tally.messages += 1
    tally.events += len(m["events"])


def check_reply(
    replay: Replay, seat: int, nth: int, m: Mapping[str, Json], where: str, tally: Checked
) -> None:
    """The reply to ``seat``'s ``nth`` accepted action: the state afterwards, with exactly the
    events that action caused which the seat may see."""
    assert set(m) == MESSAGE_KEYS, f"{where}: keys {sorted(m)}"
    k = replay.action_index(seat, nth)
    version = m["version"]
    assert isinstance(version, int) and k < version < len(replay.points), (
        f"{where}: version {version} for action {k}"
    )
    point = replay.points[version]
    assert m["seat"] == seat and canon(m["view"]) == point.views[seat], (
        f"{where}: the view in the reply to action {k} is not the engine's for seat {seat}"
    )
    if point.deciding == seat:
        assert canon(m["prompt"]) == point.prompt, f"{where}: prompt"
    else:
        assert m["prompt"] is None, f"{where}: a prompt to seat {seat}, not deciding"
    a, b = replay.caused[k]
    before = len(replay.visible(seat, 0, a))
    want = replay.visible(seat, a, b)
    assert (m["since"], m["next"]) == (before, before + len(want)), f"{where}: since/next"
    assert_same_events(m["events"], want, f"{where} (action {k})")
    tally.messages += 1
    tally.events += len(want)


def check_stream(
    replay: Replay,
    observer: Observer,
    messages: Sequence[dict[str, Json]],
    where: str,
    tally: Checked,
) -> None:
    """A WebSocket's pushes (``{"type": "state"}`` first, then ``"update"``s, each otherwise a
    state message): each right, in order, with no gap or repeat in the events."""
    assert messages, f"{where}: nothing was pushed"
    last_version = -1
    expected_since = messages[0]["since"]
    for i, pushed in enumerate(messages):
        m = dict(pushed)
        kind = m.pop("type", None)
        assert kind == ("state" if i == 0 else "update"), f"{where} message {i}: type {kind!r}"
        check_message(replay, observer, m, f"{where} message {i}", tally)
        assert m["version"] > last_version, f"{where} message {i}: version did not advance"
        assert m["since"] == expected_since, (
            f"{where} message {i}: events from {m['since']}, expected {expected_since}"
        )
        expected_since = m["next"]
        last_version = m["version"]


def strings(value: Json) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)


def assert_names_no_character(value: Json, where: str) -> None:
    """A payload outside the game's messages (lobby, game summary, errors) names no character."""
    named = sorted(s for s in strings(value) if s in CHARACTERS)
    assert not named, f"{where} names characters {named}: {json.dumps(value)[:500]}"
