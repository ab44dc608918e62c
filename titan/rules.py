"""Read-only rules queries (DESIGN.md "Rules queries"): answers to rule questions without a
running game, for the AI, the interface's move hints and conformance tests.

Lands are printed numbers (int), battle hexes errata 2.2 labels (str), characters and
terrains their names; ``variant`` is what ``titan.variant.load("default")`` returns.
"""

from __future__ import annotations

from titan.engine.queries.maneuver import battle_reach
from titan.engine.queries.movement import masterboard_moves
from titan.engine.queries.muster import muster_options
from titan.engine.queries.rangestrike import RangestrikeOption
from titan.engine.queries.rangestrike import rangestrike_options_query as rangestrike_options
from titan.engine.queries.strike import StrikeOption
from titan.engine.queries.strike import strike_options_query as strike_options
from titan.engine.queries.teleport import titan_teleports, tower_teleports

__all__ = [
    "RangestrikeOption",
    "StrikeOption",
    "battle_reach",
    "masterboard_moves",
    "muster_options",
    "rangestrike_options",
    "strike_options",
    "titan_teleports",
    "tower_teleports",
]
