"""What an accepted action writes besides itself, in its own transaction: a rated game's
ratings (:mod:`titan.server.ratingstore`), the notices it calls for and the reminders of the
deadline it sets (:mod:`titan.server.outbox`). One transaction, so that none of them is lost
or doubled when a process dies between the action and them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Connection

from titan.server import outbox
from titan.server.clocks import Clock
from titan.server.live import LiveGame, clock_of
from titan.server.rows import Progress

Write = Callable[[Connection], None]


def in_one_write(*writes: Write | None) -> Write | None:
    """The writes an action calls for besides itself, as one, to run in its transaction."""
    todo = [w for w in writes if w is not None]
    if not todo:
        return None

    def write(conn: Connection) -> None:
        for w in todo:
            w(conn)

    return write


def reminders(live: LiveGame, after: Progress) -> Write | None:
    """The reminders of the clock an action sets (see :func:`clock_reminders`)."""
    return clock_reminders(live, clock_of(after), after.at)


def clock_reminders(live: LiveGame, clock: Clock | None, at: datetime) -> Write | None:
    """A correspondence game's deadline that moves to ``clock`` at ``at`` (a new decider, his
    allowance renewed, a seat taken back from the computer) schedules that seat's reminders
    anew; one that ends drops them (titan.server.outbox). None if the clock stays."""
    if live.control.kind != "correspondence" or live.control.seconds is None:
        return None
    if clock == live.clock:
        return None
    game_id, allowance = live.id, live.control.seconds
    if clock is None:
        return lambda conn: outbox.cancel_reminders(conn, game_id)
    seat, deadline = clock.seat, clock.deadline

    def schedule(conn: Connection) -> None:
        outbox.schedule_reminders(conn, game_id, seat, deadline, allowance, stamp=at)

    return schedule
