"""How much the ``strong`` bot may think: simulated battles per decision, and a time cap.

Counts, not seconds, decide how much is simulated, so that a decision is a function of the
view, the prompt and the seed alone (the same on a fast machine and a slow one). The cap is a
safety net for the decision-time target (p95 under a second): when it is reached, the
simulations stop early and the decision is made on what was simulated so far. ``None``: no
cap, decisions exactly reproducible whatever the machine (the tests' setting).

The cap's clock: ``"wall"`` (the default, the server's) is what a person waits for the
decision; ``"cpu"`` is the deciding thread's own processor time, so that a benchmark's
decisions do not depend on what else the machine runs (three games on two cores took a
decision to 0.8 s of the wall clock about eight times as often as to 0.8 s of the processor's:
docs/ai.md, twenty-sixth session).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Clock = Literal["wall", "cpu"]
CLOCKS: dict[Clock, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a decision's simulations stop: ``at`` on the ``clock``'s reading."""

    at: float
    clock: Clock = "wall"

    def passed(self) -> bool:
        return CLOCKS[self.clock]() > self.at


def expired(deadline: Deadline | None) -> bool:
    """Whether a decision's time is up: never without a cap (``None``)."""
    return deadline is not None and deadline.passed()


@dataclass(frozen=True, slots=True)
class Budget:
    engagement_trials: int = 120  # battles simulated to decide flight, agreement or a fight
    attack_candidates: int = 3  # attacks re-judged by simulation per movement decision
    attack_draws: int = 4  # determinizations of a defender whose contents are hidden
    attack_trials: int = 20  # battles per determinization
    plan_trials: int = 24  # battles played out per maneuver plan (planner.py)
    seconds: float | None = 0.8  # the cap on one decision's simulations
    clock: Clock = "wall"  # the cap's clock (above)

    def deadline(self) -> Deadline | None:
        if self.seconds is None:
            return None
        return Deadline(CLOCKS[self.clock]() + self.seconds, self.clock)


TINY = Budget(
    engagement_trials=4,
    attack_candidates=2,
    attack_draws=1,
    attack_trials=2,
    plan_trials=2,
    seconds=None,
)
