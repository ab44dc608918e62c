"""The clocks at work: a sweeper task in every server process that acts on expired deadlines,
and the hand-overs a person asks for ("play for me", taking the seat back, the fallback).

Exactly one timeout per deadline, with any number of processes on one database: the sweeper
claims an expired deadline with one conditional UPDATE (:func:`clockstore.claim`), and only
the process whose update hit the row acts. A process that dies after its claim leaves it to
lapse (``claimed_until``, ``lease`` seconds on), and another process claims it then. The
timeout's own write is conditional again (on the claim, or on the game's version through the
normal action path), so a claim that lapsed while its process was merely slow is not acted on
twice.

A timeout applies the seat's fallback: ``computer`` makes the computer the seat's controller
(the bot driver, :mod:`titan.server.bots`, then plays it as it plays computer seats, and no
clock runs for it) until its person takes it back; ``withdraw`` treats the seat as refusing to
continue (errata 21.0 and 20.4) for the rest of the game: its controller becomes
:data:`~titan.server.clocks.REFUSING` (its person can no longer act for it or hand it over),
and it plays, through the normal action path, the first legal action of errata 20.4's list
(withdraw, flee, concede, decline, ...) for as long as it must decide (at most
:data:`MAX_REFUSALS` actions a sweep). Should the decider change before it can withdraw (a
defender who conceded), its next decision is due at once (no fresh allowance), and the next
sweep plays on, until it withdraws at the first point the sequence of play allows one."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.engine.prompts import Prompt
from titan.server import clockstore
from titan.server.bots import BotDriver, fallback
from titan.server.chat import Announcement, Chat
from titan.server.clocks import (
    COMPUTER,
    PERSON,
    REFUSAL,
    REFUSING,
    WITHDRAW,
    next_clock,
    refusing_seat,
)
from titan.server.live import LiveGame
from titan.server.refusals import NotNow, Refused
from titan.server.rows import now
from titan.server.service import GameService
from titan.server.sidewrites import clock_reminders

log = logging.getLogger("titan.server.sweeper")

SWEEP_EVERY = 1.0  # seconds between two looks for expired deadlines
LEASE = 30.0  # seconds a claim holds before another process may take the deadline over
BATCH = 50  # expired deadlines looked at per sweep
MAX_REFUSALS = 40  # actions a refusing seat plays in one timeout (a movement's undos, ...)
# Tests only: the process kills itself right after its first claim (a crash at the worst time).
DIE_AFTER_CLAIM = "TITAN_TEST_DIE_AFTER_CLAIM"


def refusal(prompt: Prompt) -> Action:
    """What a seat refusing to continue plays (errata 20.4's list, first legal one first)."""
    for kind in REFUSAL:
        for option in prompt.options:
            if option.kind == kind:
                return option
    return fallback(prompt)


class Sweeper:
    def __init__(
        self,
        service: GameService,
        bots: BotDriver,
        chat: Chat,
        *,
        every: float = SWEEP_EVERY,
        lease: float = LEASE,
    ) -> None:
        self.service = service
        self.store = service.store
        self.bots = bots
        self.chat = chat
        self.every = every
        self.lease = lease
        self.timeouts = 0  # handled by this process (the benchmark reports it)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def sweep(self) -> int:
        """Claim and act on the expired deadlines nobody holds; how many this call handled."""
        handled = 0
        for game_id, seat, version in await clockstore.expired(self.store, now(), BATCH):
            taken = await clockstore.claim(self.store, game_id, seat, version, now(), self.lease)
            if taken is None:
                continue  # another process got there first, or the game moved on
            if os.environ.get(DIE_AFTER_CLAIM):
                os.kill(os.getpid(), signal.SIGKILL)
            try:
                if await self._time_out(taken):
                    handled += 1
            except Refused as exc:
                log.warning("game %s: the timeout was not applied: %s", game_id, exc)
        self.timeouts += handled
        return handled

    # --- a person's own choices (POST /api/games/{id}/control, /fallback) ------------------------

    async def control(self, live: LiveGame, seat: int, by: str, level: str | None) -> None:
        """``seat`` is handed to the computer (at ``level``) or taken back by its person; the
        clock stops, or starts afresh for the seat taken back if it must decide now. Raises
        Invalid for a computer seat, NotNow if the game is over or moved on meanwhile."""
        s = live.seats[seat]
        if s.kind == "bot":
            raise NotNow("a computer seat is always played by the computer")
        if live.over:
            raise NotNow("the game is over", "errata 19.0")
        if s.refusing:
            raise refusing_seat(s.name)
        if s.controller == by and (by == PERSON or s.controller_level == level):
            return
        level = level if by == COMPUTER else None
        async with live.lock:
            decider = live.game.current_player()
            clock = live.clock
            at = now()
            if decider == seat:
                clock = next_clock(live.control, None, seat, by == COMPUTER, at)
            try:
                written = await clockstore.set_controller(
                    self.store,
                    live.id,
                    seat,
                    by,
                    level,
                    live.version,
                    clock,
                    clock_reminders(live, clock, at),  # no mail: the person is here
                )
            except clockstore.SeatRefusing:
                raise refusing_seat(s.name) from None
            if not written:
                raise NotNow("the game moved on meanwhile; try again")
            s.controller, s.controller_level = by, level
            live.clock = clock
        said: Announcement = "handed_to_computer" if by == COMPUTER else "took_back"
        await self.chat.announce(live, seat, said)
        self.service.on_seats(live.id)
        if by == COMPUTER:
            self.bots.kick(live.id)

    async def set_fallback(self, live: LiveGame, seat: int, then: str, level: str | None) -> None:
        s = live.seats[seat]
        if s.kind == "bot":
            raise NotNow("a computer seat has no fallback: the computer plays it anyway")
        if s.refusing:
            raise refusing_seat(s.name)
        await clockstore.set_fallback(self.store, live.id, seat, then, level)
        s.fallback, s.fallback_level = then, level if then == COMPUTER else None

    # --- inside ----------------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the clocks' sweep failed; trying again")

    async def _time_out(self, taken: clockstore.Claim) -> bool:
        live = await self.service.live(taken.game_id)
        if live.over or live.version != taken.version:
            return False
        s = live.seats[taken.seat]
        if s.refusing or s.fallback == WITHDRAW:
            return await self._refuse(live, taken)
        if not await clockstore.hand_over(self.store, taken, s.fallback_level):
            return False
        s.controller, s.controller_level = COMPUTER, s.fallback_level
        live.clock = None
        log.info("game %s: seat %d ran out of time; the computer plays it", live.id, s.seat)
        await self.chat.announce(live, taken.seat, "timed_out")
        await self.chat.announce(live, taken.seat, "handed_to_computer")
        self.service.on_seats(live.id)
        self.bots.kick(live.id)
        return True

    async def _refuse(self, live: LiveGame, taken: clockstore.Claim) -> bool:
        """The seat refuses to go on from now on (its timeout stands, even if the decider
        changes before it can withdraw: its next decision is due at once, and comes back
        here); play errata 20.4's refusals for it while it must decide."""
        seat = taken.seat
        acted = 0
        if live.version != taken.version:
            return False  # moved on: this deadline is no more
        s = live.seats[seat]
        if not s.refusing:
            if not await clockstore.refuse(self.store, taken):
                return False
            s.controller, s.controller_level = REFUSING, None
            log.info("game %s: seat %d ran out of time and refuses to go on", live.id, seat)
            # Said first: the withdrawal's own line ("withdrew") follows it.
            await self.chat.announce(live, seat, "timed_out")
            self.service.on_seats(live.id)
        while acted < MAX_REFUSALS and not live.over and live.game.current_player() == seat:
            try:
                live, _ = await self.service.act(live, seat, refusal(live.game.prompt()))
            except (NotNow, IllegalAction) as exc:
                log.warning("game %s: seat %d's refusal was refused: %s", live.id, seat, exc)
                break
            acted += 1
        return acted > 0
