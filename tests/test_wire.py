"""The JSON wire format (titan.engine.wire): round trips of real actions and prompts, strict
refusal of malformed input, and the published JSON Schema (docs/wire-schema.json)."""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from titan.cli import main as cli_main
from titan.engine import actions as actions_module
from titan.engine import schema, wire
from titan.engine.actions import (
    Accept,
    Acquire,
    Action,
    Move,
    Mulligan,
    Proposal,
    Propose,
    Split,
    UndoMove,
    Withdraw,
)
from titan.engine.battle import actions as battle_actions
from titan.engine.battle.actions import CarryOver, ResetManeuver, Strike
from titan.engine.game import Game
from titan.engine.prompts import Decision, Prompt
from titan.play import play

SCHEMA_FILE = Path(__file__).resolve().parents[1] / schema.SCHEMA_PATH

# Complete games, battles included, that between them offer most kinds of decision;
# (seed, players). What they may not reach is in EXAMPLES.
GAMES = [(1, 2), (2, 3), (3, 2), (4, 4), (5, 3), (6, 2)]

# Actions the random games may not reach, with realistic values, so that every class is covered.
EXAMPLES: list[Action] = [
    Acquire("Angel"),
    Mulligan(),
    Withdraw(),
    UndoMove("Rd03"),
    ResetManeuver(),
    CarryOver(("Ogre", "Troll")),
    Move("Bk01", 100, side="left", teleport="tower", lord="Titan"),
    Propose((Proposal(("Ogre",), ()), Proposal((), ("Titan", "Angel")))),
]


@functools.cache
def _samples() -> tuple[tuple[Action, ...], tuple[Prompt, ...]]:
    """Every action taken and every option offered in a few complete games (battles included),
    with the prompts that offered them; plus a few of the lazily enumerated proposal sets."""
    actions: list[Action] = []
    prompts: list[Prompt] = []

    def collect(game: Game) -> None:
        if game.state.over:
            return
        prompt = game.prompt()
        prompts.append(prompt)
        actions.extend(prompt.options)
        if prompt.kind in (Decision.NEGOTIATE, Decision.NEGOTIATE_FINAL):
            actions.extend(itertools.islice(game.legal_actions(), 20))

    for seed, players in GAMES:
        game = play(seed, players, after_action=collect)
        actions.extend(a for _, a in game.actions)
    actions.extend(EXAMPLES)
    return tuple(actions), tuple(prompts)


def _validator(root: str) -> jsonschema.Draft202012Validator:
    """A validator for one root of the published schema (its $defs kept for the refs)."""
    document = schema.wire_schema()
    sub = {k: v for k, v in document.items() if k != "anyOf"} | {"$ref": f"#/$defs/{root}"}
    return jsonschema.Draft202012Validator(sub)


@functools.cache
def _action_validator() -> jsonschema.Draft202012Validator:
    return _validator("Action")


def _wire(value: object) -> Any:
    """What the other end of a connection receives: the encoding, through JSON text."""
    return json.loads(json.dumps(wire.encode(value)))


# --- round trips -------------------------------------------------------------------------------


def test_every_action_class_round_trips_with_real_values() -> None:
    actions, _ = _samples()
    covered = {type(a) for a in actions}
    assert covered >= set(wire.ACTIONS), "no sample of some action classes"
    for action in dict.fromkeys(actions):
        raw = _wire(action)
        assert raw["type"] == action.kind
        assert wire.decode_action(raw) == action
        assert wire.decode_actions([raw, raw]) == [action, action]


def test_every_prompt_round_trips_and_matches_the_schema() -> None:
    _, prompts = _samples()
    validator = _validator("Prompt")
    validated: Counter[Decision] = Counter()
    for prompt in dict.fromkeys(prompts):
        raw = _wire(prompt)
        assert raw["kind"] == prompt.kind.value
        decoded = wire.decode(raw, Prompt)
        assert decoded == prompt
        assert type(decoded.kind) is Decision
        if validated[prompt.kind] < 3:  # jsonschema is slow; a few of each kind suffice
            validator.validate(raw)
            validated[prompt.kind] += 1
    assert len(validated) >= 10  # the games did reach many kinds of decision, battles included


def test_decoded_values_have_the_engines_types() -> None:
    raw = {"type": "propose", "proposals": [{"attacker_losses": ["Ogre"], "defender_losses": []}]}
    action = wire.decode_action(raw)
    assert isinstance(action, Propose)
    assert type(action.proposals) is tuple
    assert type(action.proposals[0]) is Proposal
    assert type(action.proposals[0].attacker_losses) is tuple
    # A list is accepted where a tuple is declared; fields with defaults may be left out.
    assert wire.decode_action({"type": "move", "legion": "Rd01", "land": 5}) == Move("Rd01", 5)


def test_encoding_keeps_the_record_format() -> None:
    """Record digests hash the encoding: every field, defaults included, arrays as lists."""
    assert wire.encode(Move("Rd01", 5)) == {
        "type": "move",
        "legion": "Rd01",
        "land": 5,
        "side": None,
        "teleport": None,
        "lord": None,
    }
    assert wire.encode(Accept(Proposal(("Ogre",), ()))) == {
        "type": "accept",
        "proposal": {"attacker_losses": ["Ogre"], "defender_losses": []},
    }
    assert wire.encode(Strike("A1", "B2", 4, 3)) == {
        "type": "strike",
        "frm": "A1",
        "target": "B2",
        "strike_number": 4,
        "dice": 3,
        "ranged": False,
    }


class _Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass(frozen=True, slots=True)
class _Ping:
    kind: ClassVar[str] = "ping"
    n: int
    colour: _Colour = _Colour.RED


@dataclasses.dataclass(frozen=True, slots=True)
class _Pong:
    kind: ClassVar[str] = "pong"
    scores: dict[int, int]
    seen: frozenset[str] = frozenset()


@dataclasses.dataclass(frozen=True, slots=True)
class _Holder:
    things: tuple[_Ping | _Pong, ...]
    by_seat: dict[int, _Ping] = dataclasses.field(default_factory=dict)
    maybe: _Pong | None = None


def test_generic_encoding_of_tagged_and_nested_dataclasses() -> None:
    holder = _Holder(
        (_Ping(1), _Pong({2: 3}, frozenset({"b", "a"}))), {0: _Ping(5)}, _Pong({}, frozenset())
    )
    raw = wire.encode(holder)
    assert raw == {
        "things": [
            {"type": "ping", "n": 1, "colour": "red"},
            {"type": "pong", "scores": {"2": 3}, "seen": ["a", "b"]},
        ],
        "by_seat": {"0": {"type": "ping", "n": 5, "colour": "red"}},
        "maybe": {"type": "pong", "scores": {}, "seen": []},
    }
    assert wire.decode(json.loads(json.dumps(raw)), _Holder) == holder
    assert wire.decode({"type": "pong", "scores": {"7": 1}}, (_Ping, _Pong)) == _Pong({7: 1})
    document = schema.schema("test", {"Thing": (_Ping, _Pong), "Holder": _Holder})
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["$defs"]["_Holder"]["properties"]["things"]["items"] == {
        "$ref": "#/$defs/Thing"
    }
    assert document["$defs"]["_Ping"]["properties"]["type"] == {"const": "ping"}
    jsonschema.Draft202012Validator(document).validate(raw)


# --- strict decoding ---------------------------------------------------------------------------

MOVE = {"type": "move", "legion": "Rd01", "land": 5}
PROPOSAL = {"attacker_losses": ["Ogre"], "defender_losses": []}

MALFORMED: list[tuple[str, object, str]] = [
    ("not an object", 5, "Expected `object`, got `int`"),
    ("null", None, "Expected `object`, got `null`"),
    ("a list", [MOVE], "Expected `object`, got `array`"),
    ("no type", {"legion": "Rd01", "land": 5}, "missing required field `type`"),
    ("unknown type", {**MOVE, "type": "teleport"}, "Invalid value 'teleport' - at `$.type`"),
    ("type not a string", {**MOVE, "type": 3}, "Expected `str`, got `int` - at `$.type`"),
    ("type a list", {**MOVE, "type": ["move"]}, "Expected `str`, got `list` - at `$.type`"),
    ("missing field", {"type": "move", "legion": "Rd01"}, "missing required field `land`"),
    ("extra field", {**MOVE, "speed": 2}, "unknown field `speed`"),
    ("bool for int", {**MOVE, "land": True}, "Expected `int`, got `bool` - at `$.land`"),
    ("string for int", {**MOVE, "land": "5"}, "Expected `int`, got `str` - at `$.land`"),
    ("float for int", {**MOVE, "land": 5.0}, "Expected `int`, got `float` - at `$.land`"),
    ("null for str", {**MOVE, "legion": None}, "got `null` - at `$.legion`"),
    ("int for optional str", {**MOVE, "side": 1}, "at `$.side`"),
    ("int for bool", {"type": "strike", "frm": "A1", "target": "B2", "strike_number": 4,
                      "dice": 3, "ranged": 1}, "Expected `bool`, got `int` - at `$.ranged`"),
    ("string for array", {"type": "split", "legion": "Rd01", "marker": "Rd02",
                          "characters": "Ogre"}, "Expected `array`, got `str`"),
    ("int in array", {"type": "split", "legion": "Rd01", "marker": "Rd02",
                      "characters": ["Ogre", 1]}, "at `$.characters[1]`"),
    ("proposal not an object", {"type": "accept", "proposal": ["Ogre"]},
     "Expected `object`, got `array` - at `$.proposal`"),
    ("proposal missing a side", {"type": "accept", "proposal": {"attacker_losses": []}},
     "missing required field `defender_losses` - at `$.proposal`"),
    ("proposal extra key", {"type": "accept", "proposal": {**PROPOSAL, "gold": 1}},
     "unknown field `gold` - at `$.proposal`"),
    ("proposal with a type", {"type": "accept", "proposal": {**PROPOSAL, "type": "accept"}},
     "unknown field `type` - at `$.proposal`"),
    ("proposal losses not names", {"type": "propose", "proposals": [PROPOSAL,
                                   {"attacker_losses": [True], "defender_losses": []}]},
     "Expected `str`, got `bool` - at `$.proposals[1].attacker_losses[0]`"),
    ("proposal for proposals", {"type": "propose", "proposals": PROPOSAL},
     "Expected `array`, got `object` - at `$.proposals`"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "message"), [(raw, msg) for _, raw, msg in MALFORMED], ids=[n for n, _, _ in MALFORMED]
)
def test_malformed_actions_are_refused_naming_the_path(raw: object, message: str) -> None:
    with pytest.raises(wire.WireError) as refused:
        wire.decode_action(raw)
    assert message in str(refused.value)
    assert isinstance(refused.value, ValueError)
    with pytest.raises(wire.WireError) as in_list:  # the same refusal, its path after [1]
        wire.decode_actions([{"type": "done_moving"}, raw])
    assert in_list.value.detail == refused.value.detail
    assert in_list.value.path == "$[1]" + refused.value.path.removeprefix("$")
    # ... and the published schema refuses what the decoder refuses (but 5.0, see below).
    assert _has_integral_float(raw) or not _action_validator().is_valid(raw)


def _has_integral_float(raw: object) -> bool:
    """JSON Schema has one number type, so its "integer" accepts 5.0 (draft 2020-12, 6.1.1),
    which the decoder, stricter, refuses as a float: the one refusal the schema cannot state."""
    if isinstance(raw, float):
        return raw.is_integer()
    if isinstance(raw, list):
        return any(_has_integral_float(v) for v in raw)
    if isinstance(raw, dict):
        return any(_has_integral_float(v) for v in raw.values())
    return False


# --- the schema --------------------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12_and_has_every_action() -> None:
    document = schema.wire_schema()
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    defs = document["$defs"]
    one_of = [ref["$ref"].removeprefix("#/$defs/") for ref in defs["Action"]["oneOf"]]
    assert sorted(defs[name]["properties"]["type"]["const"] for name in one_of) == sorted(
        wire.ACTION_TYPES
    )
    for name in one_of:
        assert defs[name]["required"][0] == "type"
        assert defs[name]["additionalProperties"] is False
    assert defs["Prompt"]["properties"]["options"]["items"] == {"$ref": "#/$defs/Action"}


def test_every_action_class_is_listed_and_a_wire_root() -> None:
    # Listed by hand (no registration by import): a new action class must be added there.
    defined = {
        cls
        for module in (actions_module, battle_actions)
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, Action) and cls is not Action
    }
    assert set(wire.ACTIONS) == defined
    assert wire.ROOTS["Action"] is wire.ACTIONS
    assert len(wire.ACTION_TYPES) == len(wire.ACTIONS)  # no two with one kind


def test_encoded_actions_validate_against_the_published_schema() -> None:
    actions, _ = _samples()
    validator = _action_validator()
    for action in dict.fromkeys(actions):  # each distinct action once: jsonschema is slow
        validator.validate(_wire(action))


def test_published_schema_file_is_current() -> None:
    """docs/wire-schema.json is generated; regenerate it after changing an engine type with
    ``.venv/bin/titan schema --write docs/wire-schema.json``."""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema.schema_text(), (
        f"{schema.SCHEMA_PATH} is stale: run .venv/bin/titan schema --write {schema.SCHEMA_PATH}"
    )


def test_schema_command_prints_or_writes_the_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert cli_main(["schema"]) == 0
    assert capsys.readouterr().out == schema.schema_text()
    target = tmp_path / "schema.json"
    assert cli_main(["schema", "--write", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == schema.schema_text()


def _inline_unions(node: Any, path: str) -> Iterator[str]:
    """The paths of the string unions written out in place, rather than named in $defs."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _inline_unions(item, f"{path}[{i}]")
    elif isinstance(node, dict):
        if len(node.get("enum", ())) > 1:
            yield path
        for key, value in node.items():
            yield from _inline_unions(value, f"{path}.{key}")


def test_every_union_of_words_on_the_wire_has_a_name() -> None:
    """So that wire.ts names it too (``Side``, ``How``...), and the client can map over it
    exhaustively: a Literal of the engine's that is not in NAMED_LITERALS fails here."""
    defs = schema.wire_schema()["$defs"]
    inline = [p for name, d in defs.items() for p in _inline_unions(d, name) if p != name]
    assert inline == []
    for name in ("Side", "EntrySide", "Teleport", "How", "BattleHow", "Newcomer", "Removal"):
        assert defs[name]["title"] == name
    assert defs["Side"]["enum"] == ["attacker", "defender"]
    slain = defs["EngagementView"]["properties"]["slain"]
    assert slain["propertyNames"] == {"$ref": "#/$defs/Side"}


def test_named_literals_have_distinct_values() -> None:
    # A Literal is known by its values (wire._mirror), so two names may not share them.
    assert len(set(wire.NAMED_LITERALS.values())) == len(wire.NAMED_LITERALS)


def test_schema_is_deterministic() -> None:
    assert schema.schema_text() == schema.schema_text()
    assert json.loads(schema.schema_text()) == schema.wire_schema()


# --- junk --------------------------------------------------------------------------------------

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


def _field_names() -> Iterator[str]:
    for cls in wire.ACTIONS:
        for f in dataclasses.fields(cls):
            yield f.name


# Near misses: a real type with real field names, and junk (or plausible) values.
_near_actions = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(sorted(wire.ACTION_TYPES)),
    st.dictionaries(
        st.sampled_from(sorted(set(_field_names()))),
        _json_values | st.lists(st.sampled_from(["Ogre", "Titan", "Rd01"]), max_size=3)
        | st.builds(lambda a, d: {"attacker_losses": a, "defender_losses": d},
                    _json_values, _json_values),
        max_size=5,
    ),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(_json_values | _near_actions)
def test_junk_never_raises_anything_but_wire_error(raw: object) -> None:
    try:
        action = wire.decode_action(raw)
    except wire.WireError:
        assert _has_integral_float(raw) or not _action_validator().is_valid(raw)
        return
    # Whatever is accepted is a real action that the schema accepts and that round-trips.
    assert isinstance(action, wire.ACTIONS)
    _action_validator().validate(raw)
    assert wire.decode_action(_wire(action)) == action


def test_split_round_trips_through_text() -> None:
    action = Split("Rd01", "Rd02", ("Ogre", "Ogre", "Gargoyle"))
    text = json.dumps(wire.encode(action))
    assert wire.decode_action(json.loads(text)) == action
