"""The accounts API under /api/account: register, log in and out, the account and its CSRF
token, change the password, delete the account, claim a seat, list the account's games and
open one of its seats on this device. The logic is :mod:`titan.server.accounts`; the cookie
and the CSRF token :mod:`titan.server.sessions`.

Every write here is authenticated by the session cookie and so needs ``X-CSRF-Token``
(:func:`writer`), except registering and logging in, which have no session yet: those take
only a JSON body (``Content-Type: application/json``), which another site's form cannot send,
so no other site can log a browser into an account of its choosing."""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from titan.server.account_deps import AccountsDep, Reader, Writer
from titan.server.account_models import (
    AccountGames,
    AccountOut,
    ClaimIn,
    ClaimOut,
    Credentials,
    OpenedSeats,
    PasswordChange,
    PasswordIn,
)
from titan.server.accounts import Accounts, name_key, session_hash
from titan.server.accountstore import AccountRow
from titan.server.api import WireJSON
from titan.server.deps import ServerDep
from titan.server.lobby import _iso, summary
from titan.server.models import ErrorOut
from titan.server.notice_api import OFF, settings_of
from titan.server.ratelimit import DatabaseBuckets
from titan.server.rates import Rate
from titan.server.refusals import Invalid, NotFound, OverQuota
from titan.server.sessions import COOKIE, SESSION_ID, csrf_token

router = APIRouter(prefix="/api/account", tags=["accounts"], strict_content_type=False)
MAX_LISTED = 200  # games in GET /api/account/games


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorOut} for code in codes}


def json_only(request: Request) -> None:
    """Logging in without a session to protect: only a JSON body, which no form can send."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Invalid("send the name and password as JSON (Content-Type: application/json)")


def _account(account: AccountRow, session_id: str) -> dict[str, Any]:
    return {
        "name": account.name,
        "created_at": _iso(account.created_at),
        "csrf_token": csrf_token(session_id),
    }


def _with_cookie(
    request: Request,
    account: AccountRow,
    session_id: str,
    status: int,
    accs: Accounts,
    notices: dict[str, Any] | None = None,
) -> Response:
    """The account's answer, with the session cookie (set anew: its Max-Age follows the
    session's renewal); with its notification settings (notice_api.py) when given."""
    response = _private({**_account(account, session_id), **(notices or OFF)}, status)
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=int(accs.lifetime.total_seconds()),
        path="/",
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="lax",
    )
    return response


def _private(content: Any, status: int = 200) -> Response:
    """An answer for this account alone (its CSRF token, its seats' tokens): no cache, shared
    or the browser's own, may keep it."""
    return WireJSON(content, status_code=status, headers={"Cache-Control": "no-store"})


def _cleared(status: int = 204) -> Response:
    response = Response(status_code=status)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response


@router.post(
    "/register",
    status_code=201,
    response_model=AccountOut,
    responses=_errors(409, 422, 429),
    summary="Register an account and log in",
    description="A name (the seats' rules: at most 40 characters, no control characters; "
    "unique whatever its case) and a password of at least 10 characters. Sets the session "
    "cookie; the answer holds the session's CSRF token.",
)
async def register(
    body: Credentials, request: Request, accs: AccountsDep, _: None = Depends(json_only)
) -> Response:
    account, session = await accs.register(body.name, body.password)
    await _end_previous(request, accs)
    return _with_cookie(request, account, session.id, 201, accs)


@router.post(
    "/login",
    response_model=AccountOut,
    responses=_errors(401, 422, 429),
    summary="Log in",
    description="Sets the session cookie; the answer holds the session's CSRF token. A wrong "
    "name and a wrong password are refused alike (401). Attempts are limited per client "
    "and per name (429).",
)
async def login(
    body: Credentials,
    request: Request,
    accs: AccountsDep,
    srv: ServerDep,
    _: None = Depends(json_only),
) -> Response:
    await _limit_name(request, srv.settings.limits.rates.get("login"), body.name)
    account, session = await accs.login(body.name, body.password)
    await _end_previous(request, accs)
    notices = await settings_of(accs.store.store, account.id)
    return _with_cookie(request, account, session.id, 200, accs, notices)


async def _end_previous(request: Request, accs: Accounts) -> None:
    """A browser that logs in again (as another account, say) leaves no session behind."""
    previous = request.cookies.get(COOKIE)
    if previous and SESSION_ID.fullmatch(previous):
        await accs.logout(session_hash(previous))


async def _limit_name(request: Request, rate: Rate | None, name: str) -> None:
    """The name's own budget, shared by every client: guessing one account's password from
    many addresses is as slow as from one. (It lets someone slow down another's logins for
    a while, which is the price of that.)"""
    buckets = request.app.state.login_buckets
    if rate is None or not isinstance(buckets, DatabaseBuckets):
        return
    key = hashlib.sha256(name_key(name.strip()).encode("utf-8")).hexdigest()[:40]
    wait = await buckets.take(f"login-name:{key}", rate)
    if wait:
        raise OverQuota(f"too many login attempts for this name: try again in {wait} s")


@router.post(
    "/logout",
    status_code=204,
    responses=_errors(401, 403),
    summary="Log out",
    description="Ends this session (the cookie is cleared). Needs X-CSRF-Token.",
)
async def logout(who: Writer, accs: AccountsDep) -> Response:
    await accs.logout(who.id_hash)
    return _cleared()


@router.get(
    "",
    response_model=AccountOut,
    responses=_errors(401),
    summary="The logged-in account",
    description="Its name, the session's CSRF token (for X-CSRF-Token) and its notification "
    "settings (PUT /api/account/notifications); 401 when not logged in.",
)
async def get_account(who: Reader, request: Request, accs: AccountsDep) -> Response:
    notices = await settings_of(accs.store.store, who.account.id)
    return _with_cookie(request, who.account, who.session_id, 200, accs, notices)


@router.post(
    "/password",
    status_code=204,
    responses=_errors(401, 403, 422, 429),
    summary="Change the password",
    description="Needs the old password and X-CSRF-Token. Every other session of the "
    "account ends; this one stays.",
)
async def change_password(body: PasswordChange, who: Writer, accs: AccountsDep) -> Response:
    await accs.change_password(who.account, who.id_hash, body.old_password, body.new_password)
    return Response(status_code=204)


@router.delete(
    "",
    status_code=204,
    responses=_errors(401, 403, 422, 429),
    summary="Delete the account",
    description="Needs the password and X-CSRF-Token. Its games stay; its name reads "
    '"deleted player" in them and is free to register again; every session ends.',
)
async def delete_account(body: PasswordIn, who: Writer, accs: AccountsDep) -> Response:
    await accs.delete(who.account, body.password)
    return _cleared()


@router.post(
    "/seats",
    response_model=ClaimOut,
    responses=_errors(401, 403, 404, 409, 422),
    summary="Keep a seat in the account",
    description="The seat the token holds becomes the account's: listed in GET "
    "/api/account/games and opened from any device where the account is logged in. 409 if "
    "it belongs to another account. Needs X-CSRF-Token.",
)
async def claim_seat(body: ClaimIn, who: Writer, accs: AccountsDep, srv: ServerDep) -> Response:
    live = await srv.service.live(body.game_id)
    seat = await accs.claim(who.account, live, body.token)
    await srv.service.claim(live, seat)
    return WireJSON({"game_id": live.id, "seat": seat})


@router.get(
    "/games",
    response_model=AccountGames,
    responses=_errors(401),
    summary="The account's games",
    description="The games in which the account has seats, most recently active first, "
    f"at most {MAX_LISTED}; with the account's seats and each seat's account name.",
)
async def account_games(who: Reader, accs: AccountsDep) -> Response:
    owned = await accs.store.games(who.account.id, MAX_LISTED)
    return _private(
        {"games": [{"game": summary(g.row), "seats": g.mine, "owners": g.owners} for g in owned]}
    )


@router.post(
    "/games/{game_id}/open",
    response_model=OpenedSeats,
    responses=_errors(401, 403, 404),
    summary="Open the account's seats in a game on this device",
    description="The current tokens of the account's seats in the game (after a rotation, "
    "the new one). Needs X-CSRF-Token: the answer holds secrets. 404 if the account has "
    "no seat there.",
)
async def open_seats(game_id: str, request: Request, who: Writer, accs: AccountsDep) -> Response:
    found = await accs.seat_tokens(who.account, game_id)
    if not found:
        raise NotFound(f"this account has no seat in game {game_id[:40]!r}")
    base = str(request.base_url)
    seats = [
        {"seat": n, "name": name, "token": t, "url": f"{base}games/{game_id}#token={t}"}
        for n, name, t in found
    ]
    return _private({"game_id": game_id, "seats": seats})
