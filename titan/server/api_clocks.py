"""The clocks' routes: a person hands their seat to the computer or takes it back ("play for
me"), and chooses what a timeout does (:mod:`titan.server.sweeper`).

Either is for the seat's own person: its token (``Authorization: Bearer``), or the session of
the account that holds the seat (with X-CSRF-Token). Nobody else: no credentials is 401, a
token or an account that holds no seat in the game is 403."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from titan.server.account_deps import AccountsDep, account_writer
from titan.server.clocks import COMPUTER, WITHDRAW, check_level
from titan.server.deps import Bearer, ServerDep, token
from titan.server.live import LiveGame
from titan.server.lobby import SeatSpec
from titan.server.models import ControlIn, ControlOut, ErrorOut, FallbackIn, FallbackOut, SeatIn
from titan.server.refusals import Invalid, NotASeat, NoToken
from titan.server.sessions import COOKIE

router = APIRouter(prefix="/api", tags=["clocks"], strict_content_type=False)


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorOut} for code in codes}


def seat_spec(i: int, seat: SeatIn) -> SeatSpec:
    """A requested seat with its fallback, checked (Invalid: a computer seat given one, an
    unknown level, a level for withdrawing)."""
    then, level = COMPUTER, None
    if seat.fallback is not None:
        if seat.kind == "bot":
            raise Invalid(
                "a computer seat has no fallback: the computer plays it anyway",
                path=f"seats[{i}].fallback",
            )
        then, level = _fallback(seat.fallback, f"seats[{i}].fallback.")
    return SeatSpec(seat.name, seat.kind, seat.level, then, level)


def _fallback(body: FallbackIn, path: str) -> tuple[str, str | None]:
    if body.then == WITHDRAW and body.level is not None:
        raise Invalid("withdrawing takes no level", path=f"{path}level")
    return body.then, check_level(body.level, f"{path}level")


async def own_seat(
    game_id: str, request: Request, srv: ServerDep, accs: AccountsDep, bearer: Bearer
) -> tuple[LiveGame, int]:
    """The game and the seat its own person asks about: the seat the bearer token holds, or
    the one the logged-in account holds (the decider's, should it hold several)."""
    live = await srv.service.live(game_id)
    seat_token = token(bearer)
    if seat_token is not None:
        seat = live.seat_for(seat_token)
        if seat is None:
            raise NotASeat("this token holds no seat in this game")
        return live, seat
    if COOKIE not in request.cookies:
        raise NoToken("this needs the seat's token (Authorization: Bearer) or its account")
    who = await account_writer(request, accs)
    held = [seat for seat, _, _ in await accs.seat_tokens(who.account, live.id)]
    if not held:
        raise NotASeat("this account holds no seat in this game")
    deciding = live.game.current_player()
    return live, deciding if deciding in held else held[0]


@router.post(
    "/games/{game_id}/control",
    response_model=ControlOut,
    responses=_errors(401, 403, 404, 409, 422),
    summary="Play for me / take my seat back",
    description='`{"by": "computer", "level": L}` hands the seat to the computer (its clock '
    'stops) until `{"by": "person"}` takes it back (a fresh allowance if it must decide '
    "then). For the seat's own person: its token, or its account's session with "
    "X-CSRF-Token. 409 for a seat that ran out of time with the `withdraw` fallback: it "
    "refuses to continue for the rest of the game (errata 21.0, 20.4).",
)
async def control(
    game_id: str,
    body: ControlIn,
    request: Request,
    srv: ServerDep,
    accs: AccountsDep,
    bearer: Bearer,
) -> Response:
    live, seat = await own_seat(game_id, request, srv, accs, bearer)
    if body.by != COMPUTER and body.level is not None:
        raise Invalid("only the computer plays at a level", path="level")
    level = check_level(body.level, "level")
    await srv.sweeper.control(live, seat, body.by, level)
    s = live.seats[seat]
    return JSONResponse({"seat": seat, "controller": s.controller, "level": s.controller_level})


@router.post(
    "/games/{game_id}/fallback",
    response_model=FallbackOut,
    responses=_errors(401, 403, 404, 409, 422),
    summary="What my seat's timeout does",
    description='`{"then": "computer", "level": L}` (the computer plays the seat until its '
    'person takes it back) or `{"then": "withdraw"}` (errata 20.4: the seat refuses to '
    "continue for the rest of the game, and withdraws at the first point the rules allow). "
    "Same authorisation as /control; 409 once that timeout happened.",
)
async def fallback(
    game_id: str,
    body: FallbackIn,
    request: Request,
    srv: ServerDep,
    accs: AccountsDep,
    bearer: Bearer,
) -> Response:
    live, seat = await own_seat(game_id, request, srv, accs, bearer)
    then, level = _fallback(body, "")
    await srv.sweeper.set_fallback(live, seat, then, level)
    return JSONResponse({"seat": seat, "then": then, "level": level})
