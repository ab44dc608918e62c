"""Splitting (4.3): the ``normal`` player's choice, except the pair that leaves our Titan's
legion while several opponents are in the game.

The ``normal`` player splits a full legion's pair for what both halves can muster next; from
our Titan's legion that often sends a strong recruiter away and keeps a weak one (a Ranger
and a Gargoyle leaving Titan, Ranger, Gargoyle and four others, turn after turn). But our
Titan's legion is the one whose loss loses the game (1.1), and with several opponents it is
attacked most (four-player games against Colossus: 52 of 96 lost that way), so there it gives
up its two weakest creatures by fighting worth, what they muster together deciding only
between equals. With one opponent left, the ``normal`` player's choice stands (measured so).
"""

from __future__ import annotations

from titan.ai.normal.splitting import later_split_score
from titan.ai.normal.values import fighting_value
from titan.ai.strong.field import rivals
from titan.engine.actions import Action, Split
from titan.engine.views import PlayerView
from titan.variant import TITAN, Variant


def keep_titan_strong(
    variant: Variant, view: PlayerView, options: tuple[Action, ...], chosen: Action
) -> Action:
    """``chosen`` (the ``normal`` player's split), or, when it splits our Titan's legion
    with several opponents in, the same split sending off that legion's weakest pair."""
    if not isinstance(chosen, Split) or len(chosen.characters) != 2 or rivals(view) < 2:
        return chosen
    contents = next(tuple(sorted(lg.known)) for lg in view.legions if lg.marker == chosen.legion)
    if TITAN not in contents:
        return chosen
    chars = variant.characters
    pairs = {
        o.characters
        for o in options
        if isinstance(o, Split)
        and o.legion == chosen.legion
        and len(o.characters) == 2
        and all(chars[c].is_creature for c in o.characters)
    }
    if not pairs:
        return chosen

    def weakness(group: tuple[str, ...]) -> tuple[float, float]:
        worth = sum(fighting_value(chars[c]) for c in group)
        return (round(worth, 6), -later_split_score(variant, contents, group))

    weakest = min(sorted(pairs), key=weakness)
    return Split(chosen.legion, chosen.marker, weakest)
