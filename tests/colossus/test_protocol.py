"""Colossus's protocol: every line of both recorded games parses; the client's lines and the
server's round-trip exactly; malformed lines are refused with the line named."""

from __future__ import annotations

import pytest

from tests.colossus.transcripts import NAMES, transcript
from titan.colossus.codec import ProtocolError
from titan.colossus.messages import (
    CLIENT,
    SERVER,
    DidMove,
    DoMove,
    DoSplit,
    MakeProposal,
    ProposalText,
    TellStrikeResults,
    UpdatePlayerInfo,
    format_client,
    parse_client,
    parse_server,
)


@pytest.mark.parametrize("name", NAMES)
def test_every_line_parses_and_round_trips(name: str) -> None:
    entries = transcript(name)
    assert len(entries) > 900
    for entry in entries:
        message = entry.parse()
        registry = SERVER if entry.to_client else CLIENT
        assert registry.format(message) == entry.text, str(entry)


def test_typed_fields() -> None:
    move = parse_server("didMove ~ Bk09 ~ 600 ~ 38 ~ Right ~ false ~ null ~ false")
    assert move == DidMove("Bk09", 600, 38, "Right", False, None, False)
    strike = parse_server(
        "tellStrikeResults ~ 89 ~ 94 ~ 5 ~ 3 %@% 6 %@% 2 ~ 3 ~ true ~ false ~ 0 ~ "
        "Cyclops in Brambles hex A2"
    )
    assert isinstance(strike, TellStrikeResults)
    assert (
        strike.dice == (3, 6, 2)
        and strike.killed
        and strike.carry_targets == ("Cyclops in Brambles hex A2",)
    )
    info = parse_server(
        "updatePlayerInfo ~ false:<By type>1:600:null:net.sf.colossus.ai.SimpleAI::0:0:6:0:1"
        " %@% false:Ext:100:Brown:net.sf.colossus.ai.Network::0:0:6:0:1:Br01:Br02"
    )
    assert isinstance(info, UpdatePlayerInfo)
    assert info.players[0].colour is None and info.players[0].markers == ()
    assert info.players[1].tower == 100 and info.players[1].markers == ("Br01", "Br02")


def test_client_messages_format() -> None:
    assert format_client(DoSplit("Br01", "Br10", ("Titan", "Ogre"))) == (
        "doSplit ~ Br01 ~ Br10 ~ Titan,Ogre"
    )
    assert format_client(DoMove("Br10", 3, "Right", False, None)) == (
        "doMove ~ Br10 ~ 3 ~ Right ~ false ~ null"
    )
    fight = ProposalText(True, False, "Br07", "Bk05", None, ())
    assert format_client(MakeProposal(fight)) == (
        "makeProposal ~ true %@% false %@% Br07 %@% Bk05 %@% null %@% "
    )
    deal = ProposalText(False, True, "Br07", "Bk05", "Br07", ("Ogre", "Troll"))
    line = format_client(MakeProposal(deal))
    assert line.endswith("Br07 %@% Ogre %@% Troll %@% ")
    assert parse_client(line) == MakeProposal(deal)


@pytest.mark.parametrize(
    "line",
    [
        "noSuchMethod ~ 1",
        "didMove ~ Bk09 ~ 600 ~ 38 ~ Right ~ false ~ null",  # an argument short
        "didMove ~ Bk09 ~ six ~ 38 ~ Right ~ false ~ null ~ false",  # not a number
        "didMove ~ Bk09 ~ 600 ~ 38 ~ Right ~ maybe ~ null ~ false",  # not a boolean
        "kickPhase ~ now",  # no arguments expected
        "updateChangedValues ~ Ext:false::0:1:Br02 ~ Split",  # record without its dummy
    ],
)
def test_malformed_lines_are_refused_naming_the_line(line: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_server(line)
    assert line in str(caught.value)
