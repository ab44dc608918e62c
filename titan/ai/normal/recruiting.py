"""Adding characters: recruits (18), reinforcements (14), angels earned by points (17) and
summoned angels (15).

A character more is always worth having (strength and points), so the bot musters whenever it
can, the most valuable creature first (its worth counts what it opens up along the chains),
showing as little as the rules let it (18.4). Summoning moves an Angel from one legion to
another, so after a battle it is done only for a depleted winner whose donor can spare it.
"""

from __future__ import annotations

from titan.ai.normal.seat import Seat
from titan.ai.normal.values import creature_worth
from titan.engine.actions import (
    Acquire,
    Action,
    Decline,
    DoneMustering,
    Muster,
    Summon,
)
from titan.engine.prompts import Prompt
from titan.variant import ARCHANGEL

DEPLETED = 5  # a winner this short or shorter wants the angel more than its donor does
SPARE = 4  # a donor this tall or taller can spare one


def _reveal_cost(seat: Seat, m: Muster) -> tuple[int, float]:
    """Show few and cheap characters (18.4: the shown characters become known)."""
    return len(m.reveal), sum(creature_worth(seat.variant, c) for c in m.reveal)


def best_muster(seat: Seat, options: tuple[Action, ...]) -> Muster | None:
    musters = [o for o in options if isinstance(o, Muster)]
    if not musters:
        return None
    return max(
        musters,
        key=lambda m: (
            creature_worth(seat.variant, m.creature),
            [-x for x in _reveal_cost(seat, m)],
            m.legion,
        ),
    )


def choose_muster(seat: Seat, prompt: Prompt) -> Action:
    m = best_muster(seat, prompt.options)
    if m is not None:
        return m
    if any(isinstance(o, DoneMustering) for o in prompt.options):
        return DoneMustering()
    return prompt.options[0]


def choose_reinforcement(seat: Seat, prompt: Prompt) -> Action:
    """14: a reinforcement is one more defender; always take the best one."""
    m = best_muster(seat, prompt.options)
    return m if m is not None else Decline()


def choose_acquisition(prompt: Prompt) -> Action:
    """17: an Archangel is worth more than an Angel, and either more than nothing."""
    acquires = [o for o in prompt.options if isinstance(o, Acquire)]
    for a in acquires:
        if a.lord == ARCHANGEL:
            return a
    return acquires[0] if acquires else Decline()


def best_summon(seat: Seat, options: tuple[Action, ...]) -> Summon | None:
    """The lord to summon: an Archangel first, from the tallest donor (it misses it least)."""
    summons = [o for o in options if isinstance(o, Summon)]
    if not summons:
        return None
    heights = {lg.marker: lg.height for lg in seat.view.legions}
    return max(
        summons, key=lambda s: (s.lord == ARCHANGEL, heights.get(s.donor, 0), s.donor, s.lord)
    )


def choose_summon(seat: Seat, prompt: Prompt) -> Action:
    """15 (after a battle won): only for a depleted winner, from a donor that can spare it."""
    eng = seat.view.engagement
    s = best_summon(seat, prompt.options)
    if s is None or eng is None:
        return Decline()
    winner = seat.legions.get(eng.attacker)
    donor = seat.legions.get(s.donor)
    if winner is None or donor is None:
        return Decline()
    if winner.height <= DEPLETED and donor.height >= SPARE:
        return s
    return Decline()
