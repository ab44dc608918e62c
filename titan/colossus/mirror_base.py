"""What every part of the Colossus mirror shares (:class:`MirrorBase`): its state, and the
helpers its message handlers use to turn a server announcement into an engine action: acting
through the engine's rules (:meth:`~MirrorBase.act`), answering the questions Colossus never
asks (:meth:`~MirrorBase.settle`), giving the engine the server's dice
(:meth:`~MirrorBase.give`) and reporting a :class:`~titan.colossus.check.Desync`.

The handlers live in mixins by what they mirror (:mod:`titan.colossus.mirror_board`,
:mod:`titan.colossus.mirror_engagements`, :mod:`titan.colossus.mirror_battles`,
:mod:`titan.colossus.mirror_hidden`), combined in :class:`titan.colossus.mirror.Mirror`. The
state is kept here, in one place, because one part's handlers read what another's wrote: a
recruit or a summons takes the angels an engagement's end held back, a later message the
hidden split a ``didSplit`` left pending.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from titan.colossus import messages as m
from titan.colossus.check import Desync, ServerView, describe
from titan.colossus.names import Markers
from titan.engine.actions import Action, Decline
from titan.engine.battle.actions import CarryOver
from titan.engine.dice import GivenDice
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.prompts import Decision, Prompt
from titan.engine.state import GameState
from titan.variant import load

# Decisions Colossus has no message for: the errata's concession points (2.5.6). A later
# message that shows the battle going on answers them with Decline.
SILENT = (Decision.BATTLE_MAY_CONCEDE, Decision.CONCESSION_OFFERED)
# After a battle the winner may summon (attacker, errata 2.5.6) or muster a reinforcement
# (defender); Colossus announces only the ones taken, so a later message declines them.
AFTER_BATTLE = (Decision.SUMMON, Decision.REINFORCE)


@dataclass(frozen=True, slots=True)
class Deviation:
    """A point where Colossus departs from the rules and the mirror followed the server."""

    line: str
    rule: str
    what: str


class MirrorBase:
    """The mirror's state and the helpers every handler uses; the handlers are in the
    mixins that :class:`~titan.colossus.mirror.Mirror` combines."""

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
        # The characters the server put on the dead pile since the last message that was
        # not a count or a score: when a Titan falls, those of each legion its player loses
        # come just before that legion's removal (19.4).
        self.fallen: Counter[str] = Counter()
        self.eliminating = False  # the server is removing a fallen Titan's player's legions
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
        # Colossus's markers of split legions our engine recombined at the end of the moves
        # whose undidSplit the server has not sent yet (it sends one message per legion).
        self.recombining: set[str] = set()

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
            if prompt.kind in SILENT or prompt.kind in AFTER_BATTLE:
                self.act(Decline())
                continue
            if prompt.kind == Decision.CARRY_OVER and self.carry_offered:
                self._carry_to(prompt)  # the striker let the rest of the excess go (12.4)
                continue
            raise self.desync(
                rule_for(prompt.kind), f"the server says {what}; the engine asks {prompt.kind}"
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

    def _carry_to(self, prompt: Prompt) -> None:
        """Carry the last strike's excess to the hexes gathered so far (errata 12.4). Here,
        not with the strikes, because :meth:`settle` takes it too: a message past the
        carry-over shows the striker let the rest go."""
        to = tuple(self.carried)  # in the server's order: the first takes the excess first
        self.carried = []
        self.carry_offered = False
        fits = [o for o in prompt.options if isinstance(o, CarryOver) and o.to == to]
        if not fits:
            raise self.desync("errata 12.4", f"no carry-over to {', '.join(to)} is open to us")
        self.act(fits[0])


def rule_for(kind: Decision) -> str:
    """The rule behind a decision of our engine, for a desync's report."""
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
