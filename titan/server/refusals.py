"""Why the server turns a request down, as domain exceptions: raised by the service, the lobby
and the routes' dependencies, and turned into HTTP answers (status, ``{error, rule, path}``)
only by :mod:`titan.server.errors`. A refused request changes nothing.

The engine's own refusals (IllegalAction, WireError, RecordError, SetupError, OptionsError)
are not repeated here: they reach :mod:`titan.server.errors` as they are, unless the server
has something to add (where in the request the bad value was)."""

from __future__ import annotations


class Refused(Exception):
    """A request turned down for something the client did. ``rule`` names the rule that
    forbids it, ``path`` where in the request the bad value is; the message names that
    place too, so that it is enough on its own."""

    def __init__(self, message: str, rule: str | None = None, path: str | None = None) -> None:
        if path and not message.startswith(path):
            message = f"{path}: {message}"
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.path = path


class NotFound(Refused):
    """No such game (or variant)."""


class NoToken(Refused):
    """Acting needs a seat's token, and the request carries none."""


class NotASeat(Refused):
    """The token sent holds no seat in this game."""


class NotNow(Refused):
    """A request that would be right at another moment: not this seat's turn, the game over
    or moved on while the action was being stored, the record asked for while the game runs."""


class Invalid(Refused):
    """Malformed input, or input the server cannot take: a seat, a name, a record, an action
    that is not one."""


class TooLarge(Refused):
    """A request within the byte limit that holds more than the server takes (a record with
    more actions than the import cap)."""


class OverQuota(Refused):
    """The client already has as many open games (or computer-only games) as it may."""


class NotLoggedIn(Refused):
    """This needs a logged-in account (its session cookie), or a name and password that match
    one (a wrong name and a wrong password get one message: which names exist is no secret
    to give away)."""


class NoCsrf(Refused):
    """A write authenticated by the session cookie without the session's CSRF token in
    ``X-CSRF-Token``: it may come from another site's page."""


class Taken(Refused):
    """Someone has it already: an account name, or a seat that belongs to another account."""
