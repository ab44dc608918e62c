"""The HTTP API's request and response bodies (pydantic), for validation and /openapi.json.

Views, prompts, actions and events are not redefined here: they are the engine's wire types,
whose JSON Schema (:func:`titan.engine.schema.wire_schema`) is merged into the OpenAPI
components, and the fields below refer to it (``WireRef``). Requests are strict: no coercion
("5" is not 5, 1 is not true) and no unknown keys."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema


def WireRef(name: str, *, array: bool = False, nullable: bool = False) -> Any:
    """A field holding one of the engine's wire types, by its name in the wire schema."""
    ref: dict[str, Any] = {"$ref": f"#/components/schemas/{name}"}
    if not array and not nullable:
        # A bare $ref beside a description makes pydantic look for it among its own models.
        ref = {"allOf": [ref]}
    if array:
        ref = {"type": "array", "items": ref}
    if nullable:
        ref = {"anyOf": [ref, {"type": "null"}]}
    return WithJsonSchema(ref)


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class TimeControlIn(_Strict):
    kind: Literal["none", "live", "correspondence"] = "none"
    seconds: int | None = Field(
        default=None,
        description="live: each decision's allowance; correspondence: a seat's allowance from "
        "when it becomes the decider (1 second to 30 days); none: omitted",
    )


class FallbackIn(_Strict):
    then: Literal["computer", "withdraw"] = Field(
        default="computer",
        description="when the seat's clock runs out: the computer plays it until its person "
        "takes it back, or the seat refuses to continue and withdraws (errata 20.4)",
    )
    level: str | None = Field(
        default=None, description="the computer's level (then=computer); null: the default"
    )


class SeatIn(_Strict):
    name: str = Field(min_length=1, max_length=40, examples=["Ann"])
    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(
        default=None, description="a bot's level (titan.ai.levels); omitted: the default level"
    )
    mine: bool = Field(
        default=False,
        description="a human seat that belongs to the logged-in account (POST /api/account/"
        "register or /login) from the start; needs its session cookie and X-CSRF-Token",
    )
    fallback: FallbackIn | None = Field(
        default=None, description="a human seat's timeout; default: the computer plays it"
    )


class OptionsIn(_Strict):
    titan_variant: bool = Field(default=False, description="rule 21's Titan Variant")
    point_target: int | None = Field(
        default=None, ge=1, le=1_000_000, description="the first at or past it wins (rule 21)"
    )
    turn_limit: int | None = Field(
        default=None, ge=1, le=10_000, description="after that many game turns, most points wins"
    )
    mulligans: Literal[1] = Field(
        default=1,
        description="rule 7.6 gives each player one mulligan on the first turn; the engine "
        "has no other number, so only 1 is accepted",
    )


class GameIn(_Strict):
    variant: str = Field(default="default", max_length=64)
    seats: list[SeatIn] = Field(min_length=2, max_length=6)
    options: OptionsIn = Field(default_factory=OptionsIn)
    unlisted: bool = Field(
        default=False, description="keep the game out of the lobby: reachable by its links only"
    )
    time_control: TimeControlIn = Field(default_factory=TimeControlIn)
    rated: bool = Field(
        default=False,
        description="its end updates the players' ratings: needs the creator's session "
        "(and X-CSRF-Token) and a human seat; each human seat acts only once it belongs to "
        "an account, one seat per account",
    )


class ControlIn(_Strict):
    by: Literal["person", "computer"] = Field(
        description="computer: play for me; person: take my seat back"
    )
    level: str | None = Field(default=None, description="the computer's level (by=computer)")


class ControlOut(BaseModel):
    seat: int
    controller: Literal["person", "computer"]
    level: str | None


class FallbackOut(BaseModel):
    seat: int
    then: Literal["computer", "withdraw"]
    level: str | None


class TimeControlOut(BaseModel):
    kind: Literal["none", "live", "correspondence"]
    seconds: int | None = None


class ClockOut(BaseModel):
    seat: int = Field(description="the seat whose clock runs (the one that must decide)")
    deadline: str = Field(description="ISO 8601, UTC; count against the Date header's clock")
    kind: Literal["live", "correspondence"]


class SeatKindIn(_Strict):
    kind: Literal["human", "bot"] = "human"
    level: str | None = None


class ImportIn(_Strict):
    record: Annotated[dict[str, Any], WireRef("GameRecord")] = Field(
        description="a game record as GET /api/games/{id}/record or `titan demo --save` write"
    )
    seats: list[SeatKindIn] | None = Field(
        default=None, description="each seat's kind (names come from the record); default human"
    )
    unlisted: bool = Field(
        default=False, description="keep the game out of the lobby: reachable by its links only"
    )
    time_control: TimeControlIn = Field(
        default_factory=TimeControlIn,
        description="the game's clocks from here on, as for a new game: the first runs for "
        "the seat that must decide where the record stops (none for a finished game)",
    )


class SeatLink(BaseModel):
    seat: int
    token: str = Field(description="the seat's new secret token; the old one holds nothing now")
    url: str = Field(description="the seat's new link, to open in a browser")


class ActionIn(_Strict):
    action: Annotated[dict[str, Any], WireRef("Action")] = Field(
        description="one of the prompt's options, posted back unchanged (or any legal action)"
    )


# --- responses ---------------------------------------------------------------------------------


class SeatOut(BaseModel):
    seat: int
    name: str
    kind: Literal["human", "bot"]
    level: str | None
    token: str | None = Field(description="the seat's secret; shown only once (null for bots)")
    url: str | None = Field(description="the seat's page, with the token in the fragment")


class GameCreated(BaseModel):
    id: str
    seats: list[SeatOut]
    manage_token: str = Field(
        description="the creator's secret (shown only here): DELETE /api/games/{id} with it "
        "removes the game until its first action"
    )


class SeatInfo(BaseModel):
    seat: int
    name: str
    kind: Literal["human", "bot"]
    level: str | None
    taken: bool = Field(description="its token has been used (computer seats always are)")


class OptionsOut(BaseModel):
    titan_variant: bool
    point_target: int | None
    turn_limit: int | None


class GameSummary(BaseModel):
    id: str
    variant: str
    options: OptionsOut
    status: Literal["open", "running", "over"] = Field(
        description="open: a human seat is still free"
    )
    version: int = Field(description="the number of actions accepted")
    to_move: int | None = Field(description="the seat that must decide now")
    winner: int | None
    created_at: str
    updated_at: str
    seats: list[SeatInfo]
    time_control: TimeControlOut
    clock: ClockOut | None = Field(description="whose clock runs, until when; null: none")
    controllers: list[Literal["person", "computer", "refusing"]] = Field(
        description="who plays each seat now (computer seats: always computer; refusing: it "
        "ran out of time and withdraws, errata 20.4)"
    )
    rated: bool = Field(default=False, description="its end updates the players' ratings")


class GameList(BaseModel):
    games: list[GameSummary]


class GameState(BaseModel):
    """What one seat (or a spectator) may know. ``events`` are the seat's events numbered
    ``since`` to ``next - 1`` in the order it may see them; ask ``?since=next`` for the rest."""

    game: str
    seat: int | None = Field(description="the seat the token holds; null: a spectator")
    version: int
    status: Literal["running", "over"]
    view: Annotated[dict[str, Any], WireRef("PlayerView")]
    prompt: Annotated[dict[str, Any] | None, WireRef("Prompt", nullable=True)] = Field(
        description="only for the seat that must decide now; its options can be posted back"
    )
    events: Annotated[list[dict[str, Any]], WireRef("Event", array=True)]
    since: int
    next: int
    time_control: TimeControlOut
    clock: ClockOut | None = Field(description="whose clock runs, until when; null: none")
    controllers: list[Literal["person", "computer", "refusing"]] = Field(
        description="who plays each seat now (computer seats: always computer; refusing: it "
        "ran out of time and withdraws, errata 20.4)"
    )


class ErrorOut(BaseModel):
    error: str
    rule: str | None = Field(default=None, description="the rule that forbids it, if any")
    path: str | None = Field(default=None, description="where in the request the fault is")


# --- chat and rematch (titan.server.chat, titan.server.rematch) ---------------------------------


class ChatIn(_Strict):
    text: str = Field(
        max_length=2000,  # the rules' limit (500 after trimming) is checked with its reason
        description="the line: plain text, 1-500 characters, no control characters",
        examples=["good game!"],
    )
    channel: Literal["players", "spectators"] | None = Field(
        default=None,
        description="players: the seats only (needs a seat's token); spectators: everyone "
        "may read it. Default: players for a seat, spectators without a token",
    )
    name: str | None = Field(
        default=None,
        max_length=200,
        description="a spectator's display name (1-40 characters, not a seat's name); a seat "
        "speaks under its own name and sends none",
    )


class ChatLine(BaseModel):
    i: int = Field(
        description="the line's number as this reader counts: every line for a seat, the "
        "public ones for a spectator (ask `since=i + 1` for what follows)"
    )
    channel: Literal["players", "spectators", "system"]
    seat: int | None = Field(description="who spoke (a seat), or whom a system line is about")
    name: str = Field(description="shown as plain text; a spectator's name on that channel")
    text: str = Field(description="plain text, never HTML")
    at: int = Field(description="the game's version (actions taken) when it was said")
    time: str


class ChatPage(BaseModel):
    lines: list[ChatLine]
    next: int = Field(description="the `since` that continues after these lines")


class Rematch(BaseModel):
    game: str = Field(description="the new game's id")
    seat: int
    token: str | None = Field(
        description="this seat's own token in the new game (null for a computer seat)"
    )
    url: str = Field(description="this seat's link to the new game")
