"""The ``normal`` computer player: fast heuristics (see :class:`NormalBot`, docs/ai.md).

Its pieces are reusable by other players: :mod:`.values` (points, recruit worth, dice),
:mod:`.estimate` (every legion as a seat may believe it), :mod:`.outlook` (a battle's
estimated outcome), :mod:`.threats` (who can reach a land next turn), :mod:`.masterboard`
(a legion's worth where it stands), :mod:`.evaluation` (whole-position evaluations) and the
policies of each decision.
"""

from titan.ai.normal.bot import NormalBot

__all__ = ["NormalBot"]
