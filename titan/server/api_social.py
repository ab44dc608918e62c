"""The routes of people at a game: its chat (``/api/games/{id}/chat``) and "play again"
(``/api/games/{id}/rematch``). Who may say and read what is :mod:`titan.server.chat`'s; how a
rematch gives each seat its own link is :mod:`titan.server.rematch`'s."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from titan.server.api import WireJSON, _errors
from titan.server.deps import Bearer, ServerDep, seated, token
from titan.server.live import LiveGame
from titan.server.models import ChatIn, ChatLine, ChatPage, Rematch
from titan.server.ratelimit import client_key
from titan.server.refusals import NotASeat
from titan.server.rematch import link

router = APIRouter(prefix="/api", tags=["people"], strict_content_type=False)

MAX_NUMBER = 2**31 - 1  # line numbers are 32-bit integers in the database


@router.post(
    "/games/{game_id}/chat",
    status_code=201,
    response_model=ChatLine,
    responses=_errors(401, 403, 404, 413, 422, 429),
    summary="Say something in the game's chat",
    description="With a seat's token: on the players' channel (read by the seats only) by "
    "default, or on the spectators' channel. Without a token: on the spectators' channel, "
    "with a display `name` (a seat's name rules, not a seat's name). 1-500 characters of "
    "plain text, no control characters; rate-limited per client (`chat` in --rate-limits). "
    "Every reader allowed to see the line gets it on the WebSocket as "
    '`{"type": "chat", "lines": [...]}`. 401: the players\' channel without a token; 403: a '
    "token that holds no seat; 429: too many lines (or the game's chat is full).",
    openapi_extra={"security": [{}]},
)
async def post_chat(game_id: str, body: ChatIn, srv: ServerDep, bearer: Bearer) -> Response:
    live = await srv.service.live(game_id)
    seat = None
    if bearer is not None:
        seat = live.seat_for(bearer.credentials)
        if seat is None:
            raise NotASeat("this token holds no seat in this game (a spectator sends none)")
        await srv.service.claim(live, seat)
    channel = body.channel or ("players" if seat is not None else "spectators")
    line = await srv.chat.say(live, seat, channel, body.text, body.name)
    return WireJSON(line.out(seat is not None), status_code=201)


@router.get(
    "/games/{game_id}/chat",
    response_model=ChatPage,
    responses=_errors(404, 422),
    summary="The game's chat, as a seat (or a spectator) may read it",
    description="Lines numbered `since` on, oldest first, at most `limit`; each carries `at`, "
    "the number of actions taken when it was said, so a replay can show it in its place. A "
    "seat (its token sent) reads every line; anyone else only the spectators' and the "
    "server's, numbered among themselves. The players' channel stays private to the seats "
    "after the game too.",
    openapi_extra={"security": [{}]},
)
async def get_chat(
    game_id: str,
    srv: ServerDep,
    bearer: Bearer,
    since: Annotated[int, Query(ge=0, le=MAX_NUMBER)] = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Response:
    live = await srv.service.live(game_id)
    player = live.seat_for(token(bearer)) is not None
    lines = await srv.chat.page(game_id, player, since, limit)
    following = lines[-1].number(player) + 1 if lines else since
    return WireJSON({"lines": [ln.out(player) for ln in lines], "next": following})


@router.post(
    "/games/{game_id}/rematch",
    response_model=Rematch,
    responses=_errors(401, 403, 404, 409, 429),
    summary="Play again: a new game with the same seats and options",
    description="For a seat of a finished game (409 while it runs). The first seat to ask "
    "creates the new game (same names, kinds, computer levels and options; a new dice seed); "
    "every seat that asks gets its own link to it, derived from its own token, and no other "
    "seat's. The old game's WebSockets are told: each seat's socket with that seat's link, a "
    'spectator\'s with the new game\'s address (`{"type": "rematch", game, seat, token, '
    "url}`).",
)
async def rematch(
    seat: Annotated[tuple[LiveGame, int], Depends(seated)],
    request: Request,
    srv: ServerDep,
    bearer: Bearer,
) -> Response:
    live, n = seat
    game = await srv.rematches.play_again(live, client_key(request.scope))
    seat_token = await srv.rematches.seat_token(game, n, token(bearer) or "")
    url = link(str(request.base_url), game, seat_token)
    return WireJSON({"game": game, "seat": n, "token": seat_token, "url": url})
