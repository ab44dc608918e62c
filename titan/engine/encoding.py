"""Engine values to JSON builtins: the encoding half of the wire format (see
:mod:`titan.engine.wire`, which also decodes, checks and describes it).

The rules are generic, so that a new engine type needs no code here: a dataclass becomes a JSON
object of its fields, by name, and a *tagged* dataclass (one whose class has a ``kind:
ClassVar[str]``, as every action and event has) also carries ``"type": kind``; tuples, lists,
sets and frozensets become arrays, Enums their values, dict keys strings. Each dataclass's
encoder is planned once from its type hints.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Literal

import msgspec

TAG = "type"  # the key that carries a tagged class's kind


def is_tagged(cls: type) -> bool:
    """Is ``cls`` a tagged dataclass: ``kind`` a class-level string, not a field? (A Prompt's
    ``kind`` is an ordinary field, so a Prompt is not tagged.)"""
    if not dataclasses.is_dataclass(cls):
        return False
    if any(f.name == "kind" for f in dataclasses.fields(cls)):
        return False
    return isinstance(getattr(cls, "kind", None), str)


# Values of these types are already JSON: encoding passes them through untouched.
SCALARS: frozenset[type] = frozenset({str, int, bool, float, type(None)})

_encoders: dict[type, Callable[[Any], dict[str, Any]]] = {}


def encode(obj: object) -> Any:
    """The JSON-ready builtins (dict, list, str, int, float, bool, None) for an engine value."""
    return _encode_value(obj)


def _encode_value(value: object) -> Any:
    t = type(value)
    if t in SCALARS:
        return value
    if t is tuple or t is list:
        return [_encode_value(v) for v in typing.cast(Sequence[object], value)]
    encoder = _encoders.get(t)
    if encoder is None and dataclasses.is_dataclass(t):
        encoder = _encoders[t] = _class_encoder(t)
    if encoder is not None:
        return encoder(value)
    if isinstance(value, dict):
        # msgspec's str_keys turns ints and Enums into the strings a JSON object needs.
        keys = msgspec.to_builtins(dict.fromkeys(value), str_keys=True)
        return {k: _encode_value(v) for k, v in zip(keys, value.values(), strict=True)}
    # Enums, sets (sorted, so that equal values encode equally) and anything else msgspec knows.
    return msgspec.to_builtins(value, str_keys=True, order="deterministic")


def _class_encoder(cls: type) -> Callable[[Any], dict[str, Any]]:
    """One dataclass's encoder, planned once from its type hints."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    tagged = is_tagged(cls)
    if tagged and TAG in names:
        raise TypeError(f"{cls.__qualname__}: a tagged class may not have a field named {TAG!r}")
    kind: str = getattr(cls, "kind", "")
    try:
        hints: dict[str, Any] = typing.get_type_hints(cls)
    except NameError:  # unresolvable annotations: no plan, every field is walked at run time
        hints = {}
    if all(_is_flat(hints.get(n, object)) for n in names):
        # No arrays or nested dataclasses below: msgspec's to_builtins does it all, in C.
        if tagged:
            return lambda obj: {TAG: kind, **msgspec.to_builtins(obj, str_keys=True)}
        return lambda obj: typing.cast(dict[str, Any], msgspec.to_builtins(obj, str_keys=True))
    plain = frozenset(n for n in names if is_plain(hints.get(n, object)))

    def encode_fields(obj: object) -> dict[str, Any]:
        out: dict[str, Any] = {TAG: kind} if tagged else {}
        for name in names:
            value = getattr(obj, name)
            out[name] = value if name in plain else _encode_value(value)
        return out

    return encode_fields


def is_plain(hint: Any) -> bool:
    """Is every value of this type already JSON (str, int, bool, float, None, their Literals)?"""
    if hint in SCALARS or hint is None:
        return True
    origin = typing.get_origin(hint)
    if origin is Literal:
        return True
    if origin is typing.Union or origin is types.UnionType:
        return all(is_plain(a) for a in typing.get_args(hint))
    return False


def _is_flat(hint: Any) -> bool:
    """Does msgspec's to_builtins give the exact JSON builtins for this type? It does for
    scalars, Enums and dicts of them, not for tuples (which it keeps as tuples) nor for
    dataclasses (which it encodes without their tag)."""
    if is_plain(hint) or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return all(_is_flat(a) for a in typing.get_args(hint))
    if origin is dict:
        return all(_is_flat(a) for a in typing.get_args(hint))
    return False
