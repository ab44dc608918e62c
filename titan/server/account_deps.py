"""What routes that act for an account depend on (FastAPI dependencies): the accounts, the
logged-in account (its session cookie, checked in the database), and a logged-in write
(the session's CSRF token in ``X-CSRF-Token``, :mod:`titan.server.sessions`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from fastapi.requests import HTTPConnection

from titan.server.accounts import Accounts
from titan.server.accountstore import AccountRow
from titan.server.refusals import NoCsrf
from titan.server.sessions import CSRF_HEADER, cookie_session, csrf_ok


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


async def logged_in(connection: HTTPConnection, accs: AccountsDep) -> LoggedIn:
    """The account whose session cookie came, checked in the database (NotLoggedIn: 401)."""
    session_id = cookie_session(connection.headers.get("cookie"))
    account, id_hash = await accs.account(session_id)
    assert session_id is not None  # accs.account refuses None
    return LoggedIn(account, session_id, id_hash)


async def writer(
    connection: HTTPConnection, who: Annotated[LoggedIn, Depends(logged_in)]
) -> LoggedIn:
    """A logged-in account's write: the session's CSRF token must come as X-CSRF-Token
    (NoCsrf: 403), or it may be another site's page making the browser send the cookie."""
    if not csrf_ok(who.session_id, connection.headers.get(CSRF_HEADER)):
        raise NoCsrf(f"this needs the session's CSRF token in {CSRF_HEADER} (GET /api/account)")
    return who


Reader = Annotated[LoggedIn, Depends(logged_in)]
Writer = Annotated[LoggedIn, Depends(writer)]
