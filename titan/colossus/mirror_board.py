"""The Colossus mirror's masterboard handlers (:class:`MasterboardMirror`): the game's set-up,
each turn's start, the splits (and splits taken back or recombined), the movement roll, the
moves, the engagements announced (engaged once the legions' reveals that follow have come,
since what may flee depends on their contents), and the recruits. Builds on
:mod:`titan.colossus.mirror_engagements`: a reinforcement after a battle takes the angels held
back there.
"""

from __future__ import annotations

from titan.colossus import messages as m
from titan.colossus.codec import Message
from titan.colossus.mirror_engagements import EngagementMirror
from titan.colossus.names import side
from titan.engine.actions import (
    ChooseColour,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    Engage,
    Move,
    Mulligan,
    Muster,
    Split,
)
from titan.engine.context import Ctx
from titan.engine.game import Game
from titan.engine.phases import setup
from titan.engine.prompts import Decision
from titan.engine.state import Options, Phase
from titan.variant import markers_of


class MasterboardMirror(EngagementMirror):
    """Mirrors the set-up and the masterboard's phases."""

    # --- set-up --------------------------------------------------------------------------------

    def _on_updatePlayerInfo(self, msg: Message) -> None:
        assert isinstance(msg, m.UpdatePlayerInfo)
        self.players = list(msg.players)

    def _on_revealCreatures(self, msg: Message) -> None:
        assert isinstance(msg, m.RevealCreatures)
        if msg.reason == "Initial":
            owner = next(p.name for p in self.players if msg.marker[:2] == _prefix(p))
            self.first_markers[owner] = msg.marker
        pending = self.pending_split
        if pending is not None and msg.reason == "Split" and msg.marker == pending.child:
            self._split(pending, msg.creatures)

    def _on_setupTurnState(self, msg: Message) -> None:
        assert isinstance(msg, m.SetupTurnState)
        if self.game is None:
            self.game = self._start()
        else:
            self.settle(lambda p: p.kind in (Decision.MUSTER, Decision.SPLIT), "a new turn")
            if self.prompt().kind == Decision.MUSTER:
                self.act(DoneMustering())
        state = self.g.state
        me = self.player(msg.player)
        if state.phase != Phase.SPLIT or state.active != me or state.turn != msg.turn:
            raise self.desync(
                "errata 2.7",
                f"turn {msg.turn} of {msg.player}; ours is turn {state.turn} of player "
                f"{state.active} at {state.phase}",
            )

    def _start(self) -> Game:
        """The game as Colossus set it up: its towers (given as the dice that roll them, 5.1),
        its colours (errata 5.0) and its starting legions (5.2)."""
        names = [p.name for p in self.players]
        state = setup.new_state(self.variant, names, Options())
        towers = self.variant.masterboard.towers
        for i, p in enumerate(self.players):
            if p.tower not in towers or p.colour is None:
                raise self.desync("5.1", f"player {p.name} has no tower or colour")
            self.dice.give(i + 1, towers.index(p.tower) + 1)
        ctx = Ctx(self.variant, state, self.dice)
        setup.roll_towers(ctx)
        game = Game(self.variant, state, names, self.dice, None)
        game.history += ctx.events
        self.game = game
        while state.phase == Phase.COLOUR:
            colour = self.players[game.current_player()].colour
            assert colour is not None
            self.act(ChooseColour(colour))
        for p in self.players:
            assert p.colour is not None
            first = self.first_markers.get(p.name)
            if first is None:
                raise self.desync("5.2", f"no starting legion revealed for {p.name}")
            self.markers.swap(first, markers_of(p.colour, 1)[0])
        return game

    # --- the masterboard -----------------------------------------------------------------------

    def _on_didSplit(self, msg: Message) -> None:
        assert isinstance(msg, m.DidSplit)
        self.settle(lambda p: p.kind == Decision.SPLIT, "a split")
        if msg.creatures:
            self._split(msg, msg.creatures)
        else:  # the contents follow in revealCreatures ~ CHILD ~ ... ~ Split, or never
            self.pending_split = msg

    def _split(self, msg: m.DidSplit, creatures: tuple[str, ...]) -> None:
        self.pending_split = None
        parent = self.legion(msg.parent)
        self.before_split[msg.child] = self.g.state.copy()
        self.act(Split(parent, self.markers.ours(msg.child), tuple(sorted(creatures))))

    def _on_undidSplit(self, msg: Message) -> None:
        """A split taken back before the movement roll: our engine has no such action, but
        nothing has happened since that the split phase would not allow again (errata 7.0:
        moves may be adjusted until the next phase begins), so the state before the split is
        put back; the splits made before it stay."""
        assert isinstance(msg, m.UndidSplit)
        if self.pending_split is not None and self.pending_split.child == msg.child:
            self.pending_split = None  # its contents were never shown: nothing was split
            return
        if self.g.state.phase == Phase.MOVE or msg.child in self.recombining:
            self._recombined(msg)
            return
        if self.g.state.phase != Phase.SPLIT or msg.child not in self.before_split:
            raise self.desync("4.3", f"{msg.child}'s split is taken back outside its phase")
        if list(self.before_split)[-1] != msg.child:  # later splits would go with it
            raise self.desync("4.3", f"{msg.child}'s split is not the last one made")
        self.g.state = self.before_split.pop(msg.child)
        self.g.touch()

    def _recombined(self, msg: m.UndidSplit) -> None:
        """After the moves, split legions still stacked together recombine (4.3, errata
        2.4): Colossus announces it as a split undone, one message per legion; our engine
        recombines them all when the movement phase ends, at the first message. The others
        are then owed by the server (``recombining``) until their messages come."""
        if msg.child in self.recombining:
            self.recombining.discard(msg.child)
            return
        if DoneMoving() not in self.prompt().options:
            raise self.desync("4.3", f"{msg.child} recombines before the moves are done")
        before = set(self.g.state.legions)
        self.act(DoneMoving())
        child = self.markers.ours(msg.child)
        if child in self.g.state.legions:
            raise self.desync("4.3, errata 2.4", f"{child} does not recombine with {msg.parent}")
        gone = before - set(self.g.state.legions) - {child}
        self.recombining = {self.markers.theirs(marker) for marker in gone}

    def _on_tellMovementRoll(self, msg: Message) -> None:
        assert isinstance(msg, m.TellMovementRoll)
        self.before_split.clear()  # the roll fixes the splits (errata 7.0)
        self.give([msg.roll])
        if msg.reason == "MulliganRoll":
            self.act(Mulligan())
        else:
            self.settle(lambda p: p.kind == Decision.SPLIT, "the movement roll")
            self.act(DoneSplitting())
        if self.g.state.roll != msg.roll:
            raise self.desync("6.2", f"rolled {self.g.state.roll}, the server {msg.roll}")

    def _on_didMove(self, msg: Message) -> None:
        assert isinstance(msg, m.DidMove)
        prompt = self.settle(lambda p: p.kind == Decision.MOVE, "a move")
        ours = self.legion(msg.marker)
        want = side(msg.side)
        fits = [
            o
            for o in prompt.options
            if isinstance(o, Move)
            and o.legion == ours
            and o.land == msg.end
            and (o.teleport is not None) == msg.teleport
            and (o.side is None or o.side == want)
            and (not msg.teleport or o.lord == msg.lord)
        ]
        if len(fits) != 1:
            raise self.desync("7, 8", f"{len(fits)} legal moves fit the server's move")
        self.act(fits[0])

    def _on_setupFight(self, msg: Message) -> None:
        # Split legions recombined at the end of the moves (undidSplit) ended ours already.
        prompt = self.settle(
            lambda p: p.kind in (Decision.MOVE, Decision.ENGAGE), "the end of the movement phase"
        )
        if prompt.kind == Decision.MOVE:
            self.act(DoneMoving())

    def _on_setupMuster(self, msg: Message) -> None:
        # With no engagement the server goes from moving straight to mustering.
        if self.prompt().kind == Decision.MOVE:
            self.act(DoneMoving())
        self.settle(lambda p: p.kind == Decision.MUSTER, "the mustering phase")

    def _on_tellEngagement(self, msg: Message) -> None:
        assert isinstance(msg, m.TellEngagement)
        self.settle(lambda p: p.kind == Decision.ENGAGE, "an engagement")
        # Engaged after the reveals that follow: what may flee depends on the contents.
        self.pending_engage = msg.hex

    def _engage(self) -> None:
        if self.pending_engage is not None:
            land, self.pending_engage = self.pending_engage, None
            self.act(Engage(land))

    def _on_didRecruit(self, msg: Message) -> None:
        assert isinstance(msg, m.DidRecruit)
        reveal = () if msg.recruiter is None else (msg.recruiter,) * msg.recruiters
        prompt = self.settle(
            lambda p: p.kind in (Decision.MUSTER, Decision.MANEUVER, Decision.REINFORCE),
            "a recruit",
        )
        ours = self.legion(msg.marker)
        fits = [
            o
            for o in prompt.options
            if isinstance(o, Muster) and o.legion == ours and o.creature == msg.recruit
        ]
        exact = [o for o in fits if tuple(o.reveal) == reveal]
        if not fits:
            raise self.desync("18", f"{msg.marker} may not muster {msg.recruit}")
        self.act((exact or fits)[0])
        if self.pending_acquires:
            self.taken_late = True
            self._acquire_held()


def _prefix(p: m.PlayerInfo) -> str:
    return p.markers[0][:2] if p.markers else ""
