"""The messages of Colossus's client/server protocol, both ways, as one namespace.

The message types (one frozen dataclass each) live by direction: server to client in
:mod:`~titan.colossus.to_client` (connection, set-up, the turn) and
:mod:`~titan.colossus.to_client_fights` (engagements, battles, the end), client to server in
:mod:`~titan.colossus.to_server`, and the records some of them carry in
:mod:`~titan.colossus.records`. This module gathers them (``messages.DidMove``) and holds the
registries that parse and format each direction (:data:`SERVER`, :data:`CLIENT`,
:mod:`titan.colossus.codec`); see ``../shared/colossus/PROTOCOL.md`` and ``docs/colossus.md``.
"""

from __future__ import annotations

from types import ModuleType

from titan.colossus import to_client, to_client_fights, to_server
from titan.colossus.codec import Message, Registry
from titan.colossus.records import *  # noqa: F403
from titan.colossus.to_client import *  # noqa: F403
from titan.colossus.to_client_fights import *  # noqa: F403
from titan.colossus.to_server import *  # noqa: F403


def _types(*modules: ModuleType) -> list[type[Message]]:
    """The message types the modules define, in their order."""
    return [
        v
        for module in modules
        for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, Message) and v.__module__ == module.__name__
    ]


SERVER = Registry(_types(to_client, to_client_fights))
CLIENT = Registry(_types(to_server))


def parse_server(line: str) -> Message:
    """A server-to-client line as its message; ProtocolError naming the line if not one."""
    return SERVER.parse(line)


def parse_client(line: str) -> Message:
    return CLIENT.parse(line)


def format_client(message: Message) -> str:
    """The line (without its end) that sends ``message`` to the server."""
    return CLIENT.format(message)


def format_server(message: Message) -> str:
    return SERVER.format(message)
