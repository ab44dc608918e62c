"""Game records: the JSON a game is saved as, parsed strictly and fingerprinted.

A record is the game's header (variant, seats, seed, options) and its action log; replaying the
log from the header rebuilds the game exactly. Everything here is pure: no files, no replay.

A record is untrusted input (a server loads what clients send), so :func:`parse_record` checks
every key and type before anything reaches the rules, and refuses a bad record with one
exception type, :class:`RecordError`, naming the offending path (``actions[12].action.land``).

Format 1 (written by :func:`make_record`)::

    {"format": 1, "variant": "default", "seats": ["Alice", "Bob"], "seed": 3,
     "options": {"titan_variant": false, "point_target": null, "turn_limit": null},
     "actions": [{"player": 1, "action": {"type": "choose_colour", "colour": "Black"}}, ...],
     "digest": "sha256:<64 hex digits>"}

Records saved before the format existed have neither ``format`` nor ``digest``; they still load,
unchecked by any digest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any, TypeGuard

import msgspec

from titan.engine import wire
from titan.engine.actions import Action
from titan.engine.state import Options, OptionsError
from titan.variant import VARIANT_NAME

FORMAT = 1
MIN_SEATS, MAX_SEATS = 2, 6  # rule 1.1: "a fantasy war game for two to six players"

_HEADER_KEYS = ("variant", "seats", "seed", "options")
_LEGACY_KEYS = frozenset({*_HEADER_KEYS, "actions"})
_KEYS = _LEGACY_KEYS | {"format", "digest"}
_ENTRY_KEYS = frozenset({"player", "action"})
_OPTION_KEYS = frozenset(f.name for f in dataclasses.fields(Options))
_DIGEST_PREFIX = "sha256:"


class _PathError(ValueError):
    """A refusal naming where the bad value is: ``path`` is e.g. ``seats[2]``."""

    def __init__(self, path: str, detail: str) -> None:
        self.path = path
        self.detail = detail
        super().__init__(f"{path}: {detail}")


class RecordError(_PathError):
    """A game record that cannot be loaded: malformed, tampered with, or refused by the rules
    on replay. The one exception :func:`parse_record` and ``Game.load`` raise for a bad record."""


class SetupError(_PathError):
    """Arguments to ``Game.new`` that cannot start a game (bad variant, seats or seed)."""


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed, validated record. ``digest`` is always the record's true digest (the one it
    carried, once checked, or for a legacy record the one computed from it); ``format`` 0 is a
    legacy record that carried none."""

    variant: str
    seats: tuple[str, ...]
    seed: int
    options: Options
    actions: tuple[tuple[int, Action], ...]
    digest: str
    format: int


# --- the digest ------------------------------------------------------------------------------


def _canonical(value: object) -> bytes:
    """One byte string per JSON value: sorted keys, no spaces, ASCII only, no NaN."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii")


def _entry(player: int, action: Action) -> bytes:
    """The canonical JSON of one action log entry, the bytes :func:`_canonical` writes for
    ``{"player": player, "action": wire.encode(action)}``, ten times faster: msgspec writes
    the action's fields in sorted order, and its ``"type"``, which sorts after the field names
    of every action class, closes the object. msgspec escapes as ``json.dumps`` does but for
    DEL and what is not ASCII, which no action of the rules holds. Anything else (and a class
    with a field named after "type", should one appear) takes the slow way."""
    fields = _encode_sorted(action)
    tag = _tags.get(type(action))
    if tag is None:
        tag = _tags[type(action)] = _tag(type(action))
    # type() is int: True is no player (and a subclass of int takes the slow way, to the same
    # bytes).
    if tag and type(player) is int and fields.isascii() and b"\x7f" not in fields:
        if len(fields) > 2:
            return b'{"action":%s,%s},"player":%d}' % (fields[:-1], tag, player)
        return b'{"action":{%s},"player":%d}' % (tag, player)
    return _canonical({"action": wire.encode(action), "player": player})


# One encoder for every entry: msgspec.json.encode(..., order=...) sets one up on each call.
_encode_sorted = msgspec.json.Encoder(order="sorted").encode


def _tag(cls: type[Action]) -> bytes:
    """``"type":"kind"`` for an action class whose field names all sort before "type";
    empty for any other."""
    if any(f.name >= "type" for f in dataclasses.fields(cls)):
        return b""
    return b'"type":' + _canonical(cls.kind)


_tags: dict[type[Action], bytes] = {}  # an action class -> _tag(class)


def record_digest(
    variant: str,
    seats: Sequence[str],
    seed: int,
    options: Options,
    actions: Iterable[tuple[int, Action]],
) -> str:
    """A chained SHA-256: the header's canonical JSON first, then each action folded in order
    (h = sha256(h || canonical(entry))), so that dropping, swapping or altering an action, or
    the same actions under another header, changes the digest. Chained rather than one hash of
    the whole record so that it can be kept up to date action by action.

    It detects damage and mix-ups, not forgery: there is no key, anyone can recompute it.
    """
    header = {
        "format": FORMAT,
        "variant": variant,
        "seats": list(seats),
        "seed": seed,
        "options": dataclasses.asdict(options),
    }
    h = hashlib.sha256(b"titan-record\0" + _canonical(header)).digest()
    return extend_digest(_DIGEST_PREFIX + h.hex(), actions)


def extend_digest(digest: str, actions: Iterable[tuple[int, Action]]) -> str:
    """The digest of a record whose digest was ``digest``, with ``actions`` appended: the chain
    of :func:`record_digest` carried on, so that a server keeps a running game's digest up to
    date in constant time per action instead of rehashing the whole log."""
    if not digest.startswith(_DIGEST_PREFIX):
        raise ValueError(f"not a record digest: {_short(digest)}")
    h = bytes.fromhex(digest[len(_DIGEST_PREFIX) :])
    for player, action in actions:
        h = hashlib.sha256(h + _entry(player, action)).digest()
    return _DIGEST_PREFIX + h.hex()


def make_record(
    variant: str,
    seats: Sequence[str],
    seed: int,
    options: Options,
    actions: Sequence[tuple[int, Action]],
) -> dict[str, Any]:
    """The JSON-ready record of a game, with its format version and digest."""
    return {
        "format": FORMAT,
        "variant": variant,
        "seats": list(seats),
        "seed": seed,
        "options": dataclasses.asdict(options),
        "actions": [{"player": p, "action": wire.encode(a)} for p, a in actions],
        "digest": record_digest(variant, seats, seed, options, actions),
    }


# --- arguments shared by Game.new and records --------------------------------------------------


def _is_int(value: object) -> TypeGuard[int]:
    # bool is a subclass of int: True must not pass for 1 (nor be saved back as true).
    return isinstance(value, int) and not isinstance(value, bool)


MAX_NAME = 40  # characters in a player's name; the server's seats follow it


def check_seats(seats: object) -> tuple[str, ...]:
    """Rule 1.1: two to six players, with distinct, non-blank names, in seat order.

    Any ordered iterable will do, but not a bare string (``"Ann"`` is not three players "A",
    "n", "n") nor a set or mapping, whose order is not the caller's."""
    if isinstance(seats, str | bytes | bytearray | Set | Mapping) or not isinstance(
        seats, Iterable
    ):
        raise SetupError("seats", f"expected a list of player names, got {_short(seats)}")
    names = tuple(seats)
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise SetupError(
            "seats", f"Titan is for {MIN_SEATS} to {MAX_SEATS} players (rule 1.1), got {len(names)}"
        )
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"seats[{i}]", f"expected a non-blank name, got {_short(name)}")
        if len(name) > MAX_NAME:
            raise SetupError(f"seats[{i}]", f"a name is at most {MAX_NAME} characters")
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
            # Names reach terminals (titan replay) and every client's screen.
            raise SetupError(f"seats[{i}]", "a name may not hold control characters")
        if name in names[:i]:
            # Players are told apart by name in every view and message.
            raise SetupError(f"seats[{i}]", f"{_short(name)} is already seated")
    return names


MAX_SEED = 2**53 - 1  # the largest integer a JSON client (JavaScript) reads exactly


def check_seed(seed: object) -> int:
    """The dice seed: an int from 0 to 2**53 - 1, not a bool and not a numeric string."""
    if not _is_int(seed):
        raise SetupError("seed", f"expected an integer, got {_short(seed)}")
    assert isinstance(seed, int)
    if not 0 <= seed <= MAX_SEED:
        raise SetupError("seed", f"expected an integer from 0 to 2**53 - 1, got {seed}")
    return seed


def check_variant_name(name: object) -> str:
    """A variant name as a record may give it: a plain word, never a path. Whether such a
    variant is packaged is for :func:`titan.variant.load` to say."""
    if not isinstance(name, str) or not VARIANT_NAME.fullmatch(name):
        raise SetupError(
            "variant", f"expected a variant name such as 'default', got {_short(name)}"
        )
    return name


# --- parsing ---------------------------------------------------------------------------------


def parse_record(raw: object) -> Record:
    """Validate a record (as ``json.load`` returns it) and rebuild its actions.

    Raises :class:`RecordError`, naming the offending path, for an unknown or missing key, a
    value of the wrong type (a bool is not an integer), bad seats, seed or options, a malformed
    action, a player who is not seated, or a digest that does not match the record.
    """
    obj = _object(raw, "record")
    _keys(obj, "record", required=_LEGACY_KEYS, allowed=_KEYS)
    version = _format(obj)
    try:
        variant = check_variant_name(obj["variant"])
        if not isinstance(obj["seats"], list):  # JSON has arrays only: no tuple, no iterator
            raise SetupError(
                "seats", f"expected a list of player names, got {_short(obj['seats'])}"
            )
        seats = check_seats(obj["seats"])
        seed = check_seed(obj["seed"])
    except SetupError as exc:
        raise RecordError(exc.path, exc.detail) from exc
    options = _options(obj["options"])
    actions = _actions(obj["actions"], len(seats))
    digest = record_digest(variant, seats, seed, options, actions)
    if version > 0:
        claimed = obj["digest"]
        if not isinstance(claimed, str):
            raise RecordError("digest", f"expected a string, got {_short(claimed)}")
        if claimed != digest:
            raise RecordError(
                "digest",
                "does not match the record: an action was dropped, reordered or altered, "
                "or the header changed",
            )
    return Record(variant, seats, seed, options, actions, digest, version)


def _format(obj: Mapping[str, object]) -> int:
    """0 for a legacy record (no format, no digest); otherwise the format, which needs a digest."""
    if "format" not in obj:
        if "digest" in obj:
            raise RecordError("record", "a digest without a format version")
        return 0
    version = obj["format"]
    if version != FORMAT or not _is_int(version):
        raise RecordError(
            "format", f"unsupported format {_short(version)}; this engine reads {FORMAT}"
        )
    if "digest" not in obj:
        raise RecordError("record", "missing key 'digest'")
    return FORMAT


def _object(raw: object, path: str) -> dict[str, object]:
    if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
        raise RecordError(path, f"expected an object, got {_short(raw)}")
    return raw


def _keys(
    obj: Mapping[str, object], path: str, required: Set[str], allowed: Set[str] | None = None
) -> None:
    unknown = sorted(set(obj) - (allowed if allowed is not None else required))
    if unknown:
        raise RecordError(path, f"unknown key {unknown[0]!r}")
    missing = sorted(required - set(obj))
    if missing:
        raise RecordError(path, f"missing key {missing[0]!r}")


def _options(raw: object) -> Options:
    obj = _object(raw, "options")
    _keys(obj, "options", required=_OPTION_KEYS)
    try:
        return Options(**obj)  # type: ignore[arg-type]  # the types are Options' to check
    except OptionsError as exc:
        raise RecordError(f"options.{exc.option}", exc.detail) from exc


def _actions(raw: object, seats: int) -> tuple[tuple[int, Action], ...]:
    if not isinstance(raw, list):
        raise RecordError("actions", f"expected a list, got {_short(raw)}")
    players: list[int] = []
    for i, entry in enumerate(raw):
        if type(entry) is not dict or entry.keys() != _ENTRY_KEYS:  # say what is wrong
            _keys(_object(entry, f"actions[{i}]"), f"actions[{i}]", required=_ENTRY_KEYS)
        player = entry["player"]
        if not _is_int(player) or not 0 <= player < seats:
            raise RecordError(
                f"actions[{i}].player",
                f"expected a seat number 0 to {seats - 1}, got {_short(player)}",
            )
        players.append(player)
    try:
        actions = wire.decode_actions([entry["action"] for entry in raw])
    except wire.WireError as exc:  # $[12].land is actions[12].action.land
        index, _, rest = exc.path.removeprefix("$[").partition("]")
        raise RecordError(f"actions[{index}].action{rest}", exc.detail) from None
    return tuple(zip(players, actions, strict=True))


def _short(value: object) -> str:
    """A value for a message, cut short: records come from outside and may be huge."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
