"""What the routes depend on, as FastAPI dependencies (``Depends``): the running server, the
token a request carries, and the seat that token holds in the game a route is about.

A token travels as ``Authorization: Bearer TOKEN`` (read by :class:`HTTPBearer`, which also
puts the scheme in /openapi.json). None, or a header of another scheme, is no error here: a
read without a seat is a spectator's. Acting is what needs a seat. Refusals are raised as
:mod:`titan.server.refusals` and answered by :mod:`titan.server.errors`.

:func:`reading` and :func:`acting` take the route's own query and body too, so that a request
they would refuse is first checked like any other: a malformed body is 422 whatever its
token, as it was when the routes checked tokens themselves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Query
from fastapi.requests import HTTPConnection
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from titan.engine.actions import Action
from titan.engine.wire import WireError, decode_action
from titan.server.bots import BotDriver
from titan.server.chat import Chat
from titan.server.clocks import refusing_seat
from titan.server.config import Settings
from titan.server.hub import Hub
from titan.server.live import LiveGame
from titan.server.models import ActionIn
from titan.server.ratingstore import check_rated_seat
from titan.server.refusals import Invalid, NotASeat, NoToken
from titan.server.rematch import Rematches
from titan.server.service import GameService
from titan.server.sweeper import Sweeper


@dataclass
class Server:
    """The parts of one running server, shared by the routes (``app.state.titan``)."""

    settings: Settings
    service: GameService
    hub: Hub
    bots: BotDriver
    chat: Chat
    rematches: Rematches
    sweeper: Sweeper  # the clocks (titan.server.sweeper)


async def server(connection: HTTPConnection) -> Server:
    """The running server (``async``: a plain function would be run in a thread)."""
    srv: Server = connection.app.state.titan
    return srv


BEARER = HTTPBearer(
    auto_error=False,  # no token reads as a spectator; acting refuses it itself (401)
    description="A seat's secret token, as POST /api/games answers it. Without one, reads "
    "are a spectator's and actions are refused.",
)


# The bearer credentials sent, if any (``.credentials`` is the token).
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(BEARER)]
ServerDep = Annotated[Server, Depends(server)]


def token(bearer: HTTPAuthorizationCredentials | None) -> str | None:
    return None if bearer is None else bearer.credentials


@dataclass(frozen=True, slots=True)
class Reading:
    """A seat (or a spectator: ``seat`` None) reading a game, from its event ``since``."""

    live: LiveGame
    seat: int | None
    since: int


async def reading(
    game_id: str, srv: ServerDep, bearer: Bearer, since: Annotated[int, Query(ge=0)] = 0
) -> Reading:
    """The game, current with the database, and the seat the token holds in it (none for
    no token or a wrong one); the seat is marked taken the first time its token is used."""
    live = await srv.service.live(game_id)
    seat = live.seat_for(token(bearer))
    if seat is not None:
        await srv.service.claim(live, seat)
    return Reading(live, seat, since)


async def seated(game_id: str, srv: ServerDep, bearer: Bearer) -> tuple[LiveGame, int]:
    """The game, current with the database, and the seat the token holds in it (NoToken
    without one, NotASeat for one that holds none)."""
    seat_token = token(bearer)
    if seat_token is None:
        raise NoToken("this needs the seat's token: Authorization: Bearer TOKEN")
    live = await srv.service.live(game_id)
    seat = live.seat_for(seat_token)
    if seat is None:
        raise NotASeat("this token holds no seat in this game")
    return live, seat


@dataclass(frozen=True, slots=True)
class Acting:
    """A seat's action in a game, decoded but not yet judged by the rules."""

    live: LiveGame
    seat: int
    action: Action


async def acting(game_id: str, body: ActionIn, srv: ServerDep, bearer: Bearer) -> Acting:
    """The seat the token holds (NoToken without one, NotASeat for one that holds none) and
    the action it sends (Invalid if it is not one)."""
    if bearer is None:
        raise NoToken("acting needs the seat's token: Authorization: Bearer TOKEN")
    # The cached copy, unchecked: acting checks the version in its write (service.act).
    live = await srv.service.live(game_id, fresh=False)
    seat = live.seat_for(bearer.credentials)
    if seat is None:
        raise NotASeat("this token holds no seat in this game")
    try:
        action = decode_action(body.action)
    except WireError as exc:
        raise Invalid(f"not an action: {exc}", path="action") from None
    if live.seats[seat].refusing:  # clocks: its timeout stands (errata 21.0, 20.4)
        raise refusing_seat(live.seats[seat].name)
    await check_rated_seat(srv.service.store, live, seat)  # ratings: accounts only
    await srv.service.claim(live, seat)
    return Acting(live, seat, action)
