"""The accounts API's request and response bodies (pydantic), for validation and
/openapi.json. Requests are strict, as in :mod:`titan.server.models`; the length caps here
only bound the work a request can cause (the rules, with their messages, are in
:mod:`titan.server.accounts`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from titan.server.models import GameSummary


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class Credentials(_Strict):
    name: str = Field(max_length=200, examples=["Ann"], description="case does not matter")
    password: str = Field(max_length=1024, description="at least 10 characters")


class PasswordChange(_Strict):
    old_password: str = Field(max_length=1024)
    new_password: str = Field(max_length=1024, description="at least 10 characters")


class PasswordIn(_Strict):
    password: str = Field(max_length=1024)


class ClaimIn(_Strict):
    game_id: str = Field(max_length=64)
    token: str = Field(max_length=128, description="the seat's token (its link's #token=)")


class AccountOut(BaseModel):
    name: str
    created_at: str
    csrf_token: str = Field(
        description="send it as X-CSRF-Token with every write this session's cookie "
        "authenticates (POST, PUT, DELETE under /api/account, and a POST /api/games with "
        "seats marked mine)"
    )
    email: str | None = Field(default=None, description="where notices are mailed")
    webhook: str | None = Field(default=None, description="where notices are POSTed as JSON")
    notify_email: bool = False
    notify_webhook: bool = False


class ClaimOut(BaseModel):
    game_id: str
    seat: int


class AccountGame(BaseModel):
    game: GameSummary
    seats: list[int] = Field(description="this account's seats in the game")
    owners: list[str | None] = Field(
        description='each seat\'s account name ("deleted player" once deleted), null for a '
        "seat that belongs to no account"
    )


class AccountGames(BaseModel):
    games: list[AccountGame]


class OpenedSeat(BaseModel):
    seat: int
    name: str
    token: str = Field(description="the seat's current secret token")
    url: str = Field(description="the seat's page, with the token in the fragment")


class OpenedSeats(BaseModel):
    game_id: str
    seats: list[OpenedSeat]
