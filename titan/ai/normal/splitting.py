"""The commencement phase: splitting (4.3, 5.2).

The first turn's split (4-4, one lord each, 5.2) keeps creatures that recruit together
(two Gargoyles muster a Cyclops, two Ogres a Troll, two Centaurs a Lion: 18.3) in the same
half. Later, a full legion (7, rule 4.1) can muster nothing, so it splits off its weakest pair,
preferably two of a kind that can recruit on their own, and keeps its lords and its strong
recruiters together; the Titan never leaves in a pair.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from titan.ai.normal.seat import Seat
from titan.ai.normal.values import best_recruit, fighting_value
from titan.engine.actions import Action, DoneSplitting, Split
from titan.engine.prompts import Prompt
from titan.engine.queries.muster import MAX_LEGION
from titan.variant import Variant

PAIR = 6.0  # a pair musters the next creature up its chain (18.3): worth keeping together


@lru_cache(maxsize=20_000)
def recruiting_power(variant: Variant, contents: tuple[str, ...]) -> float:
    """The worth of the best recruit a legion could muster, averaged over the lands of the
    masterboard (each terrain weighted by how many lands it has)."""
    lands = variant.masterboard.lands.values()
    total = sum(best_recruit(variant, land.terrain, contents)[1] for land in lands)
    return total / len(lands)


def _strength(variant: Variant, names: tuple[str, ...]) -> float:
    return sum(fighting_value(variant.characters[n]) for n in names if n != "Titan")


def _rest(contents: tuple[str, ...], group: tuple[str, ...]) -> tuple[str, ...]:
    rest = list(contents)
    for name in group:
        rest.remove(name)
    return tuple(sorted(rest))


def _first_split_score(seat: Seat, contents: tuple[str, ...], group: tuple[str, ...]) -> float:
    v = seat.variant
    rest = _rest(contents, group)
    titan_half = rest if "Titan" in rest else group
    score = recruiting_power(v, rest) + recruiting_power(v, group)
    pairs = sum(n // 2 for n in Counter(group).values()) + sum(
        n // 2 for n in Counter(rest).values()
    )
    score += PAIR * pairs
    return score + 0.05 * _strength(v, titan_half)  # the Titan's half had better be strong


def later_split_score(variant: Variant, contents: tuple[str, ...], group: tuple[str, ...]) -> float:
    """How good it is for a full legion holding ``contents`` to split off ``group``: what
    both halves can muster, a pair of a kind kept together, little strength given away."""
    v = variant
    rest = _rest(contents, group)
    pair_bonus = 3.0 if len(set(group)) == 1 else 0.0
    return (
        recruiting_power(v, rest)
        + 0.6 * recruiting_power(v, group)
        + pair_bonus
        - 0.4 * _strength(v, group)
    )


def _splittable(seat: Seat, split: Split) -> bool:
    """Only pairs of creatures leave a full legion: no lord or demi-lord goes with them."""
    chars = seat.variant.characters
    return len(split.characters) == 2 and all(chars[c].is_creature for c in split.characters)


def choose_split(seat: Seat, prompt: Prompt) -> Action:
    splits = [o for o in prompt.options if isinstance(o, Split)]
    done = any(isinstance(o, DoneSplitting) for o in prompt.options)
    first = not done  # 5.2: the first turn's split is compulsory
    best: Split | None = None
    best_score = float("-inf")
    for s in splits:
        contents = tuple(sorted(seat.legions[s.legion].known))
        if first:
            score = _first_split_score(seat, contents, s.characters) + seat.rng.random() * 0.5
        else:
            if len(contents) < MAX_LEGION or not _splittable(seat, s):
                continue
            score = later_split_score(seat.variant, contents, s.characters)
        if score > best_score:
            best, best_score = s, score
    if best is None:
        return DoneSplitting() if done else prompt.options[0]
    marker = prompt.split_markers[0] if prompt.split_markers else best.marker
    return Split(best.legion, marker, best.characters)
