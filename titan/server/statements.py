"""The statements on the store's hot paths, built once, with their values as bound
parameters: building them and computing their cache keys on every request was a tenth of the
server's CPU (docs/architecture.md, "Hot paths"). :mod:`titan.server.store` runs them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, func, insert, literal_column, select, update

from titan.server.rows import NOTIFY_CHANNEL
from titan.server.tables import actions, games, seats

VERSION = select(games.c.version, games.c.digest).where(games.c.id == bindparam("game_id"))
ACTIONS = (
    select(actions.c.n, actions.c.player, actions.c.action)
    .where(
        actions.c.game_id == bindparam("game_id"),
        actions.c.n >= bindparam("start"),
        actions.c.n < bindparam("stop"),
    )
    .order_by(actions.c.n)
)
# The game row moves on only from the version and digest the action was computed from.
MOVE = (
    update(games)
    .where(
        games.c.id == bindparam("game_id"),
        games.c.version == bindparam("n"),
        games.c.digest == bindparam("before"),
    )
    .values(
        version=bindparam("new_version"),
        digest=bindparam("new_digest"),
        to_move=bindparam("to_move"),
        status=bindparam("status"),
        winner=bindparam("winner"),
        updated_at=bindparam("stamp"),
        # The clock this action starts (titan.server.clocks), in the same write; a claim on
        # the old one lapses with it.
        deadline_at=bindparam("deadline_at"),
        deadline_seat=bindparam("deadline_seat"),
        deadline_version=bindparam("new_version"),
        claimed_until=None,
    )
)
LOG = insert(actions).values(
    game_id=bindparam("game_id"),
    n=bindparam("n"),
    player=bindparam("player"),
    action=bindparam("action"),
    created_at=bindparam("stamp"),
)


def _pg_append() -> Any:
    """PostgreSQL: move the game row on, insert the action only if the row moved, and NOTIFY
    only if the action was inserted, in one statement, which yields a row if it stored."""
    moved = MOVE.returning(games.c.id).cte("moved")
    logged = (
        insert(actions)
        .from_select(
            ["game_id", "n", "player", "action", "created_at"],
            select(
                moved.c.id,
                bindparam("n", type_=actions.c.n.type),
                bindparam("player", type_=actions.c.player.type),
                bindparam("action", type_=actions.c.action.type),
                bindparam("stamp", type_=actions.c.created_at.type),
            ),
        )
        .returning(actions.c.n)
        .cte("logged")
    )
    notify = func.pg_notify(literal_column(f"'{NOTIFY_CHANNEL}'"), bindparam("notice"))
    return select(notify).select_from(logged)


PG_APPEND = _pg_append()
# An imported game's action log, rows of (game_id, n, player, action JSON text, created_at).
LOG_ROWS = {
    "sqlite": "INSERT INTO actions (game_id, n, player, action, created_at) VALUES (?, ?, ?, ?, ?)",
    "postgresql": "INSERT INTO actions (game_id, n, player, action, created_at) "
    "VALUES (%s, %s, %s, CAST(%s AS JSON), %s)",
}
CLAIM = (
    update(seats)
    .where(seats.c.game_id == bindparam("claim_game"), seats.c.seat == bindparam("claim_seat"))
    .where(~seats.c.claimed)
    .values(claimed=True)
)
