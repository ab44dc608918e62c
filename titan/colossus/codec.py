"""Colossus's line format, both ways: ``method ~ arg ~ arg``, lists joined by `` %@% ``.

A message type is a frozen dataclass with a ``method`` class variable; its fields, in order,
are the arguments. How a field is written follows from its type (``str``, ``int``, ``bool``,
``str | None`` for Colossus's literal ``null``, tuples for lists) and, where Colossus departs
from the usual list separator or lets free text run to the end of the line, from the field's
metadata (:func:`listed`, :func:`rest`). Composite fields (player records, proposals) are
classes with ``parse`` and ``format`` of their own.

There is no escaping in the protocol, so parsing is strict: a wrong number of arguments or a
value of the wrong form is a :class:`ProtocolError` that quotes the line, never a guess.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

SEP = " ~ "  # between a method and its arguments (Colossus's Constants.protocolTermSeparator)
LIST = " %@% "  # inside one argument (Glob.sep)
_INT = re.compile(r"-?[0-9]+\Z")


class ProtocolError(ValueError):
    """A line that is not a well-formed message of the protocol; names the line."""

    def __init__(self, line: str, detail: str) -> None:
        self.line = line
        self.detail = detail
        super().__init__(f"{detail}: {line!r}")


class Message:
    """Base of every message type (a frozen dataclass with a ``method``)."""

    method: ClassVar[str]


class Composite(Protocol):
    """A field type that reads and writes itself (a player record, a proposal)."""

    @classmethod
    def parse(cls, text: str) -> Any: ...

    def format(self) -> str: ...


def listed(sep: str) -> Any:
    """Field metadata: a list joined by ``sep`` rather than `` %@% `` (doSplit uses ``,``)."""
    return dataclasses.field(metadata={"sep": sep})


def rest() -> Any:
    """Field metadata: free text running to the end of the line, `` ~ `` included."""
    return dataclasses.field(metadata={"rest": True})


def read_int(text: str) -> int:
    if not _INT.match(text):
        raise ValueError(f"not an integer: {text!r}")
    return int(text)


def read_bool(text: str) -> bool:
    if text not in ("true", "false"):
        raise ValueError(f"not true or false: {text!r}")
    return text == "true"


def _split(text: str, sep: str) -> list[str]:
    return [] if text == "" else text.split(sep)


Reader = Callable[[str], Any]
Writer = Callable[[Any], str]


def _scalar(hint: Any) -> tuple[Reader, Writer]:
    if hint is str:
        return (lambda t: t), (lambda v: str(v))
    if hint is int:
        return read_int, (lambda v: str(v))
    if hint is bool:
        return read_bool, (lambda v: "true" if v else "false")
    if isinstance(hint, type) and hasattr(hint, "parse") and hasattr(hint, "format"):
        return hint.parse, (lambda v: str(v.format()))
    raise TypeError(f"no codec for {hint!r}")


def _codec(hint: Any, meta: typing.Mapping[str, Any]) -> tuple[Reader, Writer]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        read_item, write_item = _scalar(args[0])
        sep = meta.get("sep", LIST)

        def read_list(text: str) -> tuple[Any, ...]:
            return tuple(read_item(t) for t in _split(text, sep))

        return read_list, (lambda v: sep.join(write_item(x) for x in v))
    if args and type(None) in args:  # X | None: Colossus writes None as the word null
        (inner,) = (a for a in args if a is not type(None))
        read, write = _scalar(inner)
        return (lambda t: None if t == "null" else read(t)), (
            lambda v: "null" if v is None else write(v)
        )
    return _scalar(hint)


@dataclasses.dataclass(frozen=True)
class _Spec:
    cls: type[Message]
    names: tuple[str, ...]
    readers: tuple[Reader, ...]
    writers: tuple[Writer, ...]
    greedy: bool  # the last field takes the rest of the line


def _spec(cls: type[Message]) -> _Spec:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    codecs = [_codec(hints[f.name], f.metadata) for f in fields]
    greedy = bool(fields) and bool(fields[-1].metadata.get("rest"))
    return _Spec(
        cls,
        tuple(f.name for f in fields),
        tuple(c[0] for c in codecs),
        tuple(c[1] for c in codecs),
        greedy,
    )


class Registry:
    """The message types of one direction, by method name."""

    def __init__(self, classes: typing.Iterable[type[Message]]) -> None:
        self._specs = {cls.method: _spec(cls) for cls in classes}

    def __contains__(self, method: str) -> bool:
        return method in self._specs

    def parse(self, line: str) -> Message:
        """The message on ``line`` (without its line end); :class:`ProtocolError` if the
        method is unknown or an argument is missing, extra or malformed."""
        method, _, tail = line.partition(SEP)
        spec = self._specs.get(method)
        if spec is None:
            raise ProtocolError(line, f"unknown message {method!r}")
        n = len(spec.names)
        if n == 0:
            if tail or line != method:
                raise ProtocolError(line, f"{method} takes no arguments")
            return spec.cls()
        parts = tail.split(SEP) if SEP in line else []
        if spec.greedy and len(parts) > n:
            parts = [*parts[: n - 1], SEP.join(parts[n - 1 :])]
        if len(parts) != n:
            raise ProtocolError(line, f"{method} takes {n} arguments, got {len(parts)}")
        try:
            values = [read(p) for read, p in zip(spec.readers, parts, strict=True)]
        except ValueError as exc:
            raise ProtocolError(line, f"malformed {method}: {exc}") from exc
        return spec.cls(*values)

    def format(self, message: Message) -> str:
        spec = self._specs[message.method]
        args = [w(getattr(message, n)) for n, w in zip(spec.names, spec.writers, strict=True)]
        return SEP.join([message.method, *args])
