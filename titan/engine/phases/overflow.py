"""Rule 4.1, errata 4.1: a legion found with more than seven characters loses the excess."""

from __future__ import annotations

from titan.engine import events as ev
from titan.engine.context import Ctx
from titan.engine.phases import scoring
from titan.engine.queries.muster import MAX_LEGION
from titan.engine.state import Legion
from titan.variant import Character


def _removal_key(ch: Character) -> tuple[int, int, int, int, int, str]:
    """Errata 4.1 order: creatures (most valuable first; then rangestrikers, flyers, higher
    skill), then Guardians, Warlocks, Archangels, Angels. The last tie-break, which the
    owner decides, is by name (docs/rules-decisions.md)."""
    rank = {"Guardian": 1, "Warlock": 2, "Archangel": 3, "Angel": 4}.get(ch.name, 0)
    return (rank, -ch.value, -ch.rangestrikes, -ch.flies, -ch.skill, ch.name)


def trim(ctx: Ctx, legion: Legion) -> list[str]:
    """Remove characters beyond seven, in the errata's order; they count as slain (creatures
    to the dead pile, lords and demi-lords to the caretaker) and score nothing."""
    if len(legion.characters) <= MAX_LEGION:
        return []
    chars = ctx.variant.characters
    candidates = sorted(
        (c for c in legion.characters if c != "Titan"), key=lambda n: _removal_key(chars[n])
    )
    removed = candidates[: len(legion.characters) - MAX_LEGION]
    for name in removed:
        legion.characters.remove(name)
    scoring.return_slain(ctx, removed)
    ctx.emit(ev.LegionTrimmed(legion.marker, tuple(removed), tuple(legion.characters)))
    return removed
