"""Every database statement about accounts: the accounts themselves, their sessions, the seats
that belong to them and the tokens of those seats (``seat_keys``).

Writes go through the game store's transactions (:meth:`Store._transact`: SQLite's group
commit, one writer; a transaction of PostgreSQL's own), so they must report expected outcomes
(a name taken, a seat owned by another account) by what they return, never by raising: an
exception in a group commit rolls back the writes committed beside it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from sqlalchemy import ColumnElement, Row, and_, bindparam, delete, exists, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.server import outbox
from titan.server.rows import GameRow, now
from titan.server.store import Store
from titan.server.tables import account_sessions, accounts, games, seat_keys, seats

DELETED_NAME = "deleted player"  # what a deleted account's name reads as, everywhere


@dataclass(frozen=True, slots=True)
class AccountRow:
    id: int
    name: str
    password_hash: str
    created_at: datetime


class Claim(Enum):
    DONE = "done"  # the seat is the account's now (or was already)
    OTHER = "other"  # it belongs to another account
    STALE = "stale"  # the token no longer holds it (rotated meanwhile)
    SECOND = "second"  # a rated game, and the account holds another of its seats


@dataclass(frozen=True, slots=True)
class OwnedGame:
    row: GameRow
    mine: list[int]  # the account's seats in it
    owners: list[str | None]  # each seat's account name (DELETED_NAME), None: a link only


class AccountStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        insert = pg_insert if store.postgres else sqlite_insert
        self._register = (
            insert(accounts)
            .on_conflict_do_nothing(index_elements=[accounts.c.name_key])
            .returning(accounts.c.id)
        )
        keep = insert(seat_keys)
        self._keep_token = keep.on_conflict_do_update(
            index_elements=[seat_keys.c.game_id, seat_keys.c.seat],
            set_={"token": keep.excluded.token},
        )

    # --- accounts --------------------------------------------------------------------------------

    async def register(self, name: str, name_key: str, password_hash: str) -> int | None:
        """The new account's id; None if the name (case-folded) is taken."""
        values = {
            "name": name,
            "name_key": name_key,
            "password_hash": password_hash,
            "created_at": now(),
        }

        def write(conn: Connection) -> int | None:
            found = (conn.execute(self._register, values)).first()
            return None if found is None else int(found[0])

        return await self.store.transact(write)

    async def by_name(self, name_key: str) -> AccountRow | None:
        return await self._one(accounts.c.name_key == name_key)

    async def by_id(self, account_id: int) -> AccountRow | None:
        return await self._one(accounts.c.id == account_id)

    async def _one(self, where: ColumnElement[bool]) -> AccountRow | None:
        query = select(accounts).where(where, accounts.c.deleted_at.is_(None))

        async def read(conn: AsyncConnection) -> AccountRow | None:
            m = (await conn.execute(query)).first()
            if m is None:
                return None
            return AccountRow(m.id, m.name, m.password_hash, _aware(m.created_at))

        return await self.store._reading(read)

    async def set_password(
        self, account_id: int, old_hash: str, new_hash: str, keep_session: str | None
    ) -> bool:
        """Replace the hash if it is still ``old_hash`` (two changes at once: one wins); with
        ``keep_session`` (an id hash), every other session of the account ends with it. A
        rehash on login passes the session it is about to create as None and keeps them all."""
        change = (
            update(accounts)
            .where(accounts.c.id == account_id, accounts.c.password_hash == old_hash)
            .values(password_hash=new_hash)
        )
        others = delete(account_sessions).where(
            account_sessions.c.account_id == account_id,
            account_sessions.c.id_hash != (keep_session or ""),
        )

        def write(conn: Connection) -> bool:
            if (conn.execute(change)).rowcount != 1:
                return False
            if keep_session is not None:
                conn.execute(others)
            return True

        return await self.store.transact(write)

    async def delete(self, account_id: int) -> None:
        """The account becomes a tombstone (no name, no password: the name is free again);
        its sessions end and its seats' tokens are dropped from the keychain. Its seats keep
        pointing at it, and read as DELETED_NAME."""
        tombstone = (
            update(accounts)
            .where(accounts.c.id == account_id)
            .values(name=None, name_key=None, password_hash=None, deleted_at=now())
        )
        keys = delete(seat_keys).where(
            exists().where(
                seats.c.game_id == seat_keys.c.game_id,
                seats.c.seat == seat_keys.c.seat,
                seats.c.account_id == account_id,
            )
        )

        def write(conn: Connection) -> None:
            conn.execute(tombstone)
            conn.execute(
                delete(account_sessions).where(account_sessions.c.account_id == account_id)
            )
            conn.execute(keys)
            outbox.forget_account(conn, account_id)  # its address, webhook and notices

        await self.store.transact(write)

    # --- sessions --------------------------------------------------------------------------------

    async def new_session(self, id_hash: str, account_id: int, expires: datetime) -> None:
        """A session, and the account's expired ones swept away."""
        stamp = now()

        def write(conn: Connection) -> None:
            conn.execute(
                delete(account_sessions).where(
                    account_sessions.c.account_id == account_id,
                    account_sessions.c.expires_at < stamp,
                )
            )
            conn.execute(
                account_sessions.insert().values(
                    id_hash=id_hash, account_id=account_id, created_at=stamp, expires_at=expires
                )
            )

        await self.store.transact(write)

    async def sweep(self) -> int:
        """Remove every expired session (at start-up: an account that never logs in again
        would keep its old ones for ever); how many went."""
        old = delete(account_sessions).where(account_sessions.c.expires_at < now())

        def write(conn: Connection) -> int:
            return int((conn.execute(old)).rowcount)

        return await self.store.transact(write)

    async def session(self, id_hash: str) -> tuple[int, datetime] | None:
        """The account and expiry of a live session (not expired, account not deleted)."""
        query = (
            select(account_sessions.c.account_id, account_sessions.c.expires_at)
            .join(accounts, accounts.c.id == account_sessions.c.account_id)
            .where(
                account_sessions.c.id_hash == id_hash,
                account_sessions.c.expires_at > now(),
                accounts.c.deleted_at.is_(None),
            )
        )

        async def read(conn: AsyncConnection) -> tuple[int, datetime] | None:
            found = (await conn.execute(query)).first()
            return None if found is None else (int(found[0]), _aware(found[1]))

        return await self.store._reading(read)

    async def renew(self, id_hash: str, expires: datetime) -> None:
        renew = (
            update(account_sessions)
            .where(account_sessions.c.id_hash == id_hash)
            .values(expires_at=expires)
        )

        def write(conn: Connection) -> None:
            conn.execute(renew)

        await self.store.transact(write)

    async def end_session(self, id_hash: str) -> None:
        end = delete(account_sessions).where(account_sessions.c.id_hash == id_hash)

        def write(conn: Connection) -> None:
            conn.execute(end)

        await self.store.transact(write)

    # --- seats -----------------------------------------------------------------------------------

    async def claim(
        self, account_id: int, game_id: str, seat: int, token_hash: str, token: str
    ) -> Claim:
        """The seat becomes the account's, provided ``token`` (whose hash is ``token_hash``)
        still holds it and no other account owns it; its token is kept for the owner."""
        take = (
            update(seats)
            .where(
                seats.c.game_id == game_id,
                seats.c.seat == seat,
                seats.c.token_hash == token_hash,
                (seats.c.account_id.is_(None)) | (seats.c.account_id == account_id),
            )
            .values(account_id=account_id, claimed=True)
        )
        held = select(seats.c.token_hash).where(seats.c.game_id == game_id, seats.c.seat == seat)
        # Rated games: one seat per account, checked under the game row's lock so that two
        # claims in two processes cannot both pass (SQLite writes one transaction at a time).
        rated = select(games.c.rated).where(games.c.id == game_id).with_for_update()
        other = select(seats.c.seat).where(
            seats.c.game_id == game_id, seats.c.account_id == account_id, seats.c.seat != seat
        )

        def write(conn: Connection) -> Claim:
            if conn.execute(rated).scalar() and conn.execute(other.limit(1)).first() is not None:
                return Claim.SECOND
            if (conn.execute(take)).rowcount != 1:
                current = (conn.execute(held)).scalar()
                return Claim.OTHER if current == token_hash else Claim.STALE
            conn.execute(self._keep_token, {"game_id": game_id, "seat": seat, "token": token})
            outbox.remind_new_holder(conn, game_id, seat, now())  # its deadline, if it decides
            return Claim.DONE

        return await self.store.transact(write)

    async def seat_tokens(self, account_id: int, game_id: str) -> list[tuple[int, str, str, str]]:
        """The account's seats in a game with their kept tokens: (seat, name, token, the
        seat's current token hash, to check the token against)."""
        query = (
            select(seats.c.seat, seats.c.name, seat_keys.c.token, seats.c.token_hash)
            .join(
                seat_keys,
                and_(seat_keys.c.game_id == seats.c.game_id, seat_keys.c.seat == seats.c.seat),
            )
            .where(seats.c.game_id == game_id, seats.c.account_id == account_id)
            .order_by(seats.c.seat)
        )

        async def read(conn: AsyncConnection) -> list[tuple[int, str, str, str]]:
            return [(r.seat, r.name, r.token, r.token_hash) for r in await conn.execute(query)]

        return await self.store._reading(read)

    async def games(self, account_id: int, limit: int) -> list[OwnedGame]:
        """The games the account has seats in, most recently active first."""
        ids = (
            select(games.c.id)
            .where(games.c.id.in_(select(seats.c.game_id).where(seats.c.account_id == account_id)))
            .order_by(games.c.updated_at.desc())
            .limit(limit)
        )
        owners = (
            select(seats.c.game_id, seats.c.seat, seats.c.account_id, accounts.c.name)
            .join(accounts, accounts.c.id == seats.c.account_id)
            .where(seats.c.game_id.in_(bindparam("ids", expanding=True)))
        )

        async def read(conn: AsyncConnection) -> tuple[list[str], list[Row[Any]]]:
            found = [r.id for r in await conn.execute(ids)]
            return found, list(await conn.execute(owners, {"ids": found}))

        found, owned = await self.store._reading(read)
        by_game: dict[str, dict[int, tuple[int, str]]] = {}
        for r in owned:
            by_game.setdefault(r.game_id, {})[r.seat] = (r.account_id, r.name or DELETED_NAME)
        out = []
        for row in await self.store.games_by_id(found):
            seat_owners = by_game.get(row.id, {})
            mine = [n for n, (owner, _) in seat_owners.items() if owner == account_id]
            names = [seat_owners[s.seat][1] if s.seat in seat_owners else None for s in row.seats]
            out.append(OwnedGame(row, sorted(mine), names))
        return out


def _aware(stamp: datetime) -> datetime:
    # SQLite hands back naive datetimes; they were written in UTC.
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
