"""Time controls: whose clock runs, until when, and what a timeout does (issue 20, "Games over
days"; docs/architecture.md, "Clocks and fallbacks").

A game has no time control, a *live* one (each decision gets ``seconds``) or a
*correspondence* one (a seat gets ``seconds`` from the moment it *becomes* the decider, however
many decisions it then makes; the defender of a battle holds the clock while the prompts are
his, and gets a fresh allowance each time the decider changes back to him). The decider is the
engine's ``current_player()``; nothing else says whose clock runs. No clock runs while the
computer decides: for a computer seat, or for a person's seat the computer plays for them.

The deadline lives in the database (``games.deadline_*``), written in the same statement as
the action that changed the decider (:func:`next_clock` feeds the action's ``Progress``);
:mod:`titan.server.sweeper` acts on expired ones. Everything here is pure: the caller passes
the time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from titan.ai.levels import LEVELS
from titan.server.refusals import Invalid, NotNow

MAX_SECONDS = 30 * 24 * 3600  # an allowance of at most 30 days
TimeKind = Literal["live", "correspondence"]
KINDS: tuple[TimeKind, ...] = ("live", "correspondence")
PERSON, COMPUTER, WITHDRAW = "person", "computer", "withdraw"
# The controller of a seat whose "withdraw" fallback was applied: it ran out of time and is
# treated as refusing to continue (errata 21.0, 20.4) for the rest of the game. Its person
# plays it no more; whenever it must decide its deadline is due at once, and the sweeper plays
# its refusals, until it has withdrawn.
REFUSING = "refusing"


@dataclass(frozen=True, slots=True)
class TimeControl:
    kind: TimeKind | None = None  # None: no clock
    seconds: int | None = None

    def wire(self) -> dict[str, Any]:
        if self.kind is None:
            return {"kind": "none"}
        return {"kind": self.kind, "seconds": self.seconds}


NO_CLOCK = TimeControl()


@dataclass(frozen=True, slots=True)
class Clock:
    """A running clock: ``seat`` must decide by ``deadline`` (aware UTC)."""

    seat: int
    deadline: datetime


def time_control(kind: str | None, seconds: int | None) -> TimeControl:
    """The time control a request asks for (``kind`` "none", "live" or "correspondence").
    Raises Invalid."""
    if kind is None or kind == "none":
        if seconds is not None:
            raise Invalid("no time control takes no seconds", path="time_control.seconds")
        return NO_CLOCK
    if kind not in KINDS:
        raise Invalid(
            f"time_control.kind must be none, live or correspondence, got {kind!r}",
            path="time_control.kind",
        )
    if seconds is None or not 1 <= seconds <= MAX_SECONDS:
        raise Invalid(
            f"a {kind} time control needs 1 to {MAX_SECONDS} seconds (30 days)",
            path="time_control.seconds",
        )
    return TimeControl(kind, seconds)  # checked above


def stored_control(kind: str | None, seconds: int | None) -> TimeControl:
    """The time control a game row holds (written from :func:`time_control`)."""
    if kind in KINDS:
        return TimeControl(kind, seconds)
    return NO_CLOCK


def check_level(level: str | None, path: str) -> str | None:
    """A computer level someone chose for a seat (None: the default level). Raises Invalid."""
    if level is not None and level not in LEVELS:
        raise Invalid(f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}", path=path)
    return level


def next_clock(
    control: TimeControl,
    before: Clock | None,
    decider: int,
    computer_decides: bool,
    at: datetime,
    *,
    refusing: bool = False,
) -> Clock | None:
    """The clock once an action (taken at ``at``) has made ``decider`` the seat that must
    decide (-1: the game is over). ``before`` is the clock that ran until then. A live clock
    restarts with every decision; a correspondence clock keeps running while the same seat
    decides on, and starts afresh when the decider changes. A ``refusing`` decider (its
    timeout stands: :data:`REFUSING`) gets no allowance: its deadline is ``at``."""
    if control.kind is None or control.seconds is None or decider < 0 or computer_decides:
        return None
    if refusing:
        return Clock(decider, at)
    if control.kind == "correspondence" and before is not None and before.seat == decider:
        return before
    return Clock(decider, at + timedelta(seconds=control.seconds))


def clock_wire(control: TimeControl, clock: Clock | None) -> dict[str, Any] | None:
    """``clock`` as the API sends it: ``{"seat", "deadline" (ISO 8601 UTC, "Z"), "kind"}``."""
    if clock is None or control.kind is None:
        return None
    text = clock.deadline.astimezone(UTC).isoformat(timespec="milliseconds")
    return {"seat": clock.seat, "deadline": text.replace("+00:00", "Z"), "kind": control.kind}


def controllers_wire(kinds: Sequence[str], controllers: Sequence[str]) -> list[str]:
    """Each seat's controller as the API sends it: computer seats are always "computer"; a
    seat that ran out of time and withdraws (errata 20.4) is "refusing"."""
    return [
        COMPUTER if kind == "bot" or ctl == COMPUTER else REFUSING if ctl == REFUSING else PERSON
        for kind, ctl in zip(kinds, controllers, strict=True)
    ]


def refusing_seat(name: str) -> NotNow:
    """The refusal of anything a refusing seat's person asks for (play, a hand-over)."""
    return NotNow(
        f"{name} ran out of time and is treated as refusing to continue the game: the seat "
        "withdraws at the first point the rules allow, and nobody plays it any more",
        "errata 21.0, 20.4",
    )


# The actions a player who refuses to go on attempts, first legal one first (errata 20.4:
# withdraw, flee, concede, refuse a muster or an angel, ...). A prompt's options are the legal
# actions; a kind missing here is played as the computer's fallback option would be.
REFUSAL = ("withdraw", "flee", "concede", "decline", "done_mustering", "no_more_proposals")
