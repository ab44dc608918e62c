"""The mirror: both recorded Colossus games replayed through our engine, with the server's
dice, and checked against the server after every message; a tampered line is a desync that
names the line, our state and the rule."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.colossus.transcripts import transcript
from titan.colossus import hidden
from titan.colossus.check import Desync
from titan.colossus.mirror import Mirror
from titan.colossus.names import Markers, battle_hex, side
from titan.colossus.transcript import Entry
from titan.engine.dice import GivenDice
from titan.engine.state import GameState, Legion, Options


def replay(entries: list[Entry]) -> Mirror:
    mirror = Mirror()
    for entry in entries:
        if entry.to_client:
            mirror.feed(entry.text, entry.parse())
    return mirror


def test_the_view_all_game_is_mirrored_to_its_end() -> None:
    """23 turns, three battles (summons, carry-overs, strike penalties), a Titan slain."""
    mirror = replay(transcript("netseat_transcript_view-all.tsv.gz"))
    game = mirror.game
    assert game is not None and game.state.over
    assert game.state.players[game.state.winner or 0].name == "Simple1"
    assert [p.score for p in game.state.players] == [676, 128]  # the server's final scores
    assert mirror.guesses == 0  # every split was shown
    # Colossus keeps a slain Guardian on its dead pile (rules 3.2, 9.5 return it).
    assert [d.rule for d in mirror.deviations] == ["3.2, 9.5"]
    assert "Guardian" in mirror.deviations[0].what


def test_the_view_ever_game_is_mirrored_with_hidden_splits() -> None:
    """The opponent's splits are never shown: the mirror guesses them and mends the guesses
    from the reveals that follow (recruiters, engagements)."""
    mirror = replay(transcript("netseat_transcript_view-ever.tsv.gz"))
    game = mirror.game
    assert game is not None and game.state.over
    assert game.state.players[game.state.winner or 0].name == "Simple1"
    assert mirror.guesses == 5


def _tampered(name: str, find: str, replace: str) -> list[Entry]:
    entries = transcript(name)
    i = next(i for i, e in enumerate(entries) if e.text == find)
    old = entries[i]
    entries[i] = Entry(old.number, old.millis, old.to_client, replace)
    return entries[: i + 1]


def test_a_move_the_rules_do_not_allow_is_a_desync() -> None:
    # Bk09 moves 600 -> 38 on a 1; 600 -> 37 is not a move of one land from that tower.
    entries = _tampered(
        "netseat_transcript_view-all.tsv.gz",
        "didMove ~ Bk09 ~ 600 ~ 38 ~ Right ~ false ~ null ~ false",
        "didMove ~ Bk09 ~ 600 ~ 37 ~ Right ~ false ~ null ~ false",
    )
    with pytest.raises(Desync) as caught:
        replay(entries)
    assert caught.value.line.startswith("didMove ~ Bk09 ~ 600 ~ 37")
    assert caught.value.rule == "7, 8"
    assert "Bk09 on 600" in caught.value.state  # our state, in Colossus's markers


def test_dice_that_disagree_with_the_damage_are_a_desync() -> None:
    # The first strike of the game: 5 hits on 4+ among these dice; with all 1s there are none
    # for our engine, while the server still says 5.
    line = (
        "tellStrikeResults ~ 91 ~ 87 ~ 4 ~ 1 %@% 4 %@% 3 %@% 5 %@% 6 %@% 3 %@% 1 %@% 5 %@% 6"
        " ~ 5 ~ false ~ false ~ 0 ~ "
    )
    entries = transcript("netseat_transcript_view-all.tsv.gz")
    i = next(i for i, e in enumerate(entries) if e.text == line)
    one = line.replace("1 %@% 4 %@% 3 %@% 5 %@% 6 %@% 3 %@% 1 %@% 5 %@% 6", " %@% ".join("1" * 9))
    old = entries[i]
    entries[i] = Entry(old.number, old.millis, old.to_client, one)
    with pytest.raises(Desync) as caught:
        replay(entries)
    assert caught.value.line == one and caught.value.rule == "13.2, 13.3"
    assert "ours 0" in caught.value.detail and "battle turn" in caught.value.state


def test_a_legion_where_the_server_has_none_is_a_desync() -> None:
    entries = _tampered(
        "netseat_transcript_view-all.tsv.gz",
        "tellLegionLocation ~ Br01 ~ 100",
        "tellLegionLocation ~ Br02 ~ 100",
    )
    entries += [e for e in transcript("netseat_transcript_view-all.tsv.gz")[len(entries) :]]
    with pytest.raises(Desync) as caught:
        replay(entries)
    assert "Br02" in caught.value.detail and caught.value.rule == "4.2"


def test_given_dice() -> None:
    dice = GivenDice()
    dice.give(1, 6)
    dice.give(1, 6)  # the same again is no change
    assert dice.face(1) == 6
    with pytest.raises(LookupError, match="die 2"):
        dice.face(2)
    with pytest.raises(ValueError):
        dice.give(1, 5)
    with pytest.raises(ValueError):
        dice.give(3, 7)


def test_names() -> None:
    markers = Markers()
    markers.swap("Bk06", "Bk01")
    assert [markers.ours(x) for x in ("Bk06", "Bk01", "Bk02")] == ["Bk01", "Bk06", "Bk02"]
    assert [markers.theirs(x) for x in ("Bk01", "Bk06", "Bk02")] == ["Bk06", "Bk01", "Bk02"]
    assert side("Bottom") == "bottom" and battle_hex("X4") is None and battle_hex("D4") == "D4"
    with pytest.raises(ValueError):
        side("Top")


def test_mend_swaps_characters_between_the_owners_unseen_legions() -> None:
    state = GameState(options=Options(), players=[], caretaker={})
    shown = Legion("Br04", 1, 21, ["Angel", "Centaur", "Gargoyle", "Ogre"])
    unseen = Legion("Br02", 1, 20, ["Centaur", "Gargoyle", "Ogre", "Titan"])
    enemy = Legion("Bk01", 0, 30, ["Titan"])
    assert hidden.mend(state, shown, Counter({"Titan": 1}), False, [unseen, enemy]) is None
    assert "Titan" in shown.characters and "Titan" not in unseen.characters
    assert len(shown.characters) == len(unseen.characters) == 4
    # Nobody but the owner's unseen legions can give: the enemy's Titan is not taken.
    failure = hidden.mend(state, unseen, Counter({"Titan": 1}), False, [enemy])
    assert failure is not None and "Titan" in failure
