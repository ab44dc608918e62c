"""Every error answer is ``{"error": message, "rule": rule or null, "path": where or null}``
with a 4xx status for anything a client did (bad JSON, unknown game, illegal action, ...);
500 is kept for the server's own faults.

This is the one place where a refusal becomes an HTTP status: the service, the lobby and the
routes' dependencies raise the domain exceptions of :mod:`titan.server.refusals`, and the
engine's own (IllegalAction, WireError, RecordError, SetupError, OptionsError) come here as
they are."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, InterfaceError, OperationalError
from starlette.exceptions import HTTPException

from titan.engine.errors import IllegalAction
from titan.engine.record import RecordError, SetupError
from titan.engine.state import OptionsError
from titan.engine.wire import WireError
from titan.server.live import DamagedGame
from titan.server.refusals import (
    Invalid,
    NoCsrf,
    NotASeat,
    NotFound,
    NotLoggedIn,
    NotNow,
    NoToken,
    OverQuota,
    Refused,
    Taken,
    TooLarge,
)

log = logging.getLogger("titan.server")


# Each kind of refusal's status (every subclass of Refused is one of these).
STATUS: dict[type[Refused], int] = {
    NoToken: 401,
    NotASeat: 403,
    NotFound: 404,
    NotNow: 409,
    Invalid: 422,
    TooLarge: 413,
    OverQuota: 429,
    NotLoggedIn: 401,
    NoCsrf: 403,
    Taken: 409,
}


def error_body(error: str, rule: str | None = None, path: str | None = None) -> dict[str, Any]:
    return {"error": error, "rule": rule, "path": path}


def reply(
    status: int,
    error: str,
    rule: str | None = None,
    path: str | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(error_body(error, rule, path), status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    app.add_exception_handler(Refused, _refused)
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(IllegalAction, _illegal)
    app.add_exception_handler(WireError, _bad_input)
    app.add_exception_handler(OptionsError, _bad_input)
    app.add_exception_handler(RecordError, _path_error)
    app.add_exception_handler(SetupError, _path_error)
    app.add_exception_handler(DamagedGame, _damaged)
    app.add_exception_handler(DataError, _unstorable)
    app.add_exception_handler(OperationalError, _database)
    app.add_exception_handler(InterfaceError, _database)
    app.add_exception_handler(Exception, _internal)


async def _refused(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Refused)
    # RFC 9110 15.5.2: a 401 names the scheme that would do.
    headers = {"WWW-Authenticate": "Bearer"} if isinstance(exc, NoToken) else None
    return reply(STATUS[type(exc)], exc.message, exc.rule, exc.path, headers)


async def _validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        return reply(400, "the request body is not valid JSON")
    first = errors[0] if errors else {}
    if tuple(first.get("loc", ())) == ("body",) and first.get("type") != "missing":
        return reply(422, "the request body must be a JSON object (Content-Type: application/json)")
    loc = [str(p) for p in first.get("loc", ()) if p != "body"]
    path = ".".join(loc) or None
    message = str(first.get("msg", "invalid request"))
    return reply(422, f"{path}: {message}" if path else message, path=path)


async def _http(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    return JSONResponse(
        error_body(str(exc.detail)), status_code=exc.status_code, headers=exc.headers
    )


async def _illegal(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, IllegalAction)
    return reply(422, str(exc), exc.rule)


async def _bad_input(_: Request, exc: Exception) -> JSONResponse:
    return reply(422, str(exc))


async def _path_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RecordError | SetupError)
    return reply(422, str(exc), path=exc.path)


async def _damaged(_: Request, exc: Exception) -> JSONResponse:
    # Not the client's doing, nor anything a client can do (an import is checked whole, and
    # only accepted actions are stored): the server's own data failed its integrity check,
    # and 500 says so honestly. What failed goes to the log only: a stored action the rules
    # refuse could be described in terms of what its seat alone may see.
    log.error("damaged game: %s", exc)
    return reply(
        500,
        "this game's stored record is damaged and cannot be loaded; "
        "what is wrong with it is in the server's log, for its operator",
    )


async def _unstorable(_: Request, exc: Exception) -> JSONResponse:
    # Input that passed our checks but not the database's (an encoding it refuses, say).
    log.warning("the database refused a value: %s", exc)
    return reply(422, "the request holds a value the database cannot store")


async def _database(_: Request, exc: Exception) -> JSONResponse:
    log.error("database error: %s", exc)
    return reply(503, "the database is unavailable; try again")


async def _internal(_: Request, exc: Exception) -> JSONResponse:
    log.exception("internal error", exc_info=exc)
    return reply(500, "internal server error")
