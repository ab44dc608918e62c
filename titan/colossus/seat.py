"""A Network seat in a Colossus game, played by one of our bots: sans I/O.

:meth:`Seat.receive` takes one line from the server and returns the lines to send back. It
keeps the game's mirror (:mod:`titan.colossus.mirror`), answers the housekeeping, and when
the server waits for this seat asks the bot, which decides from the seat's view of the mirror
only, and sends its decision as Colossus requests (:mod:`titan.colossus.answers`). One
request is in flight at a time: the next decision is taken once the server's confirmation has
reached the mirror.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from titan.ai.base import Bot
from titan.colossus import messages as m
from titan.colossus.answers import fight_proposal, requests
from titan.colossus.codec import Message
from titan.colossus.mirror import Mirror
from titan.engine.actions import (
    Acquire,
    Action,
    Concede,
    Decline,
    DoneMoving,
    DoneMustering,
    DoneSplitting,
    Muster,
    Summon,
    UndoMove,
    Withdraw,
)
from titan.engine.battle.actions import EndPhase, ResetManeuver, Strike
from titan.engine.prompts import Decision, Prompt

PROTOCOL_VERSION = 10  # what Colossus's own client sends

# Options our engine plays by their default only (rule variants); any other value is refused
# at sign-on, naming the option. "Variant" must be "Default".
RULE_OPTIONS = (
    "Slowing is cumulative",
    "Always allows one hex",
    "Fixed-sequence battle dice",
    "Need lord for battle control",
    "No tower-to-tower Teleport on first turn",
    "No Teleport on first turn",
    "Tower-to-Tower Teleport only",
    "No Tower Teleport",
    "No Titan Teleport",
    "Unlimited Mulligans",
    "No Warlock recruiting on first turn",
    "Enable Editing Mode",
)

# Our decisions taken when the server's turn or battle phase is ours.
_DRIVEN = (
    Decision.SPLIT,
    Decision.MOVE,
    Decision.ENGAGE,
    Decision.MUSTER,
    Decision.MANEUVER,
    Decision.STRIKE,
    Decision.COUNTERSTRIKE,
    Decision.CARRY_OVER,
)
_SILENT = (Decision.BATTLE_MAY_CONCEDE, Decision.CONCESSION_OFFERED)
_MAX_NAKS = 20


# Not offered to the bot: undoing (Colossus undoes one legion's move where errata 7.0 undoes
# the moves after it too), conceding a battle and withdrawing (not mirrored yet).
_WITHHELD = (UndoMove, ResetManeuver, Concede, Withdraw)


def _offered(prompt: Prompt) -> Prompt:
    """The prompt as the seat offers it to its bot: without what it withholds, and, among
    the maneuvers, without the summons and reinforcements, which are answered when the
    server offers them."""
    withheld: tuple[type[Action], ...] = _WITHHELD
    if prompt.kind == Decision.MANEUVER:
        withheld = (*withheld, Summon, Muster)
    keep = tuple(o for o in prompt.options if not isinstance(o, withheld))
    return dataclasses.replace(prompt, options=keep)


class SeatError(Exception):
    """The seat cannot go on: an option it does not play, or the server refusing it."""


class Seat:
    def __init__(self, name: str, bot: Bot, *, clock: Callable[[], float] = time.time) -> None:
        self.name = name
        self.bot = bot
        self.clock = clock
        self.mirror = Mirror()
        self.kicked: str | None = None  # "turn", "battle move", "strike": the server waits
        self.sent_at = -1  # the mirror's action count when our last decision was sent
        self.strike: Strike | None = None  # our last strike, for the penalty prompt
        self.naks = 0
        self.over = False
        self.result: str | None = None  # the server's game-over message
        # Our Titan slain and the game gone on to another turn without us: with more than two
        # players, the others play on (out_and_on).
        self.out = False
        self.out_and_on = False

    # --- I/O boundary --------------------------------------------------------------------------

    def hello(self) -> list[str]:
        """The first line: sign on to the first free Network seat (remote)."""
        return [m.format_client(m.SignOn(self.name, True, PROTOCOL_VERSION, "titan", False, -1))]

    def receive(self, line: str) -> list[str]:
        message = m.parse_server(line)
        self.mirror.feed(line, message)
        out = self._answer(message)
        out += self._drive()
        return [m.format_client(x) for x in out]

    # --- answers to the server's questions -------------------------------------------------------

    def _answer(self, msg: Message) -> list[Message]:
        if isinstance(msg, m.AckSignOn):
            return [m.RequestGameInfo()]
        if isinstance(msg, m.GameInitInfo):
            return [m.JoinGame(self.name)]
        if isinstance(msg, m.SetPlayerName):
            self.name = msg.name
        if isinstance(msg, m.SetOption):
            self._check_option(msg)
        if isinstance(msg, m.CommitPoint):
            return [m.ConfirmCommitPoint(msg.number)]
        if isinstance(msg, m.PingRequest):
            return [m.ReplyToPing(msg.number, msg.sent, int(self.clock() * 1000))]
        if isinstance(msg, m.AskConfirmCatchUp):
            return [m.CatchupConfirmation()]
        if isinstance(msg, m.AskPickColor):
            return [m.AssignColor(self._colour(msg.colours))]
        if isinstance(msg, m.AskPickFirstMarker):
            me = next(p for p in self.mirror.players if p.name == self.name)
            return [m.AssignFirstMarker(me.markers[0])]
        if isinstance(msg, m.Nak):
            self.naks += 1
            if self.naks > _MAX_NAKS:
                raise SeatError(f"the server refused {self.naks} requests; last: {msg}")
            self.sent_at = -1  # decide again
        if isinstance(msg, m.KickPhase) and self._mine():
            self.kicked = "turn"
        if isinstance(msg, m.NextEngagement):
            # Sent to the active player alone when engagements are left: choose the next.
            # After a battle no kickPhase comes, so this is the prompt to go on.
            self.kicked = "turn"
        if isinstance(msg, m.SetupBattleMove | m.SetupBattleFight):
            mine = msg.player == self.name
            self.kicked = None
            if mine:
                self.kicked = "battle move" if isinstance(msg, m.SetupBattleMove) else "strike"
        if isinstance(msg, m.SetupTurnState | m.SetupMove | m.SetupFight | m.SetupMuster):
            self.kicked = None
        if isinstance(msg, m.AskConcede):
            return [m.DoNotConcede(msg.ally)]  # the errata's concession points come later
        if isinstance(msg, m.AskNegotiate):
            return [fight_proposal(msg.attacker, msg.defender)]
        if isinstance(msg, m.AskFlee):
            return self._decide_now(Decision.FLEE)
        if isinstance(msg, m.AskAcquireAngel):
            self.mirror.decided_before_angel(msg.marker)
            return self._acquisition(msg)
        if isinstance(msg, m.CreateSummonAngel):
            return self._offer(Decision.SUMMON, Summon, m.DoSummon(None, None, None))
        if isinstance(msg, m.DoReinforce):
            return self._offer(Decision.REINFORCE, Muster, m.DoRecruit(msg.marker, None, None))
        if isinstance(msg, m.AskChooseStrikePenalty):
            return [m.AssignStrikePenalty(self._penalty(msg.choices))]
        if isinstance(msg, m.TellGameOver):
            self.over = True
            self.result = msg.message
        if isinstance(msg, m.UpdateChangedValues) and msg.values.name == self.name:
            self.out = self.out or msg.values.dead
        if isinstance(msg, m.SetupTurnState) and self.out and not self.over:
            self.out_and_on = True
        return []

    def _check_option(self, msg: m.SetOption) -> None:
        if msg.name == "Variant" and msg.value != "Default":
            raise SeatError(f"option Variant = {msg.value}: only the Default variant is played")
        if msg.name in RULE_OPTIONS and msg.value != "false":
            raise SeatError(f"option {msg.name!r} = {msg.value}: our engine plays it off")

    def _colour(self, offered: tuple[str, ...]) -> str:
        ours = [c for c in offered if c in self.mirror.variant.colours]
        if not ours:
            raise SeatError(f"none of the colours offered is one of ours: {offered}")
        return ours[0]

    def _penalty(self, choices: tuple[str, ...]) -> str:
        """The strike number and dice our bot declared (13.4: chosen before rolling)."""
        s = self.strike
        if s is not None:
            want = f"with {s.dice} dice and strike number {s.strike_number}"
            for choice in choices:
                if want in choice:
                    return choice
        return choices[-1]

    # --- our decisions -----------------------------------------------------------------------

    def _mine(self) -> bool:
        game = self.mirror.game
        return game is not None and game.current_player() == self._me()

    def _me(self) -> int:
        return next(i for i, p in enumerate(self.mirror.players) if p.name == self.name)

    def _choose(self, prompt: Prompt) -> Action:
        return self.bot.choose(self.mirror.g.view(self._me()), prompt)

    def _decide_now(self, kind: Decision) -> list[Message]:
        """A question the server asks outright (flight, acquisition)."""
        prompt = self.mirror.settle(lambda p: p.kind not in _SILENT, f"a {kind} question")
        if prompt.kind != kind or prompt.player != self._me():
            raise SeatError(f"the server asks for {kind}; our mirror asks {prompt.kind}")
        return requests(self.mirror, self._choose(prompt))

    def _acquisition(self, msg: m.AskAcquireAngel) -> list[Message]:
        """The angels our points earned, one question each, among the angels the server
        offers: when the points cross two hundreds, the second question comes before the
        mirror has seen the first answer applied, so our engine's prompt would still offer
        the first one's choices (Colossus does not check the answer: an Archangel taken
        twice where one was due). Colossus may also ask before the summons or reinforcement
        our engine offers first (errata 2.5.6.5 before 2.5.6.8); the mirror then takes the
        angel after them (:meth:`Mirror._on_addCreature`)."""
        prompt = self.mirror.settle(lambda p: p.kind not in _SILENT, "an angel question")
        kinds = (Decision.ACQUIRE, Decision.SUMMON, Decision.REINFORCE)
        if prompt.player != self._me() or prompt.kind not in kinds:
            raise SeatError(f"the server asks for an angel; our mirror asks {prompt.kind}")
        options = (*(Acquire(lord) for lord in msg.choices), Decline())
        action = self._choose(Prompt(prompt.player, Decision.ACQUIRE, options))
        return [m.AcquireAngel(msg.marker, action.lord if isinstance(action, Acquire) else None)]

    def _offer(self, kind: Decision, cls: type[Action], no: Message) -> list[Message]:
        """Summons and reinforcement: Colossus asks for them alone, our engine offers them
        among the maneuvers. Ask the bot with just those choices, or none."""
        prompt = self.mirror.settle(lambda p: p.kind not in _SILENT, f"a {kind} offer")
        options = tuple(o for o in prompt.options if isinstance(o, cls))
        if prompt.player != self._me() or not options:
            return [no]
        action = self._choose(Prompt(prompt.player, kind, (*options, Decline())))
        if isinstance(action, Decline):
            return [no]
        return requests(self.mirror, action)

    def _drive(self) -> list[Message]:
        """When the server waits for us in our turn or battle phase and our last request has
        been confirmed, take the next decision."""
        game = self.mirror.game
        if game is None or self.kicked is None or self.over:
            return []
        if self.mirror.pending_split is not None or self.mirror.pending_engage is not None:
            return []
        if len(game.actions) == self.sent_at:
            return []  # our request is not confirmed yet
        me = self._me()
        prompt = game.prompt()
        while prompt.player == me and prompt.kind in _SILENT:
            self.mirror.act(Decline())  # no such point in Colossus: go on
            prompt = game.prompt()
        if prompt.player != me or prompt.kind not in _DRIVEN:
            return self._nothing_to_do()
        action = self._choose(_offered(prompt))
        out = requests(self.mirror, action)
        if isinstance(action, Strike):
            self.strike = action
        if isinstance(action, EndPhase | DoneSplitting | DoneMoving | DoneMustering) or not out:
            self.kicked = None  # the server's next phase begins with a kickPhase
        self.sent_at = len(game.actions)
        return out

    def _nothing_to_do(self) -> list[Message]:
        """The server waits for a battle phase our engine skipped (nothing to move or strike
        in it): end it."""
        kicked, self.kicked = self.kicked, None
        if kicked == "battle move":
            return [m.DoneWithBattleMoves()]
        if kicked == "strike":
            return [m.DoneWithStrikes()]
        self.kicked = kicked
        return []
