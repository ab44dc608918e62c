"""The JSON wire format shared by the server, the browser and game records: one definition,
derived from the engine's own dataclasses, with a published JSON Schema.

The rules are few and generic, so that a new engine type needs no wire code:

- a dataclass becomes a JSON object of its fields, by name;
- a *tagged* dataclass (one whose class has a ``kind: ClassVar[str]``, as every action and
  event has) also carries ``"type": kind``, which is how a reader tells the members of a
  family (all actions, all events) apart;
- tuples, lists, sets and frozensets become arrays, Enums their values, dict keys strings.

:func:`encode` turns engine values into JSON-ready builtins (written in
:mod:`titan.engine.encoding`, which needs none of what follows); :func:`decode` (and
:func:`decode_action`, :func:`decode_actions` for a whole log) turns untrusted JSON back into
engine values, strictly: the ``type`` picks the class, unknown types and unknown keys are
refused, missing required fields are refused, and types are checked without coercion (``true``
is not an int, ``"5"`` is not an int). Anything refused raises :class:`WireError`, whose
message names the path at fault. :func:`check_action` applies the same checks to an action
built in Python, for ``Game.act``: this is the engine's one validator of actions.

Decoding and the schema both go through *mirror* :class:`msgspec.Struct` types, built once per
dataclass from its type hints: msgspec then does the validation (fast, in C, with path-naming
messages) and writes the JSON Schema components, and the decoded structs are turned back into
the engine's dataclasses. The mirrors are an implementation detail; nothing outside this module
sees them.

:data:`ROOTS` lists the wire's top-level types; :mod:`titan.engine.schema` publishes them as
one JSON Schema document, committed as ``docs/wire-schema.json`` (regenerate it with
``titan schema --write``).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import threading
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import msgspec

from titan.engine import actions as a
from titan.engine.actions import Action, Teleport
from titan.engine.battle import actions as b
from titan.engine.battle.state import BattleHow, Newcomer
from titan.engine.encoding import SCALARS, is_plain

# The encoding half is part of this module's interface: wire.encode, wire.TAG, wire.is_tagged.
from titan.engine.encoding import TAG as TAG
from titan.engine.encoding import encode as encode
from titan.engine.encoding import is_tagged as is_tagged
from titan.engine.events import EVENT_TYPES, Removal
from titan.engine.prompts import Prompt
from titan.engine.queries.model import Side
from titan.engine.state import How
from titan.engine.views import PlayerView
from titan.variant import EntrySide

T = TypeVar("T")

# Every kind of action, listed here rather than registered by the modules that define them, so
# that no action is unknown until some module happens to be imported.
ACTIONS: tuple[type[Action], ...] = (
    a.ChooseColour,
    a.Withdraw,
    a.Split,
    a.DoneSplitting,
    a.Mulligan,
    a.Move,
    a.UndoMove,
    a.DoneMoving,
    a.KeepMarker,
    a.Engage,
    a.Flee,
    a.DontFlee,
    a.Propose,
    a.Accept,
    a.NoMoreProposals,
    a.Concede,
    a.Fight,
    a.Summon,
    a.Acquire,
    a.Decline,
    a.Muster,
    a.DoneMustering,
    b.BattleMove,
    b.ResetManeuver,
    b.EndPhase,
    b.Strike,
    b.CarryOver,
)
ACTION_TYPES: dict[str, type[Action]] = {cls.kind: cls for cls in ACTIONS}
_ACTION_CLASSES = frozenset(ACTIONS)

# A top-level wire type: one class, or a family of tagged classes told apart by "type".
Root = type | tuple[type, ...]

# The wire's top-level types, by the name they get in the schema's $defs. One line per root; a
# family is a tuple of its tagged classes. A field annotated with a family's common base class
# (``options: tuple[Action, ...]``) means "any member of that family", so registering a family
# here is also what makes such fields work.
ROOTS: dict[str, Root] = {
    "Action": ACTIONS,
    "Prompt": Prompt,
    "Event": EVENT_TYPES,
    "PlayerView": PlayerView,
}

# The string unions the schema names: each is one $def, and so one type of the client's wire.ts
# (``Side``, ``How``...) that its code can name and map over exhaustively. Any other Literal is
# written out where it is used. A Literal is known by its values, so no two may share them.
NAMED_LITERALS: dict[str, Any] = {
    "Side": Side,
    "EntrySide": EntrySide,
    "Teleport": Teleport,
    "How": How,
    "BattleHow": BattleHow,
    "Newcomer": Newcomer,
    "Removal": Removal,
}
_literal_names: dict[Any, str] = {lit: name for name, lit in NAMED_LITERALS.items()}


class WireError(ValueError):
    """JSON that is not a valid wire value; the message names the path at fault, e.g.
    ``Expected `int`, got `str` - at `$.land```, which is also ``path`` (``$.land``; ``$`` for
    the value itself) beside ``detail`` (``Expected `int`, got `str```)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        detail, at, path = message.rpartition(" - at `")
        self.detail = detail if at else message
        self.path = path.removesuffix("`") if at else "$"


# --- mirror structs: validation and schema -----------------------------------------------------

_lock = threading.RLock()  # the caches below are built lazily, perhaps by server threads
_mirrors: dict[type, Any] = {}  # dataclass -> its mirror Struct type
_building: set[type] = set()  # dataclasses whose mirror is being built (to refuse recursion)
_restorers: dict[type, Callable[[Any], object]] = {}  # mirror -> builds its dataclass from it
_root_types: dict[Root, Any] = {}  # a root -> the msgspec type that decodes it
_decoders: dict[Root, Callable[[object], Any]] = {}  # a root -> JSON builtins to mirrors


def _mirror_root(root: Root) -> Any:
    """The msgspec type that validates ``root``: its mirror, or the union of its members'."""
    found = _root_types.get(root)
    if found is None:
        with _lock:
            if isinstance(root, tuple):
                members = tuple(_mirror_class(cls) for cls in root)
                found = typing.Union[members]  # noqa: UP007 (a runtime union of a tuple)
            else:
                found = _mirror(root)
            _root_types[root] = found
    return found


def _family(cls: type) -> tuple[type, ...] | None:
    """The registered family whose common base class ``cls`` is, if any."""
    for root in ROOTS.values():
        if isinstance(root, tuple) and cls not in root and all(issubclass(m, cls) for m in root):
            return root
    return None


def _mirror(hint: Any) -> Any:
    """The msgspec type for a field annotated ``hint``: the same, with every dataclass
    replaced by its mirror struct and every family base class by the family's union."""
    if hint in SCALARS or hint is Any or hint is None:
        return hint
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return hint
        if dataclasses.is_dataclass(hint):
            family = _family(hint)
            if family is not None:
                return _mirror_root(family)
            return _mirror_class(hint)
        raise TypeError(f"the wire format does not support {hint!r}")
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Literal:
        name = _literal_names.get(hint)
        # The title is how the schema finds a named union (titan.engine.schema).
        return hint if name is None else typing.Annotated[hint, msgspec.Meta(title=name)]
    if origin is typing.Annotated:  # keep msgspec.Meta constraints, if a type ever has any
        return typing.Annotated[(_mirror(args[0]), *hint.__metadata__)]
    if origin is typing.Union or origin is types.UnionType:
        return typing.Union[tuple(_mirror(a) for a in args)]  # noqa: UP007
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return types.GenericAlias(tuple, (_mirror(args[0]), ...))
    if origin is dict:
        mirror = types.GenericAlias(dict, (_mirror(args[0]), _mirror(args[1])))
        names = _key_names(args[0])
        if names is None:
            return mirror
        # msgspec's schema says nothing of non-string keys; say what the decoder accepts.
        return typing.Annotated[mirror, msgspec.Meta(extra_json_schema={"propertyNames": names})]
    if origin in (tuple, list, set, frozenset):
        return origin[tuple(_mirror(a) for a in args)]
    raise TypeError(f"the wire format does not support {hint!r}")


def _key_names(key: Any) -> dict[str, Any] | None:
    """The JSON Schema of the object keys that decode to dict keys of type ``key``."""
    if key is int:
        return {"pattern": "^-?(0|[1-9][0-9]*)$"}  # exactly what msgspec parses as an int
    if isinstance(key, type) and issubclass(key, enum.Enum):
        return {"enum": [str(m.value) for m in key]}
    if typing.get_origin(key) is Literal:
        names = {"enum": [str(a) for a in typing.get_args(key)]}
        name = _literal_names.get(key)
        return names if name is None else {**names, "title": name}
    return None


def _mirror_class(cls: type) -> Any:
    """The mirror Struct of a dataclass: same fields, types and defaults; tagged with
    ``"type": kind`` if the class is; unknown fields refused."""
    found = _mirrors.get(cls)
    if found is not None:
        return found
    with _lock:
        if cls in _mirrors:
            return _mirrors[cls]
        if cls in _building:
            raise TypeError(f"{cls.__qualname__} refers to itself; the wire format cannot")
        _building.add(cls)
        try:
            struct = _build_mirror(cls)
        finally:
            _building.discard(cls)
        _mirrors[cls] = struct
        return struct


def _build_mirror(cls: type) -> Any:
    tagged = is_tagged(cls)
    hints = typing.get_type_hints(cls, include_extras=True)
    spec: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    walk: set[str] = set()
    for f in dataclasses.fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__qualname__}.{f.name}: init=False fields are not supported")
        if tagged and f.name == TAG:
            raise TypeError(f"{cls.__qualname__}: a tagged class may not have a field {TAG!r}")
        hint = _mirror(hints[f.name])
        if _holds_struct(hint):
            walk.add(f.name)  # decoded values hold mirrors, to be turned back into dataclasses
        if f.default is not dataclasses.MISSING:
            spec.append((f.name, hint, f.default))
        elif f.default_factory is not dataclasses.MISSING:
            spec.append((f.name, hint, msgspec.field(default_factory=f.default_factory)))
        else:
            spec.append((f.name, hint))
    struct = msgspec.defstruct(
        cls.__name__,
        spec,
        module=cls.__module__,
        kw_only=True,  # the dataclass already fixed the order; defaults may precede fields
        forbid_unknown_fields=True,
        tag_field=TAG if tagged else None,
        tag=getattr(cls, "kind", None) if tagged else None,
    )
    # The schema names components after the class (qualified by module only on a clash) and
    # describes them with the class's docstring, unless it is the one dataclass generated.
    struct.__qualname__ = cls.__qualname__
    doc = inspect.cleandoc(cls.__doc__ or "")
    struct.__doc__ = "" if doc.startswith(f"{cls.__name__}(") else doc
    _restorers[struct] = _restorer(cls, struct, frozenset(walk))
    return struct


def _restorer(cls: type, struct: Any, walk: frozenset[str]) -> Callable[[Any], object]:
    """How to build ``cls`` from a decoded ``struct``: its fields as they are, but those in
    ``walk``, which hold mirrors in turn."""
    positional = not any(f.kw_only for f in dataclasses.fields(cls))
    if not walk and positional:  # the common case, and the fastest: fields in order
        return lambda value: cls(*msgspec.structs.astuple(value))

    def restore(value: Any) -> object:
        fields = msgspec.structs.asdict(value)
        for name in walk:
            fields[name] = _restore(fields[name])
        return cls(**fields)

    return restore


def _holds_struct(hint: Any) -> bool:
    if isinstance(hint, type):
        return issubclass(hint, msgspec.Struct)
    return any(_holds_struct(a) for a in typing.get_args(hint) if a is not Ellipsis)


def _restore(value: Any) -> Any:
    """Turn decoded mirrors (wherever they are) back into the engine's dataclasses."""
    restorer = _restorers.get(type(value))
    if restorer is not None:
        return restorer(value)
    if type(value) is tuple:
        return tuple(_restore(v) for v in value)
    if type(value) is list:
        return [_restore(v) for v in value]
    if type(value) is dict:
        return {k: _restore(v) for k, v in value.items()}
    if type(value) in (set, frozenset):
        return type(value)(_restore(v) for v in value)
    return value


# --- decoding ----------------------------------------------------------------------------------


def decode(raw: object, root: type[T] | tuple[type[T], ...]) -> T:
    """Build an engine value of class ``root`` (or of one of the tagged classes ``root``,
    chosen by ``"type"``) from untrusted JSON builtins; raises :class:`WireError`."""
    decoder = _decoders.get(root)
    if decoder is None:
        decoder = _decoders[root] = _decoder(root)
    try:
        decoded = decoder(raw)
    except msgspec.ValidationError as exc:
        raise WireError(str(exc)) from None
    try:
        return typing.cast(T, _restore(decoded))
    except (TypeError, ValueError) as exc:  # a dataclass's own checks (__post_init__)
        raise WireError(f"{exc} - at `$`") from None


def _convert(raw: object, target: Any) -> Any:
    # strict: no coercion of values; str_keys: JSON object keys are strings, even for a dict
    # keyed by ints or Enums.
    return msgspec.convert(raw, target, strict=True, str_keys=True)


def _decoder(root: Root) -> Callable[[object], Any]:
    """JSON builtins to mirrors of ``root``, raising msgspec's ValidationError."""
    target = _mirror_root(root)
    if not isinstance(root, tuple):
        return lambda raw: _convert(raw, target)
    # msgspec caches what it learns of a Struct type, but not of a Union given to convert,
    # which costs ~35us a call for the actions; so pick the member by its tag here and let the
    # union report what is wrong only when no member fits.
    by_kind = {getattr(cls, "kind", None): _mirror_class(cls) for cls in root}

    def dispatch(raw: object) -> Any:
        if type(raw) is dict:
            kind = raw.get(TAG)
            member = by_kind.get(kind) if type(kind) is str else None
            if member is not None:
                return _convert(raw, member)
        return _convert(raw, target)  # raises, naming the fault as msgspec does

    return dispatch


def decode_action(raw: object) -> Action:
    """Build an action from untrusted JSON; raises :class:`WireError`."""
    return decode(raw, ACTIONS)


def decode_actions(raw: object) -> list[Action]:
    """Build a list of actions from an untrusted JSON array, such as a game record's log: the
    checks of :func:`decode_action`, in one pass (many times faster per action than one call
    each). Raises :class:`WireError`, whose path starts with the item's index: ``$[12].land``."""
    try:
        decoded = _convert({"actions": raw}, _action_list()).actions
    except msgspec.ValidationError as exc:
        error = WireError(str(exc))
        path = "$" + error.path.removeprefix("$.actions")
        raise WireError(f"{error.detail} - at `{path}`") from None
    restorers = _restorers  # actions have no checks of their own, unlike decode's roots
    return [typing.cast(Action, restorers[type(v)](v)) for v in decoded]


@functools.cache
def _action_list() -> Any:
    # A list of the actions' union, as a Struct's field: msgspec caches what it learns of a
    # Struct type, but not of a bare ``list[...]`` given to convert (~35us a call, see
    # _decoder).
    item = _mirror_root(ACTIONS)
    return msgspec.defstruct("ActionList", [("actions", types.GenericAlias(list, (item,)))])


def check_action(action: object) -> Action:
    """The same check for an action built in Python (by a caller of ``Game.act``): a member
    of :data:`ACTIONS` whose fields have exactly the types declared, as :func:`decode_action`
    would have built them. Returns it, rebuilt if it had a list where a tuple is declared (so
    that it stays hashable); raises :class:`WireError`."""
    cls = type(action)
    check = _action_checks.get(cls)
    if check is None:
        if cls not in _ACTION_CLASSES:
            raise WireError(f"not an action: {action!r}")
        check = _action_checks[cls] = _action_check(cls)
    struct, plain = check
    try:
        checked = msgspec.convert(action, struct, from_attributes=True, strict=True)
    except msgspec.ValidationError as exc:
        raise WireError(str(exc)) from None
    return typing.cast(Action, action if plain else _restore(checked))


def _action_check(cls: type) -> tuple[Any, bool]:
    """The Struct that checks an action object's attributes: its mirror's fields, without the
    tag (msgspec would look for a ``type`` attribute, and failing to find it costs more than
    the check); and whether those fields are all plain scalars, with nothing to rebuild."""
    mirror = _mirror_class(cls)
    fields = msgspec.structs.fields(mirror)
    with _lock:
        struct = msgspec.defstruct(cls.__name__, [(f.name, f.type) for f in fields])
        _restorers[struct] = _restorers[mirror]
    return struct, all(is_plain(f.type) for f in fields)


_action_checks: dict[type, tuple[Any, bool]] = {}  # an action class -> _action_check(class)
