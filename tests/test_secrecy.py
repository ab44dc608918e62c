"""Hidden information never reaches a seat or a spectator that may not see it: legion
contents (rules 4.5, 9.1, 18.4; errata 9.3, 9.5; Complete Sequence 2.5.1-2.5.2, 2.5.6.1) and
the dice seed.

The engine derives what each seat knows (``state.known``) from the very events it emits, so
comparing events with that knowledge would be circular: a leaky event would teach the leak.
The :class:`Oracle` below is independent of both. It is written from the rules and fed only
the actions and the states before and after each of them; it keeps, for every observer (each
seat and the spectator) and every legion of another player, the most that observer may know
to be in it. Every event an observer can see, its view and the question it is asked are then
checked against the oracle while random games (2-6 players, battles, negotiations, flights,
withdrawals, a turn limit) are played. Mutation tests make the engine leak in realistic ways
and show that the checker catches each one.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.support import place
from titan.ai.random_bot import RandomBot
from titan.engine import events as ev
from titan.engine import knowledge, views
from titan.engine.actions import (
    Accept,
    Action,
    ChooseColour,
    DoneMoving,
    DoneSplitting,
    Engage,
    Fight,
    KeepMarker,
    Move,
    Muster,
    Propose,
    Split,
    Summon,
)
from titan.engine.context import Ctx
from titan.engine.dice import SeededDice
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.phases import engagement as engagement_module
from titan.engine.queries.model import SIDES
from titan.engine.queries.muster import MAX_LEGION
from titan.engine.scenario import clear_board
from titan.engine.state import Engagement, GameState, Legion, Options, Phase
from titan.engine.views import PlayerView
from titan.play import SEAT_NAMES
from titan.variant import load

Observer = int | None  # a seat, or None for a spectator
Known = Counter[str]  # characters an observer may know to be in one legion (a multiset)
CHARACTERS = frozenset(load("default").characters)
MAX_ACTIONS = 20_000  # far beyond any random game seen; a runaway game fails instead of hanging

# Seeds no game could contain by chance: 16 digits, so any appearance of them in an event, a
# view or the state is the seed leaking, not a coincidence of numbers.
BASE_SEED = 8_918_273_645_546_372  # below the engine's 2**53 limit (JSON-safe)


class OracleError(RuntimeError):
    """The board changed in a way the oracle's rules do not explain. The oracle must then be
    taught the rule, never made to guess: a guess could hide a leak."""


def _who(observer: Observer) -> str:
    return "the spectator" if observer is None else f"seat {observer}"


def _names(known: Known) -> list[str]:
    return sorted(known.elements())


# --- the oracle -------------------------------------------------------------------------------


@dataclass
class Allowance:
    """What each observer may know while one action's events are checked: the legions as they
    stand after the action, plus what left them in public view during it, plus the legions
    that left the board during it as each observer may have known them when they went."""

    may: dict[Observer, dict[str, Known]]
    gone: dict[str, Known]  # characters that publicly left each legion in this action
    left: dict[Observer, dict[str, Known]]  # legions taken off the board in this action
    owners: dict[str, int]  # every legion on the board before or after the action
    engagement: Engagement | None  # the engagement the action belongs to, if any

    def of(self, observer: Observer, marker: str) -> Known | None:
        """The most ``observer`` may know of ``marker``; None: everything (its owner)."""
        if marker not in self.owners:
            return Counter()  # not a legion: nothing may be said to be in it
        if self.owners[marker] == observer:
            return None
        return (
            self.may[observer].get(marker, Counter())
            + self.gone.get(marker, Counter())
            + self.left[observer].get(marker, Counter())
        )

    def union(self, observer: Observer, markers: Iterable[str]) -> Known | None:
        total: Known = Counter()
        for m in markers:
            k = self.of(observer, m)
            if k is None:
                return None
            total += k
        return total

    def side(self, side: str) -> str | None:
        """The legion of an engagement side ("attacker" / "defender")."""
        eng = self.engagement
        if eng is None or side not in ("attacker", "defender"):
            return None
        return eng.attacker if side == "attacker" else eng.defender


class Oracle:
    """For every observer and every legion it does not own, the most the rules let it know is
    in the legion: an over-approximation where the rules are generous (after a legion is
    shown whole, the observer may know it whole until a split hides part of it), never more
    than the rules allow.

    Kept per legion, the oracle does not credit deductions across legions (seeing one part
    of a split whole tells what the other part holds); the engine draws none either.
    """

    def __init__(self, players: int) -> None:
        self.observers: tuple[Observer, ...] = (*range(players), None)
        self.may: dict[Observer, dict[str, Known]] = {o: {} for o in self.observers}
        # The least an observer may be sure a legion holds at most (absent: anything): the
        # legion as last shown whole, with what publicly joined and left it since; a split
        # leaves each part the parent's, less what the other part may be known to hold.
        self.bound: dict[Observer, dict[str, Known]] = {o: {} for o in self.observers}

    def _others(self, owner: int) -> list[Observer]:
        return [o for o in self.observers if o != owner]

    def show(
        self,
        marker: str,
        owner: int,
        names: Iterable[str],
        to: Iterable[Observer] | None = None,
        whole: bool = False,
    ) -> None:
        """``to`` (everyone but the owner by default) may know these characters are in the
        legion: the bound grows to at least as many of each as were shown. Shown ``whole``,
        it may also know the legion holds nothing else."""
        shown = Counter(names)
        for o in self._others(owner) if to is None else to:
            if o == owner:
                continue
            k = self.may[o].setdefault(marker, Counter())
            for name, n in shown.items():
                k[name] = max(k[name], n)
            if whole:
                self.bound[o][marker] = Counter(shown)

    def step(self, before: GameState, player: int, action: Action, after: GameState) -> Allowance:
        """Learn what ``action`` (by ``player``, taking ``before`` to ``after``) shows."""
        was, now = before.legions, after.legions
        owners = {m: lg.owner for m, lg in was.items()} | {m: lg.owner for m, lg in now.items()}
        gone: dict[str, Known] = {}
        left: dict[Observer, dict[str, Known]] = {o: {} for o in self.observers}

        # 1. What the action shows of the legions as they stood before it.
        if isinstance(action, Move) and action.lord is not None:
            # 8.1, 8.2: a tower or Titan teleport shows the lord that allows it.
            lg = was[action.legion]
            self.show(lg.marker, lg.owner, [action.lord])
        elif isinstance(action, Muster):
            # 18.4 (and 14 for a reinforcement): only the characters that qualify are shown;
            # the recruit itself is added in public view below.
            lg = was[action.legion]
            self.show(lg.marker, lg.owner, action.reveal)
        elif isinstance(action, Engage):
            # Complete Sequence 2.5.1-2.5.2 (rule 9.1): each side looks at the other's legion,
            # secretly; nobody else does.
            here = [lg for lg in was.values() if lg.land == action.land]
            mine = [lg for lg in here if lg.owner == player]
            theirs = [lg for lg in here if lg.owner != player]
            if len(mine) != 1 or len(theirs) != 1:
                raise OracleError(f"engagement on {action.land} is not one legion against one")
            att, dfd = mine[0], theirs[0]
            self.show(dfd.marker, dfd.owner, dfd.characters, to=[player], whole=True)
            self.show(att.marker, att.owner, att.characters, to=[dfd.owner], whole=True)
        elif isinstance(action, Fight):
            # Errata 9.3, Complete Sequence 2.5.6.1: once the battle is chosen both legions
            # may be looked at by everyone.
            eng = before.engagement
            if eng is None:
                raise OracleError("a Fight outside an engagement")
            for m in (eng.attacker, eng.defender):
                self.show(m, was[m].owner, was[m].characters, whole=True)

        # 2. Hidden changes: a split (4.3) and the recombination of split-offs (4.3, errata
        # 4.7). Nothing else changes a legion out of sight.
        hidden: set[str] = set()
        if isinstance(action, Split):
            parent, child = action.legion, action.marker
            p_height, c_height = len(now[parent].characters), len(now[child].characters)
            for o in self._others(now[parent].owner):
                k = self.may[o].get(parent, Counter())
                # 4.3: "players do not reveal which characters they split off"; only the
                # heights are public, so a part certainly holds only what the other part is
                # too small to take.
                self.may[o][parent] = Counter(
                    {n: c - c_height for n, c in k.items() if c > c_height}
                )
                self.may[o][child] = Counter(
                    {n: c - p_height for n, c in k.items() if c > p_height}
                )
                old = self.bound[o].pop(parent, None)
                self.bound[o].pop(child, None)
                if old is not None:
                    self.bound[o][parent] = old - self.may[o][child]
                    self.bound[o][child] = old - self.may[o][parent]
            hidden |= {parent, child}
        absorbed: list[str] = []
        if isinstance(action, DoneMoving | KeepMarker):
            absorbed = [m for m in was if m not in now and was[m].owner == player]
        for m in absorbed:
            keepers = [
                lg.marker
                for lg in now.values()
                if lg.owner == player and lg.land == was[m].land and lg.marker in was
            ]
            if len(keepers) != 1:
                raise OracleError(f"{m} vanished at a recombination with no one legion to join")
            keeper = keepers[0]
            for o in self._others(player):
                part = self.may[o].pop(m, Counter())
                left[o][m] = part
                # What was known of either part is known of the whole.
                self.may[o][keeper] = self.may[o].get(keeper, Counter()) + part
                bounds = self.bound[o]
                piece, whole = bounds.pop(m, None), bounds.pop(keeper, None)
                if piece is not None and whole is not None:
                    bounds[keeper] = whole + piece
            hidden.add(keeper)

        # 3. Public changes of the legions that stayed: losses (errata 9.5), the battle's slain
        # (13.6, fought in public, 2.5.6.1), a summoned lord leaving and arriving (15.1),
        # recruits and reinforcements (18.4, 14), earned lords (17), a summons or
        # reinforcement sent back (errata 10.1, 14.1, 15.1), an over-full legion's excess (4.1).
        for m in was.keys() & now.keys():
            if m in hidden:
                continue
            before_c, after_c = Counter(was[m].characters), Counter(now[m].characters)
            removed, added = before_c - after_c, after_c - before_c
            if removed:
                gone[m] = removed
            if removed or added:
                for o in self._others(now[m].owner):
                    self.may[o][m] = self.may[o].get(m, Counter()) - removed + added
                    if m in self.bound[o]:
                        self.bound[o][m] = self.bound[o][m] - removed + added
            owner = now[m].owner
            if len(was[m].characters) > MAX_LEGION and after.players[owner].turns_taken > 0:
                # 4.1, errata 4.1: past its owner's first turn an over-full legion is found
                # and revealed as its excess is removed. (The starting eight losing some in
                # an engagement before that turn is not a trim.)
                self.show(m, owner, now[m].characters, whole=True)

        # 4. Legions that left the board.
        engaged = set()
        for eng in (before.engagement, after.engagement):
            if eng is not None:
                engaged |= {eng.attacker, eng.defender}
        for m in was.keys() - now.keys():
            if m in absorbed:
                continue
            lg = was[m]
            if before.players[lg.owner].alive and not after.players[lg.owner].alive:
                # Errata 19.4: an eliminated player's legions become public as they are
                # removed; errata 20.4: so do a withdrawing player's.
                for o in self._others(lg.owner):
                    left[o][m] = Counter(lg.characters)
            elif m in engaged or (isinstance(action, Summon) and action.donor == m):
                # Destroyed in an engagement (every loss is public, errata 9.5; the slain of a
                # battle too), or emptied by a summons (15.1, errata 18.1).
                gone[m] = gone.get(m, Counter()) + Counter(lg.characters)
                for o in self._others(lg.owner):
                    left[o][m] = self.may[o].get(m, Counter())
            else:
                raise OracleError(f"{m} left the board for a reason the oracle does not know")
            for o in self.observers:
                self.may[o].pop(m, None)  # 4.4: the marker may come back as a new legion
                self.bound[o].pop(m, None)

        # 5. Legions that came onto the board.
        for m in now.keys() - was.keys():
            lg = now[m]
            if isinstance(action, Split) and m == action.marker:
                continue  # handled with the split
            if before.phase == Phase.COLOUR:
                # 5.2: everyone knows the starting eight.
                self.show(m, lg.owner, lg.characters, whole=True)
                continue
            # A donor emptied by a summons takes back a lord that never entered (errata 10.1,
            # 15.1): only characters that publicly left another legion of the same owner.
            moved: Known = Counter()
            for x, names in gone.items():
                if owners[x] == lg.owner:
                    moved += names
            if Counter(lg.characters) - moved:
                raise OracleError(f"{m} appeared with characters from nowhere public")
            self.show(m, lg.owner, lg.characters, whole=True)

        # 6. The end of the game.
        if after.over and not before.over:
            limit = after.options.turn_limit
            if limit is not None and after.turn > limit:
                # Rule 21: each legion is revealed as it is counted.
                for lg in now.values():
                    self.show(lg.marker, lg.owner, lg.characters, whole=True)
            elif after.winner is not None:
                # Errata 19.0, Complete Sequence 3: the winner's legions become public.
                for lg in now.values():
                    if lg.owner == after.winner:
                        self.show(lg.marker, lg.owner, lg.characters, whole=True)

        # The oracle bounds true knowledge, so it can never hold more than the legion does.
        for o, legions in self.may.items():
            for m, k in legions.items():
                if m not in now or k - Counter(now[m].characters):
                    raise OracleError(f"oracle of {_who(o)} for {m} is not within the legion")
        return Allowance(self.may, gone, left, owners, before.engagement or after.engagement)


# --- the events: which characters each says are in which legion --------------------------------

# Event kinds that name characters, with the fields that do. The checker attributes those
# characters to the right legion; any other field of any event (a subclass's extra field
# included) is scanned generically.
ATTRIBUTED: dict[type[ev.Event], frozenset[str]] = {
    ev.LegionCreated: frozenset({"characters"}),
    ev.SplitDetail: frozenset({"characters"}),
    ev.Moved: frozenset({"lord"}),
    ev.Mustered: frozenset({"creature", "reveal"}),
    ev.LegionTrimmed: frozenset({"removed", "characters"}),
    ev.LegionRemoved: frozenset({"characters"}),
    ev.LegionShown: frozenset({"characters"}),
    ev.LegionRevealed: frozenset({"characters"}),
    ev.ProposalsMade: frozenset({"proposals"}),
    ev.Agreement: frozenset({"attacker_losses", "defender_losses"}),
    ev.Losses: frozenset({"characters"}),
    ev.Summoned: frozenset({"lord"}),
    ev.Acquired: frozenset({"lord"}),
    ev.BattleMoved: frozenset({"name"}),
    ev.LeftOff: frozenset({"characters"}),
    ev.ReinforcementReturned: frozenset({"creature"}),
    ev.SummonsReturned: frozenset({"lord"}),
    ev.DriftDamage: frozenset({"name"}),
    ev.Struck: frozenset({"striker", "target"}),
    ev.CarriedOver: frozenset({"name"}),
    ev.Slain: frozenset({"name"}),
}
# Event kinds that name no character at all.
NAMELESS: frozenset[type[ev.Event]] = frozenset(
    {
        ev.TowerRolls,
        ev.TowerAssigned,
        ev.ColourChosen,
        ev.TurnStarted,
        ev.TurnEnded,
        ev.SplitMade,
        ev.MovementRoll,
        ev.MulliganTaken,
        ev.MoveUndone,
        ev.Recombined,
        ev.Score,
        ev.PlayerWithdrew,
        ev.PlayerEliminated,
        ev.MarkersPassed,
        ev.GameOver,
        ev.EngagementStarted,
        ev.Fled,
        ev.Negotiating,
        ev.NoMoreProposalsDeclared,
        ev.Conceded,
        ev.EngagementDecided,
        ev.BattleStarted,
        ev.BattlePhase,
        ev.ManeuverReset,
        ev.BattleEnded,
    }
)

Claim = tuple[tuple[str | None, ...], tuple[str, ...]]  # (legions, characters in one of them)


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def claims(e: ev.Event, allowance: Allowance) -> list[Claim]:
    """The characters ``e`` says are (or were) in which legion."""
    side = allowance.side
    match e:
        case (
            ev.LegionCreated(marker=m, characters=c)
            | ev.LegionShown(marker=m, characters=c)
            | ev.LegionRevealed(marker=m, characters=c)
            | ev.LegionRemoved(marker=m, characters=c)
            | ev.Losses(marker=m, characters=c)
        ):
            return [((m,), c)]
        case ev.SplitDetail(new=m, characters=c):
            return [((m,), c)]
        case ev.Moved(marker=m, lord=lord):
            return [((m,), () if lord is None else (lord,))]
        case ev.Mustered(marker=m, creature=c, reveal=r):
            return [((m,), (*r, c))]
        case ev.LegionTrimmed(marker=m, removed=r, characters=c):
            return [((m,), (*r, *c))]
        case ev.ProposalsMade(proposals=ps):
            out: list[Claim] = []
            for a, d in ps:
                out += [((side("attacker"),), a), ((side("defender"),), d)]
            return out
        case ev.Agreement(attacker_losses=a, defender_losses=d):
            return [((side("attacker"),), a), ((side("defender"),), d)]
        case ev.Summoned(lord=n, frm=f, to=t) | ev.SummonsReturned(lord=n, frm=f, to=t):
            return [((f,), (n,)), ((t,), (n,))]
        case (
            ev.Acquired(marker=m, lord=n)
            | ev.Slain(marker=m, name=n)
            | ev.ReinforcementReturned(marker=m, creature=n)
        ):
            return [((m,), (n,))]
        case ev.BattleMoved(side=s, name=n) | ev.DriftDamage(side=s, name=n):
            return [((side(s),), (n,))]
        case ev.LeftOff(side=s, characters=c):
            return [((side(s),), c)]
        case ev.Struck(side=s, striker=a, target=t):
            return [((side(s),), (a,)), ((side(_other(s)),), (t,))]
        case ev.CarriedOver(name=n):
            return [((side("attacker"), side("defender")), (n,))]
    return []


def _strings(value: object) -> Iterator[str]:
    """Every string inside a field value, however nested."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list | set | frozenset):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))


def _attributed_fields(e: ev.Event) -> frozenset[str]:
    for cls, names in ATTRIBUTED.items():
        if isinstance(e, cls):
            return names
    return frozenset()


def _excess(named: Known, allowed: Known | None) -> Known:
    return Counter() if allowed is None else named - allowed


def event_leaks(e: ev.Event, observer: Observer, allowance: Allowance) -> list[str]:
    """What ``e`` tells ``observer`` (who can see it) beyond what it may know."""
    problems: list[str] = []
    for markers, names in claims(e, allowance):
        if not names:
            continue
        if None in markers:
            problems.append(f"{e.kind}: names {list(names)} but no engagement to place them in")
            continue
        legions = [m for m in markers if m is not None]
        extra = _excess(Counter(names), allowance.union(observer, legions))
        if extra:
            problems.append(
                f"{e.kind}: {_who(observer)} is shown {_names(extra)} in {'/'.join(legions)}, "
                "more than it may know"
            )
    # Generic scan: character names in any other field are checked against every legion the
    # event refers to (by marker, or by engagement side), all together.
    covered = _attributed_fields(e)
    named: Known = Counter()
    markers_seen: set[str] = set()
    for f in dataclasses.fields(e):
        if f.name == "audience":
            continue
        value = getattr(e, f.name)
        for s in _strings(value):
            if s in allowance.owners:
                markers_seen.add(s)
            elif f.name not in covered and s in CHARACTERS:
                named[s] += 1
        if f.name == "side" and isinstance(value, str) and (m := allowance.side(value)):
            markers_seen.add(m)
    if named:
        if not markers_seen:
            problems.append(f"{e.kind}: names {_names(named)} without naming a legion")
        else:
            extra = _excess(named, allowance.union(observer, sorted(markers_seen)))
            if extra:
                problems.append(
                    f"{e.kind}: {_who(observer)} is shown {_names(extra)} in "
                    f"{'/'.join(sorted(markers_seen))}, more than it may know"
                )
    return problems


def audience_problems(e: ev.Event, allowance: Allowance) -> list[str]:
    """Private events go exactly to those the rules name."""
    owners = allowance.owners
    eng = allowance.engagement
    match e:
        case ev.SplitDetail(new=new):
            # 4.3: only the owner knows which characters went where.
            if e.audience != (owners.get(new),):
                return [f"split_detail: audience {e.audience}, not only the owner"]
        case ev.ProposalsMade():
            # Errata 9.3: negotiations are secret between the two involved players.
            if eng is None or set(e.audience or ()) != {eng.attacker_owner, eng.defender_owner}:
                return [f"proposals: audience {e.audience}, not only the two negotiators"]
        case ev.LegionShown(marker=m):
            # Complete Sequence 2.5.1-2.5.2: only the other side's owner looks.
            if eng is None or m not in (eng.attacker, eng.defender):
                return [f"legion_shown: {m} shown outside its engagement"]
            viewer = eng.defender_owner if m == eng.attacker else eng.attacker_owner
            if e.audience != (viewer,):
                return [f"legion_shown: {m} shown to {e.audience}, not only seat {viewer}"]
    return []


# --- the checker ---------------------------------------------------------------------------


@dataclass
class Tally:
    """How much was checked, so a test can show it was not vacuous."""

    games: int = 0
    actions: int = 0
    events: int = 0
    event_observations: int = 0  # (event, observer that sees it) pairs checked
    views: int = 0
    legion_views: int = 0  # other players' legions checked in views
    private_proposals: int = 0  # ProposalsMade events kept from the spectator
    shown_kept_from_third: int = 0  # LegionShown events kept from a third player
    negotiation_views: int = 0  # spectator or third-party views while proposals were on the table
    battles: int = 0
    splits: int = 0
    removals_shown: int = 0  # legions removed with their characters shown (19.4, 20.4)


def _serialised(value: Any) -> tuple[str, str]:
    return repr(value), json.dumps(dataclasses.asdict(value), default=str)


class SecrecyChecker:
    """Checks one game, action by action; raises AssertionError naming every problem."""

    def __init__(self, game: Game, seed: int, tally: Tally, *, json_views_every: int) -> None:
        self.game = game
        self.seed = seed
        self.tally = tally
        self.oracle = Oracle(len(game.seats))
        self.secrets = (str(seed),)  # its digits, as any serialisation would write them
        self.json_views_every = json_views_every  # 0: views only by repr (and at the end)
        self.actions = 0
        # What publicly left each legion since the current engagement began: proposals stay
        # on the table through the battle, naming characters slain since (errata 9.5, 13.6).
        self.engagement_losses: dict[str, Known] = {}

    def _seed_in(self, what: str, value: Any, as_json: bool = True) -> list[str]:
        texts = _serialised(value) if as_json else (repr(value),)
        return [f"the dice seed appears in {what}" for t in texts for s in self.secrets if s in t]

    def begin(self) -> None:
        """The set-up events (tower rolls) carry no seed either."""
        problems = [p for e in self.game.history for p in self._seed_in(e.kind, e)]
        if problems:
            raise AssertionError("\n".join(problems))

    def act(self, player: int, action: Action) -> list[ev.Event]:
        """``game.act``, checked."""
        before = self.game.state.copy()
        events = self.game.act(player, action)
        self.check(before, player, action, events)
        return events

    def check(self, before: GameState, player: int, action: Action, events: list[ev.Event]) -> None:
        game, tally = self.game, self.tally
        allowance = self.oracle.step(before, player, action, game.state)
        tally.actions += 1
        self.actions += 1
        if game.state.engagement is None:
            self.engagement_losses = {}
        else:
            for m, names in allowance.gone.items():
                self.engagement_losses[m] = self.engagement_losses.get(m, Counter()) + names
        problems: list[str] = []
        observers = self.oracle.observers
        for e in events:
            tally.events += 1
            problems += self._seed_in(f"event {e.kind}", e)
            problems += audience_problems(e, allowance)
            self._count(e, allowance)
            for o in observers:
                if e.visible(o):
                    tally.event_observations += 1
                    problems += event_leaks(e, o, allowance)
        every = self.json_views_every
        json_views = every > 0 and self.actions % every == 0
        for o in observers:
            view = game.view(o)
            tally.views += 1
            problems += self._seed_in(f"the view of {_who(o)}", view, json_views)
            problems += self._view_leaks(o, view)
        problems += self._prompt_leaks()
        if problems:
            n = len(game.actions)
            raise AssertionError(
                f"seed {self.seed}, action {n} ({action!r} by seat {player}):\n  "
                + "\n  ".join(problems)
            )

    def _count(self, e: ev.Event, allowance: Allowance) -> None:
        tally, eng = self.tally, allowance.engagement
        if isinstance(e, ev.ProposalsMade) and not e.visible(None):
            tally.private_proposals += 1
        if isinstance(e, ev.LegionShown) and eng is not None:
            parties = {eng.attacker_owner, eng.defender_owner}
            tally.shown_kept_from_third += sum(
                1
                for o in self.oracle.observers
                if o is not None and o not in parties and not e.visible(o)
            )
        if isinstance(e, ev.BattleStarted):
            tally.battles += 1
        if isinstance(e, ev.SplitMade):
            tally.splits += 1
        if isinstance(e, ev.LegionRemoved) and e.characters:
            tally.removals_shown += 1

    def _view_leaks(self, o: Observer, view: PlayerView) -> list[str]:
        """The view lists no more of another player's legion than the oracle allows, calls it
        complete only when the observer may know it whole, and keeps negotiations secret."""
        state, may = self.game.state, self.oracle.may[o]
        problems: list[str] = []
        for lv in view.legions:
            if lv.owner == o:
                continue
            self.tally.legion_views += 1
            allowed = may.get(lv.marker, Counter())
            extra = Counter(lv.known) - allowed
            if extra:
                problems.append(
                    f"view of {_who(o)}: {lv.marker} lists {_names(extra)}, more than it may know"
                )
            if lv.complete and sum(allowed.values()) < len(state.legions[lv.marker].characters):
                problems.append(f"view of {_who(o)}: {lv.marker} marked complete")
            if lv.possible is not None:
                # An upper bound may rule out only what the rules let the observer rule out.
                least = self.oracle.bound[o].get(lv.marker)
                if least is None:
                    problems.append(f"view of {_who(o)}: {lv.marker} bounded, may hold anything")
                elif least - Counter(lv.possible):
                    ruled_out = _names(least - Counter(lv.possible))
                    problems.append(
                        f"view of {_who(o)}: {lv.marker} rules out {ruled_out}, which it may hold"
                    )
        eng = view.engagement
        if eng is None:
            return problems
        party = o in (eng.attacker_owner, eng.defender_owner)
        neg = eng.negotiation
        if neg is not None and not party:
            # Errata 9.3: the proposals are for the two players only.
            real = state.engagement.negotiation if state.engagement else None
            if real is not None and (real.attacker_proposals or real.defender_proposals):
                self.tally.negotiation_views += 1
            if neg.attacker_proposals or neg.defender_proposals:
                problems.append(f"view of {_who(o)}: negotiation proposals shown")
        elif neg is not None:
            for p in (*neg.attacker_proposals, *neg.defender_proposals):
                problems += self._proposal_leak(o, p.attacker_losses, p.defender_losses, "view")
        if eng.battle is not None:
            for side in SIDES:
                marker = eng.attacker if side == "attacker" else eng.defender
                owner = eng.attacker_owner if side == "attacker" else eng.defender_owner
                if owner == o:
                    continue
                # Fighters already taken off were slain in public (13.6, errata 9.5): they
                # must be among the side's public losses, not among what the legion holds.
                gone = Counter(f.name for f in eng.battle.fighters if f.side == side and f.gone)
                if gone - Counter(eng.slain.get(side, ())):
                    problems.append(f"view of {_who(o)}: battle shows unknown dead of {marker}")
                fighters = Counter(
                    f.name for f in eng.battle.fighters if f.side == side and not f.gone
                )
                extra = fighters - may.get(marker, Counter())
                if extra:
                    problems.append(
                        f"view of {_who(o)}: battle shows {_names(extra)} of {marker}, "
                        "more than it may know"
                    )
        return problems

    def _proposal_leak(
        self, o: Observer, att: tuple[str, ...], dfd: tuple[str, ...], where: str
    ) -> list[str]:
        eng = self.game.state.engagement
        if eng is None:
            return [f"{where} of {_who(o)}: proposals with no engagement"]
        problems = []
        for marker, owner, names in (
            (eng.attacker, eng.attacker_owner, att),
            (eng.defender, eng.defender_owner, dfd),
        ):
            if owner == o:
                continue
            allowed = self.oracle.may[o].get(marker, Counter())
            extra = Counter(names) - allowed - self.engagement_losses.get(marker, Counter())
            if extra:
                problems.append(
                    f"{where} of {_who(o)}: a proposal names {_names(extra)} of {marker}, "
                    "more than it may know"
                )
        return problems

    def _prompt_leaks(self) -> list[str]:
        """The question asked names nothing the player asked may not know (errata 9.3:
        proposals name characters of both legions, which both players have looked at)."""
        game = self.game
        if game.state.over:
            return []
        prompt = game.prompt()
        problems = self._seed_in("the prompt", prompt, as_json=False)
        proposals = list(prompt.proposals)
        for option in prompt.options:
            if isinstance(option, Propose):
                proposals += option.proposals
            elif isinstance(option, Accept):
                proposals.append(option.proposal)
        for p in proposals:
            problems += self._proposal_leak(
                prompt.player, p.attacker_losses, p.defender_losses, "prompt"
            )
        return problems

    def finish(self) -> None:
        """At the end: the state itself holds no seed (not as an attribute, not pickled), the
        final views carry none, and a clone rolling its own dice forgets it."""
        state = self.game.state
        problems: list[str] = []
        if hasattr(state, "seed") or "seed" in {f.name for f in dataclasses.fields(state)}:
            problems.append("game.state has a seed attribute")
        raw = pickle.dumps(state)
        if b"SeededDice" in raw or any(s.encode() in raw for s in self.secrets):
            problems.append("the pickled state holds the dice or the seed")
        if self.seed.to_bytes(8, "little", signed=True) in raw:
            problems.append("the pickled state holds the seed as a number")
        for o in self.oracle.observers:
            problems += self._seed_in(f"the final view of {_who(o)}", self.game.view(o))
        twin = self.game.clone(dice=SeededDice(1))
        if twin.seed is not None:
            problems.append(f"a clone with dice of its own keeps the seed {twin.seed}")
        if problems:
            raise AssertionError("\n".join(problems))


# --- playing checked games ---------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    seed: int
    players: int
    fight: bool = True  # False: engagements end by flight, concession or agreement only
    withdraw: bool = False  # the last seat may withdraw from the game (errata 20.4)
    turn_limit: int | None = None  # rule 21: the game ends by totals after that many turns


def play_checked(config: Config, tally: Tally | None = None, *, json_views_every: int = 3) -> Game:
    """Play one random game, checking every action; raises AssertionError on a leak.

    Events are serialised both ways at every action, views by ``repr`` at every action and by
    ``dataclasses.asdict`` + JSON every ``json_views_every`` actions (and at the end): the
    deep copy ``asdict`` makes of a whole view costs more than all the other checks together.
    """
    options = None if config.turn_limit is None else Options(turn_limit=config.turn_limit)
    game = Game.new("default", SEAT_NAMES[: config.players], config.seed, options)
    bots = [
        RandomBot(
            config.seed + i,
            fight=config.fight,
            withdraw=config.withdraw and i == config.players - 1,
        )
        for i in range(config.players)
    ]
    tally = Tally() if tally is None else tally
    checker = SecrecyChecker(game, config.seed, tally, json_views_every=json_views_every)
    checker.begin()
    for _ in range(MAX_ACTIONS):
        if game.state.over:
            break
        prompt = game.prompt()
        action = bots[prompt.player].choose(game.view(prompt.player), prompt)
        try:
            checker.act(prompt.player, action)
        except IllegalAction:
            # RandomBot's proposals are guesses from what it knows; like titan.play, fall back.
            if not isinstance(action, Propose):
                raise
            checker.act(prompt.player, prompt.options[-1])
    else:
        raise AssertionError(f"seed {config.seed}: no result after {MAX_ACTIONS} actions")
    checker.finish()
    tally.games += 1
    return game


def _configs() -> list[Config]:
    out: list[Config] = []
    for i in range(36):
        players = 2 + i % 5
        out.append(
            Config(
                BASE_SEED + 1_000_003 * i,
                players,
                fight=i % 3 != 2,  # every third game negotiates, flees or concedes only
                withdraw=i % 7 == 3,
                turn_limit=4 if i % 10 == 9 else None,
            )
        )
    return out


CONFIGS = _configs()


@pytest.mark.rules(
    "4.3",
    "4.5",
    "5.2",
    "8.1",
    "8.2",
    "9.1",
    "18.4",
    "errata 9.3",
    "errata 9.5",
    "errata 19.4",
    "errata 20.4",
    "Complete Sequence 2.5.1",
    "Complete Sequence 2.5.2",
    "Complete Sequence 2.5.6.1",
)
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.seed}")
def test_random_game_leaks_nothing(config: Config) -> None:
    tally = Tally()
    game = play_checked(config, tally)
    assert game.state.over
    # Not vacuous: every action was checked for every observer.
    assert tally.actions == len(game.actions)
    assert tally.views == tally.actions * (config.players + 1)


# --- the checks themselves are not vacuous ------------------------------------------------------


def test_every_event_kind_is_classified() -> None:
    """A new event kind must be placed: naming characters (attributed) or not."""
    kinds = set(ev.EVENT_TYPES)
    assert not set(ATTRIBUTED) & NAMELESS
    assert kinds == set(ATTRIBUTED) | NAMELESS, kinds ^ (set(ATTRIBUTED) | NAMELESS)


@pytest.mark.rules("errata 9.3", "Complete Sequence 2.5.1", "Complete Sequence 2.5.2")
def test_private_events_were_met_and_kept_private() -> None:
    """Item by item, the games met what the secrecy checks are about: proposals kept from the
    spectator, engagements shown to their two players only, negotiations seen from outside,
    battles, splits and legions shown as they were removed."""
    tally = Tally()
    for config in CONFIGS[:5]:
        game = play_checked(config, tally, json_views_every=0)
        # Item by item from the spectator's side: no proposal ever reaches him (errata 9.3).
        assert not [e for e in game.events_for(None) if isinstance(e, ev.ProposalsMade)]
    assert tally.private_proposals > 0
    assert tally.shown_kept_from_third > 0
    assert tally.negotiation_views > 0
    assert tally.battles > 0
    assert tally.splits > 0
    assert tally.removals_shown > 0


SHORT = Config(BASE_SEED + 77, 3)


def _mutated_game_raises(match: str, config: Config = SHORT) -> None:
    with pytest.raises(AssertionError, match=match):
        play_checked(config, json_views_every=0)


def test_unmutated_short_game_passes() -> None:
    """The control for the mutation tests below: the same game without a leak passes."""
    play_checked(SHORT)


def _proxy_events(**overrides: Callable[..., ev.Event]) -> types.SimpleNamespace:
    """The events module as one engine module sees it, with some constructors replaced."""
    names = {k: getattr(ev, k) for k in dir(ev) if not k.startswith("__")}
    return types.SimpleNamespace(**(names | overrides))


def test_mutation_public_split_detail_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """4.3: which characters split off is the owner's secret."""

    def public(marker: str, new: str, characters: tuple[str, ...], **_: object) -> ev.Event:
        return ev.SplitDetail(marker, new, characters)

    from titan.engine.phases import commencement

    monkeypatch.setattr(commencement, "ev", _proxy_events(SplitDetail=public))
    _mutated_game_raises(r"split_detail: (seat \d|the spectator) is shown \[.+\] in \w+, more")


def test_mutation_public_legion_shown_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Complete Sequence 2.5.1-2.5.2: the look at the other legion is for its opponent only.
    Both the oracle (the spectator learns contents) and the audience rule catch it."""

    def public(marker: str, characters: tuple[str, ...], **_: object) -> ev.Event:
        return ev.LegionShown(marker, characters)

    monkeypatch.setattr(engagement_module, "ev", _proxy_events(LegionShown=public))
    _mutated_game_raises(r"legion_shown: the spectator is shown \[.+\] in \w+, more")
    _mutated_game_raises(r"legion_shown: \w+ shown to None, not only seat \d")


def test_mutation_legion_shown_to_a_third_player_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule 9.1: a player outside the engagement never looks at its legions."""

    def everyone(marker: str, characters: tuple[str, ...], **_: object) -> ev.Event:
        return ev.LegionShown(marker, characters, audience=(0, 1, 2))

    monkeypatch.setattr(engagement_module, "ev", _proxy_events(LegionShown=everyone))
    _mutated_game_raises(r"legion_shown: seat \d is shown \[.+\] in \w+, more than it may know")


def test_mutation_public_proposals_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Errata 9.3: negotiations are secret between the two players."""

    def public(side: str, proposals: Any, **_: object) -> ev.Event:
        return ev.ProposalsMade(side, proposals)  # type: ignore[arg-type]

    monkeypatch.setattr(engagement_module, "ev", _proxy_events(ProposalsMade=public))
    config = Config(BASE_SEED + 5, 4, fight=False)
    _mutated_game_raises(r"proposals: audience None, not only the two negotiators", config)


def test_mutation_view_shows_proposals_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Errata 9.3: the spectator's view of a negotiation holds no proposals."""
    real = views._engagement

    def everyone_a_party(eng: Engagement, seat: int | None) -> views.EngagementView:
        return real(eng, eng.attacker_owner)

    monkeypatch.setattr(views, "_engagement", everyone_a_party)
    config = Config(BASE_SEED + 5, 4, fight=False)
    _mutated_game_raises(r"view of the spectator: negotiation proposals shown", config)


@dataclass(frozen=True, slots=True)
class LeakySplitMade(ev.SplitMade):
    characters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LeakyMoved(ev.Moved):
    characters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LeakyMovementRoll(ev.MovementRoll):
    source: str = ""


def _patch_emit(
    monkeypatch: pytest.MonkeyPatch, change: Callable[[Ctx, ev.Event], ev.Event]
) -> None:
    """Make every event pass through ``change`` as it is emitted (knowledge learns from the
    changed event, as it would from a buggy rule)."""
    real = Ctx.emit

    def emit(self: Ctx, event: ev.Event) -> None:
        real(self, change(self, event))

    monkeypatch.setattr(Ctx, "emit", emit)


def test_mutation_split_made_with_characters_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """4.3: a public split event that also carries the new legion's characters."""

    def change(ctx: Ctx, e: ev.Event) -> ev.Event:
        if type(e) is ev.SplitMade:
            chars = tuple(ctx.state.legions[e.new].characters)
            return LeakySplitMade(e.marker, e.new, e.land, e.heights, characters=chars)
        return e

    _patch_emit(monkeypatch, change)
    _mutated_game_raises(r"split: (seat \d|the spectator) is shown \[.+\] in \w+/\w+, more")


def test_mutation_moved_with_characters_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 4.5: a legion moves face down; a move event carrying its contents leaks."""

    def change(ctx: Ctx, e: ev.Event) -> ev.Event:
        if type(e) is ev.Moved:
            chars = tuple(ctx.state.legions[e.marker].characters)
            return LeakyMoved(e.marker, e.frm, e.to, e.teleport, e.lord, e.side, characters=chars)
        return e

    _patch_emit(monkeypatch, change)
    _mutated_game_raises(r"moved: (seat \d|the spectator) is shown \[.+\] in \w+, more")


def test_mutation_muster_shows_whole_legion_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """18.4: a recruit shows only the characters that qualify it, not the whole legion."""

    def change(ctx: Ctx, e: ev.Event) -> ev.Event:
        if isinstance(e, ev.Mustered):
            rest = list(ctx.state.legions[e.marker].characters)
            rest.remove(e.creature)
            return ev.Mustered(e.marker, e.creature, tuple(rest), e.land)
        return e

    _patch_emit(monkeypatch, change)
    _mutated_game_raises(r"mustered: (seat \d|the spectator) is shown \[.+\] in \w+, more")


def test_mutation_view_shows_every_legion_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 4.5: a view that shows other players' legions whole."""
    real = views._legion

    def whole(
        lg: Legion, seat: int | None, known: dict[str, int], possible: dict[str, int] | None
    ) -> views.LegionView:
        return real(lg, lg.owner, known, possible)  # as if every seat owned every legion

    monkeypatch.setattr(views, "_legion", whole)
    _mutated_game_raises(r"view of (seat \d|the spectator): \w+ lists \[.+\], more than it may")


def test_mutation_knowledge_ignores_split_heights_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """4.3: after a split an observer knows of each part only what the heights force. A
    knowledge update that lets both parts keep everything known of the parent leaks through
    the views, and the oracle, which never reads that knowledge, sees it."""

    def keep_all(state: GameState, parent: str, child: str, heights: tuple[int, int]) -> None:
        owner = state.legions[parent].owner
        for p, seen in enumerate(state.known):
            if p != owner:
                seen[child] = dict(seen.get(parent, {}))

    monkeypatch.setattr(knowledge, "_split", keep_all)
    _mutated_game_raises(r"view of (seat \d|the spectator): \w+ lists \[.+\], more than it may")


def test_mutation_split_bound_shows_the_part_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """4.3: after a split an observer may bound each part by the parent's contents only. An
    upper bound that follows the part's real contents leaks which characters went where."""
    real = knowledge._split

    def exact(state: GameState, parent: str, child: str, heights: tuple[int, int]) -> None:
        real(state, parent, child, heights)
        owner = state.legions[parent].owner
        for p, bounds in enumerate(state.possible):
            if p != owner and child in bounds:
                bounds[child] = dict(Counter(state.legions[child].characters))

    monkeypatch.setattr(knowledge, "_split", exact)
    _mutated_game_raises(r"view of (seat \d|the spectator): \w+ rules out \[.+\], which it may")


def test_mutation_knowledge_ignores_audience_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Complete Sequence 2.5.1-2.5.2: the events go to the right seat, but a knowledge update
    that teaches everyone what one seat was shown leaks through every view."""
    real = knowledge._whole

    def everyone(
        state: GameState, marker: str, names: Iterable[str], audience: Iterable[int] | None
    ) -> None:
        real(state, marker, names, None)

    monkeypatch.setattr(knowledge, "_whole", everyone)
    _mutated_game_raises(r"view of (seat \d|the spectator): \w+ lists \[.+\], more than it may")


def test_mutation_seed_in_an_event_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dice seed would let a seat foresee every roll."""

    def change(ctx: Ctx, e: ev.Event) -> ev.Event:
        if type(e) is ev.MovementRoll and isinstance(ctx.dice, SeededDice):
            source = f"blake2b({ctx.dice._seed}:{ctx.state.dice})"
            return LeakyMovementRoll(e.player, e.roll, source=source)
        return e

    _patch_emit(monkeypatch, change)
    _mutated_game_raises(r"the dice seed appears in event movement_roll")


@dataclass(frozen=True, slots=True)
class DebugView(PlayerView):
    dice: str = ""


def test_mutation_seed_in_a_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Game.view

    def view(self: Game, player: int | None) -> PlayerView:
        v = real(self, player)
        values = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)}
        return DebugView(**values, dice=f"seeded with {self.seed}")

    monkeypatch.setattr(Game, "view", view)
    _mutated_game_raises(r"the dice seed appears in the view of (seat \d|the spectator)")


# --- rules the random games rarely or never reach, in set positions -----------------------------


def _checked_start(seed: int, players: int = 2) -> SecrecyChecker:
    """A checked game past the colour choice (errata 5.0), the oracle in step from the start."""
    game = Game.new("default", SEAT_NAMES[:players], seed)
    checker = SecrecyChecker(game, seed, Tally(), json_views_every=1)
    checker.begin()
    while game.state.phase == Phase.COLOUR:
        prompt = game.prompt()
        colour = next(o for o in prompt.options if isinstance(o, ChooseColour))
        checker.act(prompt.player, colour)
    return checker


def _bare_board(checker: SecrecyChecker) -> None:
    """Clear the board for a set position: the engine's knowledge and the oracle alike."""
    clear_board(checker.game)
    for legions in checker.oracle.may.values():
        legions.clear()


def _free_land(game: Game) -> int:
    return next(x for x in sorted(game.variant.masterboard.lands) if not game.state.legions_at(x))


@pytest.mark.rules("8.2")
def test_titan_teleport_shows_the_titan_and_nothing_else() -> None:
    checker = _checked_start(BASE_SEED + 11)
    game = checker.game
    me = game.state.active
    checker.act(me, next(o for o in game.prompt().options if isinstance(o, Split)))
    checker.act(me, DoneSplitting())
    game.state.roll = 6  # set position: a roll of 6 and 400 points (8.2, 19.2)
    game.state.players[me].score = 400
    game.touch()
    move = next(o for o in game.prompt().options if isinstance(o, Move) and o.teleport == "titan")
    events = checker.act(me, move)
    assert any(isinstance(e, ev.Moved) and e.lord == "Titan" for e in events)
    # After the 4-4 first split nothing of either part was certain; now the Titan is.
    for o in checker.oracle.observers:
        if o != me:
            assert checker.oracle.may[o][move.legion] == Counter({"Titan": 1})


@pytest.mark.rules("4.1", "errata 4.1")
def test_an_over_full_legion_is_shown_as_it_is_trimmed() -> None:
    checker = _checked_start(BASE_SEED + 12)
    game = checker.game
    _bare_board(checker)
    me = game.state.active
    other = 1 - me
    marker = game.state.players[other].markers[0]
    chars = ["Centaur"] * 3 + ["Ogre"] * 3 + ["Troll"] * 2
    place(game, other, marker, _free_land(game), chars)
    for p in game.state.players:
        p.turns_taken = 1  # past the first turn, when eight is no longer allowed (4.1, 5.2)
    game.touch()
    events = checker.act(me, DoneSplitting())
    trimmed = [e for e in events if isinstance(e, ev.LegionTrimmed)]
    assert [e.removed for e in trimmed] == [("Troll",)]  # errata 4.1: the most valuable
    rest = Counter(game.state.legions[marker].characters)
    assert sum(rest.values()) == MAX_LEGION
    assert checker.oracle.may[None][marker] == rest
    assert checker.oracle.may[me][marker] == rest


@pytest.mark.rules("4.3")
def test_after_a_split_only_what_the_heights_force_is_certain() -> None:
    """A legion everyone has seen whole, five Ogres and two Centaurs, splits off two: the
    five that stay hold at least three Ogres; of the two that left nothing is certain."""
    checker = _checked_start(BASE_SEED + 13)
    game = checker.game
    _bare_board(checker)
    me = game.state.active
    game.state.players[me].turns_taken = 1  # past the first turn's 4-4 split (5.2)
    marker = game.state.players[me].markers[0]
    chars = ["Ogre"] * 5 + ["Centaur"] * 2
    place(game, me, marker, _free_land(game), chars)
    checker.oracle.show(marker, me, chars)  # set position: as after a battle (errata 2.5.6.1)
    game.touch()
    new = game.state.players[me].markers[0]
    checker.act(me, Split(marker, new, ("Ogre", "Ogre")))
    for o in checker.oracle.observers:
        if o != me:
            assert checker.oracle.may[o][marker] == Counter({"Ogre": 3})
            assert checker.oracle.may[o][new] == Counter()


# --- the seed, directly ---------------------------------------------------------------------


def test_state_has_no_seed_and_a_clone_with_its_own_dice_forgets_it() -> None:
    game = play_checked(Config(BASE_SEED + 99, 2))
    assert not hasattr(game.state, "seed")
    assert "seed" not in {f.name for f in dataclasses.fields(game.state)}
    twin = game.clone(dice=SeededDice(2))
    assert twin.seed is None
    assert str(BASE_SEED + 99) not in repr(twin.state)
    with pytest.raises(ValueError, match="no record"):
        twin.save()
    assert game.clone().seed == BASE_SEED + 99  # a plain clone is the same game, same record
