"""The Colossus mirror's engagement handlers (:class:`EngagementMirror`): an engagement
going to battle, or ended by a flight, a concession or its battle; the angels its winner
acquires; the legions a fallen Titan takes with it and the game's end.

Colossus announces an engagement's outcome; our engine asks for it step by step at the rules'
points (flight 9.2, negotiation errata 9.3, concession 9.4, the summons or reinforcement after
a battle errata 2.5.6, the angels 17). These handlers walk our engine to the point the
server's message shows the game has reached. The battle and masterboard handlers build on
them: a battle begins and ends here, and a summons or a recruit takes the angels held here.
"""

from __future__ import annotations

from titan.colossus import messages as m
from titan.colossus.codec import Message
from titan.colossus.mirror_base import AFTER_BATTLE, SILENT, Deviation, MirrorBase, rule_for
from titan.engine.actions import Acquire, Concede, Decline, DontFlee, Fight, Flee, NoMoreProposals
from titan.engine.battle.actions import EndPhase
from titan.engine.prompts import Decision
from titan.engine.state import EngagementStep


class EngagementMirror(MirrorBase):
    """Mirrors how engagements go to battle, end, and pay their winner."""

    def _on_tellEngagementResults(self, msg: Message) -> None:
        assert isinstance(msg, m.TellEngagementResults)
        if msg.how == "flee":
            if self.g.state.engagement is not None:  # else already decided by an acquisition
                # The fled legion's reveal came first (every flight of 1,393 in the logs)
                # and opened the flight again if our guess had closed it (_reopen_flight).
                self.settle(lambda p: p.kind == Decision.FLEE, "the defender fled")
                self.act(Flee())
        elif msg.how == "fight":
            self._finish_battle()
        elif msg.how == "concede":
            # Taken on the loser's reveal or the winner's angel, if either came.
            eng = self.g.state.engagement
            before = eng is not None and eng.step in (EngagementStep.FLEE, EngagementStep.NEGOTIATE)
            if eng is not None and before and msg.winner is not None:
                self._conceded_before_battle(self.markers.ours(msg.winner) == eng.attacker)
        else:
            raise self.desync("9", f"an engagement ended by {msg.how} (not mirrored yet)")
        # A summons, a reinforcement or an angel the winner could have taken and did not
        # (errata 2.5.6, 17).
        while self.g.state.engagement is not None and self.prompt().kind in (
            *AFTER_BATTLE,
            Decision.ACQUIRE,
        ):
            self.act(Decline())
        eng = self.g.state.engagement
        if eng is not None:
            raise self.desync("9", f"the engagement is over; ours is at {eng.step}")

    def _reopen_flight(self) -> None:
        """Our guess of a hidden split may have put a lord in the defender, which then could
        not flee (9.2); the server's reveal of the fled legion mended the guess, so the
        flight the guess closed is open again (nothing was proposed in between)."""
        eng = self.g.state.engagement
        assert eng is not None
        talks = eng.negotiation
        defender = self.g.state.legions.get(eng.defender)
        if (
            eng.step == EngagementStep.NEGOTIATE
            and defender is not None
            and not any(self.variant.characters[c].is_lord for c in defender.characters)
            and (talks is None or not (talks.attacker_proposals or talks.defender_proposals))
        ):
            eng.step = EngagementStep.FLEE
            eng.negotiation = None
            eng.summon_right = False

    def _on_removeLegion(self, msg: Message) -> None:
        assert isinstance(msg, m.RemoveLegion)
        eng = self.g.state.engagement
        if eng is not None and msg.marker not in self.view.engaged:
            # A legion away from the battle goes only when a Titan fell (errata 19.0): the
            # battle is over (already, when the winner was asked for its angel first). The
            # server removes the loser's legions before the winner's acquisitions, our
            # engine after; the legions are compared again once the engagement is over.
            # Our engine removes them all at once, when the battle ends: it ends once the
            # server has removed them all (Mirror.feed), each first made to hold what the
            # server put on the dead pile with it (Mirror._mend_the_fallen).
            if eng.battle is not None:
                self.eliminating = True
            self.titan_fell = True

    def _on_tellGameOver(self, msg: Message) -> None:
        assert isinstance(msg, m.TellGameOver)
        state = self.g.state
        winner = None if state.winner is None else state.players[state.winner].name
        said = msg.message.removesuffix(" wins") if msg.message.endswith(" wins") else None
        if not state.over or winner != said:
            raise self.desync("errata 19.0", f"the server says {msg.message!r}; ours: {winner}")

    def _on_cleanupBattle(self, msg: Message) -> None:
        self._finish_battle()

    def _finish_battle(self) -> None:
        """The server's battle is over: end the last strike phase (its slain leave then,
        13.6) and decline the concession points on the way."""
        for _ in range(16):
            eng = self.g.state.engagement
            if eng is None or eng.battle is None:
                return
            prompt = self.prompt()
            if prompt.kind in SILENT:
                self.act(Decline())
            elif EndPhase() in prompt.options:
                self.act(EndPhase())
            else:
                raise self.desync(
                    rule_for(prompt.kind), f"the battle is over; ours asks {prompt.kind}"
                )
        raise self.desync("10.5", "our battle does not end")

    def _pass_flight(self) -> None:
        if self.prompt().kind == Decision.FLEE:
            self.act(DontFlee())

    def _on_askConcede(self, msg: Message) -> None:
        self._pass_flight()

    def _on_askNegotiate(self, msg: Message) -> None:
        self._pass_flight()

    def _on_revealEngagedCreatures(self, msg: Message) -> None:
        assert isinstance(msg, m.RevealEngagedCreatures)
        if msg.reason == "Fled" and self.g.state.engagement is not None:
            # The reveal mended our guess (no lord in it after all): the flight is open
            # again before the winner's angel, which would otherwise take it for a
            # concession, full points where a flight gives half (9.2, 16).
            self._reopen_flight()
        if msg.reason == "Concession":
            # Colossus may ask the winner for its angel before it reveals the loser: the
            # concession was taken on that question (decided_before_angel), the loser is gone.
            if self.markers.ours(msg.marker) in self.g.state.legions:
                self._conceded(msg.marker, msg.attacker)
            return

    def _start_battle(self) -> None:
        """Colossus starts the battle (``initBattle``) after both legions' ``BattleStarts``
        reveals. Our battle begins here, not at the first reveal: a player outside the
        engagement learns a hidden defender only from the second, which mends our guess of
        it (4 players), and the battle's pieces are the legion's characters when it starts."""
        if self.g.state.engagement is None:
            return
        self._pass_flight()
        # Colossus's negotiation ended in a fight: neither side proposes any more, and then
        # the side asked last chooses to fight (errata 2.5.5).
        for _ in range(4):
            kind = self.prompt().kind
            if kind == Decision.NEGOTIATE:
                self.act(NoMoreProposals())
            elif kind == Decision.NEGOTIATE_FINAL:
                self.act(Fight())
            else:
                break

    def _conceded(self, marker: str, attacker: bool) -> None:
        """The legion gave the engagement up (9.4): our engine takes the concession at the
        first point it allows one (errata 9.4), passing the points before it."""
        eng = self.g.state.engagement
        if eng is None:
            raise self.desync("9.4", f"{marker} concedes outside an engagement")
        loser = eng.attacker_owner if attacker else eng.defender_owner
        for _ in range(32):
            prompt = self.prompt()
            if prompt.player == loser and Concede() in prompt.options:
                self.act(Concede())
                return
            if prompt.kind == Decision.FLEE:
                self.act(DontFlee())
            elif prompt.kind in SILENT:
                self.act(Decline())
            elif prompt.kind == Decision.NEGOTIATE:
                self.act(NoMoreProposals())
            elif EndPhase() in prompt.options:
                self.act(EndPhase())
            else:
                break
        raise self.desync("9.4", f"{marker} concedes where our engine lets it not")

    # --- the angels a winner acquires (17) -------------------------------------------------

    def _on_addCreature(self, msg: Message) -> None:
        assert isinstance(msg, m.AddCreature)
        if msg.reason == "Acquire":
            self.decided_before_angel(msg.marker)
            if self.pending_acquires or self.prompt().kind in AFTER_BATTLE:
                self.pending_acquires.append(msg)  # a summons or reinforcement may follow
                return
            self._acquire(msg, late=False)

    def _acquire_held(self) -> None:
        held, self.pending_acquires = self.pending_acquires, []
        for msg in held:
            self._acquire(msg, late=True)
        self.taken_late = False

    def _acquire(self, msg: m.AddCreature, *, late: bool) -> None:
        self.settle(lambda p: p.kind == Decision.ACQUIRE, "an angel acquired")
        self.act(Acquire(msg.creature))
        if late and self.taken_late:
            self.deviations.append(
                Deviation(
                    self.line,
                    "errata 2.5.6.5, 2.5.6.8",
                    f"{msg.marker} took its angel before its summons or reinforcement; "
                    "applied after it",
                )
            )

    def decided_before_angel(self, marker: str) -> None:
        """An angel is due to ``marker``, so its engagement is decided (17). With a battle
        under way, the server's battle ended (it asks for the angel before it cleans the
        battle up). Before any battle: the attacker's angel while the defender is asked
        whether to flee means it fled (9.2); the defender's angel, or the attacker's after
        the flight, that the other side conceded (9.4), which Colossus shows with no reveal
        when the loser's contents were shown already."""
        eng = self.g.state.engagement
        if eng is None:
            return
        if eng.battle is not None:
            self._finish_battle()
            return
        if eng.step not in (EngagementStep.FLEE, EngagementStep.NEGOTIATE):
            return  # after the battle
        winner_attacks = self.markers.ours(marker) == eng.attacker
        if winner_attacks and self.prompt().kind == Decision.FLEE:
            self.act(Flee())
        else:
            self._conceded_before_battle(winner_attacks)

    def _conceded_before_battle(self, winner_attacks: bool) -> None:
        eng = self.g.state.engagement
        assert eng is not None
        loser = eng.defender if winner_attacks else eng.attacker
        self._conceded(self.markers.theirs(loser), not winner_attacks)
