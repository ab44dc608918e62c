"""Computer seats, played by the server.

When a game waits for a computer seat, a driver task asks that seat's bot for its choice and
submits it through the same path as a human's action (stored first, then applied). The bot
runs in a worker *process* by default: bots are CPU-bound Python, so in a thread a thinking
bot would hold the GIL and slow the event loop and every other game; in a process it only
takes a core. The bot sees nothing but its seat's views and prompts (pickled across).

Each seat's bot is kept between its decisions (titan/server/botmemory.py), so it decides as
the arena's bot of the same seed does; a process that has not got it (a restart, another
server on the same database) rebuilds it by showing a new one its seat's past decisions. Its
seed is derived from the game's secret seed and the seat by a keyed one-way hash, so it
reveals nothing of the dice seed.

A bot must never stall its game: a choice the rules refuse, an exception or a timeout is
logged and the prompt's last option is played instead, passing over withdrawing, conceding
and taking moves back when anything else is listed (a prompt lists those last, and a broken
bot should neither resign nor undo its moves for ever)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TypeVar

from titan.ai.base import Bot
from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.engine.prompts import Prompt
from titan.engine.views import PlayerView
from titan.server.botmemory import BotMemory, Past, think
from titan.server.config import BotPoolKind
from titan.server.live import LiveGame
from titan.server.lobby import default_level
from titan.server.refusals import NotNow, Refused
from titan.server.service import GameService

log = logging.getLogger("titan.server.bots")
MAX_BROKEN = 3  # process pools broken in a row before bots are run in threads instead
A = TypeVar("A")  # what an offloaded job is given
R = TypeVar("R")  # ... and gives back
GRACE = 10.0  # seconds past the bot timeout before another process takes over a stalled bot


AVOID = frozenset({"withdraw", "concede", "undo_move", "reset_maneuver"})


def fallback(prompt: Prompt) -> Action:
    """The option played for a bot that failed: the last one, bar resigning and take-backs."""
    keep = [o for o in prompt.options if o.kind not in AVOID]
    return (keep or list(prompt.options))[-1]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of ``seat``'s bot: 53 bits of a keyed hash."""
    h = hashlib.blake2b(
        f"seat {seat}".encode(), key=str(game_seed).encode(), digest_size=8
    ).digest()
    return int.from_bytes(h, "big") >> 11


WORKER_EXIT_WAIT = 2.0  # seconds a terminated worker gets before it is killed


class BotPool:
    """Where bots think: a pool of worker processes (or threads, for tests and tiny hosts)."""

    def __init__(self, kind: BotPoolKind = "process", workers: int = 2) -> None:
        self.kind = kind
        self.workers = max(1, workers)
        self._executor: Executor | None = None
        self._opening: asyncio.Future[Executor] | None = None  # a process pool on its way
        self._broken = 0  # process pools broken in a row

    async def think(
        self,
        level: str,
        seed: int,
        bot: Bot | None,
        past: Past | None,
        view: PlayerView,
        prompt: Prompt,
        timeout: float,
    ) -> tuple[Action, Bot]:
        loop = asyncio.get_running_loop()
        executor = await self._ready()
        try:
            future = loop.run_in_executor(executor, think, level, seed, bot, past, view, prompt)
            action = await asyncio.wait_for(future, timeout)
        except BrokenExecutor:
            if self._discard(executor):
                self._broken += 1
                if self._broken >= MAX_BROKEN and self.kind == "process":
                    # Workers that cannot even start (an embedding script without a
                    # ``__main__`` guard, say): threads are slower for the loop, not wrong.
                    log.error("bot worker processes keep dying; running bots in threads")
                    self.kind = "thread"
            raise
        self._broken = 0
        return action

    async def run(self, fn: Callable[[A], R], raw: A) -> R:
        """``fn(raw)`` in a worker (checking an imported record, estimating a battle), off the
        server's process."""
        executor = await self._ready()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, raw)
        except BrokenExecutor:
            self._discard(executor)
            raise

    async def _ready(self) -> Executor:
        """The pool, its workers running. Making a process pool starts multiprocessing's
        resource tracker, and its first worker (inside ``submit``) the fork server, which
        imports the AI: a second or more on the calling thread, during which, were that the
        event loop's, every request would wait. So a process pool is made in a worker
        thread, and every caller meanwhile waits for that one."""
        if self._executor is not None:
            return self._executor
        if self.kind == "thread":
            self._executor = self._open()
            return self._executor
        if self._opening is None:
            self._opening = asyncio.ensure_future(asyncio.to_thread(self._open))
            self._opening.add_done_callback(self._opened)
        return await asyncio.shield(self._opening)

    def _open(self) -> Executor:
        if self.kind == "thread":
            return ThreadPoolExecutor(self.workers, thread_name_prefix="titan-bot")
        # forkserver: the server has threads (the database driver's), which fork must not
        # copy; a fork server started once is nearly as quick as fork.
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["titan.server.bots"])
        executor = ProcessPoolExecutor(self.workers, mp_context=ctx)
        # Each submit that finds no idle worker starts one: start them all now.
        concurrent.futures.wait([executor.submit(int) for _ in range(self.workers)])
        return executor

    def _opened(self, opening: asyncio.Future[Executor]) -> None:
        self._opening = None
        if not opening.cancelled() and opening.exception() is None:
            self._executor = opening.result()

    def _discard(self, executor: Executor) -> bool:
        """A worker died: start a fresh pool next time. True if ``executor`` was the pool."""
        if self._executor is not executor:
            return False
        self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)
        return True

    async def close(self) -> None:
        """Stop every worker now. ``shutdown`` alone lets a worker finish the decision it is
        thinking about, and one whose parent has exited meanwhile is left running for ever.
        A pool still starting is waited for first (its thread cannot be stopped, and the
        workers it starts would outlive the server)."""
        if self._opening is not None:
            await asyncio.wait([self._opening])  # _opened has run: it was called back first
        executor, self._executor = self._executor, None
        if executor is None:
            return
        # ProcessPoolExecutor keeps its workers in _processes (stable since Python 3.2).
        workers = list(getattr(executor, "_processes", None) or {})
        processes = [executor._processes[pid] for pid in workers]  # type: ignore[attr-defined]
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(WORKER_EXIT_WAIT)
            if process.is_alive():
                process.kill()


class BotDriver:
    """One task per game waiting for a bot in this process; also the service's Watcher."""

    def __init__(self, service: GameService, pool: BotPool, timeout: float = 60.0) -> None:
        self.service = service
        self.pool = pool
        self.timeout = timeout
        self.memory = BotMemory()
        self._running: dict[str, asyncio.Task[None]] = {}
        self._watchdogs: dict[str, asyncio.Task[None]] = {}
        self._closed = False

    def kick(self, game_id: str) -> None:
        """Make sure a driver runs for this game (it stops when a human must decide)."""
        if not self._closed and game_id not in self._running:
            self._running[game_id] = asyncio.create_task(self._drive(game_id))

    async def close(self) -> None:
        self._closed = True
        tasks = [*self._running.values(), *self._watchdogs.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.pool.close()

    # the service's Watcher protocol

    def advanced(self, live: LiveGame, local: bool) -> None:
        if live.over:  # however it ended (a person's move, a resignation): its bots go
            self.memory.forget(live.id)
        if live.bot_to_move() is None:
            return
        if local:
            self.kick(live.id)
        else:
            # Another process stored this move and drives the bot; should it die first, take
            # over once the bot has had its time.
            self._watch(live.id, live.version)

    def loaded(self, live: LiveGame) -> None:
        if live.bot_to_move() is not None:
            self.kick(live.id)

    # --- inside ----------------------------------------------------------------------------------

    async def _drive(self, game_id: str) -> None:
        try:
            while not self._closed:
                # Unchecked: acting checks the version in its write, and a driver runs right
                # after this process loaded or moved the game.
                live = await self.service.live(game_id, fresh=False)
                seat = live.bot_to_move()
                if seat is None:
                    if live.over:
                        self.memory.forget(game_id)
                    return
                prompt = live.game.prompt()
                if not prompt.options:
                    log.error("game %s: seat %d has no option to choose", game_id, seat)
                    return
                action = await self._choose(live, seat, prompt)
                if not await self._submit(live, seat, action, prompt):
                    return
        except Refused as exc:  # the game is gone, most likely
            log.warning("game %s: bot driver stopped: %s", game_id, exc)
        except Exception:
            log.exception("game %s: bot driver failed", game_id)
        finally:
            # Here, not in a done-callback: a kick arriving after the last check must start
            # a new driver rather than find this finished one still registered.
            self._running.pop(game_id, None)

    async def _choose(self, live: LiveGame, seat: int, prompt: Prompt) -> Action:
        level = live.bot_level(seat) or default_level()  # a bot's, or a person's stand-in
        seed = bot_seed(live.seed, seat)
        bot = self.memory.take(live.id, seat, level, live.game.actions)
        past = None if bot is not None else Past(live.game.save(), seat)
        view = live.game.view(seat)
        try:
            action, bot = await self.pool.think(level, seed, bot, past, view, prompt, self.timeout)
            self.memory.keep(live.id, seat, level, bot, live.version, action)
            return action
        except TimeoutError:
            log.warning(
                "game %s: the %s bot in seat %d took over %ss; playing the fallback option",
                live.id,
                level,
                seat,
                self.timeout,
            )
        except Exception:
            log.exception(
                "game %s: the %s bot in seat %d failed; playing the fallback option",
                live.id,
                level,
                seat,
            )
        return fallback(prompt)

    async def _submit(self, live: LiveGame, seat: int, action: Action, prompt: Prompt) -> bool:
        """Play the bot's action, or the fallback; False if the driver should stop."""
        if live.bot_to_move() != seat:  # its person took the seat back while it thought
            return True
        try:
            await self.service.act(live, seat, action)
            return True
        except NotNow:  # the game moved on (another process's driver): look again
            return True
        except (IllegalAction, Refused) as exc:
            log.warning(
                "game %s: seat %d's bot chose %r, which the rules refuse (%s); playing the "
                "fallback option",
                live.id,
                seat,
                action,
                exc,
            )
        try:
            await self.service.act(live, seat, fallback(prompt))
            return True
        except NotNow:
            return True
        except (IllegalAction, Refused) as exc:
            log.error("game %s: seat %d's fallback option was refused: %s", live.id, seat, exc)
            return False

    def _watch(self, game_id: str, version: int) -> None:
        old = self._watchdogs.pop(game_id, None)
        if old is not None:
            old.cancel()
        if not self._closed:
            self._watchdogs[game_id] = asyncio.create_task(self._watchdog(game_id, version))

    async def _watchdog(self, game_id: str, version: int) -> None:
        try:
            await asyncio.sleep(self.timeout + GRACE)
            live = await self.service.live(game_id)
            if live.version == version and live.bot_to_move() is not None:
                log.warning("game %s: its bot has not moved for a while; driving it here", game_id)
                self.kick(game_id)
        except Refused:
            pass
        finally:
            if self._watchdogs.get(game_id) is asyncio.current_task():
                del self._watchdogs[game_id]
