"""Plain HTML pages until the browser client exists: the lobby at ``/`` (games, seats, a form
to start a game), the page that hands out a new game's seat links, and a bare game page.

Everything a player typed (names) is escaped; the game page writes text only, never HTML."""

from __future__ import annotations

from html import escape
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from titan.ai.levels import LEVELS
from titan.engine.state import Options
from titan.server.api import created, server_of
from titan.server.client_page import GAME_PAGE
from titan.server.errors import ApiError
from titan.server.lobby import SeatSpec, default_level, lobby_status
from titan.server.rows import GameRow

router = APIRouter(include_in_schema=False)

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
table { border-collapse: collapse; } td, th { padding: .25rem .6rem; text-align: left; }
tr:nth-child(even) { background: #f3f3f3; } .error { color: #a00; } code { font-size: .9em; }
"""


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    html = (
        f"<!doctype html><html lang=en><meta charset=utf-8><title>{escape(title)}</title>"
        f"<meta name=viewport content='width=device-width'><style>{STYLE}</style>"
        f"<body><h1>{escape(title)}</h1>{body}</body></html>"
    )
    return HTMLResponse(html, status_code=status)


def _seats_text(row: GameRow) -> str:
    parts = []
    for s in row.seats:
        what = f"bot, {s.level}" if s.kind == "bot" else ("taken" if s.claimed else "free")
        parts.append(f"{escape(s.name)} ({escape(what)})")
    return ", ".join(parts)


def _form(error: str | None = None) -> str:
    levels = "".join(
        f"<option{' selected' if lv == default_level() else ''}>{escape(lv)}</option>"
        for lv in LEVELS
    )
    rows = []
    for i in range(6):
        kind = "human" if i < 2 else ""
        rows.append(
            f"<tr><td>{i + 1}</td><td><input name=name{i} value='{'Player ' + str(i + 1)}'></td>"
            f"<td><select name=kind{i}><option value=''{' selected' if not kind else ''}>"
            f"(no seat)</option><option value=human{' selected' if kind else ''}>human</option>"
            f"<option value=bot>computer</option></select></td>"
            f"<td><select name=level{i}>{levels}</select></td></tr>"
        )
    err = f"<p class=error>{escape(error)}</p>" if error else ""
    return (
        f"<h2>New game</h2>{err}<form method=post action=/games><table>"
        "<tr><th>seat</th><th>name</th><th>player</th><th>computer level</th></tr>"
        + "".join(rows)
        + "</table><p><label><input type=checkbox name=titan_variant> Titan Variant (rule 21)"
        "</label> &nbsp; <label>point target <input name=point_target size=6></label> &nbsp; "
        "<label>turn limit <input name=turn_limit size=4></label></p>"
        "<p><button>Start the game</button></p></form>"
    )


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    rows = await server_of(request).service.store.recent(50)
    lines = "".join(
        f"<tr><td><a href='/games/{escape(r.id)}'>{escape(r.id)}</a></td>"
        f"<td>{lobby_status(r)}</td><td>{_seats_text(r)}</td><td>{r.version}</td>"
        f"<td>{escape(r.updated_at.strftime('%Y-%m-%d %H:%M'))}</td></tr>"
        for r in rows
    )
    games = (
        "<table><tr><th>game</th><th>status</th><th>seats</th><th>actions</th><th>last move"
        f"</th></tr>{lines}</table>"
        if rows
        else "<p>No games yet.</p>"
    )
    note = (
        "<p>A game's page shows it to spectators; a seat is played from the link handed out "
        "when the game is created. The API is described at <a href=/docs>/docs</a>.</p>"
    )
    return _page("Titan", f"<h2>Games</h2>{games}{note}{_form()}")


@router.post("/games", response_class=HTMLResponse)
async def create_from_form(request: Request) -> HTMLResponse:
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items()}
    specs = []
    for i in range(6):
        kind = form.get(f"kind{i}", "")
        if kind in ("human", "bot"):
            name = form.get(f"name{i}", "").strip()
            level = form.get(f"level{i}") if kind == "bot" else None
            specs.append(SeatSpec(name, kind, level))
    try:
        options = Options(
            "titan_variant" in form,
            _number(form, "point_target"),
            _number(form, "turn_limit"),
        )
        live, tokens = await server_of(request).service.create("default", specs, options)
    except (ApiError, ValueError) as exc:
        message = exc.error if isinstance(exc, ApiError) else str(exc)
        return _page("Titan", _form(message), status=422)
    info = created(live, tokens, str(request.base_url))
    items = "".join(
        f"<li>{escape(s['name'])}: <a href='{escape(s['url'])}'><code>{escape(s['url'])}</code>"
        "</a></li>"
        if s["url"]
        else f"<li>{escape(s['name'])}: computer ({escape(str(s['level']))})</li>"
        for s in info["seats"]
    )
    watch = f"{request.base_url}games/{live.id}"
    body = (
        "<p>Give each player their own link, privately: it holds the seat's secret token, "
        "shown only this once.</p>"
        f"<ul>{items}</ul><p>Spectators: <a href='{escape(watch)}'>{escape(watch)}</a></p>"
        "<p><a href=/>Back to the lobby</a></p>"
    )
    return _page(f"Game {live.id}", body, status=201)


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(game_id: str) -> HTMLResponse:
    return HTMLResponse(GAME_PAGE)


def _number(form: dict[str, str], key: str) -> int | None:
    raw = form.get(key, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ValueError(f"{key.replace('_', ' ')}: expected a whole number, got {raw!r}")
    return int(raw)
