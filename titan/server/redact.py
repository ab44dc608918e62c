"""Secrets out of the logs: a filter for the server's loggers (uvicorn's access log among
them) that blanks any seat token a logged line could hold.

A token reaches a log line only inside a URL's query string (``?token=...``, which old
clients still use on the WebSocket) or an ``Authorization`` header's value; the filter
rewrites the message and its arguments before any handler formats them, so no handler or
format string can let one through."""

from __future__ import annotations

import logging
import re
from typing import Any

# A token is URL-safe base64 (secrets.token_urlsafe); anything up to the next separator is
# blanked, so a token in any other form is still covered.
_QUERY_TOKEN = re.compile(r"(?i)((?:^|[?&;\s])(?:token|access_token)=)[^&;\s\"']*")
_BEARER = re.compile(r"(?i)(bearer[ .])[A-Za-z0-9._~+/=-]+")
REDACTED = "[redacted]"

# uvicorn's loggers (access: one line per request; error: its WebSocket lines and errors)
# and ours.
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn", "titan")


def redact(text: str) -> str:
    """``text`` with every token-bearing query parameter or bearer value blanked."""
    return _BEARER.sub(rf"\1{REDACTED}", _QUERY_TOKEN.sub(rf"\1{REDACTED}", text))


def _clean(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return True


def install() -> None:
    """Add the filter to the server's loggers (after uvicorn has configured logging, which
    replaces their handlers but keeps logger filters)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
