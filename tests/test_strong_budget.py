"""The cap on a ``strong`` decision (titan/ai/strong/budget.py): on the wall clock, what a
person waits, or on the deciding thread's own processor time, which a busy machine does not
use up (a benchmark's games side by side on two cores)."""

from __future__ import annotations

import pickle
import time

from titan.ai.strong.budget import Budget, Deadline


def test_no_cap_no_deadline() -> None:
    assert Budget(seconds=None).deadline() is None
    assert Budget(seconds=None, clock="cpu").deadline() is None


def test_waiting_uses_up_the_wall_clock_not_the_thread_s_time() -> None:
    wall = Budget(seconds=0.05).deadline()
    cpu = Budget(seconds=0.05, clock="cpu").deadline()
    assert wall is not None and cpu is not None
    assert not wall.passed() and not cpu.passed()
    time.sleep(0.1)  # another process's turn on the core, as far as this thread can tell
    assert wall.passed()
    assert not cpu.passed()


def test_working_uses_up_the_thread_s_time() -> None:
    cpu = Budget(seconds=0.02, clock="cpu").deadline()
    assert cpu is not None
    began = time.thread_time()
    while time.thread_time() - began < 0.05:
        pass
    assert cpu.passed()


def test_a_deadline_and_a_budget_travel_to_a_worker() -> None:
    """The server pickles its computer seats' bots (titan/server/botmemory.py)."""
    budget = Budget(clock="cpu")
    assert pickle.loads(pickle.dumps(budget)) == budget
    deadline = Deadline(1.0, "cpu")
    assert pickle.loads(pickle.dumps(deadline)) == deadline
