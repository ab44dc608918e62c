"""The cheap policy search plays with: quick enough for thousands of simulated actions a
second, sensible enough that simulated battles resemble real ones.

It reads the search's own game (a determinized copy, never the real one) and the prompt:
- maneuvers: the first character still to move goes where contact pays best (its expected
  damage against what it takes back, the Titan counting its stake), otherwise as near the
  enemy as the side's posture wants (an attacker must close in before the time loss, 10.5);
- strikes: the target with the best chance of a slaying, weighted by what it is worth;
- carry-over: the allocation reaching furthest; concessions are declined; newcomers enter;
- the masterboard: recruit the best, move where a recruit waits, split tall legions, never
  take anything back.
"""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence

from titan.ai.normal.battlefield import touching
from titan.ai.strong.exchange import factors
from titan.ai.strong.field import TITAN_STAKE, distances, entry_hexes
from titan.dice.strike import slay_probability
from titan.engine.actions import (
    Action,
    Decline,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    Fight,
    Flee,
    Move,
    Muster,
    NoMoreProposals,
    Split,
    Summon,
    UndoMove,
    Withdraw,
)
from titan.engine.battle.actions import BattleMove, CarryOver, EndPhase, ResetManeuver, Strike
from titan.engine.battle.state import BattleState, Fighter
from titan.engine.game import Game
from titan.engine.prompts import Decision, Prompt
from titan.variant import TITAN

NEVER = (Withdraw, UndoMove, ResetManeuver)
TUNE = {
    "titan_att": 4.0,
    "att": 0.4,
    "titan_def": 2.5,
    "def": 0.5,
    "stake": 0.1,
    "cover": 0.1,
    "away": 0.1,
}


def titan_cover(
    to: str,
    frm: str | None,
    touch: Mapping[str, tuple[str, ...]],
    occupied: Container[str],
    dist: Mapping[str, Mapping[str, int]],
    enemies: Sequence[str],
) -> float:
    """How well a Titan would be sheltered on ``to``, in multiples of its points: each vacant
    hex beside it is a place an enemy could strike it from (11.5), each hex of distance from
    the nearest enemy (up to three) a turn's grace. Without it the cheap policy's Titans stood
    in the open, and its battles overrated every attack on a Titan's legion (a 4-character
    legion against a Titan's legion won three times in four in simulation, never against
    ``normal``)."""
    vacant = sum(1 for n in touch[to] if n == frm or n not in occupied)
    near = min((dist[to][e] for e in enemies), default=3)
    return TUNE["away"] * min(near, 3) - TUNE["cover"] * vacant


def fast_action(game: Game, prompt: Prompt, rng: random.Random) -> Action:
    """One decision of the cheap policy for whoever ``prompt`` asks."""
    options = prompt.options
    kind = prompt.kind
    if kind == Decision.MANEUVER:
        return _maneuver(game, options, rng)
    if kind in (Decision.STRIKE, Decision.COUNTERSTRIKE):
        return _strike(game, options)
    if kind == Decision.CARRY_OVER:
        return max(options, key=lambda o: len(o.to) if isinstance(o, CarryOver) else -1)
    if kind in (Decision.BATTLE_MAY_CONCEDE, Decision.CONCESSION_OFFERED):
        return Decline()
    return _masterboard(game, prompt, rng)


# --- the battle ------------------------------------------------------------------------------


def _battle(game: Game) -> BattleState:
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None
    return eng.battle


def _maneuver(game: Game, options: Sequence[Action], rng: random.Random) -> Action:
    for o in options:
        if isinstance(o, Summon | Muster):
            return o
    moves = [o for o in options if isinstance(o, BattleMove)]
    end = next(o for o in options if isinstance(o, EndPhase))
    if not moves:
        return end
    b = _battle(game)
    # The Titan moves last: the others take their places first, and it finds cover among
    # them (11.5) and a free entry (10.1).
    lead = next((m for m in moves if m.name != TITAN), moves[0])
    first = (lead.name, lead.frm)
    mine = [m for m in moves if (m.name, m.frm) == first]
    v = game.variant
    land = v.battlelands[b.terrain]
    chars = v.characters
    touch = touching(land)
    dist = distances(land)
    side = b.phasing
    at: dict[str, Fighter] = {f.hex: f for f in b.fighters if f.hex is not None and not f.gone}
    me = next(f for f in b.fighters if f.name == first[0] and f.hex == first[1] and f.side == side)
    enemies = [h for h, f in at.items() if f.side != side and f.hits < f.power]
    if first[1] is None and me.name == TITAN and not enemies:
        their_doors = entry_hexes(
            v, b.terrain, b.entry_side, "defender" if side == "attacker" else "attacker"
        )
        return max(
            mine,
            key=lambda m: (titan_cover(m.to, None, touch, at, dist, their_doors), rng.random()),
        )
    if first[1] is None and me.name != TITAN:
        # Entering (10.1): go deep, so that the entry hexes stay free for the rest (one left
        # off the battleland is slain).
        doors = entry_hexes(v, b.terrain, b.entry_side, side)
        depth = {m.to: min(dist[m.to][d] for d in doors) for m in mine}
        deepest = max(depth.values())
        mine = [m for m in mine if depth[m.to] >= deepest - 1]
    if not enemies:
        return max(
            mine,
            key=lambda m: (
                min(dist[m.to][d] for d in entry_hexes(v, b.terrain, b.entry_side, side)),
                rng.random(),
            ),
        )
    ours = sum((f.power - f.hits) * chars[f.name].skill for f in at.values() if f.side == side)
    theirs = sum((f.power - f.hits) * chars[f.name].skill for f in at.values() if f.side != side)
    aggressive = side == "attacker" or ours > 1.2 * theirs
    titan = me.name == TITAN
    # An attacker still facing enemies at the seventh turn loses everything (10.5), its
    # Titan too: from the fourth turn on the Titan joins in, more boldly each turn.
    late = max(0, b.turn - 3) if side == "attacker" else 0
    if aggressive:
        caution = TUNE["titan_att"] / (1 + late) if titan else TUNE["att"]
    else:
        caution = TUNE["titan_def"] if titan else TUNE["def"]
    closing = (1.0 if not titan else 0.5 * late) if aggressive else 0.0
    mch = chars[me.name]
    mine_left = max(1, me.power - me.hits)
    my_worth = me.power * mch.skill
    best, best_score = None, float("-inf")
    for m in mine:
        score = 0.0
        contact = False
        for n in touch[m.to]:
            e = at.get(n)
            if e is None or e.side == side or e.gone:
                continue
            contact = True
            ech = chars[e.name]
            # The share of each other's remaining strength a strike is expected to take.
            add, sn = factors(land, mch, m.to, ech, n)
            hurt = (me.power + add) * (7 - sn) / 6.0 / max(1, e.power - e.hits)
            worth = e.power * ech.skill + (TITAN_STAKE * TUNE["stake"] if e.name == TITAN else 0.0)
            score += min(1.0, hurt) * worth
            back_add, back_sn = factors(land, ech, n, mch, m.to)
            fear = (e.power + back_add) * (7 - back_sn) / 6.0 / mine_left
            score -= min(1.0, fear) * my_worth * caution
        if not contact:
            near = min(dist[m.to][e] for e in enemies)
            score -= near * closing
        if titan and not late:
            score += titan_cover(m.to, first[1], touch, at, dist, enemies) * my_worth
        score += rng.random() * 0.01
        if score > best_score:
            best, best_score = m, score
    assert best is not None
    return best  # staying put is a move to its own hex: it is done with this phase


def _strike(game: Game, options: Sequence[Action]) -> Action:
    strikes = [o for o in options if isinstance(o, Strike)]
    if not strikes:
        return next(o for o in options if isinstance(o, EndPhase))
    b = _battle(game)
    at = {f.hex: f for f in b.fighters if f.hex is not None and not f.gone}
    chars = game.variant.characters

    def score(s: Strike) -> float:
        t = at[s.target]
        worth = t.power * chars[t.name].skill + (TITAN_STAKE if t.name == TITAN else 0.0)
        return (
            slay_probability(s.dice, s.strike_number, t.power - t.hits) * worth
            + s.dice * (7 - s.strike_number) / 60.0
        )

    return max(strikes, key=score)


# --- the masterboard ---------------------------------------------------------------------------


def _masterboard(game: Game, prompt: Prompt, rng: random.Random) -> Action:
    options = [o for o in prompt.options if not isinstance(o, NEVER)]
    kind = prompt.kind
    if kind == Decision.MUSTER:
        musters = [o for o in options if isinstance(o, Muster)]
        if musters:
            chars = game.variant.characters
            return max(musters, key=lambda o: chars[o.creature].value)
        return next(o for o in options if isinstance(o, DoneMustering))
    if kind == Decision.SPLIT:
        splits = [o for o in options if isinstance(o, Split)]
        legions = game.state.legions
        tall = [
            s for s in splits if len(legions[s.legion].characters) >= 7 and len(s.characters) == 2
        ]
        if tall or (splits and not any(isinstance(o, DoneSplitting) for o in options)):
            return rng.choice(tall or splits)
        return next(o for o in options if isinstance(o, DoneSplitting))
    if kind == Decision.MOVE:
        moves = [o for o in options if isinstance(o, Move)]
        done = next((o for o in options if isinstance(o, DoneMoving)), None)
        if moves and (done is None or rng.random() < 0.8):
            return rng.choice(moves)
        return done if done is not None else options[0]
    if kind == Decision.FLEE:
        return rng.choice([o for o in options if not isinstance(o, Flee)] or options)
    if kind == Decision.NEGOTIATE:
        return next((o for o in options if isinstance(o, NoMoreProposals)), options[0])
    if kind == Decision.NEGOTIATE_FINAL:
        return next((o for o in options if isinstance(o, Fight)), options[0])
    if kind in (Decision.SUMMON, Decision.REINFORCE, Decision.ACQUIRE):
        return next((o for o in options if not isinstance(o, Decline)), options[0])
    return rng.choice(options)
