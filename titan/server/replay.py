"""The replay viewer's routes: a game's past, step by step, as the asker may see it.

``GET /api/games/{id}/replay`` answers the index: every step's public outline (turn, phase,
whose turn, who decides, the battle's turn, side and step), who took each action, the events
the asker may see and how many of them had happened by each step. ``GET
/api/games/{id}/replay/{step}`` answers the view at one step. The browser has no engine, so
the server replays (:mod:`titan.server.timeline`, in a worker thread, from checkpoints kept for
the most recently replayed games).

Whose knowledge (``perspective``): while the game runs, only the asker's own, as the token
says (a seat's, or the spectator's without one): asking for anyone else's is refused (409).
Once it is over anyone may pick any seat's, the spectator's, or ``all`` (the default then):
every legion's contents and every event, as the record, which is public by then, holds them.
The dice seed is in no answer here: the record (GET /record) gives it once the game is over.
Replays are reads for the rate limits (:mod:`titan.server.ratelimit`)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

import msgspec
from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from titan.engine.actions import Action
from titan.engine.game import Game
from titan.server.deps import Bearer, ServerDep, token
from titan.server.live import LiveGame
from titan.server.models import ErrorOut
from titan.server.refusals import NotFound, NotNow
from titan.server.timeline import ALL, Perspective, Timeline

T = TypeVar("T")
KEEP_TIMELINES = 16  # games whose checkpoints stay in memory (a few MB each at most)
PERSPECTIVE = "^(all|spectator|[0-5])$"

router = APIRouter(prefix="/api", tags=["replay"])


@dataclass
class _Kept:
    timeline: Timeline | None = None  # made in the worker thread, on first use
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Timelines:
    """The timelines of the games replayed lately, least recently used dropped first; one
    replay at a time per game (its lock), in a worker thread."""

    def __init__(self, size: int = KEEP_TIMELINES) -> None:
        self.size = size
        self._kept: OrderedDict[str, _Kept] = OrderedDict()

    async def run(self, live: LiveGame, work: Callable[[Timeline], T]) -> T:
        game = live.game  # the game as it is now: it is replaced, never changed, as it moves
        actions = list(game.actions)
        kept = self._kept.pop(live.id, None) or _Kept()
        self._kept[live.id] = kept
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        async with kept.lock:
            return await asyncio.to_thread(_extended, kept, game, actions, work)


def _extended(
    kept: _Kept, game: Game, actions: list[tuple[int, Action]], work: Callable[[Timeline], T]
) -> T:
    if kept.timeline is None or kept.timeline.version > len(actions):
        kept.timeline = Timeline.start(game)
    kept.timeline.extend(actions)
    return work(kept.timeline)


def timelines(request: Request) -> Timelines:
    state = request.app.state
    if not hasattr(state, "timelines"):
        state.timelines = Timelines()
    found: Timelines = state.timelines
    return found


def perspective(live: LiveGame, bearer_seat: int | None, asked: str | None) -> Perspective:
    """Whose knowledge the answer holds (see the module's docstring)."""
    own: Perspective = bearer_seat
    if asked is None:
        return ALL if live.over else own
    wanted: Perspective = None if asked == "spectator" else asked if asked == ALL else int(asked)
    if isinstance(wanted, int) and wanted >= len(live.seats):
        raise NotFound(f"this game has no seat {wanted}", path="perspective")
    if not live.over and wanted != own and wanted is not None:
        raise NotNow(
            "while the game runs, a replay shows only what you may know: your own seat's "
            "view (with its token) or the spectator's; everything is shown once it is over",
            "errata 19.0",
            path="perspective",
        )
    return wanted


Asked = Annotated[
    str | None,
    Query(
        alias="perspective",
        pattern=PERSPECTIVE,
        description="Whose knowledge: `all`, `spectator` or a seat number. While the game "
        "runs only your own (the default); once over, any (default `all`).",
    ),
]
ERRORS: dict[int | str, dict[str, Any]] = {c: {"model": ErrorOut} for c in (404, 409, 422)}


@router.get(
    "/games/{game_id}/replay",
    responses=ERRORS,
    summary="A game's steps and events, for replaying it",
    description="`steps[n]` is step n's outline (after n actions): [turn, phase, whose turn, "
    "who decides, battle or null as [battle turn, phasing side, step]]; `players[n]` took "
    "action n+1; `events` are those the perspective may see, `marks[n]` how many of them "
    "had happened by step n. Send a seat's token to see its own knowledge.",
    openapi_extra={"security": [{}]},
)
async def replay_index(
    game_id: str, srv: ServerDep, bearer: Bearer, request: Request, asked: Asked = None
) -> Response:
    live = await srv.service.live(game_id)
    seat = live.seat_for(token(bearer))
    who = perspective(live, seat, asked)

    def answer(t: Timeline) -> bytes:
        key = (who, seat)
        if key not in t.answers:
            head = {"game": live.id, "seat": seat, "perspective": _name(who)}
            t.answers[key] = msgspec.json.encode({**head, **t.index(who)})
        return t.answers[key]

    body = await timelines(request).run(live, answer)
    return Response(body, media_type="application/json")


@router.get(
    "/games/{game_id}/replay/{step}",
    responses=ERRORS,
    summary="What the perspective saw after a game's first `step` actions",
    description="The view (as in /state) at step `step`, 0 (before any action) to the "
    "game's number of actions; no prompt, no events (the index has them).",
    openapi_extra={"security": [{}]},
)
async def replay_step(
    game_id: str,
    srv: ServerDep,
    bearer: Bearer,
    request: Request,
    step: Annotated[int, Path(ge=0, le=10_000_000)],
    asked: Asked = None,
) -> Response:
    live = await srv.service.live(game_id)
    seat = live.seat_for(token(bearer))
    who = perspective(live, seat, asked)
    if step > live.version:
        raise NotFound(f"no step {step}: the game has {live.version} actions", path="step")
    head = {"game": live.id, "seat": seat, "perspective": _name(who), "step": step}
    body = await timelines(request).run(
        live, lambda t: msgspec.json.encode({**head, "view": t.view(step, who)})
    )
    return Response(body, media_type="application/json")


def _name(who: Perspective) -> str:
    return "spectator" if who is None else str(who)
