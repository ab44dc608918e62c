"""A compact battle for playouts: the battle's own state and sequence (rules 10-13, drift, the
time loss) on a few plain lists, the cheap policy (:mod:`titan.ai.strong.policy`, its maneuvers
scored by :mod:`titan.ai.strong.placing` on this board) playing both sides, and the engine's
pure rules queries (``reach``, ``deploy``, ``strike_options``, ``rangestrike_options``)
deciding what is legal. No prompts are listed, no events emitted, nothing is checked twice,
so a battle plays several times faster than through ``Game.act``.

It covers what a playout from a battle's start needs: entering and deploying, maneuvers,
strikes, rangestrikes, carry-over, drift, the slain, the end (a side eliminated, a Titan
slain, 10.5's time loss), and, if it is given one, the lord the attacker summons (15): it
enters at his first maneuver after a defender who had entered is slain (15.3, errata 10.1)
while his legion has room (4.1), and goes back if it finds no way on (errata 15.1). It leaves
out decisions the cheap policy never takes (concessions, taking moves back) and the
defender's reinforcement (14): a playout that wants those plays through the engine
(:func:`titan.ai.strong.simulate.play_battle`).
``tests/test_fastbattle.py`` replays its actions through the engine and finds the same battle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container
from dataclasses import dataclass

from titan.ai.strong.field import distances, entry_hexes, entry_order, shuts_out_titan
from titan.ai.strong.placing import destination
from titan.ai.strong.policy import strike_score
from titan.engine.actions import Action
from titan.engine.battle.actions import BattleMove, CarryOver, EndPhase, Strike
from titan.engine.game import Game
from titan.engine.phases.battle.sequence import LAST_TURN
from titan.engine.queries.maneuver import deploy, reach
from titan.engine.queries.model import Piece, Side
from titan.engine.queries.rangestrike import rangestrike_options
from titan.engine.queries.strike import strike_options, strike_targets
from titan.variant import TITAN, Character, Variant

SIDES: tuple[Side, Side] = ("attacker", "defender")


@dataclass(slots=True)
class Unit:
    name: str
    ch: Character
    side: Side
    hex: str | None
    hits: int
    power: int
    entered: bool
    slain: bool = False  # this strike phase; removed at its end (13.6)
    gone: bool = False
    arriving: bool = False  # a summoned lord entering in this maneuver phase (15.1)

    def piece(self) -> Piece:
        """The unit as the rules queries see it."""
        return Piece(self.ch, self.side, self.power, self.hits)


@dataclass(frozen=True, slots=True)
class Result:
    winner: Side | None  # None: mutual elimination
    how: str  # "battle" or "time_loss"
    titan_slain: tuple[bool, bool]  # attacker's, defender's
    # survivors, attacker's then defender's (a side whose Titan fell loses them too, 19.3)
    left: tuple[tuple[str, ...], tuple[str, ...]]
    turn: int


class FastBattle:
    def __init__(
        self,
        variant: Variant,
        terrain: str,
        entry_side: str,
        units: list[Unit],
        roll: Callable[[], int],
        rng: random.Random,
        *,
        record: bool = False,
        summons: Unit | None = None,
        summon_trigger: bool = False,
    ) -> None:
        """``summons``: the lord the attacker may still summon (not yet in ``units``);
        ``summon_trigger``: a defender who had entered has been slain already (15.3). A
        summons is not recorded (its donor is not known here), so the two do not go together."""
        assert summons is None or not record
        self.variant = variant
        self.land = variant.battlelands[terrain]
        self.terrain = terrain
        self.entry_side = entry_side
        self.units = units
        self.roll = roll
        self.rng = rng
        self.turn = 1
        self.phasing: Side = "defender"
        self.titan_slain = {"attacker": False, "defender": False}
        self.board: dict[str, Piece] = {}
        for u in units:
            if u.hex is not None and not u.gone:
                self.board[u.hex] = u.piece()
        self.summons = summons
        self.summon_trigger = summon_trigger
        self.actions: list[Action] | None = [] if record else None
        self.steps = 0  # decisions taken (the playout's "simulated actions")

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def from_game(
        cls, game: Game, roll: Callable[[], int], rng: random.Random, *, record: bool = False
    ) -> FastBattle:
        """The battle ``game`` is about to fight (before the defender's first maneuver)."""
        eng = game.state.engagement
        assert eng is not None and eng.battle is not None
        b = eng.battle
        chars = game.variant.characters
        units = [
            Unit(
                f.name,
                chars[f.name],
                "attacker" if f.side == "attacker" else "defender",
                f.hex,
                f.hits,
                f.power,
                f.entered,
                f.slain,
                f.gone,
            )
            for f in b.fighters
        ]
        return cls(game.variant, b.terrain, b.entry_side, units, roll, rng, record=record)

    # --- the sequence -----------------------------------------------------------------------

    def play(self, *, maneuvered: bool = False) -> Result:
        """Fight the battle to its end (errata 2.5.6.4). ``maneuvered``: the phasing side
        (``self.phasing``, on ``self.turn``) has made its maneuvers already; play on from its
        strikes."""
        while True:
            if not maneuvered:
                self._maneuver()
            maneuvered = False
            if self.turn == 1:
                for u in self.units:  # 10.1: left off the battleland, slain
                    if u.side == self.phasing and u.hex is None and not u.gone:
                        u.slain = True
                        self._remove(u)
            self._drift()
            self._strikes(self.phasing, ranged=True)
            self._strikes(_other(self.phasing), ranged=False)
            for u in self.units:
                if u.slain and not u.gone:
                    self._remove(u)
            wiped = any(not self._alive(s) for s in SIDES)
            if wiped or any(self.titan_slain.values()):
                return self._finish(time_loss=False)
            if self.phasing == "attacker" and self.turn >= LAST_TURN:
                return self._finish(time_loss=True)
            if self.phasing == "defender":
                self.phasing = "attacker"
            else:
                self.phasing = "defender"
                self.turn += 1

    def _alive(self, side: Side) -> bool:
        return any(u.side == side and not u.gone for u in self.units)

    def _remove(self, u: Unit) -> None:
        if u.hex is not None:
            del self.board[u.hex]
        u.gone, u.hex = True, None
        if u.name == TITAN:
            self.titan_slain[u.side] = True
        if u.side == "defender" and u.entered:
            self.summon_trigger = True  # 15, errata 10.1: one left off does not count

    def _finish(self, *, time_loss: bool) -> Result:
        if time_loss:
            for u in self.units:
                if u.side == "attacker" and not u.gone:
                    self._remove(u)
            winner: Side | None = "defender"
        else:
            losers = {s for s in SIDES if self.titan_slain[s] or not self._alive(s)}
            rest = [s for s in SIDES if s not in losers]
            winner = rest[0] if len(rest) == 1 else None
        left = tuple(
            tuple(sorted(u.name for u in self.units if u.side == s and not u.gone)) for s in SIDES
        )
        return Result(
            winner,
            "time_loss" if time_loss else "battle",
            (self.titan_slain["attacker"], self.titan_slain["defender"]),
            (left[0], left[1]),
            self.turn,
        )

    def _note(self, action: Action) -> None:
        self.steps += 1
        if self.actions is not None:
            self.actions.append(action)

    # --- maneuvers (10.1, 10.2, 11) -------------------------------------------------------

    def _maneuver(self, moved: Container[int] = ()) -> None:
        """The phasing side's maneuvers; ``moved``: indices of units that have moved this
        phase already (and may not again, 11)."""
        side = self.phasing
        doors = entry_hexes(self.variant, self.terrain, self.entry_side, side)
        lord = self._summon() if side == "attacker" else None
        for i, u in sorted(
            enumerate(self.units),
            key=lambda iu: entry_order(iu[1].name, iu[1].ch.skill, iu[1].hex is None),
        ):
            waits = u.hex is None and (self.turn > 1 or u.entered) and not u.arriving
            if u.gone or u.side != side or waits:
                continue
            if i in moved:
                continue
            others = self.board
            if u.hex is not None:
                others = {h: p for h, p in self.board.items() if h != u.hex}
            piece = u.piece()
            if u.hex is not None:
                ends = reach(self.variant, self.land, others, piece, u.hex)
            elif self.land.tower and side == "defender":
                ends = deploy(self.land, others, doors)
            else:
                ends = reach(self.variant, self.land, others, piece, None, entry=doors)
                titan = self._waiting_titan(side) if u.name != TITAN else None
                if titan is not None:
                    shelter = titan.piece()
                    ends = frozenset(
                        e
                        for e in ends
                        if not shuts_out_titan(
                            self.variant, self.land, self.board, doors, e, piece, shelter
                        )
                    )
            if not ends or (u.hex is not None and len(ends) == 1):
                continue
            to = destination(self, piece, u.hex, sorted(ends), self.rng, withdraw=False)
            if to == u.hex:
                continue
            self._note(BattleMove(u.name, u.hex, to))
            if u.hex is not None:
                del self.board[u.hex]
            u.hex, u.entered, u.arriving = to, True, False
            self.board[to] = piece
        if lord is not None and lord.arriving:  # no way on: back it goes (errata 15.1, 15.3)
            self.units.remove(lord)
        self._note(EndPhase())

    def _summon(self) -> Unit | None:
        """The summoned lord joins the attacker's maneuver phase, if it is his first since a
        defender fell (15.3: the option is then taken or lost) and his legion has room."""
        lord, self.summons = self.summons, None
        if lord is None or not self.summon_trigger:
            self.summons = lord
            return None
        if sum(1 for u in self.units if u.side == "attacker" and not u.gone) >= 7:
            return None  # 4.1: a full legion cannot summon; the chance is lost (15.3)
        lord.arriving = True
        self.units.append(lord)
        return lord

    def _waiting_titan(self, side: Side) -> Unit | None:
        """Our Titan, if it has still to come onto the battleland this turn (10.1)."""
        return next(
            (
                u
                for u in self.units
                if u.name == TITAN and u.side == side and u.hex is None and not u.gone
                if self.turn == 1 and not u.entered
            ),
            None,
        )

    # --- drift and strikes (12, 13, hazard chart) -------------------------------------------

    def _drift(self) -> None:
        for u in self.units:
            if (
                u.side == self.phasing
                and not u.gone
                and u.hex is not None
                and self.land.hex(u.hex).terrain == "drift"
                and "drift" not in u.ch.natives
            ):
                u.hits = min(u.power, u.hits + 1)
                if u.hits >= u.power:
                    u.slain = True
                self.board[u.hex] = u.piece()

    def _strikes(self, side: Side, *, ranged: bool) -> None:
        struck: set[int] = set()
        at = {u.hex: u for u in self.units if u.hex is not None and not u.gone}
        while True:
            best: tuple[float, int, str, int, int, frozenset[str], bool] | None = None
            for i, u in enumerate(self.units):
                if u.side != side or u.gone or u.hex is None or i in struck:
                    continue
                for option in self._options(u):
                    score = strike_score(self.board[option[0]], option[2], option[1])
                    if best is None or score > best[0]:
                        best = (score, i, *option)
            if best is None:
                self._note(EndPhase())
                return
            _, i, target_hex, sn, dice, carry, is_ranged = best
            struck.add(i)
            self._strike(self.units[i], at, target_hex, sn, dice, carry, is_ranged)

    def _options(self, u: Unit) -> list[tuple[str, int, int, frozenset[str], bool]]:
        assert u.hex is not None
        v, land, board = self.variant, self.land, self.board
        out = [
            (o.target, o.strike_number, o.dice, o.carry_targets, False)
            for t in strike_targets(v, land, board, u.hex)
            for o in strike_options(v, land, board, u.hex, t)
        ]
        if u.side == self.phasing and u.ch.rangestrikes and not out:
            dist = distances(land)
            for h, p in board.items():
                if p.side != u.side and p.hits < p.power and 1 < dist[u.hex][h] <= 3:
                    for r in rangestrike_options(v, land, board, u.hex, h):
                        out.append((h, r.strike_number, r.dice, frozenset(), True))
        return out

    def _strike(
        self,
        u: Unit,
        at: dict[str, Unit],
        target_hex: str,
        sn: int,
        dice: int,
        carry: frozenset[str],
        is_ranged: bool,
    ) -> None:
        assert u.hex is not None
        self._note(Strike(u.hex, target_hex, sn, dice, is_ranged))
        target = at[target_hex]
        hits = sum(1 for _ in range(dice) if self.roll() >= sn)
        dealt = min(hits, target.power - target.hits)
        self._wound(target, dealt)
        excess = hits - dealt
        open_ = [h for h in sorted(carry) if not at[h].slain]
        if excess <= 0 or not open_:
            return
        # 13.4, errata 12.4: the most kills first, the rest on the next one.
        order = sorted(open_, key=lambda h: (at[h].power - at[h].hits, h))
        to: list[str] = []
        for h in order:
            if excess <= 0:
                break
            c = at[h]
            dealt = min(excess, c.power - c.hits)
            self._wound(c, dealt)
            excess -= dealt
            to.append(h)
        self._note(CarryOver(tuple(to)))

    def _wound(self, u: Unit, hits: int) -> None:
        assert u.hex is not None
        u.hits += hits
        if u.hits >= u.power:
            u.slain = True
        self.board[u.hex] = u.piece()


def _other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"
