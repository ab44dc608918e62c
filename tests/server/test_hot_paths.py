"""The cheap paths keep the guarantees: acting on a cached copy that is behind the database
(refused only once the database confirms the position), group commit on SQLite (each write
its own answer, one failing write sinking none of the others), PostgreSQL connections that
die between requests (no ping before use: the statement finds out and is run again), and
notifications a process ignores (its own) or acts on (another's, with the digest)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import Connection, event, func, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError

from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.engine.events import Event
from titan.engine.game import Game
from titan.engine.state import Options
from titan.server import store as store_module
from titan.server.config import normalise_db_url
from titan.server.db import migrate, open_engine, sqlite_writer
from titan.server.groupcommit import GroupCommit
from titan.server.live import LiveGame
from titan.server.lobby import SeatSpec
from titan.server.notify import NotifyListener
from titan.server.refusals import NotNow
from titan.server.rows import Notice
from titan.server.service import GameService
from titan.server.store import Conflict, Store
from titan.server.tables import actions

SEATS = [SeatSpec("Ann"), SeatSpec("Bob")]


def services(db_url: str, count: int, body: Callable[[list[GameService]], Awaitable[None]]) -> None:
    """Run ``body`` with ``count`` services on one database, each with an engine (a pool)
    and a cache of its own, as so many server processes would have."""

    async def scenario() -> None:
        url = normalise_db_url(db_url)
        engines = [open_engine(url) for _ in range(count)]
        await migrate(engines[0])
        made = [GameService(Store(e)) for e in engines]
        try:
            await body(made)
        finally:
            for s in made:
                await s.store.close()
            for e in engines:
                await e.dispose()

    asyncio.run(scenario())


async def first_option(service: GameService, live: LiveGame) -> tuple[LiveGame, int]:
    player = live.game.current_player()
    return await service.act(live, player, live.game.prompt().options[0])


def test_an_action_on_a_stale_copy_is_judged_on_the_current_position(db_url: str) -> None:
    """B's copy is behind: A has played, and the turn has passed. The next player's action,
    sent to B, is out of turn (or illegal) on B's copy, but B finds out that its copy is
    behind, catches up and accepts it; an action that is refused on a current copy is
    refused with the same answer as before (409 out of turn, 422 illegal)."""

    async def body(made: list[GameService]) -> None:
        a, b = made
        created, _ = await a.create("default", SEATS, Options())
        gid = created.id
        stale = await b.live(gid)
        live = await a.live(gid)
        first = live.game.current_player()
        while live.game.current_player() == first:  # until the turn passes
            live, _ = await first_option(a, live)
        assert stale.version < live.version and stale.game.current_player() == first
        mover = live.game.current_player()
        action = live.game.prompt().options[0]
        earlier = stale.game.prompt().options  # (b's copy is caught up in place)
        moved, n = await b.act(stale, mover, action)  # out of turn on b's copy, as it was
        assert n == live.version and moved.version == live.version + 1
        assert (await a.live(gid)).digest == moved.digest
        # On a current copy the refusals are what they always were: out of turn (409), and
        # an action the rules refuse (422).
        deciding = moved.game.current_player()
        with pytest.raises(NotNow, match="not your turn"):
            await b.act(moved, 1 - deciding, moved.game.prompt().options[0])
        illegal = next(o for o in earlier if not moved.game.is_legal(o, deciding))
        with pytest.raises(IllegalAction):
            await b.act(moved, deciding, illegal)
        assert (await b.store.version(gid)) == (moved.version, moved.digest)

    services(db_url, 2, body)


def test_an_action_is_played_once_and_a_failed_write_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy an action is tried on becomes the cached game once the action is stored: the
    engine plays each accepted action once. If the write fails, the copy is dropped: the
    cached game, its version, digest and what every seat is sent are exactly as before."""

    async def body(made: list[GameService]) -> None:
        (svc,) = made
        created, _ = await svc.create("default", SEATS, Options())
        live = await svc.live(created.id)
        played: list[Action] = []
        real_act = Game.act

        def counted(game: Game, player: int, action: Action) -> list[Event]:
            played.append(action)
            return real_act(game, player, action)

        monkeypatch.setattr(Game, "act", counted)
        player, action = live.game.current_player(), live.game.prompt().options[0]
        live, n = await svc.act(live, player, action)
        assert played == [action] and n == 0 and live.game.actions == [(player, action)]

        def everything() -> tuple[object, ...]:
            sent = [live.snapshot(seat) for seat in (None, 0, 1)]
            return live.game, live.version, live.digest, list(live.marks), sent

        before = everything()
        game_before = live.game.state.copy()

        async def broken(*args: object) -> None:
            raise OperationalError("INSERT INTO actions ...", {}, Exception("disk I/O error"))

        monkeypatch.setattr(svc.store, "append", broken)
        with pytest.raises(OperationalError):
            await first_option(svc, live)
        assert everything() == before and live.game.state == game_before
        monkeypatch.undo()
        live, n = await first_option(svc, live)  # and the same action is taken afterwards
        assert n == 1 and await svc.store.version(live.id) == (2, live.digest)

    services(f"sqlite:///{tmp_path / 'once.db'}", 1, body)


def test_an_append_must_extend_the_log_it_was_computed_from(db_url: str) -> None:
    """The write is conditional on the version and the digest: a writer whose copy has the
    right length but another history (a database restored from a copy, say) conflicts."""

    async def body(made: list[GameService]) -> None:
        (svc,) = made
        created, _ = await svc.create("default", SEATS, Options())
        live = await svc.live(created.id)
        player = live.game.current_player()
        action = live.game.prompt().options[0]
        after = live.trial(player, action).progress
        with pytest.raises(Conflict):
            await svc.store.append(
                live.id, 0, "sha256:" + "0" * 64, player, wire.encode(action), after
            )
        with pytest.raises(Conflict):
            await svc.store.append(live.id, 1, live.digest, player, wire.encode(action), after)
        assert await svc.store.version(live.id) == (0, live.digest)
        await svc.store.append(live.id, 0, live.digest, player, wire.encode(action), after)
        assert await svc.store.version(live.id) == (1, after.digest)
        assert [(n, p) for n, p, _ in await svc.store.actions(live.id, 0, 1)] == [(0, player)]

    services(db_url, 1, body)


# --- SQLite: group commit -------------------------------------------------------------------------


def test_group_commit_gives_each_write_its_own_answer(tmp_path: Path) -> None:
    """Writes queued while a commit is under way share the next transaction; a write that
    fails (a duplicate key here) fails alone, and the others in its batch are kept."""

    async def scenario() -> None:
        engine = open_engine(normalise_db_url(f"sqlite:///{tmp_path / 'g.db'}"))
        await migrate(engine)
        store = Store(engine)
        writer = sqlite_writer(engine)
        group = GroupCommit(writer)
        try:
            created, _ = await GameService(store).create("default", SEATS, Options())
            gid = created.id
            transactions = 0

            def count(*_: object) -> None:
                nonlocal transactions
                transactions += 1

            event.listen(writer, "commit", count)

            def add(n: int) -> Callable[[Connection], int]:
                def write(conn: Connection) -> int:
                    conn.execute(
                        insert(actions).values(
                            game_id=gid, n=n, player=0, action={}, created_at=func.now()
                        )
                    )
                    return n

                return write

            ns = [0, 1, 2, 3, 2, 4, 5]  # the second 2 collides with the first
            results = await asyncio.gather(*(group.run(add(n)) for n in ns), return_exceptions=True)
            assert results[:4] == [0, 1, 2, 3] and results[5:] == [4, 5]
            assert isinstance(results[4], IntegrityError)
            async with engine.connect() as conn:
                stored = (
                    await conn.execute(select(actions.c.n).where(actions.c.game_id == gid))
                ).all()
            assert sorted(r.n for r in stored) == [0, 1, 2, 3, 4, 5]
            # One batch failed and was redone one by one: at most 1 + 7 commits, not 7 + 7.
            assert transactions <= len(ns) + 1

            # Many writers at once: far fewer transactions than writes.
            transactions = 0
            many = await asyncio.gather(*(group.run(add(n)) for n in range(10, 60)))
            assert many == list(range(10, 60))
            assert transactions < 10, transactions
        finally:
            await group.close()
            await store.close()
            await engine.dispose()

    asyncio.run(scenario())


def test_acting_on_sqlite_under_load_keeps_every_game_consistent(tmp_path: Path) -> None:
    """Many games acting at once go through shared transactions; each game's log, version and
    digest agree with a fresh replay."""

    async def body(made: list[GameService]) -> None:
        (svc,) = made
        lives = [(await svc.create("default", SEATS, Options()))[0] for _ in range(12)]

        async def play(live: LiveGame) -> None:
            for _ in range(15):
                live, _ = await first_option(svc, live)

        await asyncio.gather(*(play(live) for live in lives))
        fresh = GameService(svc.store)
        for live in lives:
            loaded = await fresh.live(live.id)  # replayed from the log, digest checked
            assert loaded.version == live.version == 15
            assert loaded.game.actions == live.game.actions
            # The copies adopted action by action are the game a replay builds.
            assert loaded.marks == live.marks
            for seat in (None, 0, 1):
                assert loaded.snapshot(seat) == live.snapshot(seat)

    services(f"sqlite:///{tmp_path / 'load.db'}", 1, body)


def test_a_long_import_on_sqlite_is_written_in_chunks_and_shown_only_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long log is written a chunk to a transaction (SQLite's one writer is never held
    long), the game hidden until the last chunk is in; a chunk that fails removes the game."""
    monkeypatch.setattr(store_module, "LOG_CHUNK", 10)
    game = Game.new("default", ["Ann", "Bob"], seed=3)
    while len(game.actions) < 35:
        game.act(game.current_player(), game.prompt().options[0])

    async def body(made: list[GameService]) -> None:
        (svc,) = made
        assert svc.store._group is not None
        commits = 0

        def count(*_: object) -> None:
            nonlocal commits
            commits += 1

        event.listen(svc.store._group.engine, "commit", count)
        row, _ = await svc.import_record(game.save(), None)
        assert commits == 1 + 4 + 1  # the hidden game, 4 chunks, the game shown
        assert [g.id for g in await svc.store.recent(10)] == [row.id]
        loaded = await svc.live(row.id)  # replayed from the log, digest checked
        assert loaded.version == 35 and loaded.game.actions == game.actions

        log = [(p, json.dumps(wire.encode(a))) for p, a in game.actions]
        log[25] = (None, log[25][1])  # type: ignore[assignment]  # NOT NULL: the 3rd chunk fails
        broken = dataclasses.replace(row, id="broken")
        with pytest.raises(IntegrityError):
            await svc.store.create(broken, log)
        assert await svc.store.version("broken") is None
        assert [g.id for g in await svc.store.recent(10)] == [row.id]

    services(f"sqlite:///{tmp_path / 'import.db'}", 1, body)


# --- PostgreSQL: no ping, notifications -----------------------------------------------------------


def terminate_connections(pg_url: str) -> int:
    """Close every other session on this database, as a PostgreSQL restart would."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_connections_lost_between_requests_are_replaced(pg_url: str) -> None:
    """With no ping before each checkout, the first statement on a dead pooled connection
    fails: reads and writes are run again on a fresh connection, and nothing is lost or
    applied twice."""

    async def body(made: list[GameService]) -> None:
        (svc,) = made
        created, _ = await svc.create("default", SEATS, Options())
        gid = created.id
        live = await svc.live(gid)
        live, _ = await first_option(svc, live)
        assert terminate_connections(pg_url) >= 1
        assert (await svc.live(gid)).version == 1  # a read on a dead connection
        assert terminate_connections(pg_url) >= 1
        live, n = await first_option(svc, live)  # a write on a dead connection
        assert n == 1 and await svc.store.version(gid) == (2, live.digest)
        assert terminate_connections(pg_url) >= 1
        again, _ = await svc.create("default", SEATS, Options())  # a transaction
        assert await svc.store.version(again.id) == (0, again.digest)
        assert len(await svc.store.actions(gid, 0, 10)) == 2

    services(pg_url, 1, body)


def test_a_lost_reply_to_a_stored_action_counts_as_stored(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The append commits but its connection dies before the reply: the store looks the game
    up, finds its own action there (the digest names it) and reports it stored, once."""

    async def body(made: list[GameService]) -> None:
        (svc,) = made
        created, _ = await svc.create("default", SEATS, Options())
        live = await svc.live(created.id)
        store = svc.store
        real = store._single

        async def commit_then_lose_the_reply(params: dict[str, Any]) -> bool:
            assert await real(params)
            terminate_connections(pg_url)
            async with store.engine.connect() as conn:  # a dead connection: invalidated
                await conn.execute(select(1))
            raise AssertionError("the dead connection answered")

        monkeypatch.setattr(store, "_single", commit_then_lose_the_reply)
        live, n = await first_option(svc, live)
        monkeypatch.setattr(store, "_single", real)
        assert n == 0 and await store.version(live.id) == (1, live.digest)
        assert len(await store.actions(live.id, 0, 10)) == 1

    services(pg_url, 1, body)


def test_notifications_of_ones_own_actions_are_ignored() -> None:
    seen: list[tuple[str, int, str]] = []

    async def on_action(game_id: str, version: int, digest: str) -> None:
        seen.append((game_id, version, digest))

    async def nothing() -> None:
        pass

    async def scenario() -> None:
        listener = NotifyListener("postgresql://unused", "me", on_action, nothing)
        listener._dispatch(Notice("me", "g1", 3, "sha256:aa").payload())
        listener._dispatch(Notice("other", "g1", 4, "sha256:bb").payload())
        listener._dispatch("g1:5")  # not ours: ignored, with a warning
        await asyncio.sleep(0)
        await listener.stop()

    asyncio.run(scenario())
    assert seen == [("g1", 4, "sha256:bb")]
    assert Notice.parse(Notice("o", "g", 12, "sha256:x").payload()) == Notice(
        "o", "g", 12, "sha256:x"
    )


def test_another_process_s_notification_is_caught_up_without_asking_the_version(
    pg_url: str,
) -> None:
    """remote_advance reads only the missing actions (the notice carries the digest)."""

    async def body(made: list[GameService]) -> None:
        a, b = made
        created, _ = await a.create("default", SEATS, Options())
        gid = created.id
        held = await b.live(gid)
        live = await a.live(gid)
        for _ in range(3):
            live, _ = await first_option(a, live)

        async def no_version(game_id: str) -> tuple[int, str] | None:
            raise AssertionError("remote_advance asked for the version")

        b.store.version = no_version  # type: ignore[method-assign]
        await b.remote_advance(gid, live.version, live.digest)
        assert held.version == live.version and held.digest == live.digest
        assert held.game.actions == live.game.actions

    services(pg_url, 2, body)
