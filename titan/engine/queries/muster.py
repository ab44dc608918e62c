"""Who may muster what, and by showing which characters (rules 18.2-18.5, errata 18.0).

Pure functions of the variant and a legion's contents; the caretaker's stacks limit what can
actually be had (errata 3.5; rule 18.3: "if the caretaker's stacks are empty of a specific
creature, the player is allowed to choose any legal mustering alternative").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache

from titan.variant import TITAN, Variant

Reveal = tuple[str, ...]
MAX_LEGION = 7  # rule 4.1: "Legions may contain a maximum of seven characters"
TOWER_DEMILORDS = ("Warlock", "Guardian")


def tower_creatures(variant: Variant, titan_variant: bool = False) -> tuple[str, ...]:
    """Rule 18.5; rule 21's Titan Variant makes Cyclops, Lions and Trolls the tower creatures."""
    return ("Cyclops", "Lion", "Troll") if titan_variant else variant.tower_creatures


def _chain_options(variant: Variant, terrain: str, have: Counter[str]) -> dict[str, set[Reveal]]:
    """Rule 18.3: any creature of the chain musters one like it or any lesser one; n of one
    creature (the number on the Masterchart) muster the next; steps cannot be skipped."""
    steps = variant.chains.get(terrain, ())
    out: dict[str, set[Reveal]] = {}
    for i, step in enumerate(steps):
        if have[step.creature]:
            for lesser in steps[: i + 1]:
                out.setdefault(lesser.creature, set()).add((step.creature,))
        if i + 1 < len(steps):
            nxt = steps[i + 1]
            need = nxt.needs_previous or 0
            if need and have[step.creature] >= need:
                out.setdefault(nxt.creature, set()).add((step.creature,) * need)
    return out


def _tower_options(
    variant: Variant, have: Counter[str], titan_variant: bool
) -> dict[str, set[Reveal]]:
    """Rule 18.5: any tower creature with nothing shown (errata 18.0); a Warlock with the
    Titan or a Warlock; a Guardian with three identical creatures or a Guardian."""
    out: dict[str, set[Reveal]] = {c: {()} for c in tower_creatures(variant, titan_variant)}
    for lord in (TITAN, "Warlock"):
        if have[lord]:
            out.setdefault("Warlock", set()).add((lord,))
    for name, n in have.items():
        if n >= 3 and variant.characters[name].is_creature:
            out.setdefault("Guardian", set()).add((name,) * 3)
    if have["Guardian"]:
        out.setdefault("Guardian", set()).add(("Guardian",))
    return out


def muster_options(
    variant: Variant,
    terrain_or_land: str | int,
    creatures: Sequence[str],
    *,
    caretaker: Mapping[str, int] | None = None,
    titan_variant: bool = False,
) -> dict[str, tuple[Reveal, ...]]:
    """What a legion holding ``creatures`` may muster on that terrain (or land number):
    ``{recruit: (reveal, ...)}``, each reveal a minimal set of characters to show (18.4).
    With ``caretaker`` (counters available) recruits the stacks cannot supply are left out.
    A full legion (7, rule 4.1) may muster nothing."""
    if isinstance(terrain_or_land, int):
        terrain = variant.masterboard.land(terrain_or_land).terrain
    else:
        terrain = terrain_or_land
    if len(creatures) >= MAX_LEGION:
        return {}
    options = _options(variant, terrain, tuple(sorted(creatures)), titan_variant)
    return {
        name: reveals
        for name, reveals in options
        if caretaker is None or caretaker.get(name, 0) > 0
    }


@lru_cache(maxsize=4096)
def _options(
    variant: Variant, terrain: str, creatures: tuple[str, ...], titan_variant: bool
) -> tuple[tuple[str, tuple[Reveal, ...]], ...]:
    """:func:`muster_options` before the caretaker's stacks, sorted. Kept per legion contents
    (variants hash by identity): ``act`` asks it of every muster it checks, and the same few
    contents recur all game long."""
    have = Counter(creatures)
    if terrain == "Tower":
        raw = _tower_options(variant, have, titan_variant)
    else:
        raw = _chain_options(variant, terrain, have)
    return tuple((name, tuple(sorted(reveals))) for name, reveals in sorted(raw.items()))
