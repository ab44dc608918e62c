"""The routes of ratings: the leaderboard, a player's profile and a game's dice. Reads only
(the ``read`` rate limit, as every GET); what they answer is public: names, ratings, places,
scores and dice, never a token, a seed or a password's hash. The logic and the SQL are
:mod:`titan.server.ratingstore`'s."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel, Field

from titan.ai.levels import LEVELS
from titan.server.api import WireJSON, _errors
from titan.server.deps import ServerDep
from titan.server.ratingstore import game_dice, leaderboard, player_key, profile
from titan.server.refusals import NotFound

router = APIRouter(prefix="/api", tags=["ratings"])

MAX_PAGE = 100  # leaderboard rows per answer
MAX_OFFSET = 100_000
MAX_NAME = 64  # a player's name in a path: an account's (40) or computer:LEVEL


class LeaderboardRow(BaseModel):
    rank: int
    name: str = Field(description="an account's name, or computer:LEVEL")
    kind: Literal["account", "computer"]
    rating: float = Field(description="mu - 3 sigma: the conservative estimate ranked by")
    mu: float
    sigma: float = Field(description="the rating's uncertainty")
    games: int
    wins: int


class Leaderboard(BaseModel):
    total: int
    offset: int
    players: list[LeaderboardRow]


class DiceTest(BaseModel):
    counts: list[int] = Field(description="how often each face came up, face 1 first")
    rolls: int
    chi_square: float
    p_value: float = Field(
        description="Pearson's test against a fair die: the chance that fair dice look at "
        "least this uneven (1.0 with no rolls)"
    )


class DiceKinds(BaseModel):
    movement: DiceTest
    strikes: DiceTest


class RecentGame(BaseModel):
    game_id: str
    seat: int
    variant: str
    place: int
    score: int
    rating_before: float
    rating_after: float
    finished_at: str
    watch: str = Field(description="the game's page")
    replay: str = Field(description="its replay")


class Profile(BaseModel):
    name: str
    kind: Literal["account", "computer"]
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    average_score: float | None
    recent: list[RecentGame]
    dice: DiceKinds


class SeatDice(BaseModel):
    seat: int
    name: str
    movement: DiceTest
    strikes: DiceTest


class GameDice(BaseModel):
    game_id: str
    over: bool
    seats: list[SeatDice]


@router.get(
    "/leaderboard",
    response_model=Leaderboard,
    responses=_errors(422),
    summary="Rated players, best first",
    description="Ordered by the conservative rating mu - 3 sigma (OpenSkill's Plackett-Luce "
    f"model); computer levels are players too. At most {MAX_PAGE} rows an answer; `offset` "
    "pages on.",
)
async def get_leaderboard(
    srv: ServerDep,
    offset: int = Query(default=0, ge=0, le=MAX_OFFSET),
    limit: int = Query(default=50, ge=1, le=MAX_PAGE),
) -> Response:
    return WireJSON(await leaderboard(srv.service.store, offset, limit))


@router.get(
    "/players/{name}",
    response_model=Profile,
    responses=_errors(404),
    summary="A player's profile",
    description="An account's (by its name, whatever its case) or a computer level's "
    "(computer:LEVEL): rating with its uncertainty, rated games played and won, the average "
    "score, the latest rated games, and the dice over its rated games with chi-square tests.",
)
async def get_player(name: str, srv: ServerDep) -> Response:
    found = None
    if 0 < len(name) <= MAX_NAME:
        found = await player_key(srv.service.store, name, list(LEVELS))
    if found is None:
        raise NotFound(f"no player named {name[:MAX_NAME]!r}")
    return WireJSON(await profile(srv.service.store, *found))


@router.get(
    "/games/{game_id}/dice",
    response_model=GameDice,
    responses=_errors(404),
    summary="Each seat's dice in one game",
    description="Movement rolls (with mulligans) and strike dice of each seat, with "
    "chi-square tests against fair dice; read off the game's public events, so the same "
    "for everyone, while it runs and after.",
)
async def get_game_dice(game_id: str, srv: ServerDep) -> Response:
    return WireJSON(game_dice(await srv.service.live(game_id)))
