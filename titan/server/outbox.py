"""The outbox: notices waiting to be sent, written in the transaction of the action that calls
for them, and claimed, sent and finished by :mod:`titan.server.sender`.

A notice is added when an accepted action makes a seat held by an account the decider (kind
``turn``: at most one per seat per game turn, "one mail per turn, not per decision"), when it
ends the game (``end``: one per account seated in it), and by the clocks' deadline
(:func:`schedule_reminders`). Each notice is one row per channel the account has switched on
at that moment (``email``, ``webhook``); the channels are read again when it is sent.

Everything here is a plain function of a synchronous connection: on SQLite it runs in the
group commit's writer thread, on PostgreSQL through ``run_sync`` in a transaction."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    and_,
    bindparam,
    delete,
    exists,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.server.rows import now
from titan.server.tables import accounts, games, notice_settings, outbox, seats

TURN, REMINDER, END = "turn", "reminder", "end"
CHANNELS = ("email", "webhook")
REMINDER_BEFORE = timedelta(hours=1)  # besides half the allowance
KEEP_DAYS = 90  # finished rows are kept this long: a mail's unsubscribe link works as long


@dataclass(frozen=True, slots=True)
class Due:
    """What an accepted action calls for: the new decider's ``turn`` notice (``seat``, in game
    turn ``turn``), or the ``end`` notices when ``over``. (A deadline's reminders come with
    the action's other side writes: :mod:`titan.server.sidewrites`.)"""

    game_id: str
    seat: int | None
    turn: int
    over: bool


def after_action(game_id: str, before: int, after: int, turn: int, over: bool) -> Due | None:
    """The notices an action calls for: the decider went from seat ``before`` to ``after``
    (the engine's ``current_player``), in game turn ``turn``; or the game ended."""
    if over:
        return Due(game_id, None, turn, True)
    if after != before and after >= 0:
        return Due(game_id, after, turn, False)
    return None


class Told:
    """The ``turn`` notices this process has written, per game (the newest game turn's seats),
    so that a decider going back and forth within one turn (every step of a battle) costs no
    statement after the first: the database would refuse the duplicate anyway. Bounded: a
    forgotten game only costs one more (refused) insert."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[int, set[int]]] = OrderedDict()

    def fresh(self, due: Due) -> bool:
        if due.over or due.seat is None:
            return True
        found = self._games.get(due.game_id)
        return found is None or found[0] != due.turn or due.seat not in found[1]

    def remember(self, due: Due) -> None:
        if due.over or due.seat is None:
            self._games.pop(due.game_id, None)
            return
        turn, seats = self._games.get(due.game_id, (due.turn, set()))
        if turn != due.turn:
            turn, seats = due.turn, set()
        seats.add(due.seat)
        self._games[due.game_id] = (turn, seats)
        self._games.move_to_end(due.game_id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)


def add_due(conn: Connection, due: Due, stamp: datetime) -> None:
    """The rows ``due`` calls for, in the caller's transaction (the action's own)."""
    if due.over:
        _add(conn, due.game_id, None, END, END, stamp, seats.c.game_id == due.game_id)
        cancel_reminders(conn, due.game_id)  # no deadline any more
    elif due.seat is not None:
        held = and_(seats.c.game_id == due.game_id, seats.c.seat == due.seat)
        dedupe = f"{TURN} {due.seat} {due.turn}"
        _add(conn, due.game_id, due.seat, TURN, dedupe, stamp, held)


def writer(due: Due, stamp: datetime) -> Callable[[Connection], None]:
    """:func:`add_due` as a write to run in the action's transaction, stamped with the
    action's own time (``rows.Progress.at``)."""
    return lambda conn: add_due(conn, due, stamp)


def schedule_reminders(
    conn: Connection,
    game_id: str,
    seat: int,
    deadline_at: datetime,
    allowance_seconds: float,
    *,
    stamp: datetime | None = None,
) -> int:
    """Reminders for the account holding ``seat`` that its deadline ``deadline_at`` nears: at
    half the allowance and one hour before it, those still in the future. The game's earlier
    reminders are dropped (a new deadline replaces the old one). Call it in the transaction
    that sets the deadline. Returns how many reminder times were scheduled."""
    stamp = stamp or now()
    cancel_reminders(conn, game_id)
    times = {
        deadline_at - timedelta(seconds=allowance_seconds / 2),
        deadline_at - REMINDER_BEFORE,
    }
    held = and_(seats.c.game_id == game_id, seats.c.seat == seat)
    future = sorted(t for t in times if t > stamp)
    for when in future:
        dedupe = f"{REMINDER} {seat} {int(when.timestamp())}"
        _add(conn, game_id, seat, REMINDER, dedupe, when, held, deadline_at, stamp)
    return len(future)


def remind_new_holder(conn: Connection, game_id: str, seat: int, stamp: datetime) -> int:
    """An account has just taken ``seat`` (a claim, the creator's own seat included): if the
    seat is the decider of a running correspondence game, its deadline's reminders, which
    nobody could be sent before the seat had an account. No ``turn`` notice: whoever takes
    a seat is looking at the game. Call it in the claim's transaction; how many reminder
    times were scheduled."""
    found = conn.execute(
        select(
            games.c.status,
            games.c.time_kind,
            games.c.time_seconds,
            games.c.deadline_seat,
            games.c.deadline_at,
        ).where(games.c.id == game_id)
    ).first()
    if (
        found is None
        or found.status != "running"
        or found.time_kind != "correspondence"
        or found.time_seconds is None
        or found.deadline_seat != seat
        or found.deadline_at is None
    ):
        return 0
    deadline = _utc(found.deadline_at)
    assert deadline is not None
    return schedule_reminders(conn, game_id, seat, deadline, found.time_seconds, stamp=stamp)


def cancel_reminders(conn: Connection, game_id: str) -> None:
    """Drop the game's reminders not sent yet (its deadline is gone)."""
    conn.execute(
        delete(outbox).where(
            outbox.c.game_id == game_id, outbox.c.kind == REMINDER, outbox.c.state == "pending"
        )
    )


def _add(
    conn: Connection,
    game_id: str,
    seat: int | None,
    kind: str,
    dedupe: str,
    due_at: datetime,
    held: ColumnElement[bool],
    deadline_at: datetime | None = None,
    stamp: datetime | None = None,
) -> None:
    """One row per account holding a seat that ``held`` selects, and per channel it has on,
    unless that notice is there already (the game's writes are serialised by its row, so the
    check cannot race with another write of the same game)."""
    for channel in CHANNELS:
        address, on = (
            (notice_settings.c.email, notice_settings.c.notify_email)
            if channel == "email"
            else (notice_settings.c.webhook, notice_settings.c.notify_webhook)
        )
        there = exists().where(
            outbox.c.game_id == game_id,
            outbox.c.dedupe == dedupe,
            outbox.c.channel == channel,
            outbox.c.account_id == seats.c.account_id,
        )
        rows = (
            select(
                seats.c.account_id,
                _value(game_id, outbox.c.game_id),
                _value(seat, outbox.c.seat),
                _value(kind, outbox.c.kind),
                _value(channel, outbox.c.channel),
                _value(dedupe, outbox.c.dedupe),
                _value(deadline_at, outbox.c.deadline_at),
                _value(due_at, outbox.c.due_at),
                literal(0),
                literal("pending"),
                _value(stamp or due_at, outbox.c.created_at),
            )
            .distinct()
            .join(notice_settings, notice_settings.c.account_id == seats.c.account_id)
            .where(held, on, address.is_not(None), ~there)
        )
        names = ["account_id", "game_id", "seat", "kind", "channel", "dedupe", "deadline_at"]
        names += ["due_at", "attempts", "state", "created_at"]
        conn.execute(insert(outbox).from_select(names, rows))


def _value(value: Any, column: Any) -> Any:
    return bindparam(None, value, type_=column.type)


# --- the sender's side -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claimed:
    """A row claimed for sending, with what it takes to send it, read at claim time."""

    id: int
    account_id: int
    account_name: str | None
    game_id: str
    seat: int | None
    seat_name: str | None
    kind: str
    channel: str
    attempts: int
    address: str | None  # the e-mail address or webhook URL, None if switched off since
    deadline_at: datetime | None
    stale: bool  # a reminder whose deadline is gone, or a turn the seat no longer has


async def any_due(conn: AsyncConnection, stamp: datetime) -> bool:
    """Is a row due? A read, so that an idle sender never takes SQLite's write lock."""
    query = select(outbox.c.id).where(outbox.c.state == "pending", outbox.c.due_at <= stamp)
    return (await conn.execute(query.limit(1))).first() is not None


def claim(conn: Connection, stamp: datetime, lease: timedelta, limit: int) -> list[Claimed]:
    """Up to ``limit`` due rows, each held for ``lease`` (its ``due_at`` moved on, so another
    process, or this one after a crash, takes it again only once the lease is over). On
    PostgreSQL ``FOR UPDATE SKIP LOCKED``: processes claiming at once take different rows."""
    ids = [
        r.id
        for r in conn.execute(
            select(outbox.c.id)
            .where(outbox.c.state == "pending", outbox.c.due_at <= stamp)
            .order_by(outbox.c.due_at)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
    ]
    if not ids:
        return []
    conn.execute(update(outbox).where(outbox.c.id.in_(ids)).values(due_at=stamp + lease))
    # The clocks' deadline column, where the schema has it (a reminder must still be for it).
    deadline = games.c.get("deadline_at")
    extra = [] if deadline is None else [deadline.label("game_deadline")]
    found = conn.execute(
        select(
            outbox,
            accounts.c.name.label("account_name"),
            games.c.status,
            games.c.to_move,
            seats.c.name.label("seat_name"),
            *extra,
        )
        .join(accounts, accounts.c.id == outbox.c.account_id)
        .join(games, games.c.id == outbox.c.game_id)
        .outerjoin(seats, and_(seats.c.game_id == outbox.c.game_id, seats.c.seat == outbox.c.seat))
        .outerjoin(notice_settings, notice_settings.c.account_id == outbox.c.account_id)
        .add_columns(
            notice_settings.c.email,
            notice_settings.c.webhook,
            notice_settings.c.notify_email,
            notice_settings.c.notify_webhook,
        )
        .where(outbox.c.id.in_(ids))
        .order_by(outbox.c.due_at)
    )
    return [_claimed(r._mapping) for r in found]


def _claimed(row: Any) -> Claimed:
    channel = row[outbox.c.channel]
    if channel == "email":
        address = row[notice_settings.c.email] if row[notice_settings.c.notify_email] else None
    else:
        address = row[notice_settings.c.webhook] if row[notice_settings.c.notify_webhook] else None
    kind = row[outbox.c.kind]
    seat = row[outbox.c.seat]
    deciding = row[games.c.status] == "running" and row[games.c.to_move] == seat
    stale = kind in (TURN, REMINDER) and not deciding
    if kind == REMINDER and not stale:
        # With the clocks' columns (games.deadline_at) the deadline must still be this one.
        current = row.get("game_deadline")
        stale = current is not None and _utc(current) != _utc(row[outbox.c.deadline_at])
    return Claimed(
        id=row[outbox.c.id],
        account_id=row[outbox.c.account_id],
        account_name=row["account_name"],
        game_id=row[outbox.c.game_id],
        seat=seat,
        seat_name=row["seat_name"],
        kind=kind,
        channel=channel,
        attempts=row[outbox.c.attempts],
        address=address,
        deadline_at=row[outbox.c.deadline_at],
        stale=stale,
    )


def _utc(stamp: datetime | None) -> datetime | None:
    if stamp is None or stamp.tzinfo is not None:
        return stamp
    return stamp.replace(tzinfo=UTC)  # SQLite gives naive datetimes back


def finish(
    conn: Connection,
    row_id: int,
    state: str,
    *,
    attempts: int,
    due_at: datetime,
    error: str | None = None,
    unsubscribe_hash: str | None = None,
) -> None:
    """Record what sending a claimed row came to: "sent", "dropped", "failed" (no more
    attempts), or "pending" again with the next attempt at ``due_at``."""
    values: dict[str, Any] = {"state": state, "attempts": attempts, "due_at": due_at}
    values["last_error"] = None if error is None else error[:200]
    if unsubscribe_hash is not None:
        values["unsubscribe_hash"] = unsubscribe_hash
    conn.execute(update(outbox).where(outbox.c.id == row_id).values(**values))


def purge(conn: Connection, stamp: datetime) -> int:
    """Forget finished rows older than :data:`KEEP_DAYS`."""
    done = outbox.c.state.in_(("sent", "failed", "dropped"))
    old = outbox.c.created_at < stamp - timedelta(days=KEEP_DAYS)
    return int(conn.execute(delete(outbox).where(done, old)).rowcount)


def forget_account(conn: Connection, account_id: int) -> None:
    """An account deleted: its address, webhook and notices go (personal data)."""
    conn.execute(delete(outbox).where(outbox.c.account_id == account_id))
    conn.execute(delete(notice_settings).where(notice_settings.c.account_id == account_id))


def rows_for(conn: Connection, game_id: str) -> Sequence[Any]:
    """The game's outbox rows, oldest first (for tests and inspection)."""
    return list(
        conn.execute(select(outbox).where(outbox.c.game_id == game_id).order_by(outbox.c.id))
    )
