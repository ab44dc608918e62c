"""The question the game asks now: who must decide, what kind of decision it is, and the
legal choices.

``options`` lists every legal action except two families too large to list, which the prompt
describes instead: a :class:`~titan.engine.actions.Split` in ``options`` may use any marker
of ``split_markers`` (4.2), and a :class:`~titan.engine.actions.Propose` may name any
non-empty set of ``proposals`` that includes one its side has not made before (errata 9.3).
``Game.legal_actions()`` enumerates both families exactly, lazily.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from titan.engine.actions import Action, Proposal


class Decision(StrEnum):
    CHOOSE_COLOUR = "choose_colour"  # errata 5.0
    SPLIT = "split"  # 4.3, 6.1
    MOVE = "move"  # 6.2, 7, 8
    KEEP_MARKER = "keep_marker"  # errata 4.7
    ENGAGE = "engage"  # 9.1
    FLEE = "flee"  # 9.2
    NEGOTIATE = "negotiate"  # errata 9.3
    NEGOTIATE_FINAL = "negotiate_final"  # errata 2.5.5: accept, concede or fight
    SUMMON = "summon"  # 15
    REINFORCE = "reinforce"  # 14
    ACQUIRE = "acquire"  # 17
    MUSTER = "muster"  # 18
    BATTLE_MAY_CONCEDE = "battle_may_concede"  # errata 2.5.6.2-3, 9.4
    CONCESSION_OFFERED = "concession_offered"  # errata 9.4
    MANEUVER = "maneuver"  # 11
    STRIKE = "strike"  # 12, 13
    COUNTERSTRIKE = "counterstrike"  # 13
    CARRY_OVER = "carry_over"  # errata 12.4
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Prompt:
    player: int  # -1 when the game is over
    kind: Decision
    options: tuple[Action, ...] = ()
    split_markers: tuple[str, ...] = ()  # markers a listed Split may use instead (4.2)
    proposals: tuple[Proposal, ...] = ()  # what a Propose may name (errata 9.3)
    roll: int | None = None  # the movement roll, while moving
    points: int | None = None  # the multiple of 100 points an acquisition is for (17)
    battle_turn: int | None = None  # the battle turn (10.5), while maneuvering
