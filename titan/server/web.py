"""The browser client: its page at ``/`` (the lobby) and ``/games/{id}`` (a game; the seat's
token travels in the URL's fragment, which browsers never send), ``/games/{id}/replay`` (its
replay viewer), its built files under
``/static`` (``titan/web/static``, built by ``scripts/build-web`` and shipped in the package,
so no Node is needed to run the server) and the variant data it draws the boards from."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from titan.ai.levels import LEVELS
from titan.server.lobby import default_level
from titan.server.refusals import NotFound
from titan.variant import variant_names

router = APIRouter(include_in_schema=False)
STATIC = resources.files("titan.web").joinpath("static")
DATA_FILES = ("masterboard", "battlelands", "characters", "recruits")


def static_files() -> StaticFiles:
    return StaticFiles(directory=str(STATIC))


@cache
def _index() -> str:
    return STATIC.joinpath("index.html").read_text("utf-8")


@router.get("/", response_class=HTMLResponse)
@router.get("/unsubscribe", response_class=HTMLResponse)  # a notice mail's link (notice_api)
async def lobby_page() -> HTMLResponse:
    return HTMLResponse(_index(), headers={"Cache-Control": "no-cache"})


@router.get("/games/{game_id}", response_class=HTMLResponse)
@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
@router.get("/games/{game_id}/dice", response_class=HTMLResponse)
async def game_page(game_id: str) -> HTMLResponse:
    return HTMLResponse(_index(), headers={"Cache-Control": "no-cache"})


@router.get("/leaderboard", response_class=HTMLResponse)
@router.get("/players/{name}", response_class=HTMLResponse)
async def rating_page(name: str = "") -> HTMLResponse:
    return HTMLResponse(_index(), headers={"Cache-Control": "no-cache"})


@cache
def _variant_data(name: str) -> dict[str, Any]:
    root = resources.files("titan.variants").joinpath(name)
    return {f: json.loads(root.joinpath(f"{f}.json").read_text("utf-8")) for f in DATA_FILES}


@router.get("/api/variants/{name}")
async def variant_data(name: str) -> JSONResponse:
    """The boards and characters of a variant, as the client draws them."""
    if name not in variant_names():
        raise NotFound(f"no variant named {name!r}", path="name")
    return JSONResponse(_variant_data(name), headers={"Cache-Control": "max-age=3600"})


@router.get("/api/levels")
async def levels() -> JSONResponse:
    """The computer players' levels, weakest first, and the one a new seat gets."""
    return JSONResponse({"levels": list(LEVELS), "default": default_level()})
