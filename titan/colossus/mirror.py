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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from titan.colossus import hidden
from titan.colossus import messages as m
from titan.colossus.check import WHOLE, Desync, ServerView, compare, describe
from titan.colossus.codec import Message
from titan.colossus.names import Markers, battle_hex, side
from titan.engine import events as ev
from titan.engine.actions import (
    Acquire,
    Action,
    ChooseColour,
    Concede,
    Decline,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    DontFlee,
    Engage,
    Fight,
    Flee,
    Move,
    Mulligan,
    Muster,
    NoMoreProposals,
    Split,
    Summon,
)
from titan.engine.battle.actions import BattleMove, CarryOver, EndPhase, Strike
from titan.engine.context import Ctx
from titan.engine.dice import GivenDice
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.phases import setup
from titan.engine.prompts import Decision, Prompt
from titan.engine.state import EngagementStep, GameState, Options, Phase
from titan.variant import load, markers_of

# Decisions Colossus has no message for: the errata's concession points (2.5.6). A later
# message that shows the battle going on answers them with Decline.
_SILENT = (Decision.BATTLE_MAY_CONCEDE, Decision.CONCESSION_OFFERED)
# After a battle the winner may summon (attacker, errata 2.5.6) or muster a reinforcement
# (defender); Colossus announces only the ones taken, so a later message declines them.
_AFTER_BATTLE = (Decision.SUMMON, Decision.REINFORCE)
# What Colossus sends between a late angel and the summons or reinforcement before it (see
# _acquire): the battle's cleanup, the winner's reveal, the counts, the summons or muster.
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
_HAZARD = -1  # tellStrikeResults's striker for damage from the terrain (drift)


@dataclass(frozen=True, slots=True)
class Deviation:
    """A point where Colossus departs from the rules and the mirror followed the server."""

    line: str
    rule: str
    what: str


class Mirror:
    """Feed it the server's messages in order (:meth:`feed`)."""

    def __init__(self) -> None:
        self.variant = load("default")
        self.game: Game | None = None
        self.dice = GivenDice()
        self.markers = Markers()
        self.view = ServerView()
        self.players: list[m.PlayerInfo] = []
        self.first_markers: dict[str, str] = {}  # player name -> Colossus's starting marker
        self.tags: dict[int, str] = {}  # battle piece tag -> creature
        self.where: dict[int, str | None] = {}  # battle piece tag -> our hex (None: off)
        self.sides: dict[int, str] = {}  # battle piece tag -> "attacker" / "defender"
        self.dying: set[int] = set()  # slain this strike phase, taken off at its end (13.6)
        self.line = ""  # the message being applied, for reports
        # A split announced without its contents (didSplit), until they are revealed.
        self.pending_split: m.DidSplit | None = None
        # Where the server's outcome departs from the rules and the mirror followed it.
        self.deviations: list[Deviation] = []
        self._dead_followed: dict[str, int] = {}
        self.carry_offered = False  # the server's last strike left damage to carry
        self.carried: list[str] = []  # our hexes the server has carried it to, so far
        self.titan_fell = False  # from a Titan's death to the end of its engagement
        self.guesses = 0  # hidden splits guessed
        # Told of each action before it is applied (the seat's answers are tested this way).
        self.on_act: Callable[[int, Action], None] | None = None
        self.pending_engage: int | None = None  # announced, engaged after its reveals
        # The state before each split of the split phase under way, by Colossus's child
        # marker: Colossus's players may take a split back before the roll (undidSplit).
        self.before_split: dict[str, GameState] = {}
        # An angel Colossus gave a winner before the summons or reinforcement our engine
        # offers first (errata 2.5.6.5 before 2.5.6.8), held until that is seen or declined.
        self.pending_acquires: list[m.AddCreature] = []  # one per hundred points (17)
        self.taken_late = False  # the summons or reinforcement came after the angel

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
        if self.game is not None:
            self._shown(message)
        handler = getattr(self, "_on_" + message.method, None)
        if handler is not None:
            handler(message)
        self.view.note(message)
        if isinstance(message, m.CommitPoint) and self.game is not None:
            self._follow_dead_immortals()
        if isinstance(message, m.TellEngagementResults):
            self.titan_fell = False
        pending = (
            self.pending_split is not None
            or self.pending_engage is not None
            or self.pending_acquires
        )
        if self.game is not None and not pending and not self.titan_fell:
            compare(
                self.view, self.game, self.markers, line, settled=isinstance(message, m.CommitPoint)
            )

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

    # --- helpers -----------------------------------------------------------------------------

    @property
    def g(self) -> Game:
        if self.game is None:
            raise self.desync("errata 1.3", "a game message before the game was set up")
        return self.game

    def desync(self, rule: str, detail: str) -> Desync:
        state = describe(self.game, self.markers) if self.game is not None else "(no game yet)"
        return Desync(self.line, state, rule, detail)

    def player(self, name: str) -> int:
        for i, info in enumerate(self.players):
            if info.name == name:
                return i
        raise self.desync("1.1", f"unknown player {name!r}")

    def prompt(self) -> Prompt:
        return self.g.prompt()

    def act(self, action: Action) -> None:
        game = self.g
        if self.on_act is not None:
            self.on_act(game.current_player(), action)
        try:
            game.act(game.current_player(), action)
        except IllegalAction as exc:
            raise self.desync(exc.rule, f"the engine refuses {action}: {exc}") from exc
        except LookupError as exc:  # a die the server never announced
            raise self.desync("errata 1.3", f"{action}: {exc}") from exc

    def settle(self, done: Callable[[Prompt], bool], what: str) -> Prompt:
        """Answer the questions Colossus never asks (Decline) until ``done``; the server's
        message shows the game is past them. Anything else is a desync."""
        for _ in range(64):
            prompt = self.prompt()
            if done(prompt):
                return prompt
            if prompt.kind in _SILENT or prompt.kind in _AFTER_BATTLE:
                self.act(Decline())
                continue
            if prompt.kind == Decision.CARRY_OVER and self.carry_offered:
                self._carry_to(prompt)  # the striker let the rest of the excess go (12.4)
                continue
            raise self.desync(
                _rule(prompt.kind), f"the server says {what}; the engine asks {prompt.kind}"
            )
        raise self.desync("errata 1.3", f"no end to the questions before {what}")

    def give(self, faces: tuple[int, ...] | list[int]) -> None:
        """The next dice the engine rolls show these faces."""
        start = self.g.state.dice
        for i, face in enumerate(faces, 1):
            self.dice.give(start + i, face)

    def legion(self, colossus: str) -> str:
        ours = self.markers.ours(colossus)
        if ours not in self.g.state.legions:
            raise self.desync("4.2", f"no legion {colossus} (ours {ours}) on the board")
        return ours

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
        if self.g.state.phase == Phase.MOVE:
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
        2.4): Colossus announces it as a split undone, our engine does it when the movement
        phase ends."""
        if DoneMoving() not in self.prompt().options:
            raise self.desync("4.3", f"{msg.child} recombines before the moves are done")
        self.act(DoneMoving())
        child = self.markers.ours(msg.child)
        if child in self.g.state.legions:
            raise self.desync("4.3, errata 2.4", f"{child} does not recombine with {msg.parent}")

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

    # --- engagements -----------------------------------------------------------------------------

    def _on_tellEngagementResults(self, msg: Message) -> None:
        assert isinstance(msg, m.TellEngagementResults)
        if msg.how == "flee":
            if self.g.state.engagement is not None:  # else already decided by an acquisition
                self._reopen_flight()
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
            *_AFTER_BATTLE,
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
            if eng.battle is not None:
                self._finish_battle()
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
            if prompt.kind in _SILENT:
                self.act(Decline())
            elif EndPhase() in prompt.options:
                self.act(EndPhase())
            else:
                raise self.desync(
                    _rule(prompt.kind), f"the battle is over; ours asks {prompt.kind}"
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
            elif prompt.kind in _SILENT:
                self.act(Decline())
            elif prompt.kind == Decision.NEGOTIATE:
                self.act(NoMoreProposals())
            elif EndPhase() in prompt.options:
                self.act(EndPhase())
            else:
                break
        raise self.desync("9.4", f"{marker} concedes where our engine lets it not")

    # --- battles ---------------------------------------------------------------------------------

    def _on_removeCreature(self, msg: Message) -> None:
        assert isinstance(msg, m.RemoveCreature)
        if msg.reason == "Summon":  # the donor gives up its lord; addCreature follows (15)
            prompt = self.settle(
                lambda p: p.kind in (Decision.MANEUVER, Decision.SUMMON), "a summons"
            )
            summon = Summon(self.legion(msg.marker), msg.creature)
            if summon not in prompt.options:
                raise self.desync("15", f"{summon} may not be summoned now")
            self.act(summon)
            if self.pending_acquires:  # the angels Colossus gave first
                self.taken_late = True
                self._acquire_held()

    def _on_addCreature(self, msg: Message) -> None:
        assert isinstance(msg, m.AddCreature)
        if msg.reason == "Acquire":
            self.decided_before_angel(msg.marker)
            if self.pending_acquires or self.prompt().kind in _AFTER_BATTLE:
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
        prompt = self.settle(lambda p: p.kind not in _SILENT, "a new battle phase")
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
            if prompt.kind in _SILENT:
                self.act(Decline())  # the concession point before drift that would slay
            elif prompt.kind == Decision.MANEUVER and EndPhase() in prompt.options:
                self.act(EndPhase())
            else:
                break
        where = self.where.get(msg.target)
        for event in reversed(self.g.history):
            if isinstance(event, ev.DriftDamage) and event.hex == where:
                power = self.variant.characters[event.name].power
                if (event.hits >= power) != msg.killed:
                    raise self.desync("hazard chart: drift", f"drift in {where}: slain differs")
                return
            if isinstance(event, ev.BattleMoved | ev.Struck | ev.BattleStarted | ev.BattlePhase):
                break
        self._drift_on_the_other_side(msg, where)

    def _drift_on_the_other_side(self, msg: m.TellStrikeResults, where: str | None) -> None:
        """Colossus deals drift damage to every non-native in drift at the start of every
        strike phase, the non-phasing player's characters too; our engine (the errata's
        sequence, docs/rules-decisions.md) only the phasing player's. Follow the server."""
        eng = self.g.state.engagement
        battle = None if eng is None else eng.battle
        fighter = None
        if battle is not None and where is not None:
            fighter = next((f for f in battle.fighters if f.hex == where and not f.gone), None)
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

    def _carry_to(self, prompt: Prompt) -> None:
        to = sorted(self.carried)
        self.carried = []
        self.carry_offered = False
        fits = [o for o in prompt.options if isinstance(o, CarryOver) and sorted(o.to) == to]
        if not fits:
            raise self.desync("errata 12.4", f"no carry-over to {', '.join(to)} is open to us")
        self.act(fits[0])

    def _at(self, tag: int, hex_: str) -> bool:
        return self.where.get(tag) == hex_


def _prefix(p: m.PlayerInfo) -> str:
    return p.markers[0][:2] if p.markers else ""


def _rule(kind: Decision) -> str:
    return {
        Decision.SPLIT: "4.3",
        Decision.MOVE: "7",
        Decision.ENGAGE: "9.1",
        Decision.FLEE: "9.2",
        Decision.NEGOTIATE: "errata 9.3",
        Decision.MUSTER: "18",
        Decision.MANEUVER: "11",
        Decision.STRIKE: "12",
        Decision.COUNTERSTRIKE: "13",
        Decision.SUMMON: "15",
        Decision.REINFORCE: "14",
        Decision.ACQUIRE: "17",
    }.get(kind, "errata 1.3")
