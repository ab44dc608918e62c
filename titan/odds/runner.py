"""Running trials until a count, a time budget or a precision is reached, in one process or
several.

Trials are kept in number order, and a run stops between trials (in worker processes, which
play chunks of consecutive numbers, between chunks), so what it returns is always trials
0..n-1: the same as a run asked for exactly n trials with the same seed, in any number of
processes. Each process sets the battle up once (a few milliseconds) and clones it per trial.
"""

from __future__ import annotations

import multiprocessing as mp
import time
import traceback
from collections import Counter
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from titan.dice.stats import Share
from titan.odds.battle import OUTCOMES, BattleSpec, Trial, play_out

CHUNK = 8  # trials per task in worker processes: small, so a time budget is kept closely
MIN_TRIALS_FOR_PRECISION = 30  # a precision target is not trusted on fewer trials
MAX_TRIALS = 1_000_000  # a precision target alone must stop somewhere


def widest_half_width(counts: Counter[str], n: int) -> float:
    """The largest 95% CI half-width among the four outcomes' shares of ``n`` trials."""
    return max(Share(counts[o], n).half_width for o in OUTCOMES)


class _Goal:
    """When to stop: a count, a deadline, a precision; outcome counts kept as trials come."""

    def __init__(self, limit: int, deadline: float | None, half_width: float | None) -> None:
        self.limit, self.deadline, self.half_width = limit, deadline, half_width
        self.counts: Counter[str] = Counter()
        self.done: list[Trial] = []

    def add(self, trials: list[Trial]) -> None:
        self.done.extend(trials)
        self.counts.update(t.outcome for t in trials)

    def reached(self) -> bool:
        n = len(self.done)
        if n >= self.limit:
            return True
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return True
        return (
            self.half_width is not None
            and n >= MIN_TRIALS_FOR_PRECISION
            and widest_half_width(self.counts, n) <= self.half_width
        )


def run(
    spec: BattleSpec,
    seed: int,
    *,
    trials: int | None = None,
    seconds: float | None = None,
    half_width: float | None = None,
    jobs: int = 1,
) -> list[Trial]:
    """Trials 0..n-1 of ``spec``: n = ``trials`` if given, else as many as ``seconds``
    allow, stopping early once every outcome's 95% CI half-width is at most ``half_width``
    (after at least 30 trials). At least one trial is always played."""
    if trials is not None and trials < 1:
        raise ValueError("trials must be at least 1")
    if seconds is not None and seconds <= 0:
        raise ValueError("seconds must be positive")
    if half_width is not None and not 0 < half_width < 1:
        raise ValueError("half_width must lie between 0 and 1")
    deadline = None if seconds is None else time.perf_counter() + seconds
    goal = _Goal(MAX_TRIALS if trials is None else trials, deadline, half_width)
    # A pool's workers are daemons, which may not start processes of their own: an estimate
    # asked for inside one (a bot deciding in the arena's workers) runs in that process.
    if jobs <= 1 or mp.current_process().daemon:
        _serial(spec, seed, goal)
    else:
        _parallel(spec, seed, goal, jobs)
    return goal.done


def _serial(spec: BattleSpec, seed: int, goal: _Goal) -> None:
    base = spec.game()
    while not goal.done or not goal.reached():
        goal.add([play_out(base, spec, seed, len(goal.done))])


# --- worker processes ---------------------------------------------------------------------
#
# Plain processes with one pipe each rather than a multiprocessing.Pool: a pool loses the
# task of a worker that dies and waits for it for ever, and its handler threads were seen to
# hang in terminate() on a loaded machine. Worker k plays chunks k, k + jobs, k + 2 jobs, ...
# and sends each as it finishes; the parent keeps them in number order and kills the workers
# (its own children, by id) once it has enough.

Message = tuple[int, list[Trial] | str]  # (chunk number, its trials) or (-1, a traceback)


def _worker(
    conn: Connection, spec: BattleSpec, seed: int, first: int, step: int, limit: int
) -> None:
    try:
        base = spec.game()
        chunk = first
        while chunk * CHUNK < limit:
            start = chunk * CHUNK
            trials = [
                play_out(base, spec, seed, n) for n in range(start, min(start + CHUNK, limit))
            ]
            conn.send((chunk, trials))
            chunk += step
    except BaseException:
        conn.send((-1, traceback.format_exc()))
    finally:
        conn.close()


def _context() -> mp.context.BaseContext:
    # fork starts a worker in milliseconds with the modules already imported; a 2 s budget
    # cannot afford spawn's fresh interpreter (the default on macOS and Windows) where avoidable.
    methods = mp.get_all_start_methods()
    return mp.get_context("fork" if "fork" in methods else None)


def _parallel(spec: BattleSpec, seed: int, goal: _Goal, jobs: int) -> None:
    spec.game()  # refuse a bad spec here, not as an error inside every worker
    ctx = _context()
    workers: list[BaseProcess] = []
    pipes: list[Connection] = []
    try:
        for k in range(jobs):
            receive, send = ctx.Pipe(duplex=False)
            worker = ctx.Process(  # type: ignore[attr-defined]
                target=_worker, args=(send, spec, seed, k, jobs, goal.limit), daemon=True
            )
            worker.start()
            send.close()  # the worker's end: the parent sees EOF once the worker is gone
            workers.append(worker)
            pipes.append(receive)
        _collect(pipes, goal)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.kill()
            worker.join()
        for pipe in pipes:
            pipe.close()


def _collect(pipes: list[Connection], goal: _Goal) -> None:
    """Take chunks as they come, in number order, until the goal is reached or time is up."""
    waiting: dict[int, list[Trial]] = {}
    open_pipes = list(pipes)
    while open_pipes:
        timeout = None  # the first chunk is always awaited: at least one trial
        if goal.deadline is not None and goal.done:
            timeout = max(0.0, goal.deadline - time.perf_counter())
        ready = wait(open_pipes, timeout)
        if not ready:
            return  # out of time: later chunks are dropped so the trials stay 0..n-1
        for pipe in ready:
            assert isinstance(pipe, Connection)
            try:
                number, payload = pipe.recv()
            except EOFError:  # that worker has played all its chunks (or died)
                open_pipes.remove(pipe)
                continue
            if isinstance(payload, str):
                raise RuntimeError(f"a trial failed in a worker process:\n{payload}")
            waiting[number] = payload
        # The first chunk is kept whenever it comes, as _serial keeps the first trial: a
        # first chunk that outlasts the time budget would otherwise be dropped, and the next
        # ones too, while the workers played on (up to MAX_TRIALS).
        while len(goal.done) // CHUNK in waiting and (not goal.done or not goal.reached()):
            goal.add(waiting.pop(len(goal.done) // CHUNK))
        if goal.done and goal.reached():
            return
    if len(goal.done) < goal.limit:
        raise RuntimeError("a worker process ended before playing its trials")
