"""What routes that act for an account depend on (FastAPI dependencies): the accounts, the
logged-in account (its session cookie, checked in the database), and a logged-in write
(the session's CSRF token in ``X-CSRF-Token``, :mod:`titan.server.sessions`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from fastapi.requests import HTTPConnection
from fastapi.security import APIKeyCookie, APIKeyHeader

from titan.server.accounts import Accounts
from titan.server.accountstore import AccountRow
from titan.server.refusals import NoCsrf
from titan.server.sessions import COOKIE, CSRF_HEADER, SESSION_ID, csrf_ok


async def accounts(connection: HTTPConnection) -> Accounts:
    """The running server's accounts (``app.state.accounts``)."""
    found: Accounts = connection.app.state.accounts
    return found


AccountsDep = Annotated[Accounts, Depends(accounts)]


@dataclass(frozen=True, slots=True)
class LoggedIn:
    account: AccountRow
    session_id: str  # the cookie's value (for the CSRF token), never stored
    id_hash: str  # how the session is stored


# In /openapi.json: the session cookie and the CSRF header, as the schemes they are.
SESSION = APIKeyCookie(
    name=COOKIE,
    auto_error=False,
    description="The session a login opened (POST /api/account/login). HttpOnly: a page's "
    "scripts never see it; the browser sends it.",
)
CSRF = APIKeyHeader(
    name=CSRF_HEADER,
    auto_error=False,
    description="The session's CSRF token (GET /api/account), needed on every write the "
    "session cookie authenticates.",
)


async def logged_in(
    accs: AccountsDep, session: Annotated[str | None, Depends(SESSION)]
) -> LoggedIn:
    """The account whose session cookie came, checked in the database (NotLoggedIn: 401)."""
    session_id = session if session is not None and SESSION_ID.fullmatch(session) else None
    account, id_hash = await accs.account(session_id)
    assert session_id is not None  # accs.account refuses None
    return LoggedIn(account, session_id, id_hash)


async def writer(
    who: Annotated[LoggedIn, Depends(logged_in)], csrf: Annotated[str | None, Depends(CSRF)]
) -> LoggedIn:
    """A logged-in account's write: the session's CSRF token must come as X-CSRF-Token
    (NoCsrf: 403), or it may be another site's page making the browser send the cookie."""
    if not csrf_ok(who.session_id, csrf):
        raise NoCsrf(f"this needs the session's CSRF token in {CSRF_HEADER} (GET /api/account)")
    return who


async def account_writer(connection: HTTPConnection, accs: Accounts) -> LoggedIn:
    """:func:`writer` for a route that needs an account only sometimes (POST /api/games with
    seats marked ``mine``)."""
    who = await logged_in(accs, connection.cookies.get(COOKIE))
    return await writer(who, connection.headers.get(CSRF_HEADER))


Reader = Annotated[LoggedIn, Depends(logged_in)]
Writer = Annotated[LoggedIn, Depends(writer)]
