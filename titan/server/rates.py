"""The per-client rate limits' settings: how many requests of each kind, how often
(:mod:`titan.server.ratelimit` enforces them)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

KINDS = ("create", "import", "act", "chat", "write", "read", "login")


class LimitError(ValueError):
    """A rate-limit setting the server cannot use; the message says what would do."""


@dataclass(frozen=True, slots=True)
class Rate:
    burst: int  # requests at once
    seconds: float  # ... and again every this many seconds

    @property
    def per_second(self) -> float:
        return self.burst / self.seconds


DEFAULT_RATES: Mapping[str, Rate] = MappingProxyType(
    {
        "create": Rate(20, 600),  # 20 games at once, then 2 a minute
        "import": Rate(5, 600),
        "act": Rate(100, 10),  # far beyond a person's clicks; a script plays at 10 a second
        "chat": Rate(10, 20),  # chat lines: 10 at once, then one every 2 s
        # Other writes a person makes now and then: notification settings, unsubscribing,
        # claiming seats, a seat's new link, removing a game, logging out.
        "write": Rate(30, 60),  # 30 at once, then one every 2 s
        "read": Rate(300, 10),
        # Every request that computes a password hash (register, log in, change the password,
        # delete the account): against guessing, and each costs 19 MiB and a core for a moment.
        "login": Rate(10, 300),
    }
)

_SPEC = re.compile(rf"^\s*({'|'.join(KINDS)})\s*=\s*(\d{{1,9}})\s*/\s*(\d{{1,9}})\s*$")


def parse_rates(text: str) -> Mapping[str, Rate]:
    """``"create=20/600,act=100/10"``: KIND=BURST/SECONDS, comma-separated; kinds not named
    keep their defaults. ``"off"`` turns every limit off (an empty dict)."""
    if text.strip().lower() == "off":
        return MappingProxyType({})
    rates = dict(DEFAULT_RATES)
    for part in filter(None, (p.strip() for p in text.split(","))):
        m = _SPEC.match(part)
        if m is None or int(m[2]) < 1 or int(m[3]) < 1:
            raise LimitError(
                f"not a rate limit: {part!r}; write KIND=BURST/SECONDS with KIND one of "
                f"{', '.join(KINDS)} (e.g. create=20/600), or 'off'"
            )
        rates[m[1]] = Rate(int(m[2]), float(m[3]))
    return MappingProxyType(rates)
