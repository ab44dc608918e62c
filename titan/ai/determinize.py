"""Sampling a whole game consistent with what one seat knows (information-set search).

A bot may decide only from its seat's view and the prompt. Search needs full engine states,
so :func:`determinize` builds one from the view. The view carries every public field of the
state, so only the hidden contents of other players' legions have to be drawn, and what each
player holds in all is public (``PlayerInfo.in_legions``): only *which of his legions* holds
each of his unseen characters is drawn, uniformly, with the Titan and the starting Angel
apart while the first split (errata 2.1) still says so. Drawing from every player's
characters at once (as this did before) let a legion hold another player's Angel, or a
Titan and an Angel together after the first split: a turn-1 attack judged won 54% of the
time was won 12% of the time (docs/ai.md). The seat's upper bounds (``LegionView.possible``)
are not kept to: a uniform draw within them made the stacks look weaker than they were
(docs/ai.md, tenth session).

What other seats know is not in the view either; they are given a guess that is never wrong
(what the seat knows of third parties' legions, and of the seat's own only what a battle has
shown to all), which only changes what the bots inside a search could see.
"""

from __future__ import annotations

import random
from collections import Counter

from titan.engine.battle.state import BattleState, Fighter, PendingCarry
from titan.engine.dice import SeededDice
from titan.engine.game import Game
from titan.engine.phases.setup import TITAN_VARIANT_REMOVED
from titan.engine.state import (
    Engagement,
    GameState,
    Legion,
    Negotiation,
    Options,
    Player,
)
from titan.engine.views import BattleView, EngagementView, LegionView, PlayerView
from titan.variant import ANGEL, ARCHANGEL, TITAN, Variant


class InconsistentView(ValueError):
    """The view's counters do not add up (it was not made by the engine)."""


def determinize(
    view: PlayerView, rng: random.Random, variant: Variant, options: Options | None = None
) -> Game:
    """A full :class:`Game` that seat ``view.you`` cannot tell apart from the real one: the
    same view, with the hidden contents of other legions drawn by ``rng``, and dice of its own
    (``SeededDice(rng.getrandbits(53))``) so that it cannot know the real future rolls.
    ``options`` (rule 21's) are not in the view: by default the Titan Variant is inferred from
    the stacks and there is no point target or turn limit."""
    seat = view.you
    if seat is None:
        raise ValueError("a spectator's view has no seat to determinize for")
    opts = options if options is not None else Options(titan_variant=_titan_variant(view))
    contents = _contents(view, rng)
    state = GameState(
        options=opts,
        players=[
            Player(
                index=p.index,
                name=p.name,
                tower=p.tower,
                colour=p.colour,
                score=p.score,
                alive=p.alive,
                markers=list(p.markers),
                turns_taken=p.turns_taken,
                mulligans=p.mulligans,
            )
            for p in view.players
        ],
        caretaker=dict(view.caretaker),
        dead=dict(view.dead),
        phase=view.phase,
        order=list(view.order),
        active=view.active,
        turn=view.turn,
        roll=view.roll,
        summoned_this_turn=view.summoned_this_turn,
        teleported_this_turn=view.teleported_this_turn,
        moves_made=list(view.moves_made),
        pending_recombine=[list(g) for g in view.pending_recombine],
        winner=view.winner,
        over=view.over,
    )
    for lv in view.legions:
        state.legions[lv.marker] = Legion(
            marker=lv.marker,
            owner=lv.owner,
            land=lv.land,
            characters=contents[lv.marker],
            moved=lv.moved,
            mustered=lv.mustered,
            split_from=lv.split_from,
            entry_side=lv.entry_side,
            teleported=lv.teleported,
            start_land=lv.start_land,
        )
    state.known = _knowledge(view, seat, contents)
    # The seat's upper bounds as its view shows them (so the drawn game shows the seat its
    # own view).
    state.possible = [{} for _ in state.known]
    state.possible[seat] = {
        lv.marker: dict(Counter(lv.possible)) for lv in view.legions if lv.possible is not None
    }
    if view.engagement is not None:
        state.engagement = _engagement(view.engagement)
    seats = [p.name for p in view.players]
    return Game(variant, state, seats, SeededDice(rng.getrandbits(53)), None)


def _titan_variant(view: PlayerView) -> bool:
    """Rule 21's Titan Variant takes Centaurs, Gargoyles and Ogres out of the game."""
    return not any(
        view.caretaker.get(c, 0) or view.dead.get(c, 0) for c in TITAN_VARIANT_REMOVED
    ) and not any(c in TITAN_VARIANT_REMOVED for lv in view.legions for c in lv.known)


def _contents(view: PlayerView, rng: random.Random) -> dict[str, list[str]]:
    """Each legion's characters: the known ones, and each other player's unseen characters
    dealt into that player's hidden places."""
    contents = {lv.marker: list(lv.known) for lv in view.legions}
    for p in view.players:
        if p.index == view.you:
            continue
        theirs = [lv for lv in view.legions if lv.owner == p.index]
        unseen = unseen_of(view, p.index)
        hidden = [lv for lv in theirs if lv.height > len(lv.known)]
        places = sum(lv.height - len(lv.known) for lv in hidden)
        if any(n < 0 for n in unseen.values()) or unseen.total() != places:
            raise InconsistentView(
                f"{p.name}: {places} hidden places, unseen characters {dict(+unseen)}"
            )
        apart = _lords_apart(Counter(p.in_legions), theirs)
        for marker, names in _deal(sorted((+unseen).elements()), hidden, apart, rng):
            contents[marker] = sorted(contents[marker] + names)
    return contents


def unseen_of(view: PlayerView, owner: int) -> Counter[str]:
    """What ``owner`` holds in all (``PlayerInfo.in_legions``) less what ``view`` knows of his
    legions: his characters, Titan included, that nobody in this view has located (a count
    below zero only in a view that is not of one game)."""
    unseen = Counter(view.players[owner].in_legions)
    for lv in view.legions:
        if lv.owner == owner:
            unseen.subtract(lv.known)
    return unseen


def _deal(
    unseen: list[str], hidden: list[LegionView], apart: bool, rng: random.Random
) -> list[tuple[str, list[str]]]:
    """``unseen`` shuffled into the ``hidden`` legions' places, uniformly among the deals
    that keep the Titan and the starting Angel apart while they must be (:func:`_lords_apart`;
    by rejection: a deal of two legions keeps them apart more than half the time)."""
    lords = [{TITAN, ANGEL} & set(lv.known) for lv in hidden]
    places = [lv.height - len(lv.known) for lv in hidden]
    for _ in range(DEAL_TRIES):
        rng.shuffle(unseen)
        deal, at = [], 0
        for k in places:
            deal.append(unseen[at : at + k])
            at += k
        if not apart or all(
            held | ({TITAN, ANGEL} & set(names)) != {TITAN, ANGEL}
            for held, names in zip(lords, deal, strict=True)
        ):
            break
    return [(lv.marker, names) for lv, names in zip(hidden, deal, strict=True)]


DEAL_TRIES = 32  # deals drawn before one that keeps the lords together is taken (none can
# part them when the seat's knowledge contradicts the first split: a view not of this game)


def _lords_apart(holds: Counter[str], legions: list[LegionView]) -> bool:
    """Errata 2.1: the first split puts exactly one lord, the Titan or the Angel, in each
    legion. Only a summons moves a lord into another legion afterwards, in view (15.1), and
    only a later split could hide it again, making a third legion: so while the player has
    just two legions and his one Angel, and neither is known to hold both lords, the two are
    in different ones. (Unless a third legion was split off and lost since: rare, and the
    view does not tell.)"""
    return (
        len(legions) == 2
        and holds[TITAN] == 1
        and holds[ANGEL] == 1
        and not holds[ARCHANGEL]
        and not any({TITAN, ANGEL} <= set(lv.known) for lv in legions)
    )


def _knowledge(
    view: PlayerView, seat: int, contents: dict[str, list[str]]
) -> list[dict[str, dict[str, int]]]:
    """The seat's knowledge as its view shows it; the others' (and the public's) a guess
    that is never wrong."""
    n = len(view.players)
    known: list[dict[str, dict[str, int]]] = [{} for _ in range(n + 1)]
    shown: set[str] = set()
    eng = view.engagement
    if eng is not None and eng.battle is not None:
        shown = {eng.attacker, eng.defender}  # errata 2.5.6.1: revealed to all
    for observer in range(n + 1):
        for lv in view.legions:
            if observer == lv.owner:
                continue
            if observer == seat or lv.owner != seat:
                names: tuple[str, ...] | list[str] = lv.known
            elif lv.marker in shown:
                names = contents[lv.marker]
            else:
                continue
            if names:
                known[observer][lv.marker] = dict(Counter(names))
    return known


def _engagement(ev: EngagementView) -> Engagement:
    neg = ev.negotiation
    return Engagement(
        land=ev.land,
        attacker=ev.attacker,
        defender=ev.defender,
        step=ev.step,
        negotiation=None
        if neg is None
        else Negotiation(
            turn=neg.turn,
            attacker_proposals=list(neg.attacker_proposals),
            defender_proposals=list(neg.defender_proposals),
            no_more=neg.no_more,
        ),
        how=ev.how,
        winner=ev.winner,
        stage=ev.stage,
        summon_right=ev.summon_right,
        reinforce_right=ev.reinforce_right,
        reinforced=ev.reinforced,
        summoned=ev.summoned,
        attacker_owner=ev.attacker_owner,
        defender_owner=ev.defender_owner,
        slain={side: list(names) for side, names in ev.slain.items()},
        acquisitions=list(ev.acquisitions),
        battle=None if ev.battle is None else _battle(ev.battle),
    )


def _battle(bv: BattleView) -> BattleState:
    fighters = [
        Fighter(
            name=f.name,
            side=f.side,
            hex=f.hex,
            hits=f.hits,
            power=f.power,
            slain=f.slain,
            gone=f.gone,
            entered=f.entered,
            moved=f.moved,
            struck=f.struck,
            in_contact=f.in_contact,
            newcomer=f.newcomer,
            donor=f.donor,
            donor_land=f.donor_land,
        )
        for f in bv.fighters
    ]
    carry = None
    if bv.carry is not None:
        c = bv.carry
        striker = next(i for i, f in enumerate(fighters) if f.hex == c.striker and not f.gone)
        carry = PendingCarry(
            striker=striker,
            target=c.target,
            excess=c.excess,
            strike_number=c.strike_number,
            dice=c.dice,
            options=list(c.options),
        )
    return BattleState(
        land=bv.land,
        terrain=bv.terrain,
        entry_side=bv.entry_side,
        fighters=fighters,
        turn=bv.turn,
        phasing=bv.phasing,
        step=bv.step,
        undo=list(bv.undo),
        rolled_this_phase=bv.rolled_this_phase,
        carry=carry,
        conceding=bv.conceding,
        resume=bv.resume,
        summon_trigger=bv.summon_trigger,
        summon_window=bv.summon_window,
        summon_spent=bv.summon_spent,
        attacker_committed=bv.attacker_committed,
        reinforce_window=bv.reinforce_window,
        ending=bv.ending,
        time_loss=bv.time_loss,
    )
