"""Per-client rate limits: token buckets keyed by the client's address, answered ``429`` with
``Retry-After`` when empty.

Each kind of request has its own bucket per client: ``create`` (new games, rematches
included), ``import`` (records), ``act`` (actions), ``chat`` (chat lines), ``login`` (every
request that computes a password hash), ``write`` (every other request that may change
something: notification settings, unsubscribing, seats, a seat's new link, removing a game,
logging out) and ``read`` (GET, HEAD and OPTIONS requests, and WebSocket connections).
A bucket holds up to ``burst`` requests and refills at ``burst / seconds`` a second, so a
client may do ``burst`` at once and then ``burst`` per ``seconds`` for ever.

Where the state lives, and why that is enough:
- ``create``, ``import``, ``chat`` and ``login`` buckets are rows of the database
  (``rate_buckets``), so every server process on one PostgreSQL shares them: these are the
  requests that cost storage and CPU for good, and a client spread over several processes by
  a proxy still gets one budget.
  One short write per such request, refused or not, taken as the request's headers arrive
  (before its body): on SQLite it joins the store's group commit, since a transaction of
  its own would wait for SQLite's one write lock against the actions' commits and pay a
  sync of its own (300 slow-body connections knocking on ``POST /api/games`` made the
  ordinary players' actions wait seconds that way).
- ``act``, ``write`` and ``read`` buckets are kept in each process's memory: they are the hot
  path or cheap (a database write per read would double the database's work), and what they
  protect is that process's own event loop. Behind a proxy spreading requests over N
  processes, a client gets at most N times the budget in all, each process still serving
  everyone else.

The client is the logged-in account, when :class:`titan.server.sessions.AccountAuth` (outside
this middleware) found one, else the connection's address as uvicorn reports it, which honours
X-Forwarded-For only from the trusted proxies (``--forwarded-allow-ips``); IPv6 clients are
grouped by their /64 network, which one host can fill with addresses (docs/architecture.md,
"Limits and identity"). ``login`` (every request that computes a password hash) is keyed so
too, and the login route adds a bucket per account name (titan.server.account_api)."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping

from sqlalchemy import Float, bindparam, func
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from starlette.types import ASGIApp, Receive, Scope, Send

from titan.server.rates import Rate
from titan.server.store import Store
from titan.server.tables import rate_buckets

SHARED = frozenset({"create", "import", "chat", "login"})  # in the database; others per process
ACCOUNT = "titan.account"  # the scope key where titan.server.sessions puts the account's id
REFUSAL_DELAY = 1.0  # seconds a refused request waits for its 429 (at most its Retry-After)
MAX_MEMORY_KEYS = 100_000  # buckets a process keeps; the least recently used go first


def client_key(scope: Scope) -> str:
    """The logged-in account (``account:ID``), else the client's address (an IPv6 one as its
    /64 network): one budget per person across devices, and many people behind one address
    (a school, a carrier's NAT) are not one client."""
    account = scope.get(ACCOUNT)
    if account is not None:
        return f"account:{account}"
    client = scope.get("client")
    host = client[0] if client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class MemoryBuckets:
    """Buckets in this process's memory, at most MAX_MEMORY_KEYS of them."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    async def take(self, key: str, rate: Rate) -> int:
        """0 if the request may go ahead, else seconds to wait (see :func:`_after`)."""
        now = self.clock()
        tokens, then = self._buckets.pop(key, (float(rate.burst), now))
        elapsed = max(0.0, now - then)
        tokens = max(-rate.burst, min(rate.burst, tokens + elapsed * rate.per_second) - 1.0)
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > MAX_MEMORY_KEYS:
            self._buckets.popitem(last=False)
        return _after(tokens, rate)


class DatabaseBuckets:
    """Buckets as rows of ``rate_buckets``, taken from in one statement (an upsert), so that
    two processes taking from one bucket at once both count."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock  # wall time: shared by the processes, unlike monotonic clocks
        postgres = store.postgres
        least, greatest = (func.least, func.greatest) if postgres else (func.min, func.max)
        insert = pg_insert if postgres else sqlite_insert
        burst = bindparam("burst", type_=Float)
        per_second = bindparam("per_second", type_=Float)
        now = bindparam("now", type_=Float)
        elapsed = greatest(0.0, now - rate_buckets.c.updated)
        refilled = least(burst, rate_buckets.c.tokens + elapsed * per_second)
        new = insert(rate_buckets).values(key=bindparam("key"), tokens=burst - 1.0, updated=now)
        self._take = new.on_conflict_do_update(
            index_elements=[rate_buckets.c.key],
            set_={"tokens": greatest(-burst, refilled - 1.0), "updated": now},
        ).returning(rate_buckets.c.tokens)

    async def take(self, key: str, rate: Rate) -> int:
        """0 if the request may go ahead, else seconds to wait (see :func:`_after`)."""
        params = {
            "key": key,
            "burst": float(rate.burst),
            "per_second": rate.per_second,
            "now": self.clock(),
        }
        tokens = await self.store.write_one(self._take, params)
        return _after(float(tokens), rate)


def _after(tokens: float, rate: Rate) -> int:
    """A bucket that holds ``tokens`` after a request took one: the request went ahead if
    that left 0 or more, otherwise it is refused for the seconds until one whole token is
    back. Every request takes a token, refused or not (down to ``-burst``): a client that
    keeps knocking while refused waits longer, up to one whole refill."""
    return 0 if tokens >= 0 else max(1, math.ceil((1.0 - tokens) / rate.per_second))


Buckets = MemoryBuckets | DatabaseBuckets


class RateLimit:
    """ASGI middleware: the request's kind, the client's bucket, 429 when it is empty."""

    def __init__(
        self,
        app: ASGIApp,
        rates: Callable[[], Mapping[str, Rate]],
        buckets: Callable[[str], Buckets | None],
    ) -> None:
        self.app = app
        self.rates = rates  # the limits in force (settings)
        self.buckets = buckets  # kind -> where its buckets live; None before start-up

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        kind = request_kind(scope)
        rate = self.rates().get(kind)
        buckets = self.buckets(kind)
        if rate is not None and buckets is not None:
            wait = await buckets.take(f"{kind}:{client_key(scope)}", rate)
            if wait:
                await _refuse(scope, send, kind, wait)
                return
        await self.app(scope, receive, send)


# Every request that computes a password hash (Argon2: memory and a core for a moment).
PASSWORD_PATHS = frozenset(
    {"/api/account/register", "/api/account/login", "/api/account/password", "/api/account"}
)


READS = frozenset({"GET", "HEAD", "OPTIONS"})  # the methods that change nothing


def request_kind(scope: Scope) -> str:
    path: str = scope["path"]
    if path in PASSWORD_PATHS and scope["type"] == "http" and scope["method"] != "GET":
        return "login"
    if scope["type"] == "http" and scope["method"] == "POST":
        if path == "/api/games":
            return "create"
        if path == "/api/games/import":
            return "import"
        if path.startswith("/api/games/"):
            if path.endswith("/actions"):
                return "act"
            if path.endswith(("/chat", "/control", "/fallback")):
                # A hand-over writes a line into the game's chat (clocks, issue 20), and a
                # person changes these a few times a game: the chat's budget is plenty.
                return "chat"
            if path.endswith("/rematch"):
                return "create"  # it creates a game
    if scope["type"] == "http" and scope["method"] not in READS:
        # Every other request that may write (notification settings, unsubscribe, seats,
        # a new seat link, removing a game, logging out) is not a read: a flood of them
        # would be a flood of database writes at the generous read rate.
        return "write"
    return "read"


async def _refuse(scope: Scope, send: Send, kind: str, wait: int) -> None:
    # The answer is held back a moment: a client that waits for its answers before asking
    # again (as a flooder's connections do) is slowed to a few requests a second, instead of
    # costing this process hundreds of refusals a second; one that heeds Retry-After never
    # notices. Holding a request costs a sleeping coroutine, not CPU.
    await asyncio.sleep(min(float(wait), REFUSAL_DELAY))
    if scope["type"] == "websocket":
        # Closing before accepting: the client's handshake gets 403 from uvicorn.
        await send({"type": "websocket.close", "code": 4429, "reason": "too many requests"})
        return
    body = json.dumps(
        {
            "error": f"too many {kind} requests from this client: try again in {wait} s",
            "rule": None,
            "path": None,
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(wait).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
