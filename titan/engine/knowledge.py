"""What each player knows of the legions of others (rules 4.5, 9.1, 18.4; errata 9.3, 9.5).

A player always sees his own legions. Of another player's legion he knows its height and the
characters he has seen enter or stay in it: revealed recruits, teleporting lords, engagements
he took part in, battles (public), losses (public, errata 9.5). A split makes that knowledge
uncertain: a known character is still certain in one part only when the other part is too
small to hold every one of them. ``state.known[observer][marker]`` is a lower bound, never a
guess; ``state.known[-1]`` is what a spectator knows from public events alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from titan.engine.state import GameState


def _observers(state: GameState, marker: str, audience: Iterable[int] | None) -> list[int]:
    owner = state.legions[marker].owner
    # The last slot is the public's (spectators): it learns only from public events.
    who = range(len(state.known)) if audience is None else audience
    return [p for p in who if p != owner]


def reveal(
    state: GameState, marker: str, characters: Iterable[str], audience: Iterable[int] | None = None
) -> None:
    """``audience`` (None: everyone) has seen these characters in the legion."""
    shown = Counter(characters)
    for p in _observers(state, marker, audience):
        k = state.known[p].setdefault(marker, {})
        for name, n in shown.items():
            k[name] = max(k.get(name, 0), n)


def reveal_all(state: GameState, marker: str, audience: Iterable[int] | None = None) -> None:
    contents = Counter(state.legions[marker].characters)
    for p in _observers(state, marker, audience):
        state.known[p][marker] = dict(contents)


def added(state: GameState, marker: str, name: str) -> None:
    """A character joined the legion in public view (muster, angel, summons)."""
    for p in _observers(state, marker, None):
        k = state.known[p].setdefault(marker, {})
        k[name] = k.get(name, 0) + 1


def removed(state: GameState, marker: str, names: Iterable[str]) -> None:
    """Characters publicly left the legion (losses are public, errata 9.5; summons, 15.1)."""
    for p in _observers(state, marker, None):
        k = state.known[p].get(marker)
        if not k:
            continue
        for name in names:
            if k.get(name, 0) > 0:
                k[name] -= 1
                if not k[name]:
                    del k[name]


def split(state: GameState, parent: str, child: str) -> None:
    """After a split (4.3) the observer only knows what the heights force into each part."""
    p_height = len(state.legions[parent].characters)
    c_height = len(state.legions[child].characters)
    for p in _observers(state, parent, None):
        before = state.known[p].get(parent, {})
        state.known[p][parent] = {n: k - c_height for n, k in before.items() if k > c_height}
        state.known[p][child] = {n: k - p_height for n, k in before.items() if k > p_height}


def merged(state: GameState, into: str, other: str) -> None:
    """Recombination (4.3): what was known of either part is known of the whole."""
    for p in _observers(state, into, None):
        a = Counter(state.known[p].get(into, {}))
        a.update(state.known[p].pop(other, {}))
        state.known[p][into] = dict(a)


def forget(state: GameState, marker: str) -> None:
    for k in state.known:
        k.pop(marker, None)
