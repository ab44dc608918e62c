"""Accounts: registering a name and password, logging in and out, changing the password,
deleting the account; the sessions a login opens; claiming seats into an account and handing
an owned seat's token back to its owner. The HTTP side is :mod:`titan.server.account_api`,
the SQL :mod:`titan.server.accountstore`, the cookie and CSRF :mod:`titan.server.sessions`.

Passwords are hashed with Argon2id (argon2-cffi), in a worker thread (the C code releases the
GIL) and at most :data:`HASHING_AT_ONCE` at a time, since each hash takes 19 MiB and a core
for a moment; a stored hash made with other parameters is replaced at the next login. A login
with an unknown name still verifies a hash, so that the answer takes as long as a wrong
password's and says the same."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from titan.server.accountstore import DELETED_NAME, AccountRow, AccountStore, Claim
from titan.server.config import Settings
from titan.server.live import LiveGame, hash_token
from titan.server.lobby import MAX_NAME, check_name
from titan.server.refusals import Invalid, NotASeat, NotLoggedIn, Taken
from titan.server.rows import now

MIN_PASSWORD = 10  # characters: NIST SP 800-63B asks at least 8; a passphrase is better
MAX_PASSWORD = 1024  # characters: hashing is linear in the length; nobody types more
HASHING_AT_ONCE = 2  # password hashes computed at once, per process (the machine's cores)
WRONG_LOGIN = "wrong name or password"
CACHE_SECONDS = 30.0  # how long the middleware trusts a session it has looked up
MAX_CACHED = 10_000  # sessions it remembers


@dataclass(frozen=True, slots=True)
class Session:
    """A login: the session id (the cookie's value, never stored) and its account."""

    id: str
    account_id: int
    expires: datetime


def session_hash(session_id: str) -> str:
    """How a session is stored: the SHA-256 of its id (a database read gives no cookie)."""
    return hashlib.sha256(session_id.encode("ascii")).hexdigest()


class SessionCache:
    """Session hash -> account id (None: no such session), for CACHE_SECONDS, in memory."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._entries: OrderedDict[str, tuple[int | None, float]] = OrderedDict()

    def get(self, id_hash: str) -> tuple[bool, int | None]:
        """(found, account id) while fresh."""
        entry = self._entries.get(id_hash)
        if entry is None or self.clock() - entry[1] > CACHE_SECONDS:
            return False, None
        return True, entry[0]

    def put(self, id_hash: str, account_id: int | None) -> None:
        self._entries.pop(id_hash, None)
        self._entries[id_hash] = (account_id, self.clock())
        while len(self._entries) > MAX_CACHED:
            self._entries.popitem(last=False)

    def drop_account(self, account_id: int) -> None:
        for key in [k for k, (a, _) in self._entries.items() if a == account_id]:
            del self._entries[key]

    def drop(self, id_hash: str) -> None:
        self._entries.pop(id_hash, None)


def name_key(name: str) -> str:
    """The form in which two names are the same name: NFKC, case-folded ("Ann", "ANN" and
    "ａｎｎ" are one)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def check_account_name(name: str, path: str = "name") -> str:
    """An account name follows the seats' rules (:func:`titan.server.lobby.check_name`),
    is not blank, is not what a deleted account reads as, and does not pass for a rated
    computer level (``computer:LEVEL``)."""
    check_name(name, path)
    name = name.strip()
    if not name:
        raise Invalid("a name may not be blank", path=path)
    if name_key(name) == name_key(DELETED_NAME):
        raise Invalid(f"{DELETED_NAME!r} is what deleted accounts are called", path=path)
    if name_key(name).startswith("computer:"):  # the rated computer levels' names (ratings)
        raise Invalid("names beginning 'computer:' are the computer players'", path=path)
    return name


def check_password(password: str, path: str = "password") -> None:
    if len(password) < MIN_PASSWORD:
        raise Invalid(f"a password has at least {MIN_PASSWORD} characters", path=path)
    if len(password) > MAX_PASSWORD:
        raise Invalid(f"a password has at most {MAX_PASSWORD} characters", path=path)
    if _surrogates(password):
        raise Invalid("a password may not hold lone surrogates", path=path)


def _surrogates(text: str) -> bool:
    # JSON may escape them ("\ud800"); UTF-8 cannot hold them, nor can the database.
    return any(unicodedata.category(c) == "Cs" for c in text)


def _bytes(password: str) -> bytes:
    # Never refused here: a lone surrogate (which registering refuses) just matches nothing.
    return password.encode("utf-8", "surrogatepass")


class Passwords:
    """Argon2id hashing off the event loop, a few at a time."""

    def __init__(self, time_cost: int, memory_kib: int) -> None:
        # One lane (parallelism 1): a hash is one thread, so HASHING_AT_ONCE bounds the cores.
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=1)
        self._slots = asyncio.Semaphore(HASHING_AT_ONCE)
        self._dummy: str | None = None  # verified against for unknown names

    async def hash(self, password: str) -> str:
        async with self._slots:
            return await asyncio.to_thread(self.hasher.hash, _bytes(password))

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; with None (no such account) a hash is
        verified all the same, so the answer takes as long."""
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_urlsafe(16))
            stored = self._dummy
        async with self._slots:
            try:
                return await asyncio.to_thread(self.hasher.verify, stored, _bytes(password))
            except (VerificationError, InvalidHashError):
                return False

    def outdated(self, stored: str) -> bool:
        return self.hasher.check_needs_rehash(stored)


class Accounts:
    def __init__(self, store: AccountStore, settings: Settings, cache: SessionCache) -> None:
        self.store = store
        self.passwords = Passwords(settings.password_time_cost, settings.password_memory_kib)
        self.lifetime = timedelta(days=settings.session_days)
        # The middleware's (titan.server.sessions): sessions that end leave it at once.
        self.cache = cache

    async def session_account(self, id_hash: str) -> int | None:
        """The account of a live session (for the middleware), or None."""
        found = await self.store.session(id_hash)
        return None if found is None else found[0]

    async def register(self, name: str, password: str) -> tuple[AccountRow, Session]:
        name = check_account_name(name)
        check_password(password)
        stored = await self.passwords.hash(password)
        account_id = await self.store.register(name, name_key(name), stored)
        if account_id is None:
            raise Taken(f"the name {name!r} is taken (names are the same whatever their case)")
        account = AccountRow(account_id, name, stored, now())
        return account, await self._open(account_id)

    async def login(self, name: str, password: str) -> tuple[AccountRow, Session]:
        """Raises NotLoggedIn with one message for an unknown name and a wrong password."""
        account = None
        if 0 < len(name.strip()) <= MAX_NAME and not _surrogates(name):
            account = await self.store.by_name(name_key(name.strip()))
        stored = None if account is None else account.password_hash
        ok = await self.passwords.verify(stored, password)
        if account is None or not ok:
            raise NotLoggedIn(WRONG_LOGIN)
        if self.passwords.outdated(account.password_hash):
            # Parameters raised since this hash was made: the password is at hand now only.
            fresh = await self.passwords.hash(password)
            await self.store.set_password(account.id, account.password_hash, fresh, None)
        return account, await self._open(account.id)

    async def account(self, session_id: str | None) -> tuple[AccountRow, str]:
        """The logged-in account and its session's hash, checked in the database now (not
        the middleware's cache); renews a session past half its life. Raises NotLoggedIn."""
        if not session_id:
            raise NotLoggedIn("not logged in")
        id_hash = session_hash(session_id)
        found = await self.store.session(id_hash)
        account = None if found is None else await self.store.by_id(found[0])
        if found is None or account is None:
            raise NotLoggedIn("not logged in (or the login has expired)")
        if found[1] - now() < self.lifetime / 2:
            await self.store.renew(id_hash, now() + self.lifetime)
        return account, id_hash

    async def logout(self, id_hash: str) -> None:
        await self.store.end_session(id_hash)
        self.cache.drop(id_hash)

    async def change_password(self, account: AccountRow, id_hash: str, old: str, new: str) -> None:
        """Needs the old password; every other session of the account ends."""
        check_password(new, "new_password")
        if not await self.passwords.verify(account.password_hash, old):
            raise NotLoggedIn("the old password is wrong")
        fresh = await self.passwords.hash(new)
        if not await self.store.set_password(account.id, account.password_hash, fresh, id_hash):
            raise NotLoggedIn("the password was changed meanwhile; log in again")
        self.cache.drop_account(account.id)

    async def delete(self, account: AccountRow, password: str) -> None:
        """Needs the password. The games stay; the account's name reads DELETED_NAME in them,
        and is free for anyone to register."""
        if not await self.passwords.verify(account.password_hash, password):
            raise NotLoggedIn("the password is wrong")
        await self.store.delete(account.id)
        self.cache.drop_account(account.id)

    async def claim(self, account: AccountRow, live: LiveGame, token: str) -> int:
        """The seat ``token`` holds in ``live`` becomes the account's; its seat number."""
        seat = live.seat_for(token)
        if seat is None:
            raise NotASeat("this token holds no seat in this game")
        outcome = await self.store.claim(account.id, live.id, seat, hash_token(token), token)
        if outcome is Claim.OTHER:
            raise Taken("this seat belongs to another account")
        if outcome is Claim.SECOND:
            raise Taken("an account holds one seat of a rated game at most (rated games)")
        if outcome is Claim.STALE:
            raise NotASeat("this seat's link was replaced meanwhile; use the newest link")
        return seat

    async def seat_tokens(self, account: AccountRow, game_id: str) -> list[tuple[int, str, str]]:
        """The account's seats in a game and their tokens: (seat, name, token)."""
        rows = await self.store.seat_tokens(account.id, game_id)
        # A token that no longer matches its seat's hash would open nothing: left out.
        return [(seat, name, token) for seat, name, token, h in rows if hash_token(token) == h]

    async def _open(self, account_id: int) -> Session:
        session = Session(secrets.token_urlsafe(32), account_id, now() + self.lifetime)
        await self.store.new_session(session_hash(session.id), account_id, session.expires)
        return session
