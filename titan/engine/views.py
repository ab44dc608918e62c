"""What one seat (or a spectator) may know of the game, as typed data (rules 4.5, 9.1, 18.4;
errata 9.3, 9.5).

A seat sees its own legions whole; of every other legion its marker, land, height and the
characters the seat knows to be in it (``GameState.known``, learnt only from the events the
seat was shown). Everything public is shown: scores, Titan power, markers, the caretaker's
stacks and the dead pile (errata 4.6; the Etiquette Guide's item 27 has a moderator supply
public information on request), the battle (both legions are revealed when it starts,
errata 2.5.6.1). Negotiation proposals are shown to the two players only (errata 9.3).
The dice seed is not in the state, so it cannot be in a view. Everything else public is in
it, so that a seat's view is enough to rebuild a consistent position (search by
determinization) and to resume a client exactly.
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
    start_land: int | None  # where it began this turn's move (moves are public)
    mustered: bool  # it has mustered this turn (18.1)
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
    gone: bool  # slain and taken off, or left off (10.1)
    in_contact: bool  # in contact when this strike phase began: it must strike (13)
    newcomer: str | None  # "reinforcement" / "summoned": must enter this phase
    donor: str | None  # a summoned lord's legion, which takes it back if it never enters
    donor_land: int | None


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
    fighters: tuple[FighterView, ...]  # all of them, in order (``undo`` and carry refer to it)
    carry: CarryView | None
    may_undo: bool  # errata 11.0: this maneuver phase's moves can still be taken back
    summon_window: bool  # 15.3
    reinforce_window: bool  # 14
    conceding: str | None  # a side whose concession awaits the other's answer (errata 9.4)
    undo: tuple[tuple[int, str | None, bool], ...]  # this phase's moves: (fighter, from, entered)
    rolled_this_phase: bool  # dice were rolled: maneuvers are fixed (errata 11.0)
    resume: BattleStep | None  # the step carry-over returns to
    summon_trigger: bool  # a defender who had entered was slain (15, errata 10.1)
    summon_spent: bool
    attacker_committed: bool  # the attacker ended his first maneuver phase (14.2)
    ending: bool
    time_loss: bool  # 10.5


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
    slain: dict[str, tuple[str, ...]]  # side -> characters lost so far (public, errata 9.5)
    stage: int  # progress through the after-engagement steps (errata 2.5.6.5-2.5.6.10)
    summon_right: bool  # errata 2.5.3.1
    reinforce_right: bool  # errata 2.5.5.1, 14.2
    summoned: bool
    reinforced: bool
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
    order: tuple[int, ...]  # turn order, by descending tower (5.1)
    summoned_this_turn: bool  # rule 15: one summons per engagement phase
    teleported_this_turn: bool  # rule 8: one teleport per movement phase
    pending_recombine: tuple[tuple[str, ...], ...]  # groups awaiting a marker (errata 4.7)
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
        order=tuple(state.order),
        summoned_this_turn=state.summoned_this_turn,
        teleported_this_turn=state.teleported_this_turn,
        pending_recombine=tuple(tuple(g) for g in state.pending_recombine),
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
        lg.start_land,
        lg.mustered,
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
        {side: tuple(names) for side, names in eng.slain.items()},
        eng.stage,
        eng.summon_right,
        eng.reinforce_right,
        eng.summoned,
        eng.reinforced,
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
                f.gone,
                f.in_contact,
                f.newcomer,
                f.donor,
                f.donor_land,
            )
            for f in b.fighters
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
        tuple(b.undo),
        b.rolled_this_phase,
        b.resume,
        b.summon_trigger,
        b.summon_spent,
        b.attacker_committed,
        b.ending,
        b.time_loss,
    )
