"""What one seat (or a spectator) may know of the game, as typed data (rules 4.5, 9.1, 18.4;
errata 9.3, 9.5).

A seat sees its own legions whole; of every other legion its marker, land, height and the
characters the seat knows to be in it (``GameState.known``, learnt only from the events the
seat was shown). Everything public is shown: scores, Titan power, markers, the caretaker's
stacks and the dead pile (errata 4.6; the Etiquette Guide's item 27 has a moderator supply
public information on request), the battle (both legions are revealed when it starts,
errata 2.5.6.1). Negotiation proposals are shown to the two players only (errata 9.3).
The dice seed is not in the state, so it cannot be in a view.
"""

from __future__ import annotations

from dataclasses import dataclass

from titan.engine.actions import Proposal
from titan.engine.battle.state import BattleState, BattleStep
from titan.engine.state import Engagement, EngagementStep, GameState, Legion, Phase
from titan.variant import titan_power


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    index: int
    name: str
    colour: str | None
    tower: int | None
    score: int
    titan_power: int
    alive: bool
    markers: tuple[str, ...]  # markers not on the board
    turns_taken: int
    mulligans: int


@dataclass(frozen=True, slots=True)
class LegionView:
    marker: str
    owner: int
    land: int
    height: int
    moved: bool
    known: tuple[str, ...]  # characters this seat knows are in it (all of them for its owner)
    complete: bool  # ``known`` is the whole legion
    entry_side: str | None  # the side it attacks from, once it has engaged (Complete Sequence 2.3)
    teleported: str | None  # "tower" / "titan" if it teleported this turn (8)
    split_from: str | None  # this turn's parent: recombination (4.3); public, as splits are


@dataclass(frozen=True, slots=True)
class FighterView:
    name: str
    side: str
    hex: str | None  # None: not on the battleland (yet)
    power: int
    hits: int  # damage taken this battle (13.3)
    entered: bool
    moved: bool  # this maneuver phase
    struck: bool  # this strike phase
    slain: bool  # slain this strike phase, still on the battleland until it ends (13.6)
    newcomer: str | None  # "reinforcement" / "summoned": must enter this phase


@dataclass(frozen=True, slots=True)
class CarryView:
    """Errata 12.4: hits left over from a strike, waiting to be allocated."""

    striker: str  # the striker's hex
    target: str
    excess: int
    strike_number: int
    dice: int
    options: tuple[str, ...]  # hexes that may take the excess


@dataclass(frozen=True, slots=True)
class BattleView:
    land: int
    terrain: str
    entry_side: str  # the attacker's side
    turn: int  # battle turn 1-7 (10.5)
    phasing: str  # whose battle turn it is
    step: BattleStep
    fighters: tuple[FighterView, ...]
    carry: CarryView | None
    may_undo: bool  # errata 11.0: this maneuver phase's moves can still be taken back
    summon_window: bool  # 15.3
    reinforce_window: bool  # 14
    conceding: str | None  # a side whose concession awaits the other's answer (errata 9.4)


@dataclass(frozen=True, slots=True)
class NegotiationView:
    turn: str  # the side to act
    no_more: str | None  # the side that declared it will make no more proposals
    attacker_proposals: tuple[Proposal, ...]  # empty unless this seat is one of the two
    defender_proposals: tuple[Proposal, ...]


@dataclass(frozen=True, slots=True)
class EngagementView:
    land: int
    attacker: str
    defender: str
    attacker_owner: int
    defender_owner: int
    step: EngagementStep
    how: str | None  # once decided
    winner: str | None  # "attacker" / "defender" once decided
    acquisitions: tuple[int, ...]  # multiples of 100 points still to be claimed (17)
    negotiation: NegotiationView | None
    battle: BattleView | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    you: int | None  # None: a spectator
    deciding: int  # the seat that must decide now (-1: nobody, the game is over)
    turn: int
    phase: Phase
    active: int  # whose turn it is
    roll: int | None
    moves_made: tuple[str, ...]  # this movement phase's moves, in order (errata 7.0)
    over: bool
    winner: int | None
    players: tuple[PlayerInfo, ...]
    legions: tuple[LegionView, ...]
    caretaker: dict[str, int]
    dead: dict[str, int]
    engagement: EngagementView | None


def player_view(state: GameState, seat: int | None, deciding: int) -> PlayerView:
    """The game as ``seat`` may know it; ``None`` is a spectator (public knowledge only)."""
    known = state.known[-1 if seat is None else seat]
    return PlayerView(
        you=seat,
        deciding=deciding,
        turn=state.turn,
        phase=state.phase,
        active=state.active,
        roll=state.roll,
        moves_made=tuple(state.moves_made),
        over=state.over,
        winner=state.winner,
        players=tuple(
            PlayerInfo(
                p.index,
                p.name,
                p.colour,
                p.tower,
                p.score,
                titan_power(p.score),
                p.alive,
                tuple(p.markers),
                p.turns_taken,
                p.mulligans,
            )
            for p in state.players
        ),
        legions=tuple(
            _legion(lg, seat, known.get(lg.marker, {}))
            for lg in sorted(state.legions.values(), key=lambda x: x.marker)
        ),
        caretaker=dict(state.caretaker),
        dead=dict(state.dead),
        engagement=None if state.engagement is None else _engagement(state.engagement, seat),
    )


def _legion(lg: Legion, seat: int | None, known: dict[str, int]) -> LegionView:
    if seat == lg.owner:
        names = tuple(lg.characters)
    else:
        names = tuple(sorted(n for n, k in known.items() for _ in range(k)))
    return LegionView(
        lg.marker,
        lg.owner,
        lg.land,
        len(lg.characters),
        lg.moved,
        names,
        len(names) == len(lg.characters),
        lg.entry_side,
        lg.teleported,
        lg.split_from,
    )


def _engagement(eng: Engagement, seat: int | None) -> EngagementView:
    neg = eng.negotiation
    party = seat in (eng.attacker_owner, eng.defender_owner)
    return EngagementView(
        eng.land,
        eng.attacker,
        eng.defender,
        eng.attacker_owner,
        eng.defender_owner,
        eng.step,
        eng.how,
        eng.winner,
        tuple(eng.acquisitions),
        None
        if neg is None
        else NegotiationView(
            neg.turn,
            neg.no_more,
            tuple(neg.attacker_proposals) if party else (),
            tuple(neg.defender_proposals) if party else (),
        ),
        None if eng.battle is None else _battle(eng.battle),
    )


def _battle(b: BattleState) -> BattleView:
    carry = b.carry
    return BattleView(
        b.land,
        b.terrain,
        b.entry_side,
        b.turn,
        b.phasing,
        b.step,
        tuple(
            FighterView(
                f.name,
                f.side,
                f.hex,
                f.power,
                f.hits,
                f.entered,
                f.moved,
                f.struck,
                f.slain,
                f.newcomer,
            )
            for f in b.fighters
            if not f.gone
        ),
        None
        if carry is None
        else CarryView(
            b.fighters[carry.striker].hex or "",
            carry.target,
            carry.excess,
            carry.strike_number,
            carry.dice,
            tuple(carry.options),
        ),
        bool(b.undo) and not b.rolled_this_phase and b.step == BattleStep.MANEUVER,
        b.summon_window,
        b.reinforce_window,
        b.conceding,
    )
