"""Rated games in the database: each rated player's rating and totals, written in the
transaction that records a rated game's end, and read back for the leaderboard, a player's
profile and a game's dice.

A rated player is an account (``account:ID``: its name may change, or go when the account is
deleted, and its results stay) or a computer level (``computer:LEVEL``, see
:mod:`titan.server.ratings`). The places come from the game's history
(:func:`titan.engine.summary.places`), the dice from its public events
(:func:`titan.engine.summary.dice_tallies`): nothing here needs the engine's state.

Who is rated is read inside the ending transaction (the seats' accounts as they are then, not
as a process's cache last saw them). A human seat that belongs to no account is not rated (a
rated game lets none act: :func:`check_rated_seat`, but one may never have acted, withdrawn
by its clock, say): the others are rated by their places among themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.dice.fairness import Fairness, fairness
from titan.engine.game import Game
from titan.engine.summary import FACES, DiceTally, dice_tallies, places, scores
from titan.server.accounts import check_account_name, name_key
from titan.server.accountstore import DELETED_NAME
from titan.server.live import LiveGame
from titan.server.lobby import _iso
from titan.server.ratings import Rating, computer, rate
from titan.server.refusals import Invalid, NotASeat
from titan.server.store import Store
from titan.server.tables import accounts, games, rated_results, ratings, seats

DELETED = DELETED_NAME


def account_key(account_id: int) -> str:
    return f"account:{account_id}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a finished game says about each seat, read off its history before the write."""

    places: tuple[int, ...]
    scores: tuple[int, ...]
    tallies: tuple[DiceTally, ...]


def outcome(game: Game) -> Outcome | None:
    """The places, scores and dice of a finished game (None while it goes on)."""
    players = len(game.state.players)
    found = places(game.history, players)
    if found is None:
        return None
    final = scores(game.history)
    tallies = dice_tallies(game.history, players)
    return Outcome(found, tuple(final.get(p, 0) for p in range(players)), tuple(tallies))


def finisher(live: LiveGame, game: Game, at: datetime) -> Callable[[Connection], None] | None:
    """For the action that ends a rated game (``game`` is the game after it, taken at ``at``):
    the write that rates it, to run in the transaction that stores the action. None for an
    unrated game or one that goes on."""
    if not live.rated or not game.state.over:
        return None
    result = outcome(game)
    if result is None:
        return None
    game_id = live.id
    levels = [s.level if s.kind == "bot" else None for s in live.seats]

    def write(conn: Connection) -> None:
        rate_game(conn, game_id, levels, result, at)

    return write


def rate_game(
    conn: Connection,
    game_id: str,
    levels: Sequence[str | None],
    result: Outcome,
    stamp: datetime,
) -> None:
    """Rate one finished game in the caller's transaction: each seat's player, the ratings
    before (rows locked on PostgreSQL, in key order, so two games ending at once that share a
    player, a computer level say, neither lose an update nor deadlock), after, and totals."""
    owned = select(seats.c.seat, seats.c.account_id).where(seats.c.game_id == game_id)
    owners = {r.seat: r.account_id for r in conn.execute(owned)}
    keys: dict[int, str] = {}
    for seat, level in enumerate(levels):
        if level is not None:
            keys[seat] = computer(level)
        elif owners.get(seat) is not None:
            keys[seat] = account_key(owners[seat])
    players = sorted(set(keys.values()))
    if len(players) < 2:
        return  # nobody to be rated against
    _ensure(conn, players, {k: owners[s] for s, k in keys.items() if levels[s] is None}, stamp)
    locked = (
        select(ratings.c.player, ratings.c.mu, ratings.c.sigma)
        .where(ratings.c.player.in_(players))
        .order_by(ratings.c.player)
        .with_for_update()
    )
    before = {r.player: Rating(r.mu, r.sigma) for r in conn.execute(locked)}
    seated = sorted(keys)
    after = rate([keys[s] for s in seated], [result.places[s] for s in seated], before)
    firsts = [s for s in range(len(levels)) if result.places[s] == 1]
    for key in players:
        mine = [s for s in seated if keys[s] == key]
        new = after[key]
        conn.execute(
            update(ratings)
            .where(ratings.c.player == key)
            .values(
                mu=new.mu,
                sigma=new.sigma,
                ordinal=new.ordinal,
                games=ratings.c.games + 1,
                wins=ratings.c.wins + (1 if len(firsts) == 1 and firsts[0] in mine else 0),
                seats=ratings.c.seats + len(mine),
                score_sum=ratings.c.score_sum + sum(result.scores[s] for s in mine),
                movement=_added(conn, key, "movement", [result.tallies[s].movement for s in mine]),
                strikes=_added(conn, key, "strikes", [result.tallies[s].strikes for s in mine]),
                updated_at=stamp,
            )
        )
    conn.execute(
        insert(rated_results),
        [
            {
                "game_id": game_id,
                "seat": s,
                "player": keys[s],
                "place": result.places[s],
                "score": result.scores[s],
                "mu_before": before[keys[s]].mu,
                "sigma_before": before[keys[s]].sigma,
                "mu_after": after[keys[s]].mu,
                "sigma_after": after[keys[s]].sigma,
                "finished_at": stamp,
            }
            for s in seated
        ],
    )


def _ensure(
    conn: Connection, players: Sequence[str], account_ids: dict[str, int], stamp: datetime
) -> None:
    """A fresh rating row for each player that has none (two games ending at once may both
    try: the second's insert does nothing)."""
    fresh = Rating()
    rows = [
        {
            "player": key,
            "account_id": account_ids.get(key),
            "mu": fresh.mu,
            "sigma": fresh.sigma,
            "ordinal": fresh.ordinal,
            "games": 0,
            "wins": 0,
            "seats": 0,
            "score_sum": 0,
            "movement": [0] * FACES,
            "strikes": [0] * FACES,
            "updated_at": stamp,
        }
        for key in players
    ]
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    conn.execute(dialect.insert(ratings).on_conflict_do_nothing(index_elements=["player"]), rows)


def _added(conn: Connection, key: str, column: str, counts: Sequence[Sequence[int]]) -> list[int]:
    """The player's dice counts in ``column`` plus ``counts`` (its row is locked)."""
    old = conn.execute(select(ratings.c[column]).where(ratings.c.player == key)).scalar_one()
    total = list(old)
    for seat_counts in counts:
        total = [a + b for a, b in zip(total, seat_counts, strict=True)]
    return total


# --- who may play a rated game -----------------------------------------------------------------


def check_rated(kinds: Sequence[str], mine: Sequence[bool]) -> None:
    """A rated game's seats (its creator's session is the route's to check): a person in it
    (computer levels rated only against each other would let anyone move their ratings by
    starting games), and one seat at most for the creator's account (one account, one seat:
    a player rated against himself would be rated on nothing). Raises Invalid."""
    if "human" not in kinds:
        raise Invalid("a rated game needs a human seat", path="rated")
    if sum(mine) > 1:
        raise Invalid("an account may keep one seat of a rated game at most", path="seats")


# --- who may act in a rated game --------------------------------------------------------------


async def check_rated_seat(store: Store, live: LiveGame, seat: int) -> None:
    """A human seat of a rated game acts only once it belongs to an account, and no account
    holds two seats of one rated game: its results are the account's. The cached seats are
    read again from the database before a refusal (the seat may have been claimed in another
    process). Raises NotASeat (403)."""
    if not live.rated or live.seats[seat].kind != "human":
        return
    if _seat_problem(live, seat) is not None:
        for row in await store.seat_rows(live.id):
            live.seats[row.seat].account_id = row.account_id
    problem = _seat_problem(live, seat)
    if problem is not None:
        raise NotASeat(problem, rule="rated games")


def _seat_problem(live: LiveGame, seat: int) -> str | None:
    owner = live.seats[seat].account_id
    if owner is None:
        return (
            "log in to play a rated game: this seat must belong to an account first "
            "(POST /api/account/seats with its token)"
        )
    if any(s.account_id == owner for s in live.seats if s.seat != seat):
        return "an account holds one seat of a rated game at most, and this one holds two"
    return None


# --- reading ----------------------------------------------------------------------------------


def _name(row: Any) -> str:
    """The public name of a ratings row joined with its account."""
    if row.account_id is None:
        return str(row.player)
    return str(row.name) if row.name is not None else DELETED


_BOARD = select(
    ratings.c.player,
    ratings.c.account_id,
    ratings.c.mu,
    ratings.c.sigma,
    ratings.c.ordinal,
    ratings.c.games,
    ratings.c.wins,
    accounts.c.name,
).outerjoin(accounts, accounts.c.id == ratings.c.account_id)
# A deleted account's results stay (in its opponents' games and ratings) but it leaves the
# leaderboard: it has no name and no profile any more.
_LISTED = (ratings.c.account_id.is_(None)) | (accounts.c.deleted_at.is_(None))


def _entry(row: Any, rank: int) -> dict[str, Any]:
    return {
        "rank": rank,
        "name": _name(row),
        "kind": "computer" if row.account_id is None else "account",
        "rating": round(row.ordinal, 2),
        "mu": round(row.mu, 3),
        "sigma": round(row.sigma, 3),
        "games": row.games,
        "wins": row.wins,
    }


async def leaderboard(store: Store, offset: int, limit: int) -> dict[str, Any]:
    """Players by their conservative rating (mu - 3 sigma), best first."""
    page = _BOARD.where(_LISTED).order_by(ratings.c.ordinal.desc(), ratings.c.player)

    async def read(conn: AsyncConnection) -> dict[str, Any]:
        total = (
            await conn.execute(
                select(func.count())
                .select_from(ratings.outerjoin(accounts, accounts.c.id == ratings.c.account_id))
                .where(_LISTED)
            )
        ).scalar_one()
        rows = await conn.execute(page.offset(offset).limit(limit))
        players = [_entry(r, offset + i + 1) for i, r in enumerate(rows)]
        return {"total": total, "offset": offset, "players": players}

    return await store.read(read)


async def player_key(store: Store, name: str, levels: Sequence[str]) -> tuple[str, str] | None:
    """The rated player a public name names, and its name as shown: ``computer:LEVEL`` for a
    computer level, else a (live) account's name, whatever its case."""
    if name.startswith("computer:") and name.removeprefix("computer:") in levels:
        return name, name
    try:
        check_account_name(name)
    except Invalid:
        return None  # no account has such a name (and PostgreSQL refuses a NUL byte)
    query = select(accounts.c.id, accounts.c.name).where(
        accounts.c.name_key == name_key(name), accounts.c.deleted_at.is_(None)
    )

    async def read(conn: AsyncConnection) -> tuple[str, str] | None:
        found = (await conn.execute(query)).first()
        return None if found is None else (account_key(found.id), str(found.name))

    return await store.read(read)


RECENT = 20  # games on a profile


async def profile(store: Store, key: str, shown: str) -> dict[str, Any]:
    """A rated player's profile: rating, totals, recent rated games, dice (with their tests)."""
    row_query = select(ratings).where(ratings.c.player == key)
    recent = (
        select(
            rated_results.c.game_id,
            rated_results.c.seat,
            rated_results.c.place,
            rated_results.c.score,
            rated_results.c.mu_before,
            rated_results.c.sigma_before,
            rated_results.c.mu_after,
            rated_results.c.sigma_after,
            rated_results.c.finished_at,
            games.c.variant,
        )
        .join(games, games.c.id == rated_results.c.game_id)
        .where(rated_results.c.player == key)
        .order_by(rated_results.c.finished_at.desc(), rated_results.c.game_id)
        .limit(RECENT)
    )

    async def read(conn: AsyncConnection) -> tuple[Any, list[Any]]:
        return (await conn.execute(row_query)).first(), list(await conn.execute(recent))

    row, results = await store.read(read)
    fresh = Rating()
    mu, sigma = (fresh.mu, fresh.sigma) if row is None else (row.mu, row.sigma)
    seats_played = 0 if row is None else row.seats
    movement = [0] * FACES if row is None else list(row.movement)
    strikes = [0] * FACES if row is None else list(row.strikes)
    return {
        "name": shown,
        "kind": "computer" if key.startswith("computer:") else "account",
        "rating": round(Rating(mu, sigma).ordinal, 2),
        "mu": round(mu, 3),
        "sigma": round(sigma, 3),
        "games": 0 if row is None else row.games,
        "wins": 0 if row is None else row.wins,
        "average_score": None if not seats_played else round(row.score_sum / seats_played, 1),
        "recent": [
            {
                "game_id": r.game_id,
                "seat": r.seat,
                "variant": r.variant,
                "place": r.place,
                "score": r.score,
                "rating_before": round(Rating(r.mu_before, r.sigma_before).ordinal, 2),
                "rating_after": round(Rating(r.mu_after, r.sigma_after).ordinal, 2),
                "finished_at": _iso(r.finished_at),
                "watch": f"/games/{r.game_id}",
                "replay": f"/games/{r.game_id}/replay",
            }
            for r in results
        ],
        "dice": {
            "movement": _test(fairness(movement)),
            "strikes": _test(fairness(strikes)),
        },
    }


def game_dice(live: LiveGame) -> dict[str, Any]:
    """Each seat's movement and strike dice in one game, with the tests of fairness: read off
    the public events only (every roll is public, 7.1 and 12; filtered all the same, so that
    no private event can ever add to an answer anyone may ask for)."""
    history = live.game.history
    public = [e for e in history if e.visible(None)]
    tallies = dice_tallies(public, len(live.seats))
    return {
        "game_id": live.id,
        "over": live.over,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "movement": _test(fairness(t.movement)),
                "strikes": _test(fairness(t.strikes)),
            }
            for s, t in zip(live.seats, tallies, strict=True)
        ],
    }


def _test(found: Fairness) -> dict[str, Any]:
    return {
        "counts": list(found.counts),
        "rolls": found.rolls,
        "chi_square": round(found.chi_square, 4),
        "p_value": round(found.p_value, 4),
    }
