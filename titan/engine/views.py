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

from titan.engine.actions import Proposal, Teleport
from titan.engine.battle.state import BattleState, BattleStep, Newcomer
from titan.engine.queries.model import Side
from titan.engine.state import (
    AfterStep,
    Engagement,
    EngagementStep,
    GameState,
    How,
    Legion,
    Phase,
)
from titan.variant import EntrySide, titan_power


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
    # Every character in the player's legions, Titan included. Public, though which legion
    # holds which is not: every legion starts in view (5.2) and every change to what a player
    # holds is shown to all (musters 18.4, reinforcements 14, angels 17, losses errata 9.5,
    # trims errata 4.1, removals 19.4, errata 20.4); splits and summons only move characters
    # between the player's own legions.
    in_legions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LegionView:
    marker: str
    owner: int
    land: int
    height: int
    moved: bool
    known: tuple[str, ...]  # characters this seat knows are in it (all of them for its owner)
    complete: bool  # ``known`` is the whole legion
    entry_side: EntrySide | None  # its side, once it has engaged (Complete Sequence 2.3)
    start_land: int | None  # where it began this turn's move (moves are public)
    mustered: bool  # it has mustered this turn (18.1)
    teleported: Teleport | None  # if it teleported this turn (8)
    split_from: str | None  # this turn's parent: recombination (4.3); public, as splits are
    # Of a legion not known whole, every character it may hold as far as this seat can tell
    # from what it was shown (``GameState.possible``); None: anything (or ``complete``).
    possible: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class FighterView:
    name: str
    side: Side
    hex: str | None  # None: not on the battleland (yet)
    power: int
    hits: int  # damage taken this battle (13.3)
    entered: bool
    moved: bool  # this maneuver phase
    struck: bool  # this strike phase
    slain: bool  # slain this strike phase, still on the battleland until it ends (13.6)
    gone: bool  # slain and taken off, or left off (10.1)
    in_contact: bool  # in contact when this strike phase began: it must strike (13)
    newcomer: Newcomer | None  # it must enter this phase
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
    entry_side: EntrySide  # the attacker's side
    turn: int  # battle turn 1-7 (10.5)
    phasing: Side  # whose battle turn it is
    step: BattleStep
    fighters: tuple[FighterView, ...]  # all of them, in order (``undo`` and carry refer to it)
    carry: CarryView | None
    may_undo: bool  # errata 11.0: this maneuver phase's moves can still be taken back
    summon_window: bool  # 15.3
    reinforce_window: bool  # 14
    conceding: Side | None  # a side whose concession awaits the other's answer (errata 9.4)
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
    turn: Side  # the side to act
    no_more: Side | None  # the side that declared it will make no more proposals
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
    how: How | None  # once decided
    winner: Side | None  # once decided
    acquisitions: tuple[int, ...]  # multiples of 100 points still to be claimed (17)
    slain: dict[Side, tuple[str, ...]]  # characters lost so far (public, errata 9.5)
    stage: AfterStep  # the after-engagement step to take next (errata 2.5.6.5-2.5.6.10)
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
    observer = -1 if seat is None else seat
    bounds = state.possible[observer] if len(state.possible) == len(state.known) else {}
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
                index=p.index,
                name=p.name,
                colour=p.colour,
                tower=p.tower,
                score=p.score,
                titan_power=titan_power(p.score),
                alive=p.alive,
                markers=tuple(p.markers),
                turns_taken=p.turns_taken,
                mulligans=p.mulligans,
                in_legions=tuple(
                    sorted(n for lg in state.player_legions(p.index) for n in lg.characters)
                ),
            )
            for p in state.players
        ),
        legions=tuple(
            _legion(lg, seat, known.get(lg.marker, {}), bounds.get(lg.marker))
            for lg in sorted(state.legions.values(), key=lambda x: x.marker)
        ),
        caretaker=dict(state.caretaker),
        dead=dict(state.dead),
        engagement=None if state.engagement is None else _engagement(state.engagement, seat),
    )


def _legion(
    lg: Legion, seat: int | None, known: dict[str, int], possible: dict[str, int] | None = None
) -> LegionView:
    """``lg`` as ``seat`` knows it: ``known``, and ``possible`` (the seat's upper bound) for a
    legion not known whole."""
    if seat == lg.owner:
        names = tuple(lg.characters)
    else:
        names = tuple(sorted(n for n, k in known.items() for _ in range(k)))
    complete = len(names) == len(lg.characters)
    may = None
    if possible is not None and not complete:
        may = tuple(sorted(n for n, k in possible.items() for _ in range(k)))
    return LegionView(
        marker=lg.marker,
        owner=lg.owner,
        land=lg.land,
        height=len(lg.characters),
        moved=lg.moved,
        known=names,
        complete=complete,
        entry_side=lg.entry_side,
        start_land=lg.start_land,
        mustered=lg.mustered,
        teleported=lg.teleported,
        split_from=lg.split_from,
        possible=may,
    )


def _engagement(eng: Engagement, seat: int | None) -> EngagementView:
    neg = eng.negotiation
    party = seat in (eng.attacker_owner, eng.defender_owner)
    return EngagementView(
        land=eng.land,
        attacker=eng.attacker,
        defender=eng.defender,
        attacker_owner=eng.attacker_owner,
        defender_owner=eng.defender_owner,
        step=eng.step,
        how=eng.how,
        winner=eng.winner,
        acquisitions=tuple(eng.acquisitions),
        slain={side: tuple(names) for side, names in eng.slain.items()},
        stage=eng.stage,
        summon_right=eng.summon_right,
        reinforce_right=eng.reinforce_right,
        summoned=eng.summoned,
        reinforced=eng.reinforced,
        negotiation=None
        if neg is None
        else NegotiationView(
            turn=neg.turn,
            no_more=neg.no_more,
            attacker_proposals=tuple(neg.attacker_proposals) if party else (),
            defender_proposals=tuple(neg.defender_proposals) if party else (),
        ),
        battle=None if eng.battle is None else _battle(eng.battle),
    )


def _battle(b: BattleState) -> BattleView:
    carry = b.carry
    return BattleView(
        land=b.land,
        terrain=b.terrain,
        entry_side=b.entry_side,
        turn=b.turn,
        phasing=b.phasing,
        step=b.step,
        fighters=tuple(
            FighterView(
                name=f.name,
                side=f.side,
                hex=f.hex,
                power=f.power,
                hits=f.hits,
                entered=f.entered,
                moved=f.moved,
                struck=f.struck,
                slain=f.slain,
                gone=f.gone,
                in_contact=f.in_contact,
                newcomer=f.newcomer,
                donor=f.donor,
                donor_land=f.donor_land,
            )
            for f in b.fighters
        ),
        carry=None
        if carry is None
        else CarryView(
            striker=b.fighters[carry.striker].hex or "",
            target=carry.target,
            excess=carry.excess,
            strike_number=carry.strike_number,
            dice=carry.dice,
            options=tuple(carry.options),
        ),
        may_undo=bool(b.undo) and not b.rolled_this_phase and b.step == BattleStep.MANEUVER,
        summon_window=b.summon_window,
        reinforce_window=b.reinforce_window,
        conceding=b.conceding,
        undo=tuple(b.undo),
        rolled_this_phase=b.rolled_this_phase,
        resume=b.resume,
        summon_trigger=b.summon_trigger,
        summon_spent=b.summon_spent,
        attacker_committed=b.attacker_committed,
        ending=b.ending,
        time_loss=b.time_loss,
    )
