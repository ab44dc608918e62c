"""A battle's estimated outcome for a seat deciding whether to flee, negotiate or fight
(Complete Sequence 2.5.2-2.5.4): the two legions played out many times by the computer
players (``titan.odds``), with 95% confidence intervals.

Only what the seat may know goes in: the two legions as its own view holds them, which by
then is all of both (Complete Sequence 2.5.1-2.5.2, each side looks at the other's legion);
a legion not wholly known to the seat is refused rather than guessed. The battle is the one
the two legions would fight as they stand: no angel summoned and no reinforcement, which the
answer says. It is played in the bot pool's worker processes, never on the event loop, and
remembered for the position (game, version, seat), so asking again costs nothing.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from titan.odds.estimate import estimate_battle
from titan.server.deps import ServerDep, seated
from titan.server.live import LiveGame
from titan.server.models import ErrorOut
from titan.server.refusals import NotNow

router = APIRouter(prefix="/api", tags=["games"])

LEVEL = "normal"  # the players that fight it out: a fair player, ~30 ms a battle
TRIALS = 200  # 95% CI half-widths of at most 7 percentage points
CACHED = 512  # positions remembered


@dataclass(frozen=True, slots=True)
class Question:
    """The battle to estimate, picklable for a worker process."""

    attacker: tuple[str, ...]
    defender: tuple[str, ...]
    terrain: str
    land: int
    entry_side: str
    attacker_score: int
    defender_score: int
    seed: int


def answer(q: Question) -> dict[str, Any]:
    """In a worker: the estimate as JSON."""
    est = estimate_battle(
        q.attacker,
        q.defender,
        q.terrain,
        bot=LEVEL,
        trials=TRIALS,
        seed=q.seed,
        attacker_score=q.attacker_score,
        defender_score=q.defender_score,
        entry_side=q.entry_side,
        land=q.land,
    )
    out = est.to_json()
    del out["seed"]  # derived from the game's; nothing a player needs
    return out


def question(live: LiveGame, seat: int) -> Question:
    """The battle ``seat`` is deciding about, from its view alone; NotNow when there is none
    (no engagement, the battle begun, the seat not in it, a legion not wholly known)."""
    view = live.game.view(seat)
    eng = view.engagement
    if eng is None or eng.battle is not None or eng.how is not None:
        raise NotNow("there is no engagement to decide about now (9)", "9")
    if seat not in (eng.attacker_owner, eng.defender_owner):
        raise NotNow("only the two players of the engagement may ask (9)", "9")
    legions = {lg.marker: lg for lg in view.legions}
    attacker, defender = legions[eng.attacker], legions[eng.defender]
    if not (attacker.complete and defender.complete):
        raise NotNow(
            "both legions must be known to you first (Complete Sequence 2.5.1-2.5.2)",
            "Complete Sequence 2.5.1",
        )
    terrain = live.game.variant.masterboard.land(eng.land).terrain
    key = f"{live.id}/{live.version}/{seat}".encode()
    digest = hashlib.blake2b(key, key=str(live.seed).encode(), digest_size=6).digest()
    return Question(
        attacker=tuple(attacker.known),
        defender=tuple(defender.known),
        terrain=terrain,
        land=eng.land,
        entry_side=attacker.entry_side or "bottom",
        attacker_score=view.players[eng.attacker_owner].score,
        defender_score=view.players[eng.defender_owner].score,
        seed=int.from_bytes(digest, "big"),
    )


_answers: OrderedDict[Question, dict[str, Any]] = OrderedDict()


@router.get(
    "/games/{game_id}/estimate",
    responses={code: {"model": ErrorOut} for code in (401, 403, 404, 409)},
    summary="The estimated outcome of the battle a seat is deciding about",
    description="For the attacker or the defender of the engagement under way, before its "
    "battle: the two legions as they stand (no summons, no reinforcement) fought out "
    f"{TRIALS} times by the `{LEVEL}` computer players, each outcome with its 95% "
    "confidence interval. Only what the seat knows goes in. 409 when there is no such "
    "decision for this seat.",
)
async def get_estimate(
    srv: ServerDep, found: Annotated[tuple[LiveGame, int], Depends(seated)]
) -> JSONResponse:
    live, seat = found
    q = question(live, seat)
    result = _answers.get(q)
    if result is None:
        result = await srv.bots.pool.run(answer, q)
        _answers[q] = result
        while len(_answers) > CACHED:
            _answers.popitem(last=False)
    body = {**result, "level": LEVEL, "summons_and_reinforcements": False}
    return JSONResponse(body, headers={"Cache-Control": "private, max-age=60"})
