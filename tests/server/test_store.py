"""Persistence: the migrations build the tables' schema; two writers of the same move never
both win; a second process sees the first one's moves; a damaged database is detected."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text

from tests.server.inproc import act, create, live, play_some, running, state
from tests.server.scripted import choose
from titan.engine.actions import Action
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.state import Options
from titan.play import play
from titan.server.config import normalise_db_url
from titan.server.db import MIGRATIONS, migrate, open_engine, transaction
from titan.server.lobby import SeatSpec
from titan.server.refusals import NotNow
from titan.server.service import GameService
from titan.server.store import Store
from titan.server.tables import metadata


def test_migrations_create_exactly_the_tables(db_url: str) -> None:
    async def diff() -> list[object]:
        engine = open_engine(normalise_db_url(db_url))
        try:
            await migrate(engine)
            await migrate(engine)  # idempotent: every start runs it

            def compare(conn: Connection) -> list[object]:
                return list(compare_metadata(MigrationContext.configure(conn), metadata))

            async with engine.connect() as conn:
                return await conn.run_sync(compare)
        finally:
            await engine.dispose()

    assert asyncio.run(diff()) == []


def _two_moves(seed: int) -> tuple[list[tuple[int, Action]], Action, Action]:
    """Actions to reach a point where one player has two legal choices such that the second
    is still legal after the first (two legions' moves, say)."""
    game = play(seed, 2, fight=False)
    replay = Game.new("default", game.seats, seed)
    for i, (player, action) in enumerate(game.actions):
        prompt = replay.prompt()
        for a in prompt.options:
            for b in prompt.options:
                if a != b and a.kind == b.kind == "move":
                    twin = replay.clone()
                    twin.act(player, a)
                    if twin.current_player() == player and twin.is_legal(b, player):
                        return list(game.actions[:i]), a, b
        replay.act(player, action)
    raise AssertionError("no such point")


def test_two_writers_of_one_move(db_url: str) -> None:
    """Two services (as two processes would) on one database, each with its own cached copy:
    of two moves computed from the same position, the second is stored after a retry against
    the new position, and a move that is no longer legal there is refused (409)."""

    async def scenario() -> None:
        url = normalise_db_url(db_url)
        engines = [open_engine(url), open_engine(url)]
        await migrate(engines[0])
        a, b = (GameService(Store(e)) for e in engines)
        try:
            created, _ = await a.create("default", [SeatSpec("Ann"), SeatSpec("Bob")], Options())
            gid = created.id
            prefix, first, second = _two_moves(created.seed)
            for player, action in prefix:
                await a.act(await a.live(gid), player, action)
            stale = await b.live(gid)  # b's copy, about to fall behind
            player = stale.game.current_player()
            await a.act(await a.live(gid), player, first)
            # b has not seen `first`: its write collides, it catches up and tries again.
            moved, n = await b.act(stale, player, second)
            assert n == len(prefix) + 1 and moved.version == len(prefix) + 2
            # Now a is behind: the same move again is no longer legal (moved already).
            try:
                await a.act(a.cached(gid) or await a.live(gid), player, second)
            except (NotNow, IllegalAction):
                pass  # moved on (409) or now against the rules (422)
            else:
                raise AssertionError("a move applied twice")
            # Simultaneous, on a new game: the same first choice from both, exactly one wins.
            race, _ = await a.create("default", [SeatSpec("Cy"), SeatSpec("Di")], Options())
            la, lb = await a.live(race.id), await b.live(race.id)
            decider = la.game.current_player()
            choice = la.game.prompt().options[0]
            results = await asyncio.gather(
                a.act(la, decider, choice), b.act(lb, decider, choice), return_exceptions=True
            )
            errors = [r for r in results if isinstance(r, BaseException)]
            assert len(errors) == 1 and isinstance(errors[0], NotNow), results
            final_a, final_b = await a.live(race.id), await b.live(race.id)
            assert final_a.version == final_b.version == 1
            assert final_a.digest == final_b.digest
        finally:
            for e in engines:
                await e.dispose()

    asyncio.run(scenario())


def test_a_second_server_on_the_same_database_sees_the_moves(db_url: str) -> None:
    """Two apps (as two processes) on one database, each with its own cache, reading and
    writing in turn; with PostgreSQL, a WebSocket on one is pushed the other's moves."""
    rng = random.Random(4)
    with running(db_url) as one, running(db_url) as two:
        game = create(one, ["Ann", "Bob"])
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        with two.websocket_connect(f"/api/games/{gid}/ws") as ws:
            assert ws.receive_json()["type"] == "state"
            for turn in range(10):
                client = (one, two)[turn % 2]  # alternate servers
                seat = state(client, gid)["view"]["deciding"]
                prompt = state(client, gid, tokens[seat])["prompt"]
                assert act(client, gid, tokens[seat], choose(prompt, rng)).status_code == 200
                if db_url.startswith("postgresql"):
                    # `one`'s moves reach `two` through NOTIFY: nothing else tells it.
                    pushed = ws.receive_json()
                    assert pushed["type"] == "update" and pushed["version"] == turn + 1
                elif client is two:  # SQLite: `two` learns of `one`'s moves when it reads
                    while (pushed := ws.receive_json())["version"] < turn + 1:
                        pass
                    assert pushed["version"] == turn + 1
        assert state(one, gid) == state(two, gid)
        assert live(one, gid).game.actions == live(two, gid).game.actions


def test_a_damaged_database_is_detected(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game = create(client, ["Ann", "Bob"])
        play_some(client, game, 6, random.Random(9))
        gid = game["id"]
    db = sqlite3.connect(tmp_path / "titan.db")
    with db:
        n, raw = db.execute(
            "SELECT n, action FROM actions WHERE game_id = ? AND action LIKE '%colour%' "
            "ORDER BY n LIMIT 1",
            (gid,),
        ).fetchone()
        action = json.loads(raw)
        action["colour"] = "Gold" if action["colour"] != "Gold" else "Red"
        db.execute(
            "UPDATE actions SET action = ? WHERE game_id = ? AND n = ?",
            (json.dumps(action), gid, n),
        )
    db.close()
    with running(tmp_path) as client:  # a fresh server: nothing cached, the log is replayed
        r = client.get(f"/api/games/{gid}/state")
        assert r.status_code == 500 and "damaged" in r.json()["error"], r.text
        assert "digest" not in r.text and "colour" not in r.text  # what failed is logged only
        assert client.get("/api/games").status_code == 200  # the rest of the server works


def test_upgrading_a_database_keeps_every_game(tmp_path: Path) -> None:
    """A database made by the first schema (0001), with a game, its seats and its actions,
    brought to the newest: nothing is lost (a table copied and dropped on SQLite would take
    the seats and actions with it through ON DELETE CASCADE)."""
    url = normalise_db_url(f"sqlite:///{tmp_path / 'old.db'}")

    def upgrade_to(connection: Connection, revision: str) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async def run() -> tuple[int, int, int, str]:
        engine = open_engine(url)
        try:
            async with transaction(engine) as conn:
                await conn.run_sync(upgrade_to, "0001")
                stamp = datetime.now(UTC)
                await conn.execute(
                    text(
                        "INSERT INTO games (id, variant, options, seed, status, version, digest,"
                        " to_move, winner, created_at, updated_at) VALUES ('g1', 'default',"
                        " '{}', 1, 'running', 2, 'd', 0, NULL, :t, :t)"
                    ),
                    {"t": stamp},
                )
                for seat in (0, 1):
                    await conn.execute(
                        text(
                            "INSERT INTO seats (game_id, seat, name, kind, level, token_hash,"
                            " claimed) VALUES ('g1', :s, :n, 'human', NULL, NULL, 0)"
                        ),
                        {"s": seat, "n": f"P{seat}"},
                    )
                for n in (0, 1):
                    await conn.execute(
                        text(
                            "INSERT INTO actions (game_id, n, player, action, created_at)"
                            " VALUES ('g1', :n, 0, '{}', :t)"
                        ),
                        {"n": n, "t": stamp},
                    )
            await migrate(engine)
            async with engine.connect() as conn:
                counts = [
                    (await conn.execute(text(f"SELECT count(*) FROM {t}"))).scalar_one()
                    for t in ("games", "seats", "actions")
                ]
                head = (
                    await conn.execute(text("SELECT version_num FROM alembic_version"))
                ).scalar_one()
            return counts[0], counts[1], counts[2], head
        finally:
            await engine.dispose()

    games, seats, actions, head = asyncio.run(run())
    assert (games, seats, actions) == (1, 2, 2)
    assert head == ScriptDirectory.from_config(_config()).get_current_head()


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config
