"""A scripted client's choices: one of the options a prompt lists, posted back unchanged, as a
client in any language that knows nothing of the rules would play through the API.

It only reads the prompt's JSON (``kind`` and each option's ``type``), and weights the choice
as :class:`titan.ai.random_bot.RandomBot` does so that games move along: it never withdraws or
takes moves back, prefers moving and mustering to stopping, and fights battles out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

Json = Any

NEVER = frozenset({"withdraw", "undo_move", "reset_maneuver"})
BATTLE = frozenset(
    {
        "battle_may_concede",
        "concession_offered",
        "maneuver",
        "strike",
        "counterstrike",
        "carry_over",
    }
)


def _of(options: Sequence[Json], *types: str) -> list[Json]:
    return [o for o in options if o.get("type") in types]


def choose(prompt: Mapping[str, Json], rng: random.Random) -> Json:
    """One of ``prompt["options"]``, unchanged."""
    listed: list[Json] = list(prompt["options"])
    assert listed, f"a prompt with no options: {prompt}"
    options = [o for o in listed if o.get("type") not in NEVER] or listed
    kind = prompt.get("kind")
    if kind == "move":
        moves = _of(options, "move")
        if moves and (rng.random() < 0.85 or not _of(options, "done_moving")):
            return rng.choice(moves)
    elif kind == "split":
        done = _of(options, "done_splitting")
        if done and rng.random() < 0.7:
            return done[0]
    elif kind == "muster":
        musters = _of(options, "muster")
        if musters and rng.random() < 0.9:
            return rng.choice(musters)
    elif kind in ("negotiate", "negotiate_final"):
        fight = _of(options, "fight")
        if fight and rng.random() < 0.6:
            return fight[0]
    elif kind in BATTLE:
        stay = [o for o in options if o.get("type") != "concede"] or options
        if kind == "battle_may_concede":
            return (_of(stay, "decline") or stay)[0]
        acts = [o for o in stay if o.get("type") != "end_phase"]
        if acts and (rng.random() < 0.9 or not _of(stay, "end_phase")):
            return rng.choice(acts)
        return (_of(stay, "end_phase") or stay)[0]
    return rng.choice(options)
