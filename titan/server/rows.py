"""What the store reads and writes, as plain values: a game row with its seats, the fields an
action changes, and the notice PostgreSQL carries to every process after each action.

Rows are built with keywords only (``kw_only``): a dozen fields, several of one type, are
too easy to put in the wrong order."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

NOTIFY_CHANNEL = "titan_actions"  # PostgreSQL: each accepted action's Notice


@dataclass(slots=True, kw_only=True)
class SeatRow:
    seat: int
    name: str
    kind: str  # "human" or "bot"
    level: str | None
    token_hash: str | None
    claimed: bool
    # titan.server.clocks: who plays the seat now, and what its timeout does
    controller: str = "person"  # or "computer", or "refusing" (clocks.REFUSING)
    controller_level: str | None = None
    fallback: str = "computer"  # or "withdraw"
    fallback_level: str | None = None
    account_id: int | None = None  # the account the seat belongs to, if any


@dataclass(slots=True, kw_only=True)
class GameRow:
    id: str
    variant: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    digest: str
    to_move: int
    winner: int | None
    created_at: datetime
    updated_at: datetime
    seats: list[SeatRow]
    unlisted: bool = False  # not in the lobby
    creator: str | None = None  # the creating client's key (quotas)
    manage_hash: str | None = None  # the creator's token, hashed (removing the game)
    time_kind: str | None = None  # titan.server.clocks: None, "live" or "correspondence"
    time_seconds: int | None = None
    deadline_seat: int | None = None  # whose clock runs, until when
    deadline_at: datetime | None = None
    rated: bool = False  # its end updates its players' ratings (titan.server.ratingstore)


@dataclass(frozen=True, slots=True, kw_only=True)
class Progress:
    """A game row's fields that change with each action, and ``at``, the moment the action was
    taken: its clock runs from it, and every row its write stamps (the game's ``updated_at``,
    the log's, the notices' and the ratings') carries it, so that one action has one time."""

    at: datetime
    version: int
    digest: str
    to_move: int
    over: bool
    winner: int | None
    deadline_seat: int | None = None  # the clock the action starts (titan.server.clocks)
    deadline_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Notice:
    """What a NOTIFY on :data:`NOTIFY_CHANNEL` says: process ``origin`` stored the action that
    brought game ``game_id`` to ``version``, whose log then has ``digest``. The payload is
    ``"ORIGIN GAME_ID VERSION DIGEST"``; the origin lets a process skip its own actions."""

    origin: str
    game_id: str
    version: int
    digest: str

    def payload(self) -> str:
        return f"{self.origin} {self.game_id} {self.version} {self.digest}"

    @classmethod
    def parse(cls, payload: str) -> Notice | None:
        parts = payload.split(" ")
        if len(parts) != 4 or not parts[2].isdigit():
            return None
        return cls(parts[0], parts[1], int(parts[2]), parts[3])


def now() -> datetime:
    return datetime.now(UTC)


# --- to and from the tables' rows (titan.server.tables) ---------------------------------------


def seat_values(game_id: str, s: SeatRow) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "seat": s.seat,
        "name": s.name,
        "kind": s.kind,
        "level": s.level,
        "token_hash": s.token_hash,
        "claimed": s.claimed,
        "controller": s.controller,
        "controller_level": s.controller_level,
        "fallback": s.fallback,
        "fallback_level": s.fallback_level,
    }


def seat_row(m: Any) -> SeatRow:
    return SeatRow(
        seat=m["seat"],
        name=m["name"],
        kind=m["kind"],
        level=m["level"],
        token_hash=m["token_hash"],
        claimed=m["claimed"],
        controller=m["controller"],
        controller_level=m["controller_level"],
        fallback=m["fallback"],
        fallback_level=m["fallback_level"],
        account_id=m["account_id"],
    )


def game_row(m: Any, seat_rows: list[SeatRow]) -> GameRow:
    return GameRow(
        id=m["id"],
        variant=m["variant"],
        options=m["options"],
        seed=m["seed"],
        status=m["status"],
        version=m["version"],
        digest=m["digest"],
        to_move=m["to_move"],
        winner=m["winner"],
        created_at=m["created_at"],
        updated_at=m["updated_at"],
        seats=seat_rows,
        unlisted=m["unlisted"],
        creator=m["creator"],
        manage_hash=m["manage_hash"],
        time_kind=m["time_kind"],
        time_seconds=m["time_seconds"],
        deadline_seat=m["deadline_seat"],
        deadline_at=utc(m["deadline_at"]),
        rated=m["rated"],
    )


def utc(stamp: datetime | None) -> datetime | None:
    """A stored time as an aware UTC datetime (SQLite hands back naive ones, written in UTC)."""
    if stamp is None or stamp.tzinfo is not None:
        return stamp
    return stamp.replace(tzinfo=UTC)
