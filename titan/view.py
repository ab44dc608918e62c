"""Redaction: what one player (or a spectator) may know of the game (rules 4.5, 9.1, 18.4).

A player sees his own legions whole; of every other legion only its marker, land, height
and the characters he knows to be in it (``GameState.known``). Everything public is shown:
scores, Titan power, markers, the caretaker's stacks and the dead pile (errata 4.6, 27).
"""

from __future__ import annotations

from typing import Any

from titan.engine.state import GameState
from titan.variant import titan_power


def player_view(state: GameState, player: int | None) -> dict[str, Any]:
    """The game as ``player`` may know it; ``None`` is a spectator (public knowledge only)."""
    legions = []
    for lg in sorted(state.legions.values(), key=lambda x: x.marker):
        entry: dict[str, Any] = {
            "marker": lg.marker,
            "owner": lg.owner,
            "land": lg.land,
            "height": len(lg.characters),
            "moved": lg.moved,
        }
        if player == lg.owner:
            entry["characters"] = list(lg.characters)
        else:
            known = state.known[-1 if player is None else player].get(lg.marker, {})
            entry["known"] = sorted(n for n, k in known.items() for _ in range(k))
        legions.append(entry)
    eng = state.engagement
    return {
        "you": player,
        "turn": state.turn,
        "phase": state.phase,
        "active": state.active,
        "roll": state.roll,
        "over": state.over,
        "winner": state.winner,
        "players": [
            {
                "index": p.index,
                "name": p.name,
                "colour": p.colour,
                "tower": p.tower,
                "score": p.score,
                "titan_power": titan_power(p.score),
                "alive": p.alive,
                "markers": list(p.markers),
            }
            for p in state.players
        ],
        "legions": legions,
        "caretaker": dict(state.caretaker),
        "dead": dict(state.dead),
        "engagement": None
        if eng is None
        else {
            "land": eng.land,
            "attacker": eng.attacker,
            "defender": eng.defender,
            "step": eng.step,
        },
    }
