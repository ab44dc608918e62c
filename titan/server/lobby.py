"""Seats and the lobby: checking who sits where, dealing out secret tokens, and the public
summary of a game (never its seed or tokens)."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from titan.ai.levels import LEVELS
from titan.engine import record
from titan.server.clocks import clock_wire, controllers_wire, stored_control
from titan.server.live import clock_of, hash_token
from titan.server.refusals import Invalid
from titan.server.rows import GameRow, SeatRow

MAX_NAME = record.MAX_NAME  # 40


@dataclass(frozen=True, slots=True)
class SeatSpec:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # a bot's level; the default level when None
    fallback: str = "computer"  # a human seat's timeout: "computer" or "withdraw"
    fallback_level: str | None = None  # the computer's level then (None: the default)


def default_level() -> str:
    """The strongest everyday level the AI registry offers ("normal" once it exists)."""
    return "normal" if "normal" in LEVELS else next(iter(LEVELS))


def check_name(name: str, path: str) -> None:
    """A player's name, a seat's or an account's: at most MAX_NAME characters (the engine's
    limit, rule 1.1's names), no control characters (names reach terminals and every
    client's screen). Blank names are the caller's to refuse: a seat's by the engine."""
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise Invalid("a name may not hold control characters", path=path)
    if len(name) > MAX_NAME:
        raise Invalid(f"a name is at most {MAX_NAME} characters", path=path)


def check_seats(specs: Sequence[SeatSpec]) -> list[SeatSpec]:
    """Kinds and levels (the engine checks the names and their number: rule 1.1)."""
    out = []
    for i, spec in enumerate(specs):
        if spec.kind not in ("human", "bot"):
            raise Invalid(
                f"kind must be 'human' or 'bot', got {spec.kind!r}", path=f"seats[{i}].kind"
            )
        check_name(spec.name, f"seats[{i}].name")
        level = spec.level
        if spec.kind == "human":
            if level is not None:
                raise Invalid("only a bot seat has a level", path=f"seats[{i}].level")
        elif level is None:
            level = default_level()
        elif level not in LEVELS:
            raise Invalid(
                f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}",
                path=f"seats[{i}].level",
            )
        out.append(
            SeatSpec(spec.name.strip(), spec.kind, level, spec.fallback, spec.fallback_level)
        )
    return out


def new_token() -> str:
    """A seat's secret: 192 random bits, URL-safe (it travels in a link's fragment)."""
    return secrets.token_urlsafe(24)


def deal_seats(
    specs: Sequence[SeatSpec], tokens_now: bool = True
) -> tuple[list[SeatRow], list[str | None]]:
    """Seat rows and each human seat's token (shown once, stored only as its hash); computer
    seats have no token and count as taken. Without ``tokens_now`` human seats get no token
    yet (a rematch gives each its own later: :mod:`titan.server.rematch`)."""
    rows: list[SeatRow] = []
    tokens: list[str | None] = []
    for i, spec in enumerate(specs):
        token = new_token() if spec.kind == "human" and tokens_now else None
        tokens.append(token)
        rows.append(
            SeatRow(
                seat=i,
                name=spec.name,
                kind=spec.kind,
                level=spec.level,
                token_hash=None if token is None else hash_token(token),
                claimed=spec.kind == "bot",
                fallback=spec.fallback,
                fallback_level=spec.fallback_level,
            )
        )
    return rows, tokens


def new_game_id() -> str:
    return secrets.token_hex(8)


def lobby_status(row: GameRow) -> str:
    """ "open" while a human seat is still free, then "running", then "over"."""
    if row.status == "over":
        return "over"
    return "open" if any(not s.claimed for s in row.seats) else "running"


def summary(row: GameRow) -> dict[str, Any]:
    """What anyone may know of a game: no seed, no tokens."""
    return {
        "id": row.id,
        "variant": row.variant,
        "options": row.options,
        "status": lobby_status(row),
        "version": row.version,
        "to_move": None if row.to_move < 0 else row.to_move,
        "winner": row.winner,
        "created_at": _iso(row.created_at),
        "updated_at": _iso(row.updated_at),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "level": s.level,
                "taken": s.claimed,
            }
            for s in row.seats
        ],
        # titan.server.clocks
        "time_control": stored_control(row.time_kind, row.time_seconds).wire(),
        "clock": clock_wire(
            stored_control(row.time_kind, row.time_seconds),
            clock_of(row) if row.status == "running" else None,
        ),
        "controllers": controllers_wire(
            [s.kind for s in row.seats], [s.controller for s in row.seats]
        ),
        "rated": row.rated,
    }


def _iso(stamp: datetime) -> str:
    # SQLite hands back naive datetimes; they were written in UTC.
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).isoformat()
