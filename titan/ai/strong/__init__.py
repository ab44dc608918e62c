"""The ``strong`` computer player (see :class:`StrongBot`, docs/ai.md)."""

from titan.ai.strong.bot import StrongBot

__all__ = ["StrongBot"]
