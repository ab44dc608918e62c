"""The ASGI application: :func:`create_app` wires the database, the game service, the pub/sub
hub, the computer seats and (with PostgreSQL) the NOTIFY listener, and mounts the routes.

Start-up order matters: the schema is migrated before anything reads it, LISTEN is in place
before the first request (no action can go unnoticed), and games left waiting for a computer
seat (by a crash or a restart) are resumed."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from titan.server import (
    account_api,
    api,
    api_clocks,
    api_social,
    errors,
    estimate,
    musters,
    notice_api,
    openapi,
    ratings_api,
    replay,
    web,
    ws,
)
from titan.server.accounts import Accounts, SessionCache
from titan.server.accountstore import AccountStore
from titan.server.bots import BotDriver, BotPool
from titan.server.chat import Chat
from titan.server.chatstore import ChatStore
from titan.server.config import Settings, default_db_url, libpq_dsn, normalise_db_url
from titan.server.db import migrate, open_engine
from titan.server.deps import Server
from titan.server.headers import SecurityHeaders
from titan.server.hub import Hub
from titan.server.limits import BodyLimit
from titan.server.notify import NotifyListener
from titan.server.ratelimit import SHARED, DatabaseBuckets, MemoryBuckets, RateLimit
from titan.server.rates import KINDS
from titan.server.rematch import Rematches
from titan.server.sender import Sender
from titan.server.service import GameService
from titan.server.sessions import AccountAuth
from titan.server.store import Store
from titan.server.sweeper import Sweeper

log = logging.getLogger("titan.server")

IMPORT_PATH = "/api/games/import"


def create_app(db: Settings | str | None = None) -> FastAPI:
    """The server for a database URL (``sqlite:///PATH`` or ``postgresql://...``; default
    ``TITAN_DB`` or SQLite in the user's data directory) or for complete :class:`Settings`."""
    settings = (
        db if isinstance(db, Settings) else Settings(normalise_db_url(db or default_db_url()))
    )

    buckets: dict[str, MemoryBuckets | DatabaseBuckets] = {}  # filled at start-up
    sessions = SessionCache()  # the accounts' and the middleware's
    accounts: list[Accounts] = []  # set at start-up

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = open_engine(settings.db_url)
        store = Store(engine)
        shared, local = DatabaseBuckets(store), MemoryBuckets()
        buckets.update({kind: shared if kind in SHARED else local for kind in KINDS})
        listener: NotifyListener | None = None
        bots: BotDriver | None = None
        chat: Chat | None = None
        sweeper: Sweeper | None = None
        sender: Sender | None = None
        try:
            await migrate(engine)
            service = GameService(store, settings.cache_size, limits=settings.limits)
            hub = Hub()
            pool = BotPool(settings.bot_pool, settings.bot_workers)
            bots = BotDriver(service, pool, settings.bot_timeout)
            chat = Chat(ChatStore(store), hub.publish)
            rematches = Rematches(service, hub.publish)
            service.offload = pool.run
            service.watchers += [hub, bots, chat]
            service.keep = hub.is_watched
            service.on_seats = hub.publish
            service.on_joined = lambda live, seat: chat.announce(live, seat, "joined")
            sweeper = Sweeper(
                service, bots, chat, every=settings.clock_sweep, lease=settings.clock_lease
            )
            app.state.titan = Server(settings, service, hub, bots, chat, rematches, sweeper)
            app.state.accounts = Accounts(AccountStore(store), settings, sessions)
            app.state.login_buckets = shared
            accounts.append(app.state.accounts)
            sender = Sender(store, settings.notices)  # notices: the outbox's sender task
            service.on_notices = sender.wake
            app.state.sender = sender
            await app.state.accounts.store.sweep()
            if store.postgres:

                async def refresh_watched() -> None:
                    for game_id in hub.watched():
                        await service.live(game_id)
                        await service.seats_changed(game_id)  # a token replaced meanwhile
                        chat.remote(game_id)  # lines said meanwhile
                        await rematches.remote(game_id)

                async def remote_chat(game_id: str) -> None:
                    chat.remote(game_id)

                listener = NotifyListener(
                    libpq_dsn(settings.db_url),
                    store.origin,
                    service.remote_advance,
                    refresh_watched,
                    service.seats_changed,
                    {"chat": remote_chat, "rematch": rematches.remote},
                )
                await listener.start()
            for game_id in await store.waiting_for_bots():
                bots.kick(game_id)
            sweeper.start()  # deadlines passed while no process ran are handled now
            sender.start()
            if settings.announce:
                print(settings.announce, flush=True)
            yield
        finally:
            if sweeper is not None:
                await sweeper.close()
            if sender is not None:
                await sender.stop()
            if listener is not None:
                await listener.stop()
            if bots is not None:
                await bots.close()
            if chat is not None:
                await chat.close()
            await store.close()
            await engine.dispose()

    app = FastAPI(
        title="Titan",
        version="1",
        lifespan=lifespan,
        docs_url="/docs",
        redoc_url=None,
    )
    errors.install(app)
    openapi.install(app)
    app.include_router(api.router)
    app.include_router(replay.router)
    app.include_router(account_api.router)
    app.include_router(notice_api.router)
    app.include_router(api_social.router)
    app.include_router(api_clocks.router)
    app.include_router(ratings_api.router)
    app.include_router(ws.router)
    app.include_router(web.router)
    app.include_router(musters.router)
    app.include_router(estimate.router)
    app.mount("/static", web.static_files(), name="static")
    app.add_middleware(
        BodyLimit,
        limit_for=lambda path: (
            settings.max_import_body if path == IMPORT_PATH else settings.max_body
        ),
    )
    app.add_middleware(RateLimit, rates=lambda: settings.limits.rates, buckets=buckets.get)
    # Outside the rate limits, which key a logged-in client by its account.
    app.add_middleware(
        AccountAuth,
        cache=sessions,
        lookup=lambda: accounts[0].session_account if accounts else None,
    )
    app.add_middleware(SecurityHeaders)  # the outermost: also on the others' refusals
    return app
