"""/openapi.json: FastAPI's description of the routes, with the engine's wire schema (views,
prompts, actions, events: :func:`titan.engine.schema.wire_schema`) merged into its components
so that the API's bodies refer to the one published definition instead of a copy."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from titan.engine.schema import wire_schema

DESCRIPTION = """\
The Titan game server. A game is created with POST /api/games, which answers each human
seat's secret token (shown once); send it as `Authorization: Bearer TOKEN` (on the WebSocket,
`?token=TOKEN` also works, since browsers cannot set headers there). Without a token, or with a
wrong one, reads are a spectator's and actions are refused.

GET /api/games/{id}/state gives the seat's view, its prompt when it must decide, and its
events; POST one of the prompt's options back unchanged to /api/games/{id}/actions. The
WebSocket /api/games/{id}/ws pushes `{"type": "state", ...}` on connecting and
`{"type": "update", ...}` (same shape) after every move. Every error is
`{"error", "rule", "path"}` with a 4xx status.

Each game has a chat: POST /api/games/{id}/chat says a line (on the players' channel with a
seat's token, on the spectators' with a display `name` and no token), GET reads the lines
the asker may see; a WebSocket opened with `?chat_since=N` also carries
`{"type": "chat", "lines": [...]}` and, once a finished game is played again (POST
/api/games/{id}/rematch), `{"type": "rematch", ...}` with each seat's own link.

The dice seed never leaves the server while a game runs: the record (GET .../record), which
holds it, is given out only once the game is over.
"""

# A game record (titan.engine.record): its own strict parser checks it; this is for readers.
GAME_RECORD: dict[str, Any] = {
    "title": "GameRecord",
    "type": "object",
    "required": ["variant", "seats", "seed", "options", "actions"],
    "properties": {
        "format": {"type": "integer", "const": 1},
        "variant": {"type": "string"},
        "seats": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 6},
        "seed": {"type": "integer", "minimum": 0},
        "options": {
            "type": "object",
            "properties": {
                "titan_variant": {"type": "boolean"},
                "point_target": {"type": ["integer", "null"]},
                "turn_limit": {"type": ["integer", "null"]},
            },
        },
        "actions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "action"],
                "properties": {
                    "player": {"type": "integer"},
                    "action": {"$ref": "#/components/schemas/Action"},
                },
            },
        },
        "digest": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
    },
}


def wire_components() -> dict[str, Any]:
    """The wire schema's definitions, their references pointed at the OpenAPI components."""
    text = json.dumps(wire_schema()["$defs"]).replace('"#/$defs/', '"#/components/schemas/')
    defs: dict[str, Any] = json.loads(text)
    return defs


def install(app: FastAPI) -> None:
    def build() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title="Titan",
                version=app.version,
                description=DESCRIPTION,
                routes=app.routes,
            )
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            for name, definition in {**wire_components(), "GameRecord": GAME_RECORD}.items():
                if name in components:
                    raise RuntimeError(f"an API model and a wire type are both named {name}")
                components[name] = definition
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = build  # type: ignore[method-assign]  # FastAPI's documented way
