"""Split contents the server keeps hidden ("ever revealed" view mode), and how the mirror
lives with them.

The engine holds every legion's true contents; the server does not tell a player what went
into an opponent's split. The mirror then makes a guess the rules allow (the first legal
split of that size) and mends it when the server shows more: a whole legion revealed, or the
creatures revealed to muster or to teleport. Mending moves characters between the owner's
legions whose contents the server has not shown, one for one, so every legion keeps its
height and the owner his characters: it only changes which legion got which character at
the splits, which nobody but the owner saw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from titan.engine.actions import Split
from titan.engine.prompts import Prompt
from titan.engine.state import GameState, Legion


def guess_split(prompt: Prompt, parent: str, child: str, height: int) -> Split | None:
    """A legal split of ``parent`` giving ``height`` characters to ``child`` (4.3)."""
    for option in prompt.options:
        if (
            isinstance(option, Split)
            and option.legion == parent
            and len(option.characters) == height
        ):
            return Split(parent, child, option.characters)
    return None


def mend(
    state: GameState, legion: Legion, must: Counter[str], whole: bool, donors: Iterable[Legion]
) -> str | None:
    """Make ``legion`` hold ``must`` (all of it if ``whole``, else at least it) by swapping
    characters with ``donors``; None when done, else what could not be found."""
    have = Counter(legion.characters)
    missing = must - have
    if not missing:
        return None
    spare = have - must  # what the legion may give back
    if not whole:
        spare = have - (must & have)
    pool = [d for d in donors if d is not legion and d.owner == legion.owner]
    for name in sorted(missing.elements()):
        giver = next((d for d in pool if name in d.characters), None)
        if giver is None or not spare:
            return f"no legion of the owner's with contents unseen holds a {name}"
        back = max(spare)  # deterministic; any spare character will do
        spare[back] -= 1
        spare = +spare
        giver.characters.remove(name)
        giver.characters.append(back)
        giver.characters.sort()
        legion.characters.remove(back)
        legion.characters.append(name)
        legion.characters.sort()
    if whole and Counter(legion.characters) != must:
        return f"{sorted(legion.characters)} cannot be made {sorted(must.elements())}"
    return None
