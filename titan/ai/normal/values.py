"""What characters are worth: points (rule 16), fighting value, recruit value, and the strike
chart (rule 13) for estimates with fractional skills. Pure functions of the variant, cached,
shared by every policy of the ``normal`` bot and reusable by search bots."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from titan.engine.queries.muster import MAX_LEGION, muster_options
from titan.variant import TITAN, Character, Variant, titan_power

# A lost Titan loses the game (rule 1.1, 19.3); nothing else a legion holds is worth as much.
TITAN_LOSS = 1000.0


def point_value(variant: Variant, name: str, score: int = 0) -> int:
    """Rule 16: power x skill; the Titan's power grows with its owner's score (19.1)."""
    if name == TITAN:
        return titan_power(score) * 4
    return variant.characters[name].value


def fighting_value(ch: Character, power: int | None = None) -> float:
    """How much a character adds to a legion in battle: its points, plus a premium for
    flight (11.4: it reaches any target) and rangestrikes (12: damage without contact)."""
    p = ch.power if power is None else power
    v = float(p * ch.skill)
    if ch.flies:
        v *= 1.15
    if ch.rangestrikes:
        v *= 1.15 if not ch.magic_missile else 1.3
    return v


@cache
def creature_worth(variant: Variant, name: str) -> float:
    """A recruit's worth: its fighting value, plus what it opens up further along the chains
    (a second Cyclops musters Gorgons; rule 18.3). Lords are worth their fighting value."""
    ch = variant.characters[name]
    base = fighting_value(ch)
    bonus = 0.0
    for steps in variant.chains.values():
        for i, step in enumerate(steps[:-1]):
            if step.creature == name:
                nxt = variant.characters[steps[i + 1].creature]
                need = steps[i + 1].needs_previous or 1
                bonus = max(bonus, fighting_value(nxt) / (need * 4.0))
    return base + bonus


@cache
def best_recruit(variant: Variant, terrain: str, contents: tuple[str, ...]) -> tuple[str, float]:
    """The most valuable creature a legion holding ``contents`` (sorted) could muster on
    ``terrain`` ignoring the caretaker's stacks, and its worth; ("", 0) if none (18)."""
    if len(contents) >= MAX_LEGION:
        return "", 0.0
    options = muster_options(variant, terrain, contents)
    best = ("", 0.0)
    for name in options:
        w = creature_worth(variant, name)
        if w > best[1]:
            best = (name, w)
    return best


def recruit_gain(
    variant: Variant,
    terrain: str,
    contents: Sequence[str],
    caretaker: dict[str, int] | None = None,
) -> float:
    """The worth of the best recruit available there now, with the caretaker's stacks (18.3)."""
    if len(contents) >= MAX_LEGION:
        return 0.0
    key = tuple(sorted(contents))
    name, worth = best_recruit(variant, terrain, key)
    if caretaker is None or not name or caretaker.get(name, 0) > 0:
        return worth
    options = muster_options(variant, terrain, key, caretaker=caretaker)
    return max((creature_worth(variant, n) for n in options), default=0.0)


# --- the strike chart (13) -----------------------------------------------------------------------


def strike_number(attacker_skill: float, defender_skill: float) -> float:
    """Strike chart (rule 13), fractional skills allowed for estimates."""
    return max(1.0, min(6.0, 4.0 - attacker_skill + defender_skill))
