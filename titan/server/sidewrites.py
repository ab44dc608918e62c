"""What an accepted action writes besides itself, in its own transaction: a rated game's
ratings (:mod:`titan.server.ratingstore`), the notices it calls for and the reminders of the
deadline it sets (:mod:`titan.server.outbox`). One transaction, so that none of them is lost
or doubled when a process dies between the action and them."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection

from titan.server import outbox
from titan.server.live import LiveGame
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
    """A correspondence game's deadline that moves (a new decider, or his allowance renewed)
    schedules that seat's reminders anew; one that ends drops them (titan.server.outbox)."""
    if live.control.kind != "correspondence" or live.control.seconds is None:
        return None
    old = live.clock
    if old is not None and (old.seat, old.deadline) == (after.deadline_seat, after.deadline_at):
        return None
    game_id, allowance = live.id, live.control.seconds
    seat, deadline = after.deadline_seat, after.deadline_at
    if seat is None or deadline is None:
        return lambda conn: outbox.cancel_reminders(conn, game_id)

    def schedule(conn: Connection) -> None:
        outbox.schedule_reminders(conn, game_id, seat, deadline, allowance)

    return schedule
