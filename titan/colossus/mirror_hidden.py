"""The Colossus mirror's hidden splits (:class:`HiddenSplitMirror`). When the server does not
show what went into a split (``didSplit`` without its contents, "ever revealed" view mode), the
mirror makes a legal guess and mends it as later messages show the legions' contents.
:mod:`titan.colossus.hidden` makes the guess and the mending on our state; this decides when:
which messages show what, and when a split's contents will not come.
"""

from __future__ import annotations

from collections import Counter

from titan.colossus import hidden
from titan.colossus import messages as m
from titan.colossus.check import WHOLE
from titan.colossus.codec import Message
from titan.colossus.mirror_base import MirrorBase


class HiddenSplitMirror(MirrorBase):
    """Guesses the splits the server keeps hidden, and mends the guesses."""

    def _shown(self, msg: Message) -> None:
        """What a message shows of a legion's contents, before it is applied."""
        if isinstance(msg, m.RevealCreatures | m.RevealEngagedCreatures):
            if msg.reason in WHOLE and not self._is_pending_reveal(msg):
                self._mend(msg.marker, Counter(msg.creatures), True)
        elif isinstance(msg, m.DidRecruit) and msg.recruiter is not None:
            self._mend(msg.marker, Counter({msg.recruiter: msg.recruiters}), False)
        elif isinstance(msg, m.DidMove) and msg.lord is not None:
            self._mend(msg.marker, Counter({msg.lord: 1}), False)
        elif isinstance(msg, m.RemoveCreature) and msg.reason == "Summon":
            self._mend(msg.marker, Counter({msg.creature: 1}), False)  # the donor shows it

    def _is_pending_reveal(self, msg: m.RevealCreatures | m.RevealEngagedCreatures) -> bool:
        pending = self.pending_split
        return pending is not None and msg.marker in (pending.parent, pending.child)

    def _unhidden(self) -> None:
        """Any message but the split's own reveals: the split stays hidden. Guess it (the
        server shows more later, and :meth:`_mend` corrects the guess)."""
        pending = self.pending_split
        if pending is None:
            return
        self.pending_split = None
        parent = self.legion(pending.parent)
        child = self.markers.ours(pending.child)
        guess = hidden.guess_split(self.prompt(), parent, child, pending.height)
        if guess is None:
            raise self.desync("4.3", f"no legal split of {pending.height} from {parent}")
        self.before_split[pending.child] = self.g.state.copy()
        self.act(guess)
        self.guesses += 1

    def _mend(self, marker: str, must: Counter[str], whole: bool) -> None:
        """The server shows (some of) a legion's contents: make ours agree if our guesses
        about hidden splits were wrong (:mod:`titan.colossus.hidden`)."""
        state = self.g.state
        legion = state.legions.get(self.markers.ours(marker))
        if legion is None:
            return
        unseen = [
            lg
            for lg in state.legions.values()
            if (shown := self.view.legions.get(self.markers.theirs(lg.marker))) is not None
            and shown.contents is None
            and self.markers.theirs(lg.marker) not in self.view.engaged
        ]
        failure = hidden.mend(state, legion, must, whole, unseen)
        if failure is not None:
            raise self.desync("4.3", f"{marker} cannot hold {sorted(must.elements())}: {failure}")
        self.g.touch()
