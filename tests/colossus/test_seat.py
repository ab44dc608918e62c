"""The Network seat played over both recorded games: fed the server's lines, with a bot that
makes the recorded seat's choices, it sends what the recorded seat sent — every decision,
every answer to the server's questions and the housekeeping, in order — and refuses options
our engine does not play."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tests.colossus.test_answers import DECISIONS, _key
from tests.colossus.transcripts import NAMES, transcript
from titan.colossus import messages as m
from titan.colossus.answers import Unanswerable, requests
from titan.colossus.codec import Message
from titan.colossus.seat import Seat, SeatError
from titan.engine.actions import Action
from titan.engine.battle.actions import Strike
from titan.engine.prompts import Prompt
from titan.engine.views import PlayerView

ANSWERS = (m.DoNotConcede, m.MakeProposal, m.AssignStrikePenalty)
HOUSEKEEPING = (
    m.RequestGameInfo,
    m.JoinGame,
    m.AssignColor,
    m.AssignFirstMarker,
    m.ConfirmCommitPoint,
    m.CatchupConfirmation,
)
# Phase ends the recorded client sent; ours go with them (some for phases our engine skips)
ENDS = (m.DoneWithStrikes, m.DoneWithBattleMoves)


PENALTY = r"hex (\w+) strikes .* hex (\w+) with (\d+) dice and strike number (\d+)"


class Recorded:
    """A bot that makes the recorded seat's next decision (and so tests the seat, not a
    player): the legal option whose requests are the recorded ones."""

    def __init__(self, sent: list[Message]) -> None:
        self.sent = [x for x in sent if isinstance(x, (*DECISIONS, *ENDS))]
        # the penalty declared right after each strike request, if any
        self.penalty: dict[int, m.AssignStrikePenalty] = {}
        for i, x in enumerate(sent):
            if isinstance(x, m.AssignStrikePenalty):
                before = sum(isinstance(y, (*DECISIONS, *ENDS)) for y in sent[:i])
                self.penalty[before - 1] = x
        self.seat: Seat | None = None
        self.at = 0

    def choose(self, view: PlayerView, prompt: Prompt) -> Action:
        assert self.seat is not None
        mirror = self.seat.mirror
        game = mirror.g
        want = self.sent[self.at]
        options = [o for o in game.legal_actions() if o in prompt.options or prompt.kind == "split"]
        options += [o for o in prompt.options if o not in options]
        for option in options:
            try:
                asked = requests(mirror, option)
            except Unanswerable:
                continue
            if asked and _key(mirror, asked[0]) == _key(mirror, want):
                if isinstance(option, Strike) and not self._declared(option):
                    continue
                self.at += len(asked)
                return option
        raise AssertionError(f"no option of {prompt.kind} sends {want} at {mirror.line}")

    def _declared(self, strike: Strike) -> bool:
        """A strike with a penalty: the one the recorded seat declared."""
        choice = self.penalty.get(self.at)
        if choice is not None:
            found = re.search(
                r"hex (\w+) strikes .* hex (\w+) with (\d+) dice and strike number (\d+)",
                choice.choice,
            )
            assert found
            if (found[1], found[2]) == (strike.frm, strike.target):
                return (int(found[3]), int(found[4])) == (strike.dice, strike.strike_number)
        return True


def _streams(lines: list[str]) -> tuple[list[Message], list[Message], list[Message]]:
    parsed = [m.parse_client(x) for x in lines]
    return (
        [x for x in parsed if isinstance(x, (*DECISIONS, *ENDS))],
        [x for x in parsed if isinstance(x, ANSWERS)],
        [x for x in parsed if isinstance(x, HOUSEKEEPING)],
    )


@pytest.mark.parametrize("name", NAMES)
def test_the_seat_sends_what_the_recorded_seat_sent(name: str) -> None:
    entries = transcript(name)
    recorded = [e.text for e in entries if not e.to_client]
    bot = Recorded([m.parse_client(x) for x in recorded])
    seat = Seat("Ext", bot, clock=lambda: 0.0)
    bot.seat = seat
    (hello,) = seat.hello()
    ours_on, theirs_on = m.parse_client(hello), m.parse_client(recorded[0])
    assert isinstance(ours_on, m.SignOn) and isinstance(theirs_on, m.SignOn)
    assert ours_on == dataclasses.replace(theirs_on, build=ours_on.build)
    sent: list[str] = []
    for entry in entries:
        if entry.to_client:
            sent += seat.receive(entry.text)
    assert seat.over
    ours, theirs = _streams(sent), _streams(recorded[1:])
    assert [_plain(x) for x in ours[0]] == [_plain(x) for x in theirs[0]]
    assert ours[1] == theirs[1]
    assert [_plain(x) for x in ours[2]] == [_plain(x) for x in theirs[2]]


def _plain(msg: Message) -> object:
    """Free choices: the tag among identical pieces, the side of a move that engages nobody,
    the starting legion's marker."""
    if isinstance(msg, m.DoSplit):
        return ("split", msg.parent, msg.child, sorted(msg.creatures))
    if isinstance(msg, m.DoBattleMove):
        return ("battle move", msg.hex)
    if isinstance(msg, m.DoMove):
        return ("move", msg.marker, msg.hex, msg.lord)
    if isinstance(msg, m.AssignFirstMarker):  # any marker of the colour: Colossus's own pick
        return ("first marker", msg.marker[:2])
    return msg


def test_options_our_engine_does_not_play_are_refused_naming_them() -> None:
    seat = Seat("Ext", Recorded([]))
    assert seat.receive("setOption ~ No Titan Teleport ~ false") == []
    with pytest.raises(SeatError, match="Unlimited Mulligans"):
        seat.receive("setOption ~ Unlimited Mulligans ~ true")
    with pytest.raises(SeatError, match="Variant"):
        seat.receive("setOption ~ Variant ~ Abyssal6")


@pytest.mark.parametrize("name", NAMES)
def test_strong_decides_every_prompt_from_the_seats_view(name: str) -> None:
    """The server's game goes on whatever the seat sends (the recording does not listen), so
    this only asks: can `strong` decide at every point of a real Colossus game from its
    seat's view of the mirror (hidden guesses and Colossus's deviations included)?"""
    from titan.ai.levels import make_bot

    seat = Seat("Ext", make_bot("strong", 1), clock=lambda: 0.0)
    sent = []
    for entry in transcript(name):
        if entry.to_client:
            sent += seat.receive(entry.text)
    assert seat.over and seat.result == "Simple1 wins"
    assert sum(x.startswith(("doMove", "doRecruit", "strike")) for x in sent) > 20
