"""The HTTP API under /api: create, list, read and import games, read a seat's state, act.

A seat is identified only by its token, sent as ``Authorization: Bearer TOKEN``. No token or
a wrong one reads as a spectator; acting needs the right one (401 without a token, 403 with a
wrong one); the server, the token and the seat come from :mod:`titan.server.deps`. Every
answer to a seat is built by :class:`titan.server.live.LiveGame` from the engine's view and
the events that seat may see; the seed is never sent while the game runs."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from titan.engine.schema import wire_schema
from titan.engine.state import Options
from titan.server.account_deps import AccountsDep, account_writer
from titan.server.api_clocks import seat_spec
from titan.server.clocks import time_control
from titan.server.deps import (
    Acting,
    Bearer,
    Reading,
    ServerDep,
    acting,
    reading,
    seated,
    token,
)
from titan.server.live import LiveGame, Seat
from titan.server.lobby import SeatSpec, lobby_status, new_token, summary
from titan.server.models import (
    ErrorOut,
    GameCreated,
    GameIn,
    GameList,
    GameState,
    GameSummary,
    ImportIn,
    SeatLink,
)
from titan.server.ratelimit import client_key
from titan.server.ratingstore import check_rated
from titan.server.refusals import Invalid
from titan.server.rows import SeatRow, now


class WireJSON(Response):
    """JSON encoded by msgspec: the engine's payloads are already builtins, and this is the
    hot path (a view is re-encoded for every seat after every action)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return msgspec.json.encode(content)


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorOut} for code in codes}


# strict_content_type=False: a body sent without a Content-Type (curl -d, say) is read as JSON.
router = APIRouter(prefix="/api", tags=["games"], strict_content_type=False)
RECORD_REF = "#/components/schemas/GameRecord"


def created(
    game_id: str, seats: Sequence[SeatRow | Seat], tokens: list[str | None], base: str
) -> dict[str, Any]:
    return {
        "id": game_id,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "level": s.level,
                "token": token,
                # The token goes in the fragment, which browsers never send to a server (nor
                # to its logs); the page reads it from there.
                "url": None if token is None else f"{base}games/{game_id}#token={token}",
            }
            for s, token in zip(seats, tokens, strict=True)
        ],
    }


@router.post(
    "/games",
    status_code=201,
    response_model=GameCreated,
    responses=_errors(400, 401, 403, 413, 422),
    summary="Create a game",
    description="Seats its players (humans get a secret token each, shown only here) and "
    "starts it; the dice seed is drawn by the server and kept secret. Seats marked `mine` "
    "belong to the logged-in account (401 without its session, 403 without X-CSRF-Token). "
    "A `rated` game needs that session too, and a human seat; an account may keep one of its "
    "seats at most.",
)
async def create_game(
    body: GameIn, request: Request, srv: ServerDep, accs: AccountsDep
) -> Response:
    opts = body.options
    owner = None
    if any(s.mine for s in body.seats) or body.rated:  # refused before anything is created
        owner = await account_writer(request, accs)
        for i, s in enumerate(body.seats):
            if s.mine and s.kind != "human":
                raise Invalid("only a human seat can belong to an account", path=f"seats[{i}].mine")
    control = time_control(body.time_control.kind, body.time_control.seconds)  # clocks
    if body.rated:
        check_rated([s.kind for s in body.seats], [s.mine for s in body.seats])  # ratings
    live, tokens = await srv.service.create(
        body.variant,
        [seat_spec(i, s) for i, s in enumerate(body.seats)],
        Options(opts.titan_variant, opts.point_target, opts.turn_limit),
        unlisted=body.unlisted,
        creator=client_key(request.scope),
        manage_token=(manage := new_token()),
        control=control,
        rated=body.rated,
    )
    if owner is not None:
        for spec, seat_token in zip(body.seats, tokens, strict=True):
            if spec.mine and seat_token is not None:
                await accs.claim(owner.account, live, seat_token)
    answer = created(live.id, live.seats, tokens, str(request.base_url))
    return WireJSON({**answer, "manage_token": manage}, status_code=201)


@router.get(
    "/games",
    response_model=GameList,
    responses=_errors(422),
    summary="The lobby",
    description="The most recently active games, with their seats (free or taken) and status.",
)
async def list_games(
    srv: ServerDep,
    status: str | None = Query(default=None, pattern="^(open|running|over)$"),
    limit: int = Query(default=50, ge=1, le=200),
) -> Response:
    idle = timedelta(days=srv.settings.limits.idle_days)
    rows = await srv.service.store.recent(limit if status is None else 200, since=now() - idle)
    games = [summary(r) for r in rows if status is None or lobby_status(r) == status]
    return WireJSON({"games": games[:limit]})


@router.get(
    "/games/{game_id}",
    response_model=GameSummary,
    responses=_errors(404),
    summary="One game's public summary",
)
async def get_game(game_id: str, srv: ServerDep) -> Response:
    return WireJSON(summary(await srv.service.row(game_id)))


@router.get(
    "/games/{game_id}/state",
    response_model=GameState,
    responses=_errors(404, 422),
    summary="What a seat (or a spectator) may know now",
    description="Send the seat's token as `Authorization: Bearer TOKEN`; without it, or "
    "with a wrong one, the answer is the spectator's. `since` skips the seat's first events.",
    # Added to the bearer scheme the dependency lists: the token is optional here.
    openapi_extra={"security": [{}]},
)
async def get_state(read: Annotated[Reading, Depends(reading)]) -> Response:
    return WireJSON(read.live.snapshot(read.seat, read.since))


@router.post(
    "/games/{game_id}/actions",
    response_model=GameState,
    responses=_errors(400, 401, 403, 404, 409, 413, 422),
    summary="Act for the seat whose token is sent",
    description='Post one of the prompt\'s options unchanged, as `{"action": ...}`. The '
    "answer is the seat's state with only the events this action caused (numbered as in "
    "/state). Refused: 401 no token, 403 a token that holds no seat, 409 not this seat's "
    "turn or the game is over, 422 malformed or against the rules (`rule` names it); a "
    "refused action changes nothing.",
)
async def post_action(act: Annotated[Acting, Depends(acting)], srv: ServerDep) -> Response:
    live, n = await srv.service.act(act.live, act.seat, act.action)
    return WireJSON(live.after_action(act.seat, n))


@router.delete(
    "/games/{game_id}",
    status_code=204,
    responses=_errors(401, 403, 404, 409),
    summary="Remove a game before it begins",
    description="With the creator's `manage_token` (as POST /api/games answered it) as the "
    "bearer token, removes a game in which no action has been taken; 409 once one has.",
)
async def remove_game(game_id: str, srv: ServerDep, bearer: Bearer) -> Response:
    await srv.service.remove(game_id, token(bearer))
    return Response(status_code=204)


@router.post(
    "/games/{game_id}/token",
    response_model=SeatLink,
    responses=_errors(401, 403, 404, 409),
    summary="Replace this seat's link",
    description="For a seat link that leaked: the seat whose token is sent gets a new one "
    "(answered here, once), and the old one holds nothing from then on; WebSockets opened "
    "with it are closed (code 4403).",
)
async def rotate_token(
    seat: Annotated[tuple[LiveGame, int], Depends(seated)], request: Request, srv: ServerDep
) -> Response:
    live, n = seat
    token = await srv.service.rotate(live, n)
    url = f"{request.base_url}games/{live.id}#token={token}"
    return WireJSON({"seat": n, "token": token, "url": url})


@router.get(
    "/games/{game_id}/record",
    responses={
        200: {"content": {"application/json": {"schema": {"$ref": RECORD_REF}}}},
        **_errors(404, 409),
    },
    summary="The game record, once the game is over",
    description="The record holds the dice seed, from which every roll can be foreseen, so "
    "it is given to nobody (409) while the game runs.",
)
async def get_record(game_id: str, srv: ServerDep) -> Response:
    return WireJSON(await srv.service.record(game_id))


@router.post(
    "/games/import",
    status_code=201,
    response_model=GameCreated,
    responses=_errors(400, 413, 422),
    summary="Start a game from a record",
    description="Replays the record (checked strictly, digest included) into a new game with "
    "fresh tokens; play goes on from where it stopped. The record's seed comes with it, so "
    "whoever has the record can foresee that game's dice.",
)
async def import_game(body: ImportIn, request: Request, srv: ServerDep) -> Response:
    kinds = None
    if body.seats is not None:
        kinds = [SeatSpec("", s.kind, s.level) for s in body.seats]
    control = time_control(body.time_control.kind, body.time_control.seconds)  # clocks
    row, tokens = await srv.service.import_record(
        body.record,
        kinds,
        unlisted=body.unlisted,
        control=control,
        creator=client_key(request.scope),
        manage_token=(manage := new_token()),
        body=await request.body(),  # read and parsed already: Starlette keeps it
    )
    answer = created(row.id, row.seats, tokens, str(request.base_url))
    return WireJSON({**answer, "manage_token": manage}, status_code=201)


@router.get("/schema", summary="The wire format's JSON Schema (views, prompts, actions, events)")
async def get_schema() -> Response:
    return WireJSON(wire_schema())
