"""The Colossus mirror's battle handlers (:class:`BattleMirror`): the pieces Colossus places
(integer tags, which the mirror maps to our hexes), the maneuvers, the battle phases, the
strikes with the server's dice, drift damage, carry-overs, and a summoned angel. A battle
begins and ends with its engagement (:mod:`titan.colossus.mirror_engagements`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from titan.colossus import messages as m
from titan.colossus.codec import Message
from titan.colossus.mirror_base import SILENT, Deviation
from titan.colossus.mirror_engagements import EngagementMirror
from titan.colossus.names import battle_hex
from titan.engine import events as ev
from titan.engine.actions import Action, Decline, Summon
from titan.engine.battle.actions import BattleMove, EndPhase, Strike
from titan.engine.battle.state import Fighter
from titan.engine.knowledge import learn
from titan.engine.prompts import Decision
from titan.engine.queries.muster import MAX_LEGION
from titan.variant import TITAN

_HAZARD = -1  # tellStrikeResults's striker for damage from the terrain (drift)


class BattleMirror(EngagementMirror):
    """Mirrors a battle, from its pieces' placing to the removal of its slain."""

    def _on_removeCreature(self, msg: Message) -> None:
        assert isinstance(msg, m.RemoveCreature)
        if msg.reason == "Summon":  # the donor gives up its lord; addCreature follows (15)
            if self._summoned_late(msg):
                return
            prompt = self.settle(
                lambda p: p.kind in (Decision.MANEUVER, Decision.SUMMON), "a summons"
            )
            summon = Summon(self.legion(msg.marker), msg.creature)
            if summon not in prompt.options:
                if self._summoned_beside_the_fallen(msg, prompt.options):
                    return
                raise self.desync("15", f"{summon} may not be summoned now")
            self.act(summon)
            if self.pending_acquires:  # the angels Colossus gave first
                self.taken_late = True
                self._acquire_held()

    def _summoned_beside_the_fallen(self, msg: m.RemoveCreature, options: Sequence[Action]) -> bool:
        """Colossus removes the legions of a player whose Titan was slain before the winner's
        summons after the battle, so it lets a legion engaged with one of them give its angel.
        Errata 15.3, 19.4: they are eliminated after the summons, and such a legion may not.
        A deviation, followed: the summons the errata allow is declined, the held angel taken
        and the player eliminated as the engine does, then the server's summons is applied as
        a late one (:meth:`_summoned_late`) and recorded."""
        state = self.g.state
        donor = state.legions.get(self.legion(msg.marker))
        if donor is None or Decline() not in options:
            return False
        enemies = {lg.owner for lg in state.legions_at(donor.land) if lg.owner != donor.owner}
        if len(enemies) != 1 or any(self._has_titan(owner) for owner in enemies):
            return False
        self.act(Decline())
        if self.pending_acquires:
            self._acquire_held()
        if not self._summoned_late(msg):
            raise self.desync("errata 15.3, 19.4", f"{msg.marker} gives its angel too late")
        self.deviations.append(
            Deviation(
                self.line,
                "errata 15.3, 19.4",
                f"{msg.marker}, engaged with a legion of the player whose Titan was slain, "
                "gave its angel: the server removed his legions first",
            )
        )
        return True

    def _has_titan(self, player: int) -> bool:
        return any(TITAN in lg.characters for lg in self.g.state.player_legions(player))

    def _summoned_late(self, msg: m.RemoveCreature) -> bool:
        """A summons after the battle (errata 2.5.6.5) that our engine did not offer: our
        guess of a hidden split had put the angel in a legion that could not give it (in an
        engagement not yet fought, 15.0), and only the summons shows where it was (the guess
        is mended by now, :mod:`titan.colossus.mirror_hidden`). The engagement is over in
        our engine, its points scored; the summons is applied as the engine would have
        applied it first, where the rules allowed it (the winner attacked, did not take its
        win by flight, has room, and no summons was made this turn, 15.2)."""
        state = self.g.state
        if state.engagement is not None or state.summoned_this_turn:
            return False
        started = decided = None
        for event in reversed(self.g.history):
            if decided is None and isinstance(event, ev.EngagementDecided):
                decided = event
            elif isinstance(event, ev.EngagementStarted):
                started = event
                break
        if started is None or decided is None or decided.land != started.land:
            return False
        winner = state.legions.get(started.attacker)
        donor = state.legions.get(self.legion(msg.marker))
        if (
            decided.winner != started.attacker
            or decided.how == "flee"
            or winner is None
            or donor is None
            or donor.owner != winner.owner
            or msg.creature not in donor.characters
            or len(winner.characters) >= MAX_LEGION
            or any(o.owner != donor.owner for o in state.legions_at(donor.land))
        ):
            return False
        donor.characters.remove(msg.creature)
        winner.characters = sorted([*winner.characters, msg.creature])
        state.summoned_this_turn = True
        event = ev.Summoned(msg.creature, donor.marker, winner.marker)
        learn(state, event)  # 15.1: in everyone's sight
        self.g.history.append(event)
        self.g.touch()
        return True

    def _on_initBattle(self, msg: Message) -> None:
        self._start_battle()
        self.tags.clear()
        self.where.clear()
        self.sides.clear()

    def _on_placeNewChit(self, msg: Message) -> None:
        assert isinstance(msg, m.PlaceNewChit)
        self.tags[msg.tag] = msg.creature
        self.where[msg.tag] = battle_hex(msg.hex)
        self.sides[msg.tag] = "defender" if msg.inverted else "attacker"  # drawn upside down

    def _on_tellBattleMove(self, msg: Message) -> None:
        assert isinstance(msg, m.TellBattleMove)
        if msg.undo:
            raise self.desync("errata 11.0", "an undone battle move (not mirrored yet)")
        prompt = self.settle(lambda p: p.kind == Decision.MANEUVER, "a battle move")
        name = self.tags.get(msg.tag)
        move = BattleMove(name or "?", battle_hex(msg.start), msg.end)
        if move not in prompt.options:
            raise self.desync("11", f"{move} is not a legal maneuver")
        self.act(move)
        self.where[msg.tag] = msg.end

    def _on_setupBattleFight(self, msg: Message) -> None:
        assert isinstance(msg, m.SetupBattleFight)
        # The strikes (phase 3) end the maneuver; the strikebacks (4) end the strikes.
        self._end_phase(Decision.STRIKE if msg.phase == 4 else Decision.MANEUVER)

    def _on_setupBattleMove(self, msg: Message) -> None:
        self._end_phase(Decision.COUNTERSTRIKE)

    def _on_setupBattleSummon(self, msg: Message) -> None:
        self._end_phase(Decision.COUNTERSTRIKE)

    def _on_setupBattleRecruit(self, msg: Message) -> None:
        self._end_phase(Decision.COUNTERSTRIKE)

    def _end_phase(self, kind: Decision) -> None:
        """A new battle phase has begun on the server: end ours of ``kind`` if the engine is
        in it (it skips, for instance, a strike phase with no one in contact)."""
        prompt = self.settle(lambda p: p.kind not in SILENT, "a new battle phase")
        if prompt.kind == kind and EndPhase() in prompt.options:
            self.act(EndPhase())

    def _on_tellStrikeResults(self, msg: Message) -> None:
        assert isinstance(msg, m.TellStrikeResults)
        if msg.killed:
            self.dying.add(msg.target)
        if msg.striker == _HAZARD:
            self._drift(msg)
            return
        if msg.was_carry:
            self._carry(msg)
            return
        prompt = self.settle(
            lambda p: p.kind in (Decision.STRIKE, Decision.COUNTERSTRIKE), "a strike"
        )
        fits = [
            o
            for o in prompt.options
            if isinstance(o, Strike)
            and o.strike_number == msg.strike_number
            and o.dice == len(msg.dice)
            and self._at(msg.striker, o.frm)
            and self._at(msg.target, o.target)
        ]
        if not fits:
            raise self.desync("12, 13", "no legal strike fits the server's")
        self.give(msg.dice)
        self.act(fits[0])
        struck = next(e for e in reversed(self.g.history) if isinstance(e, ev.Struck))
        if (struck.hits, struck.slain) != (msg.damage, msg.killed):
            raise self.desync(
                "13.2, 13.3",
                f"the server's strike hits {msg.damage} (killed {msg.killed}); "
                f"ours {struck.hits} (slain {struck.slain})",
            )
        self.carry_offered = msg.carry_left > 0

    def _drift(self, msg: m.TellStrikeResults) -> None:
        """Drift damage at the start of a strike phase (hazard chart, errata 2.5.6.4.1.3):
        our engine deals it itself when the maneuver phase ends, so end it there and find the
        same hit on the same character."""
        for _ in range(8):
            prompt = self.prompt()
            if prompt.kind in SILENT:
                self.act(Decline())  # the concession point before drift that would slay
            elif prompt.kind == Decision.MANEUVER and EndPhase() in prompt.options:
                self.act(EndPhase())
            else:
                break
        where = self.where.get(msg.target)
        for event in reversed(self.g.history):
            if isinstance(event, ev.DriftDamage) and event.hex == where:
                # a Titan's power grows with its score (19.1): the battle's figure, not the chart's
                fighter = self._fighter_at(where)
                power = fighter.power if fighter else self.variant.characters[event.name].power
                if (event.hits >= power) != msg.killed:
                    raise self.desync("hazard chart: drift", f"drift in {where}: slain differs")
                return
            if isinstance(event, ev.BattleMoved | ev.Struck | ev.BattleStarted | ev.BattlePhase):
                break
        self._drift_on_the_other_side(msg, where)

    def _fighter_at(self, where: str | None) -> Fighter | None:
        """The character standing in ``where`` in the battle under way, if any."""
        eng = self.g.state.engagement
        if eng is None or eng.battle is None or where is None:
            return None
        return next((f for f in eng.battle.fighters if f.hex == where and not f.gone), None)

    def _drift_on_the_other_side(self, msg: m.TellStrikeResults, where: str | None) -> None:
        """Colossus deals drift damage to every non-native in drift at the start of every
        strike phase, the non-phasing player's characters too; our engine (the errata's
        sequence, docs/rules-decisions.md) only the phasing player's. Follow the server."""
        eng = self.g.state.engagement
        battle = None if eng is None else eng.battle
        fighter = self._fighter_at(where)
        if battle is None or fighter is None or fighter.side == battle.phasing:
            raise self.desync(
                "hazard chart: drift", f"the server's drift damage in {where}; none here"
            )
        fighter.hits = min(fighter.power, fighter.hits + msg.damage)
        fighter.slain = fighter.hits >= fighter.power  # it may still strike (hazard chart)
        if fighter.slain != msg.killed:
            raise self.desync("hazard chart: drift", f"drift in {where}: slain differs")
        self.g.touch()
        self.deviations.append(
            Deviation(
                self.line,
                "hazard chart (Drift), errata 2.5.6.4.1.3, 2.5.6.4.2.3",
                f"drift damage to the non-phasing {fighter.name} in {where}",
            )
        )

    def _on_removeDeadBattleChits(self, msg: Message) -> None:
        for tag in self.dying:
            self.where.pop(tag, None)
        self.dying.clear()
        self._forget_left_off()

    def _forget_left_off(self) -> None:
        """10.1: a character left off the battleland on its side's first turn is gone.
        Colossus takes it away without naming it (only its count of the dead rises), and a
        reinforcement of the same kind may later wait at the same entry (20.1): the tag of
        the one left off must not be taken for it. Off-board tags beyond the engine's count of
        waiting characters of that side and kind are dropped, the oldest first."""
        eng = self.g.state.engagement if self.game is not None else None
        if eng is None or eng.battle is None:
            return
        waiting: Counter[tuple[str, str]] = Counter(
            (f.side, f.name) for f in eng.battle.fighters if f.hex is None and not f.gone
        )
        off: dict[tuple[str, str], list[int]] = {}
        for tag, where in self.where.items():
            if where is None and tag in self.sides and tag in self.tags:
                off.setdefault((self.sides[tag], self.tags[tag]), []).append(tag)
        for key, tags in off.items():
            for tag in sorted(tags)[: max(0, len(tags) - waiting[key])]:
                del self.where[tag]

    def _carry(self, msg: m.TellStrikeResults) -> None:
        """The excess damage of the last strike carried to ``msg.target`` (errata 12.4).
        Colossus announces each target of a carry-over in turn, our engine takes them all in
        one decision: they are gathered until none is left to carry, or until the server
        shows the striker let the rest go."""
        where = self.where.get(msg.target)
        if self.prompt().kind != Decision.CARRY_OVER or where is None:
            raise self.desync("errata 12.4", f"no carry-over to {where} is open to us")
        self.carried.append(where)
        self.carry_offered = msg.carry_left > 0
        if not self.carry_offered:
            self._carry_to(self.prompt())

    def _at(self, tag: int, hex_: str) -> bool:
        return self.where.get(tag) == hex_
