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
from collections.abc import Sequence
from dataclasses import dataclass

from titan.ai.strong.field import (
    TITAN_STAKE,
    entry_hexes,
    entry_order,
    shuts_out_titan,
    side_of,
)
from titan.ai.strong.placing import destination
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
from titan.engine.queries.model import Piece
from titan.variant import TITAN, Battleland, Variant

NEVER = (Withdraw, UndoMove, ResetManeuver)


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


@dataclass(frozen=True, slots=True)
class EngineGround:
    """The engine's battle as :mod:`titan.ai.strong.placing` reads it (the compact battle is
    the other reading)."""

    variant: Variant
    terrain: str
    entry_side: str
    land: Battleland
    turn: int
    board: dict[str, Piece]


def engine_ground(game: Game) -> EngineGround:
    b = _battle(game)
    v = game.variant
    chars = v.characters
    board = {
        f.hex: Piece(chars[f.name], side_of(f.side), f.power, f.hits)
        for f in b.fighters
        if f.hex is not None and not f.gone
    }
    return EngineGround(v, b.terrain, b.entry_side, v.battlelands[b.terrain], b.turn, board)


def _maneuver(game: Game, options: Sequence[Action], rng: random.Random) -> Action:
    for o in options:
        if isinstance(o, Summon | Muster):
            return o
    moves = [o for o in options if isinstance(o, BattleMove)]
    end = next(o for o in options if isinstance(o, EndPhase))
    if not moves:
        return end
    b = _battle(game)
    v = game.variant
    chars = v.characters
    side = side_of(b.phasing)
    ground = engine_ground(game)
    lead = min(moves, key=lambda m: entry_order(m.name, chars[m.name].skill, m.frm is None))
    mine = [m for m in moves if (m.name, m.frm) == (lead.name, lead.frm)]
    titan = _waiting_titan(b, side) if lead.name != TITAN and lead.frm is None else None
    if titan is not None and not (ground.land.tower and side == "defender"):
        doors = entry_hexes(v, b.terrain, b.entry_side, side)
        titan_piece = Piece(chars[TITAN], side, titan.power, titan.hits)
        lead_piece = Piece(chars[lead.name], side, 0, 0)
        mine = [
            m
            for m in mine
            if not shuts_out_titan(
                v, ground.land, ground.board, doors, m.to, lead_piece, titan_piece
            )
        ]
        if not mine:  # wherever it stops, the Titan is shut out: the Titan goes first
            mine = [m for m in moves if m.name == TITAN]
            lead = mine[0]
    me = next(f for f in b.fighters if f.name == lead.name and f.hex == lead.frm and f.side == side)
    piece = Piece(chars[me.name], side, me.power, me.hits)
    to = destination(ground, piece, lead.frm, [m.to for m in mine], rng, withdraw=True)
    # staying put is a move to its own hex: it is done with this phase
    return next(m for m in mine if m.to == to)


def _waiting_titan(b: BattleState, side: str) -> Fighter | None:
    """Our Titan, if it has still to come onto the battleland this turn (10.1)."""
    if b.turn != 1:
        return None
    return next(
        (
            f
            for f in b.fighters
            if f.name == TITAN and side_of(f.side) == side and f.hex is None
            if not f.gone and not f.entered
        ),
        None,
    )


def strike_score(target: Piece, dice: int, strike_number: int) -> float:
    """What the cheap policy sees in a strike (the compact battle's too): the chance of a
    slaying, weighted by what the target is worth (a Titan its stake, 19.3), and a little for
    the hits it is expected to land anyway."""
    worth = target.power * target.skill + (TITAN_STAKE if target.name == TITAN else 0.0)
    return (
        slay_probability(dice, strike_number, target.power - target.hits) * worth
        + dice * (7 - strike_number) / 60.0
    )


def _strike(game: Game, options: Sequence[Action]) -> Action:
    strikes = [o for o in options if isinstance(o, Strike)]
    if not strikes:
        return next(o for o in options if isinstance(o, EndPhase))
    board = engine_ground(game).board
    return max(strikes, key=lambda s: strike_score(board[s.target], s.dice, s.strike_number))


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
