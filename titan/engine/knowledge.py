"""What each seat knows of the legions of others (rules 4.5, 9.1, 18.4; errata 9.3, 9.5),
learnt from the events it is shown and from nothing else.

A player always sees his own legions. Of another player's legion he knows its height and the
characters he has seen enter or stay in it: revealed recruits, teleporting lords, engagements
he took part in, battles (public), losses (public, errata 9.5). A split makes that knowledge
uncertain: a known character is still certain in one part only when the other part is too
small to hold every one of them. ``state.known[observer][marker]`` is a lower bound, never a
guess; ``state.known[-1]`` is what a spectator knows from public events alone.

``state.possible[observer][marker]`` is the matching upper bound: every character the legion
may hold, as far as the observer can tell (absent: anything). Every legion starts public
(5.2) and every character that joins one is shown (18.4, 15.1, 17), so what a split leaves
unknown still comes from its parent: both parts hold only what the parent held, less what is
known to be in the other part. The split history the peers infer from (issue 23), kept as
two certain bounds rather than a guess.

:func:`learn` is called by ``Ctx.emit`` for every event, so the event that shows something
and the knowledge it gives are one operation (no paired calls to keep in step).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from titan.engine import events as ev
from titan.engine.state import GameState


def _observers(state: GameState, marker: str, audience: Iterable[int] | None) -> list[int]:
    legion = state.legions.get(marker)
    owner = legion.owner if legion is not None else -2
    # The last slot is the public's (spectators): it learns only from public events.
    who = range(len(state.known)) if audience is None else audience
    return [p for p in who if p != owner]


def _shown(
    state: GameState, marker: str, names: Iterable[str], audience: Iterable[int] | None
) -> None:
    """``audience`` has seen these characters in the legion (a lower bound grows)."""
    shown = Counter(names)
    for p in _observers(state, marker, audience):
        k = state.known[p].setdefault(marker, {})
        for name, n in shown.items():
            k[name] = max(k.get(name, 0), n)
        upper = _possible(state, p).get(marker)
        if upper is not None:  # an upper bound below what is seen was wrong: widen it
            for name, n in k.items():
                upper[name] = max(upper.get(name, 0), n)


def _whole(
    state: GameState, marker: str, names: Iterable[str], audience: Iterable[int] | None
) -> None:
    """``audience`` has seen the whole legion."""
    contents = dict(Counter(names))
    for p in _observers(state, marker, audience):
        state.known[p][marker] = dict(contents)
        _possible(state, p)[marker] = dict(contents)


def _added(state: GameState, marker: str, name: str) -> None:
    """A character joined the legion in public view (muster, angel, summons)."""
    for p in _observers(state, marker, None):
        k = state.known[p].setdefault(marker, {})
        k[name] = k.get(name, 0) + 1
        upper = _possible(state, p).get(marker)
        if upper is not None:
            upper[name] = upper.get(name, 0) + 1


def _removed(state: GameState, marker: str, names: Iterable[str]) -> None:
    """Characters publicly left the legion (losses are public, errata 9.5; summons, 15.1)."""
    for p in _observers(state, marker, None):
        upper = _possible(state, p).get(marker)
        if upper is not None:
            _take(upper, names)
        k = state.known[p].get(marker)
        if k:
            _take(k, names)


def _take(counts: dict[str, int], names: Iterable[str]) -> None:
    for name in names:
        if counts.get(name, 0) > 0:
            counts[name] -= 1
            if not counts[name]:
                del counts[name]


def _split(state: GameState, parent: str, child: str, heights: tuple[int, int]) -> None:
    """After a split (4.3) the observer only knows what the heights force into each part."""
    p_height, c_height = heights
    for p in _observers(state, parent, None):
        before = state.known[p].get(parent, {})
        state.known[p][parent] = {n: k - c_height for n, k in before.items() if k > c_height}
        state.known[p][child] = {n: k - p_height for n, k in before.items() if k > p_height}
        bounds = _possible(state, p)
        upper = bounds.get(parent)
        if upper is None:
            bounds.pop(child, None)
            continue
        # Each part holds only what the parent held, less what is certainly in the other.
        bounds[parent] = _less(upper, state.known[p][child])
        bounds[child] = _less(upper, state.known[p][parent])


def _less(upper: dict[str, int], certain: dict[str, int]) -> dict[str, int]:
    return {n: k - certain.get(n, 0) for n, k in upper.items() if k > certain.get(n, 0)}


def _merged(state: GameState, into: str, others: Iterable[str]) -> None:
    """Recombination (4.3): what was known of either part is known of the whole."""
    for p in _observers(state, into, None):
        whole = Counter(state.known[p].get(into, {}))
        bounds = _possible(state, p)
        upper: Counter[str] | None = Counter(bounds[into]) if into in bounds else None
        for other in others:
            whole.update(state.known[p].pop(other, {}))
            part = bounds.pop(other, None)
            upper = None if upper is None or part is None else upper + Counter(part)
        state.known[p][into] = dict(whole)
        if upper is None:
            bounds.pop(into, None)
        else:
            bounds[into] = dict(upper)


def _forget(state: GameState, marker: str) -> None:
    for k in state.known:
        k.pop(marker, None)
    for k in state.possible:
        k.pop(marker, None)


def _possible(state: GameState, observer: int) -> dict[str, dict[str, int]]:
    """The observer's upper bounds (a state made before they were kept has none: unbounded)."""
    while len(state.possible) < len(state.known):
        state.possible.append({})
    return state.possible[observer]


def _moved(state: GameState, e: ev.Moved) -> None:
    if e.lord is not None:
        _shown(state, e.marker, [e.lord], None)  # 8.1, 8.2: the teleporting lord is shown


def _mustered(state: GameState, e: ev.Mustered) -> None:
    _shown(state, e.marker, e.reveal, None)  # 18.4
    _added(state, e.marker, e.creature)


def _summoned(state: GameState, e: ev.Summoned) -> None:
    _shown(state, e.frm, [e.lord], None)  # 15.1: shown to all as it leaves
    _removed(state, e.frm, [e.lord])
    _added(state, e.to, e.lord)


def _summons_returned(state: GameState, e: ev.SummonsReturned) -> None:
    _removed(state, e.frm, [e.lord])
    _added(state, e.to, e.lord)


def _seen_whole(state: GameState, e: ev.LegionShown | ev.LegionRevealed | ev.LegionTrimmed) -> None:
    _whole(state, e.marker, e.characters, e.audience)


# What each kind of event teaches; the kinds not listed (most: rolls, battle moves, strikes)
# show no legion's contents. A table keyed by the event's class rather than a match statement
# trying each case in turn: ``learn`` runs for every event of every action.
_LESSONS: dict[type[ev.Event], Callable[[GameState, Any], None]] = {
    ev.LegionCreated: lambda state, e: _whole(state, e.marker, e.characters, None),  # 5.2
    ev.SplitMade: lambda state, e: _split(state, e.marker, e.new, e.heights),
    ev.Moved: _moved,
    ev.Recombined: lambda state, e: _merged(state, e.marker, e.absorbed),
    ev.Mustered: _mustered,
    ev.LegionShown: _seen_whole,
    ev.LegionRevealed: _seen_whole,
    ev.LegionTrimmed: _seen_whole,
    ev.Losses: lambda state, e: _removed(state, e.marker, e.characters),
    ev.Slain: lambda state, e: _removed(state, e.marker, [e.name]),
    ev.Summoned: _summoned,
    ev.Acquired: lambda state, e: _added(state, e.marker, e.lord),
    ev.ReinforcementReturned: lambda state, e: _removed(state, e.marker, [e.creature]),
    ev.SummonsReturned: _summons_returned,
    ev.LegionRemoved: lambda state, e: _forget(state, e.marker),
}


def learn(state: GameState, event: ev.Event) -> None:
    """Update what the event's audience knows; events that show no legion change nothing."""
    lesson = _LESSONS.get(type(event))
    if lesson is not None:
        lesson(state, event)
