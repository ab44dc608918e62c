"""A Colossus game mirrored in our engine: every server message is applied to a
:class:`~titan.engine.game.Game` whose dice are the server's (:class:`GivenDice`), and after
each one the mirror is checked against what the server said (:mod:`titan.colossus.check`).

The server announces what happened (``didSplit``, ``didMove``, ``tellStrikeResults``, ...);
the mirror turns each announcement into the engine action that does the same, checked by the
engine's rules like any player's action. Decisions our engine asks for that Colossus never
announces (declining a concession at each of the errata's concession points, ending a phase)
are answered when a later message shows the game went on past them.

Where the server and the engine disagree, :class:`Desync` stops the mirror with the protocol
line, our state and the rule in question.

The handlers are grouped by what they mirror, in mixins combined here:
:mod:`titan.colossus.mirror_board` (set-up, splits, moves, recruits),
:mod:`titan.colossus.mirror_engagements` (flights, concessions, the end of a battle and of an
engagement, angels), :mod:`titan.colossus.mirror_battles` (pieces, maneuvers, strikes, drift,
carry-overs, summons) and :mod:`titan.colossus.mirror_hidden` (hidden splits guessed and
mended), on the state and helpers of :mod:`titan.colossus.mirror_base`. This module keeps the
entry point, :meth:`Mirror.feed`, which finds each message's handler by its method name.
"""

from __future__ import annotations

from collections import Counter

from titan.colossus import messages as m
from titan.colossus.check import compare
from titan.colossus.codec import Message
from titan.colossus.mirror_base import Deviation
from titan.colossus.mirror_battles import BattleMirror
from titan.colossus.mirror_board import MasterboardMirror
from titan.colossus.mirror_hidden import HiddenSplitMirror

__all__ = ["Deviation", "Mirror"]

# What Colossus sends between a late angel and the summons or reinforcement before it (see
# EngagementMirror._acquire): the battle's cleanup, the winner's reveal, the counts, the
# summons or muster.
_AROUND_LATE_ANGEL = (
    m.UpdateCreatureCount
    | m.UpdateChangedValues
    | m.CommitPoint
    | m.DidRecruit
    | m.CleanupBattle
    | m.RevealCreatures
    | m.CreateSummonAngel
    | m.RemoveCreature
    | m.AddCreature
    | m.DidSummon
)


# What Colossus sends while it removes the legions of a player whose Titan fell (19.4): for
# each legion its points, the dead pile's counts, the removal; where two Titans fell, the
# first player's elimination, then the second's legions (errata 19.3, 19.4).
_ELIMINATING = m.UpdateCreatureCount | m.UpdateChangedValues | m.RemoveLegion | m.TellPlayerElim


class Mirror(MasterboardMirror, BattleMirror, HiddenSplitMirror):
    """Feed it the server's messages in order (:meth:`feed`)."""

    # --- the entry point ---------------------------------------------------------------------

    def feed(self, line: str, message: Message) -> None:
        """Apply one server message, then check the mirror against the server."""
        self.line = line
        if not isinstance(
            message, m.RevealCreatures | m.UpdateCreatureCount | m.CommitPoint | m.UndidSplit
        ):
            self._unhidden()
            self._engage()
        if self.pending_acquires and not isinstance(message, _AROUND_LATE_ANGEL):
            self._acquire_held()  # no summons or reinforcement came
        if self.recombining and not isinstance(message, m.UndidSplit):
            raise self.desync(
                "4.3, errata 2.4", f"{sorted(self.recombining)} do not recombine for the server"
            )
        if self.eliminating and not isinstance(message, _ELIMINATING):
            self.eliminating = False
            self._finish_battle()  # the server has removed the fallen player's legions
        if self.game is not None:
            self._shown(message)
            self._mend_the_fallen(message)
        handler = getattr(self, "_on_" + message.method, None)
        if handler is not None:
            handler(message)
        self.view.note(message)
        if isinstance(message, m.CommitPoint) and self.game is not None:
            self._follow_dead_immortals()
            self._follow_scores_of_the_out()
        if isinstance(message, m.TellEngagementResults):
            self.titan_fell = False
        pending = (
            self.pending_split is not None
            or self.pending_engage is not None
            or self.pending_acquires
            or self.recombining
        )
        if self.game is not None and not pending and not self.titan_fell:
            compare(
                self.view, self.game, self.markers, line, settled=isinstance(message, m.CommitPoint)
            )

    def _mend_the_fallen(self, message: Message) -> None:
        """When a Titan falls, the server removes its player's legions one by one, each
        after putting its characters on the dead pile (19.4): a legion whose contents we
        guessed (a hidden split) is made to hold those before our engine scores it (half
        points to whoever it was engaged with, 19.4: a four-player game where our guess had
        an Ogre for a Guardian, and our score fell 6 points short)."""
        if isinstance(message, m.UpdateCreatureCount):
            more = message.dead - self.view.dead.get(message.creature, 0)
            if more > 0:
                self.fallen[message.creature] += more
            return
        if isinstance(message, m.UpdateChangedValues):
            return
        fallen, self.fallen = self.fallen, Counter()
        eng = self.g.state.engagement
        if (
            isinstance(message, m.RemoveLegion)
            and fallen
            and eng is not None
            and eng.battle is not None
            and message.marker not in self.view.engaged
        ):
            self._mend(message.marker, fallen, True)

    def _follow_scores_of_the_out(self) -> None:
        """Colossus scores a battle in which both Titans fell (four players): the rules give
        no points for a mutual elimination (16.1; 19.4 only where one Titan fell). Both
        players are out, so their points change nothing: follow the server, and say so."""
        for p in self.g.state.players:
            said = self.view.scores.get(p.name)
            if p.alive or said is None or said == p.score:
                continue
            p.score = said
            self.g.touch()
            self.deviations.append(
                Deviation(
                    self.line,
                    "16.1, 19.4",
                    f"{p.name}, whose Titan fell in a mutual elimination, scored: {said} points",
                )
            )

    def _follow_dead_immortals(self) -> None:
        """Colossus puts a demi-lord or an angel eliminated with its legion outside a battle
        (a flight, a concession) on the dead pile, and back on the caretaker's stacks only
        when the next battle ends (its ``resurrectImmortals``); rules 3.2 and 9.5 return
        them at once. Follow the server both ways, and say so."""
        state = self.g.state
        for name, dead in self.view.dead.items():
            character = self.variant.characters.get(name)
            if character is None or name == "Titan":
                continue
            if not (character.is_demilord or character.is_lord):
                continue
            change = dead - self._dead_followed.get(name, 0)  # < 0: given back
            left = self.view.counts.get(name)
            if change == 0 or left is None or state.caretaker[name] - left != change:
                continue
            state.caretaker[name] = left
            state.dead[name] = state.dead.get(name, 0) + change  # where the server has it
            self.g.touch()
            self._dead_followed[name] = dead
            if change > 0:
                self.deviations.append(
                    Deviation(
                        self.line,
                        "3.2, 9.5",
                        f"an eliminated {name} stays dead until a battle ends; the rules "
                        "return it to the caretaker at once",
                    )
                )
