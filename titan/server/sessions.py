"""The session cookie, the CSRF token, and the middleware that tells the rate limits who is
asking (docs/architecture.md, "Accounts and sessions").

A login's session id (256 random bits) travels only in the ``titan_session`` cookie:
HttpOnly (no script reads it), SameSite=Lax (other sites' requests other than a top-level
navigation go without it), Secure when the request came over https, Path=/. The database keeps
its SHA-256, never the id.

CSRF: every write authenticated by the cookie must carry the session's CSRF token in
``X-CSRF-Token``. The token is derived from the session id (SHA-256 under another label), so
it needs no storage, differs per session, and cannot be computed from what the database holds;
``GET /api/account`` gives it to the page. Another site can make a browser send the cookie,
but cannot read the token or set that header (a cross-origin custom header needs a CORS
preflight, which this server never grants). Requests authenticated by a seat's bearer token
need none: browsers never add a bearer token by themselves.

:class:`AccountAuth` (outside the rate limits) reads the cookie and puts the account's id in
the ASGI scope (``scope["titan.account"]``), so that ``ratelimit.client_key`` counts a
logged-in person as one client on every device and address. It consults a short cache
(:class:`titan.server.accounts.SessionCache`) so that a logged-in browser's game requests cost
no database read each; a session ended in this process leaves the cache at once, one ended in
another process within CACHE_SECONDS. Only the rate-limit key can be that stale: every account
route checks the session in the database itself (:meth:`Accounts.account`)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Awaitable, Callable
from http.cookies import SimpleCookie

from starlette.types import ASGIApp, Receive, Scope, Send

from titan.server.accounts import SessionCache, session_hash
from titan.server.ratelimit import ACCOUNT

COOKIE = "titan_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32)


def csrf_token(session_id: str) -> str:
    """The session's CSRF token: a hash of the id under its own label (not the stored hash,
    so that reading the database does not give it)."""
    digest = hashlib.sha256(b"titan csrf\0" + session_id.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def csrf_ok(session_id: str, sent: str | None) -> bool:
    return sent is not None and hmac.compare_digest(csrf_token(session_id), sent.strip())


def cookie_session(header: str | None) -> str | None:
    """The session id in a Cookie header, if it has one of our shape (anything else is no
    session, and costs no database read)."""
    if not header or COOKIE not in header:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except Exception:  # a malformed Cookie header: as if there were none
        return None
    morsel = jar.get(COOKIE)
    value = None if morsel is None else morsel.value
    return value if value is not None and SESSION_ID.fullmatch(value) else None


Lookup = Callable[[str], Awaitable[int | None]]  # session hash -> account id (the database)


class AccountAuth:
    """ASGI middleware: ``scope["titan.account"]`` = the logged-in account's id, or None."""

    def __init__(
        self, app: ASGIApp, cache: SessionCache, lookup: Callable[[], Lookup | None]
    ) -> None:
        self.app = app
        self.cache = cache
        self.lookup = lookup  # None before start-up

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            scope[ACCOUNT] = await self._account(scope)
        await self.app(scope, receive, send)

    async def _account(self, scope: Scope) -> int | None:
        header = None
        for key, value in scope.get("headers", ()):
            if key == b"cookie":
                header = value.decode("latin-1")
                break
        session_id = cookie_session(header)
        lookup = self.lookup()
        if session_id is None or lookup is None:
            return None
        id_hash = session_hash(session_id)
        found, account_id = self.cache.get(id_hash)
        if not found:
            account_id = await lookup(id_hash)
            self.cache.put(id_hash, account_id)
        return account_id
