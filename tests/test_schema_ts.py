"""The browser client's TypeScript types are generated from the wire schema: the committed
file is current, every schema type is declared, and constructs the generator does not know are
refused rather than typed loosely."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan.engine.schema import wire_schema
from titan.schema_ts import TS_PATH, SchemaShapeError, typescript, typescript_text

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_declarations_are_current() -> None:
    committed = (ROOT / TS_PATH).read_text("utf-8")
    assert committed == typescript_text(), f"{TS_PATH} is stale: run .venv/bin/titan schema --ts"


def test_every_schema_type_is_declared_and_nothing_is_any() -> None:
    text = typescript_text()
    for name in wire_schema()["$defs"]:
        assert f"export interface {name} " in text or f"export type {name} = " in text
    assert "any" not in text.replace("Any ", "")  # "Any Action: ..." in descriptions only


def test_tags_enums_nullables_tuples_and_maps() -> None:
    doc = {
        "$defs": {
            "Thing": {
                "type": "object",
                "properties": {
                    "type": {"const": "thing"},
                    "side": {"enum": ["attacker", "defender"]},
                    "hex": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
                    "undo": {
                        "type": "array",
                        "prefixItems": [{"type": "integer"}, {"type": "boolean"}],
                        "items": False,
                    },
                    "dead": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "slain": {
                        "type": "object",
                        "propertyNames": {"$ref": "#/$defs/Side"},
                        "additionalProperties": {"type": "integer"},
                    },
                },
                "required": ["type", "side", "undo", "dead"],
            }
        }
    }
    out = typescript(doc)
    assert 'type: "thing";' in out
    assert 'side: "attacker" | "defender";' in out
    assert "hex: string | null;" in out  # always on the wire, so required
    assert "undo: [number, boolean];" in out
    assert "dead: Record<string, number>;" in out
    # Keyed by a closed set: typed by it, but any key may be missing.
    assert "slain: Partial<Record<Side, number>>;" in out


def test_an_unknown_construct_is_refused() -> None:
    with pytest.raises(SchemaShapeError):
        typescript({"$defs": {"Odd": {"type": "object", "patternProperties": {}}}})
    with pytest.raises(SchemaShapeError):
        typescript({"$defs": {"Odd": {"not": {"type": "string"}}}})
