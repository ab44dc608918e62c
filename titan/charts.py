"""PNG charts are optional: matplotlib is the ``charts`` extra, which playing does not install.

``scripts/play`` installs only what the game needs (matplotlib alone is about 40 MB with
numpy); the development tools (``scripts/setup-venv``) include the charts. A command asked for
a chart checks first, so that it refuses before a long run rather than after it.
"""

from __future__ import annotations

import importlib.util

MISSING = (
    "PNG charts need matplotlib, which playing does not install: run scripts/setup-venv "
    "(the development tools) or pip install -e '.[charts]'"
)


def available() -> bool:
    return importlib.util.find_spec("matplotlib") is not None
