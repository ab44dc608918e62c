"""The clocks' statements (titan.server.clocks, titan.server.sweeper): reading a game's clock,
claiming an expired deadline, handing a seat to the computer or back, a seat's fallback.

Every write here is conditional, so that any number of processes may run them at once:
a deadline is claimed by one UPDATE that only hits a row whose deadline has passed, whose
version is still the one the deadline was set at, and which nobody else holds a live claim on;
the claim's consequences are written only while the claim is still the one made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Connection, func, literal_column, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.server.clocks import COMPUTER, REFUSING, Clock
from titan.server.rows import NOTIFY_CHANNEL, utc
from titan.server.store import Store
from titan.server.tables import games, seats


@dataclass(frozen=True, slots=True)
class Claim:
    """An expired deadline this process holds until ``until``."""

    game_id: str
    seat: int
    version: int
    until: datetime


async def read_clock(store: Store, game_id: str) -> Clock | None:
    query = select(games.c.deadline_seat, games.c.deadline_at).where(games.c.id == game_id)

    async def read(conn: AsyncConnection) -> Clock | None:
        found = (await conn.execute(query)).first()
        if found is None or found.deadline_seat is None or found.deadline_at is None:
            return None
        stamp = utc(found.deadline_at)
        assert stamp is not None
        return Clock(found.deadline_seat, stamp)

    return await store.read(read)


def _expired(at: datetime) -> list[ColumnElement[bool]]:
    return [
        games.c.status == "running",
        games.c.deadline_at <= at,
        games.c.version == games.c.deadline_version,
        or_(games.c.claimed_until.is_(None), games.c.claimed_until <= at),
    ]


async def expired(store: Store, at: datetime, limit: int) -> list[tuple[str, int, int]]:
    """Games whose deadline has passed and nobody holds: (id, seat, version), oldest first."""
    query = (
        select(games.c.id, games.c.deadline_seat, games.c.version)
        .where(*_expired(at))
        .order_by(games.c.deadline_at)
        .limit(limit)
    )

    async def read(conn: AsyncConnection) -> list[tuple[str, int, int]]:
        return [(r.id, r.deadline_seat, r.version) for r in await conn.execute(query)]

    return await store.read(read)


async def claim(
    store: Store, game_id: str, seat: int, version: int, at: datetime, lease: float
) -> Claim | None:
    """Claim the game's expired deadline (one conditional UPDATE): the claim, or None if
    it is not (or no longer) expired and free: acted on, moved on, or claimed by another."""
    until = at + timedelta(seconds=lease)
    statement = (
        update(games)
        .where(
            games.c.id == game_id,
            games.c.version == version,
            games.c.deadline_seat == seat,
            *_expired(at),
        )
        .values(claimed_until=until)
    )
    hit = await store.transact(lambda conn: conn.execute(statement).rowcount == 1)
    return Claim(game_id, seat, version, until) if hit else None


def _notify_seats(conn: Connection, store: Store, game_id: str) -> None:
    """Tell the other processes (PostgreSQL) that a seat changed: they read the seats again."""
    if store.postgres:
        notice = f"{store.origin} {game_id} seats"
        conn.execute(select(func.pg_notify(literal_column(f"'{NOTIFY_CHANNEL}'"), notice)))


def _still_claimed(taken: Claim) -> tuple[ColumnElement[bool], ...]:
    """The game row while ``taken`` is still this process's claim and the game has not moved."""
    return (
        games.c.id == taken.game_id,
        games.c.version == taken.version,
        games.c.deadline_seat == taken.seat,
        games.c.claimed_until == taken.until,
    )


async def hand_over(store: Store, taken: Claim, level: str | None) -> bool:
    """The timeout's computer fallback: the seat's controller becomes the computer and the
    clock stops, in one transaction, only while ``taken`` is still this process's claim and
    the game has not moved. True if it was written."""
    stop = (
        update(games)
        .where(*_still_claimed(taken))
        .values(deadline_at=None, deadline_seat=None, deadline_version=None, claimed_until=None)
    )

    def write(conn: Connection) -> bool:
        if conn.execute(stop).rowcount != 1:
            return False
        _set_controller(conn, taken.game_id, taken.seat, COMPUTER, level)
        _notify_seats(conn, store, taken.game_id)
        return True

    return await store.transact(write)


async def refuse(store: Store, taken: Claim) -> bool:
    """The timeout's "withdraw" fallback: the seat's controller becomes :data:`REFUSING` for
    the rest of the game, only while ``taken`` is still this process's claim and the game has
    not moved. The expired deadline and the claim stay: should this process die before the
    refusals are played, another one claims the deadline once the lease is over and plays
    them. True if it was written."""
    held = (
        update(games)
        .where(*_still_claimed(taken))
        .values(claimed_until=taken.until)  # changes nothing: checks the claim, locks the row
    )

    def write(conn: Connection) -> bool:
        if conn.execute(held).rowcount != 1:
            return False
        _set_controller(conn, taken.game_id, taken.seat, REFUSING, None)
        _notify_seats(conn, store, taken.game_id)
        return True

    return await store.transact(write)


class SeatRefusing(Exception):
    """A hand-over lost the race with the seat's timeout, which made it refuse: the write is
    undone (raised, since it has written the game row already)."""


def _set_controller(
    conn: Connection, game_id: str, seat: int, controller: str, level: str | None
) -> bool:
    """The seat's controller, unless it refuses to go on (a timeout that stands)."""
    found = conn.execute(
        update(seats)
        .where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.controller != REFUSING)
        .values(controller=controller, controller_level=level)
    )
    return bool(found.rowcount == 1)


async def set_controller(
    store: Store,
    game_id: str,
    seat: int,
    controller: str,
    level: str | None,
    version: int,
    clock: Clock | None,
    then: Callable[[Connection], None] | None = None,
) -> bool:
    """A person hands their seat to the computer or takes it back, and the game's clock
    becomes ``clock`` (stopped, or started for the seat taken back), in one transaction with
    ``then`` (the clock's reminders), provided the game is still at ``version`` and the seat
    does not refuse to go on. True if written; raises :class:`SeatRefusing` if it refuses."""
    move = (
        update(games)
        .where(games.c.id == game_id, games.c.version == version, games.c.status == "running")
        .values(
            deadline_at=None if clock is None else clock.deadline,
            deadline_seat=None if clock is None else clock.seat,
            deadline_version=None if clock is None else version,
            claimed_until=None,
        )
    )

    def write(conn: Connection) -> bool:
        if conn.execute(move).rowcount != 1:
            return False
        if not _set_controller(conn, game_id, seat, controller, level):
            raise SeatRefusing(game_id, seat)  # undoes the clock written above
        if then is not None:
            then(conn)
        _notify_seats(conn, store, game_id)
        return True

    return await store.transact(write)


async def set_fallback(store: Store, game_id: str, seat: int, then: str, level: str | None) -> None:
    statement = (
        update(seats)
        .where(seats.c.game_id == game_id, seats.c.seat == seat)
        .values(fallback=then, fallback_level=level)
    )

    def write(conn: Connection) -> None:
        conn.execute(statement)
        _notify_seats(conn, store, game_id)

    await store.transact(write)
