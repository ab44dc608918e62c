"""The published JSON Schema of the wire format (draft 2020-12), generated from the engine's
types through the msgspec mirrors of :mod:`titan.engine.wire`. Pure: ``titan schema`` writes
it to ``docs/wire-schema.json``, which the tests keep current."""

from __future__ import annotations

import inspect
import json
from typing import Any

import msgspec

from titan.engine.wire import NAMED_LITERALS, ROOTS, TAG, Root, _mirror_root

SCHEMA_PATH = "docs/wire-schema.json"  # where the published schema lives, from the repo root


def schema(title: str, roots: dict[str, Root]) -> dict[str, Any]:
    """One JSON Schema (draft 2020-12) document for ``roots``: every type in ``$defs``, each
    root under its name; a family is a ``oneOf`` of its classes, each of which requires
    ``"type": {"const": kind}``; each of :data:`NAMED_LITERALS` that is used is an ``enum``
    of its own; the document itself accepts any root.

    A field annotated with a family's base class is resolved against the registered families
    (:data:`ROOTS`), whatever ``roots`` holds: a type's mirror is built once, for every use."""
    names = list(roots)
    mirrors = [_mirror_root(r) for r in roots.values()]
    top, components = msgspec.json.schema_components(mirrors, ref_template="#/$defs/{name}")
    defs: dict[str, Any] = dict(components)
    family_refs: dict[frozenset[str], str] = {}
    for name, root, root_schema in zip(names, roots.values(), top, strict=True):
        if isinstance(root, tuple):
            refs = sorted(_refs(root_schema), key=lambda r: r["$ref"])
            if name in defs:
                raise ValueError(f"schema root {name!r} clashes with a type of that name")
            defs[name] = {
                "description": f"Any {name}: the member whose {TAG!r} matches.",
                "oneOf": refs,
            }
            family_refs[frozenset(r["$ref"] for r in refs)] = name
        elif root_schema != {"$ref": f"#/$defs/{name}"}:
            if name in defs:
                raise ValueError(f"schema root {name!r} clashes with a type of that name")
            defs[name] = root_schema  # a root named otherwise than its class: an alias
    named: dict[str, Any] = {}
    tidied = {k: _tidy(v, family_refs, named) for k, v in defs.items()}
    for name, node in named.items():
        if name in tidied:
            raise ValueError(f"named Literal {name!r} clashes with a type of that name")
        tidied[name] = node
    doc: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "$comment": "Generated from the engine's types by titan.engine.schema; do not edit. "
        "Regenerate: titan schema --write " + SCHEMA_PATH,
        "$defs": tidied,
        "anyOf": [{"$ref": f"#/$defs/{name}"} for name in names],
    }
    # Plain JSON values only (msgspec may leave tuples, e.g. in defaults).
    result: dict[str, Any] = json.loads(json.dumps(doc))
    return result


def _refs(node: dict[str, Any]) -> list[dict[str, Any]]:
    """The refs of a (possibly single-member) union schema as msgspec writes it."""
    if "$ref" in node:
        return [node]
    return list(node["anyOf"])


def _tidy(node: Any, family_refs: dict[frozenset[str], str], named: dict[str, Any]) -> Any:
    """Rewrite msgspec's output into plain draft 2020-12: a discriminated ``anyOf`` (an OpenAPI
    idiom) becomes a ``$ref`` to the registered family it equals, or a ``oneOf``; a tag's
    one-value ``enum`` becomes a ``const``; a named Literal (titled by the wire's mirrors)
    becomes a ``$ref`` to its entry in ``named``; a description is a docstring cleaned of its
    indentation, which msgspec keeps for some types and not others, by version."""
    if isinstance(node, list):
        return [_tidy(v, family_refs, named) for v in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("description"), str):
        node = {**node, "description": inspect.cleandoc(node["description"])}
    title = node.get("title")
    if "enum" in node and title in NAMED_LITERALS:
        named[title] = node
        return {"$ref": f"#/$defs/{title}"}
    if "discriminator" in node:
        refs = node["anyOf"]
        family = family_refs.get(frozenset(r["$ref"] for r in refs))
        if family is not None:
            return {"$ref": f"#/$defs/{family}"}
        return {"oneOf": sorted(refs, key=lambda r: r["$ref"])}
    out = {k: _tidy(v, family_refs, named) for k, v in node.items()}
    tag = out.get("properties", {}).get(TAG)
    if isinstance(tag, dict) and set(tag) == {"enum"} and len(tag["enum"]) == 1:
        out["properties"][TAG] = {"const": tag["enum"][0]}
    return out


def wire_schema() -> dict[str, Any]:
    """The published schema of every registered root (:data:`ROOTS`)."""
    return schema("Titan wire format", ROOTS)


def schema_text() -> str:
    """:func:`wire_schema` as the committed file holds it: sorted keys, indent 2, newline."""
    return json.dumps(wire_schema(), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
