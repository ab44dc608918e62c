"""TypeScript declarations for the browser client, generated from the wire format's JSON
Schema (:mod:`titan.engine.schema`), so that the client and the engine share one definition.

Only the schema constructs the engine's types produce are handled (objects, ``const`` tags,
string enums, ``anyOf`` with null, arrays and tuples, maps (keyed by a closed set of strings
or not), ``$ref`` and ``oneOf`` families);
anything else is refused, so a new construct cannot silently become ``any``."""

from __future__ import annotations

from typing import Any

from titan.engine.schema import wire_schema

TS_PATH = "titan/web/src/wire.ts"  # where the generated declarations live, from the repo root


class SchemaShapeError(ValueError):
    """A schema construct this generator does not translate."""


def typescript(doc: dict[str, Any]) -> str:
    """The declarations of every type in ``doc["$defs"]``, in name order."""
    lines = [
        "// Generated from the engine's wire schema by titan.schema_ts; do not edit.",
        "// Regenerate: titan schema --write",
        "",
    ]
    for name, node in sorted(doc["$defs"].items()):
        desc = node.get("description")
        if desc:
            lines.append("/** " + " ".join(str(desc).split()).replace("*/", "* /") + " */")
        if node.get("type") == "object" and "properties" in node:
            lines.append(f"export interface {name} {_object_body(node, '')}")
        else:
            lines.append(f"export type {name} = {_type(node)};")
        lines.append("")
    return "\n".join(lines)


def _object_body(node: dict[str, Any], indent: str) -> str:
    fields = []
    for prop, sub in node["properties"].items():
        # Every field is required, those with defaults too: the wire always carries them
        # (msgspec writes defaults), and an action the client builds must state them all.
        fields.append(f"{indent}  {prop}: {_type(sub)};")
    return "{\n" + "\n".join(fields) + f"\n{indent}}}"


def _type(node: Any) -> str:
    if node is False:
        return "never"
    if not isinstance(node, dict):
        raise SchemaShapeError(f"unexpected schema node {node!r}")
    if "$ref" in node:
        return str(node["$ref"]).rsplit("/", 1)[-1]
    if "const" in node:
        return _literal(node["const"])
    if "enum" in node:
        return " | ".join(_literal(v) for v in node["enum"])
    for key in ("anyOf", "oneOf"):
        if key in node:
            return " | ".join(_type(n) for n in node[key])
    kind = node.get("type")
    if kind in ("integer", "number"):
        return "number"
    if kind == "string":
        return "string"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "array":
        if "prefixItems" in node:
            return "[" + ", ".join(_type(n) for n in node["prefixItems"]) + "]"
        return f"Array<{_type(node['items'])}>"
    if kind == "object":
        if "properties" in node:
            return _object_body(node, "")
        value = _type(node.get("additionalProperties", {}))
        keys = node.get("propertyNames", {})
        if "$ref" in keys or "enum" in keys:  # keys of a closed set, not necessarily all there
            return f"Partial<Record<{_type(keys)}, {value}>>"
        return f"Record<string, {value}>"
    raise SchemaShapeError(f"schema node not translated: {node!r}")


def _literal(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    raise SchemaShapeError(f"literal not translated: {value!r}")


def typescript_text() -> str:
    """The committed file's exact text."""
    return typescript(wire_schema())
