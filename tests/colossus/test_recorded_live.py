"""Protocol logs of live games against Colossus's RationalAI in which the mirror once lost
step with the server (recorded by ``bench/colossus.py``; our seat withdrew at the desync, so
each log ends there). Mirrored now to their last line, in step."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from titan.ai.levels import make_bot
from titan.colossus.answers import requests
from titan.colossus.check import Desync
from titan.colossus.messages import parse_server
from titan.colossus.mirror import Mirror
from titan.colossus.seat import Seat
from titan.colossus.to_server import DoBattleMove
from titan.colossus.transcript import read
from titan.engine.battle.actions import BattleMove
from titan.engine.prompts import Decision

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"


def mirrored(name: str) -> Mirror:
    mirror = Mirror()
    for entry in read(FIXTURES / name):
        if entry.to_client:
            mirror.feed(entry.text, entry.parse())
    return mirror


def test_a_summons_after_the_battle_not_taken_is_declined() -> None:
    """RationalAI's legion won a battle with an angel to summon (errata 2.5.6) and took the
    angel its points earned instead: Colossus never announces the summons it declines."""
    mirror = mirrored("live-rational-after-battle-angel.tsv.gz")
    # The log ends at the angel: it is held while the summons may still come (our engine
    # offers it first, errata 2.5.6.5 before 2.5.6.8) ...
    assert len(mirror.pending_acquires) == 1
    # ... and taken when the next line shows the summons declined (the line Colossus sends
    # there; its points and turn are not checked).
    line = "tellEngagementResults ~ Rd11 ~ fight ~ 30 ~ 4"
    mirror.feed(line, parse_server(line))
    state = mirror.g.state
    assert state.engagement is None  # the engagement ended with the angel acquired
    rd11 = state.legions[mirror.legion("Rd11")]
    assert sorted(rd11.characters) == ["Angel", "Centaur", "Centaur", "Guardian", "Warbear"]


def test_a_split_taken_back_before_the_roll_is_undone() -> None:
    """RationalAI split Rd05 off Rd03 and took it back (undidSplit) before its roll."""
    mirror = mirrored("live-rational-undid-split.tsv.gz")
    state = mirror.g.state
    assert mirror.markers.ours("Rd05") not in state.legions
    rd03 = state.legions[mirror.legion("Rd03")]
    assert len(rd03.characters) == 7  # Titan, 3 Cyclops, Centaur and both Centaurs back
    assert mirror.prompt().kind != Decision.SPLIT


def test_a_hidden_split_taken_back_is_forgotten() -> None:
    """View mode "ever revealed": RationalAI's split of Gr08 was never shown (didSplit with
    no contents) and taken back at once; the mirror had nothing to guess."""
    mirror = mirrored("live-rational-undid-hidden-split.tsv.gz")
    assert mirror.markers.ours("Gr01") not in mirror.g.state.legions
    assert mirror.pending_split is None


def test_a_carry_over_to_two_targets_announced_one_by_one() -> None:
    """Colossus announces a carry-over's targets one message each (Lion slain, then the
    rest to a Cyclops); our engine takes them as one decision (errata 12.4)."""
    mirror = mirrored("live-rational-carry-two-targets.tsv.gz")
    assert mirror.carried == [] and not mirror.carry_offered


def test_a_summons_shows_where_the_angel_was() -> None:
    """The Angel's legion after a hidden split was guessed wrong; the summons from the other
    legion shows it there, and the guess is mended before the summons is applied."""
    mirror = mirrored("live-rational-summon-shows-angel.tsv.gz")
    eng = mirror.g.state.engagement
    assert eng is not None and eng.battle is not None
    assert any(f.name == "Angel" and f.side == "attacker" for f in eng.battle.fighters)


def test_split_legions_left_together_recombine() -> None:
    """Our split legions could not move apart: Colossus announces their recombination at the
    end of the moves as a split undone (4.3, errata 2.4); our engine recombines them."""
    mirror = mirrored("live-simple-recombine.tsv.gz")
    assert mirror.markers.ours("Bu08") not in mirror.g.state.legions


def test_an_attacker_that_concedes_before_the_battle() -> None:
    """RationalAI's attacker conceded once our defender chose not to flee (9.4): the mirror
    passes negotiation and takes the concession where our engine offers it."""
    mirror = mirrored("live-rational-attacker-concedes.tsv.gz")
    assert mirror.g.state.engagement is None
    assert mirror.markers.ours("Bu10") not in mirror.g.state.legions


def test_an_angel_taken_before_the_reinforcement() -> None:
    """Our defender won; Colossus gave it the angel its points earned, then its
    reinforcement. The errata have the reinforcement first (2.5.6.5, then 2.5.6.8): the
    mirror holds the angel until the reinforcement is seen, and notes the deviation."""
    mirror = mirrored("live-rational-angel-before-reinforcement.tsv.gz")
    gr04 = mirror.g.state.legions[mirror.legion("Gr04")]
    assert sorted(gr04.characters) == sorted(
        ["Angel", "Titan", "Troll", "Troll", "Troll", "Warlock", "Warlock"]
    )
    assert [d.rule for d in mirror.deviations] == ["errata 2.5.6.5, 2.5.6.8"]


def test_our_angel_is_asked_for_before_the_battle_is_cleaned_up() -> None:
    """Our legion won the battle in RationalAI's counterstrike phase; Colossus asked for the
    angel the points earned before its cleanupBattle. The seat ends the battle there and
    answers (our seat withdrew here before: 'our mirror asks counterstrike')."""
    seat = Seat("titan", make_bot("normal", 1))
    seat.hello()
    answer: list[str] = []
    for entry in read(FIXTURES / "live-rational-angel-asked-before-cleanup.tsv.gz"):
        if entry.to_client:
            answer = seat.receive(entry.text)
    assert answer == ["acquireAngel ~ Gd08 ~ Angel"]


def test_the_losers_legions_removed_after_our_angel_was_asked_for() -> None:
    """Our legion slew RationalAI's Titan; Colossus asked for our angel (the seat ended the
    battle there), then removed the loser's legions away from the battle (errata 19.0)
    before the acquisition. The mirror waits for the engagement's end to compare them (our
    seat withdrew here before: 'legions the server does not have')."""
    seat = Seat("titan", make_bot("normal", 1))
    seat.hello()
    for entry in read(FIXTURES / "live-rational-titan-slain-angel-asked.tsv.gz"):
        if entry.to_client:
            seat.receive(entry.text)
    assert seat.mirror.titan_fell
    assert seat.mirror.prompt().kind == Decision.ACQUIRE


def test_a_summons_that_empties_its_donor() -> None:
    """RationalAI summoned the Angel that was all of Gd03 (15): our engine removes the empty
    legion at once; Colossus keeps it, empty, until its muster phase, and announces no
    removal now. The check counts an emptied legion as gone (our seat withdrew here
    before: 'the server has legion Gd03 at 103; we have none')."""
    mirror = mirrored("live-rational-summons-empties-donor.tsv.gz")
    assert "Gd03" not in mirror.view.legions
    assert mirror.markers.ours("Gd03") not in mirror.g.state.legions


def test_our_angel_asked_for_before_the_summons_after_the_battle() -> None:
    """Our attacker won and its points earned an angel; Colossus asked for the angel while
    our engine still offered the summons after the battle first (errata 2.5.6.5 before
    2.5.6.8). The seat answers the question as asked (it withdrew here before: 'the server
    asks for acquire; our mirror asks summon'); the mirror holds the angel."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    answer: list[str] = []
    for entry in read(FIXTURES / "live-rational-angel-asked-before-summons.tsv.gz"):
        if entry.to_client:
            answer = seat.receive(entry.text)
    assert answer == ["acquireAngel ~ Bk06 ~ Angel"]
    assert seat.mirror.prompt().kind == Decision.SUMMON


def test_drift_damage_to_the_non_phasing_side() -> None:
    """Colossus deals drift damage at the start of every strike phase to every non-native in
    drift, SimpleAI's Lion in our battle turn too; our engine only to the phasing player's
    (docs/rules-decisions.md). The mirror follows the server and notes the deviation (it
    stopped here before: 'the server's drift damage in D3; none here')."""
    mirror = mirrored("live-simple-drift-on-the-other-side.tsv.gz")
    assert [d.what for d in mirror.deviations] == ["drift damage to the non-phasing Lion in D3"]
    eng = mirror.g.state.engagement
    assert eng is not None and eng.battle is not None
    lion = next(f for f in eng.battle.fighters if f.hex == "D3" and not f.gone)
    assert (lion.name, lion.hits) == ("Lion", 2)  # drift in its own battle turn and in ours


def test_a_recombination_then_the_fight_phase() -> None:
    """Our split legions recombined at the end of our moves (undidSplit), which ended our
    movement phase in the mirror: the seat waits for the server's fight phase before it
    engages (it sent its engagement before the server's setupFight, and the mirror then
    stopped: 'the server says the end of the movement phase; the engine asks engage')."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    sent: list[list[str]] = []
    for entry in read(FIXTURES / "live-simple-recombine-then-fight.tsv.gz"):
        if entry.to_client:
            sent.append(seat.receive(entry.text))
    assert sent[-4:] == [[], [], ["confirmCommitPoint ~ 116"], []]  # undidSplit .. setupFight
    assert seat.mirror.prompt().kind == Decision.ENGAGE
    assert seat.receive("kickPhase") == ["engage ~ 32"]


def test_an_attacker_that_concedes_before_our_titan_legion() -> None:
    """RationalAI's two Cyclopes engaged our Titan's legion (which may not flee) and
    conceded at once: Colossus showed no reveal for the concession (the attacker's contents
    were shown already), only our points and the angel they earned. The angel shows the
    engagement decided; the mirror takes the attacker's concession (9.4) and the seat
    answers the angel question (it stopped here before: 'the server asks for acquire; our
    mirror asks negotiate')."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    answer: list[str] = []
    for entry in read(FIXTURES / "live-rational-attacker-concedes-unrevealed.tsv.gz"):
        if entry.to_client:
            answer = seat.receive(entry.text)
    assert answer == ["acquireAngel ~ Bu01 ~ Angel"]
    mirror = seat.mirror
    assert mirror.markers.ours("Gd05") not in mirror.g.state.legions
    assert mirror.prompt().kind == Decision.ACQUIRE


def test_an_eliminated_guardian_comes_back_when_a_battle_ends() -> None:
    """RationalAI's Guardian fled with its legion: Colossus put it on the dead pile
    (``Guardian ~ 1 ~ 1``) and back on the caretaker's stacks only when the next battle
    ended (``Guardian ~ 2 ~ 0``); the rules return it at once (3.2, 9.5). The mirror follows
    both (it stopped before: 'the caretaker has 2 Guardian for the server, 1')."""
    mirror = mirrored("live-rational-guardian-back-after-a-battle.tsv.gz")
    assert mirror.g.state.caretaker["Guardian"] == 2
    assert mirror.g.state.dead.get("Guardian", 0) == 0
    assert "3.2, 9.5" in [d.rule for d in mirror.deviations]


def test_two_angels_earned_at_once() -> None:
    """Our points went from under 500 to 622: Colossus asked for an Angel or Archangel, then
    at once for an Angel, before our first answer reached the mirror. The seat answers each
    question among the angels it offers (it took the Archangel twice, our engine's stale
    choice, which Colossus did not check; the log is cut at the second question)."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    answers = []
    for entry in read(FIXTURES / "live-rational-two-angels-at-once.tsv.gz"):
        if entry.to_client:
            answers.append(seat.receive(entry.text))
    assert answers[-2:] == [["acquireAngel ~ Bk05 ~ Archangel"], ["acquireAngel ~ Bk05 ~ Angel"]]


def test_two_angels_held_until_the_summons_is_past() -> None:
    """Our attacker slew SimpleAI's Titan, and its points earned two angels: Colossus gave
    both before the summons our engine offers first (errata 2.5.6.5 before 2.5.6.8). Both
    are held, then taken (the mirror held only the second before: 'Bk01 is 6 high for the
    server, 5'); the game is over with our win."""
    mirror = mirrored("live-simple-two-angels-held.tsv.gz")
    bk01 = mirror.g.state.legions[mirror.legion("Bk01")]
    assert sorted(bk01.characters) == ["Angel", "Angel", "Gorgon", "Gorgon", "Gorgon", "Ranger"]
    assert mirror.g.state.over and mirror.pending_acquires == []


def test_the_next_engagement_after_a_battle() -> None:
    """Our attacker won a battle with another engagement of ours left: Colossus sent
    ``nextEngagement`` and no ``kickPhase``. The seat chooses the next engagement there (it
    waited for ever before: a game stalled at turn 16). The log is cut at that line."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    answer: list[str] = []
    for entry in read(FIXTURES / "live-rational-next-engagement-after-battle.tsv.gz"):
        if entry.to_client:
            answer = seat.receive(entry.text)
    assert answer == ["engage ~ 30"]


def test_a_concession_revealed_after_our_angel_was_asked_for() -> None:
    """RationalAI's Bu08 engaged our Gr08, which did not flee; Bu08 conceded, and Colossus
    asked for our angel first and revealed the concession after it. The angel question took
    the concession (9.4); the reveal that follows is not a second one (the mirror stopped
    there before: 'Bu08 concedes where our engine lets it not')."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    answers = []
    for entry in read(FIXTURES / "live-rational-concession-revealed-after-our-angel.tsv.gz"):
        if entry.to_client:
            answers.append(seat.receive(entry.text))
    assert answers[-2:] == [["acquireAngel ~ Gr08 ~ Angel"], []]
    mirror = seat.mirror
    assert mirror.markers.ours("Bu08") not in mirror.g.state.legions
    assert mirror.prompt().kind == Decision.ACQUIRE


def test_a_move_names_the_side_of_a_path_no_enemy_blocks() -> None:
    """Our Bu01 on land 8 moved 4 to land 5000, which an empty board reaches from the left
    and from the right; an enemy legion stands on the left path (7.1). The seat named the
    left side, which Colossus refused ('EntrySide LEFT is not valid, valid are: [RIGHT]')
    21 times before we withdrew. It names the right side now."""
    seat = Seat("titan", make_bot("strong", 1))
    seat.hello()
    answer: list[str] = []
    for entry in read(FIXTURES / "live-rational-side-of-a-blocked-path.tsv.gz"):
        if entry.to_client:
            answer = seat.receive(entry.text)
    assert answer == ["doMove ~ Bu01 ~ 5000 ~ Right ~ false ~ null"]


def test_a_flight_our_guess_of_a_hidden_split_had_closed() -> None:
    """Four players: RationalAI's Rd07 engaged another RationalAI's Br05, split unseen,
    which our mirror guessed held an Angel, so our engine gave it no flight (9.2: a lord
    cannot flee). Br05 fled, revealed as Troll and three Ogres: the reveal mends the guess
    and the flight is open again (the mirror stopped here before: 'the server says the
    defender fled; the engine asks negotiate')."""
    mirror = mirrored("live-rational-4p-flight-after-a-guessed-lord.tsv.gz")
    assert mirror.g.state.engagement is None
    assert mirror.markers.ours("Br05") not in mirror.g.state.legions
    assert mirror.prompt().kind != Decision.NEGOTIATE


def test_a_battle_between_others_starts_with_the_defender_revealed() -> None:
    """Four players: RationalAI's Bk06 attacked another RationalAI's Bu11, whose split we
    never saw; its contents came only with its ``BattleStarts`` reveal, after the
    attacker's. The battle began at the first reveal, with our guess of Bu11 (no Angel),
    and its Angel's first move was a desync ('not a legal maneuver'). The battle now begins
    at ``initBattle``, after both reveals mended the guess."""
    mirror = mirrored("live-rational-4p-battle-of-others-hidden-defender.tsv.gz")
    eng = mirror.g.state.engagement
    assert eng is not None and eng.battle is not None
    bu11 = mirror.g.state.legions[mirror.legion("Bu11")]
    assert sorted(bu11.characters) == ["Angel", "Lion", "Ogre", "Ogre", "Ogre"]


def test_a_carry_over_to_two_targets_goes_in_the_servers_order() -> None:
    """SimpleAI's Hydra slew our Angel with 6 hits to spare and carried them first to the
    Warlock on F1 (2 hits to go: slain, 3 left), then to the Warlock on E3 (3 hits). Our
    engine's carry-over is ordered (errata 12.4: each target takes all the excess left, the
    next only once it is slain); taken the other way round it slew E3 and wounded F1, and
    the next carry-over, to E3, had no Warlock to go to."""
    mirror = mirrored("live-simple-carry-order.tsv.gz")  # to the Guardian's carry-over to E3
    eng = mirror.g.state.engagement
    assert eng is not None and eng.battle is not None
    warlocks = [f for f in eng.battle.fighters if f.name == "Warlock"]
    # F1's was removed at the end of that strike phase; E3's is slain by the Guardian's carry
    # (3 hits and 2 more) and comes off at the end of this one (13.6); B1's is untouched.
    assert sorted((f.hex, f.hits, f.slain) for f in warlocks if not f.gone) == [
        ("B1", 0, False),
        ("E3", 5, True),
    ]
    assert [f.hits for f in warlocks if f.gone] == [5]


def test_drift_on_a_titan_is_judged_by_the_titans_own_power() -> None:
    """Turn 46 against RationalAI: our Titan (524 points, power 11, 8 hits) ended its move
    in the Tundra's drift and took one hit (hazard chart). The mirror judged the hit against
    the character chart's Titan (power 6), called it slain where the server did not, and
    stopped the game as a desync."""
    mirror = mirrored("live-rational-titan-drift.tsv.gz")
    eng = mirror.g.state.engagement
    assert eng is not None and eng.battle is not None
    titan = next(f for f in eng.battle.fighters if f.name == "Titan" and f.side == "defender")
    assert (titan.hex, titan.hits, titan.power, titan.slain) == ("E4", 9, 11, False)
    assert mirror.g.state.players[0].score == 524


def test_a_summons_after_the_battle_from_a_legion_our_guess_had_engaged() -> None:
    """RationalAI split two legions unseen; our guess put the Angel in Gd04, which stood in
    an engagement not yet fought (15.0: it cannot give an angel), so our engine offered no
    summons when Gd09's lone Centaur won its battle. The server's summons from Gd05 showed
    where the Angel was: the guess is mended and the summons applied as the engine would
    have applied it (errata 2.5.6.5, 15.2), one summons for the turn."""
    mirror = mirrored("live-rational-late-summons.tsv.gz")  # to the summons
    state = mirror.g.state
    assert state.engagement is None and state.summoned_this_turn
    assert state.legions[mirror.legion("Gd09")].characters == ["Angel", "Centaur"]
    assert "Angel" not in state.legions[mirror.legion("Gd05")].characters
    # The server's next line adds the Angel it took: nothing left to apply.
    line = "addCreature ~ Gd09 ~ Angel ~ Summon"
    mirror.feed(line, parse_server(line))
    assert state.legions[mirror.legion("Gd09")].characters == ["Angel", "Centaur"]


def test_a_flight_our_guess_had_closed_before_the_winners_angel() -> None:
    """Four players, turn 13: RationalAI's Bk05 fled from Bu07. Our guess of a hidden split
    had put an Angel in Bk05, and a legion with a lord cannot flee (9.2); the reveal of the
    fled legion (Centaur, Ogre, Ogre) mended the guess, but the winner's angel came before
    the server's word of the flight and was taken for a concession: full points where the
    server gave half (16), and the mirror stopped. The reveal reopens the flight."""
    mirror = mirrored("live-rational-4p-flight-from-a-guessed-lord.tsv.gz")  # to the end
    state = mirror.g.state
    assert mirror.markers.ours("Bk05") not in state.legions
    rational3 = state.players[mirror.player("Rational3")]
    assert rational3.score == 96 + 18  # half of the fled legion's 36 points


def test_a_mutual_elimination_of_two_titans_the_server_scores() -> None:
    """Four players, turn 11: RationalAI's two Titans slew each other in one strike phase
    (13.6), and Colossus gave the last striker 7 points. The rules give none (16.1; 19.4
    only where one Titan fell); both players are out, so the mirror follows the server's
    score and records the deviation."""
    mirror = mirrored("live-rational-4p-both-titans-fell.tsv.gz")  # to the end
    state = mirror.g.state
    rational2 = state.players[mirror.player("Rational2")]
    rational3 = state.players[mirror.player("Rational3")]
    assert not rational2.alive and not rational3.alive
    assert rational3.score == 7
    assert [d.rule for d in mirror.deviations if "mutual" in d.what] == ["16.1, 19.4"]


def test_two_pairs_of_split_legions_recombine_one_message_each() -> None:
    """SimpleAI split twice and moved neither pair apart: Colossus recombines them at the
    end of the moves with one undidSplit per legion (``recombineIllegalSplits``); our engine
    recombined both at the first ('Bk08 is 5 high for the server, 7'). The second is owed
    until its message comes, and a message of anything else first is a desync."""
    mirror = mirrored("live-simple-two-recombinations.tsv.gz")  # ends at the first
    assert mirror.recombining == {"Bk03"}
    assert mirror.markers.ours("Bk03") not in mirror.g.state.legions
    # What the server sends next (the log ends where our seat withdrew at the desync).
    line = "undidSplit ~ Bk03 ~ Bk08 ~ 19"
    mirror.feed(line, parse_server(line))
    assert mirror.recombining == set()
    assert len(mirror.g.state.legions[mirror.markers.ours("Bk08")].characters) == 7


def test_a_recombination_the_server_does_not_make_is_a_desync() -> None:
    mirror = mirrored("live-simple-two-recombinations.tsv.gz")
    line = "setupFight"
    with pytest.raises(Desync, match="do not recombine for the server"):
        mirror.feed(line, parse_server(line))


def test_an_eliminated_legion_holds_what_the_server_put_on_the_dead_pile() -> None:
    """Four players, turn 6: RationalAI's Titan lost on time attacking another AI (10.5), and
    its player's legions left the board (19.4), one of them engaged with our Titan's legion:
    half its points were ours. Our guess of a hidden split had an Ogre in it where there was
    a Guardian (88 points for 100: 'titan has 155 points, 149 for us'). The server puts each
    legion's characters on the dead pile just before removing it: the mirror makes the
    legion hold those, and ends the battle once all are removed."""
    mirror = mirrored("live-rational-4p-guessed-legion-eliminated.tsv.gz")  # to the end
    state = mirror.g.state
    scores = {p.name: p.score for p in state.players}
    assert scores == {"titan": 155, "Rational2": 0, "Rational3": 0, "Rational1": 52}
    assert not state.players[mirror.player("Rational3")].alive
    assert mirror.fallen == Counter() and not mirror.eliminating


def test_two_titans_fell_and_the_second_players_legions_are_mended_too() -> None:
    """Four players, turn 11: two RationalAIs' Titans fell in one battle. The server
    eliminated the first player, then removed the second's legions one by one; one of them,
    a hidden split's two Gargoyles, was engaged with our Titan's legion, so half its points
    were ours (errata 19.3, 19.4: 12). Our guess had two Cyclops there, and the battle was
    ended at the first elimination, before that legion was mended: 'titan has 36 points, 42
    for us'. The mirror now waits through both eliminations."""
    mirror = mirrored("live-rational-4p-two-titans-fell.tsv.gz")  # to the end
    state = mirror.g.state
    assert state.players[mirror.player("titan")].score == 36
    assert not state.players[mirror.player("Rational1")].alive
    assert not state.players[mirror.player("Rational3")].alive
    assert mirror.fallen == Counter() and not mirror.eliminating


def test_a_summons_from_a_legion_engaged_with_the_slain_titans_player() -> None:
    """Four players, SimpleAI, turn 22: Simple3's Bk07 slew Simple1's Titan, and Colossus
    removed Simple1's other legions, then let Bk07 summon the Angel of Bk08, which had stood
    engaged with one of them. Errata 15.3, 19.4: the slain Titan's legions are eliminated
    after the summons, so a legion engaged with one of them may not give its angel; our
    engine offered only Bk12's. A deviation, followed: that summons declined, the held angel
    taken, Simple1 eliminated, then the server's summons applied and recorded."""
    mirror = mirrored("live-simple-4p-summons-beside-the-eliminated.tsv.gz")  # to the end
    state = mirror.g.state
    simple1 = state.players[mirror.player("Simple1")]
    simple3 = state.players[mirror.player("Simple3")]
    assert not simple1.alive and simple3.score == 603  # the server's score
    assert state.legions[mirror.legion("Bk07")].characters == [
        "Angel",
        "Angel",
        "Ranger",
        "Ranger",
        "Titan",
    ]  # the angel acquired (17) and the one summoned
    assert "Angel" not in state.legions[mirror.legion("Bk08")].characters
    assert [d.rule for d in mirror.deviations][-1] == "errata 15.3, 19.4"
    # What the server sends next (the log ends where our seat withdrew at the desync).
    for line in ("addCreature ~ Bk07 ~ Angel ~ Summon", "didSummon ~ Bk07 ~ Bk08 ~ Angel"):
        mirror.feed(line, parse_server(line))
    assert len(state.legions[mirror.legion("Bk07")].characters) == 5


def test_a_reinforcement_is_not_taken_for_the_one_left_off() -> None:
    """Our legion of seven (three Trolls, four Ogres) defended on the Plains and left an Ogre
    off the battleland on its first turn (10.1: it is gone; Colossus only counts it dead).
    On the fourth turn an Ogre came as reinforcement (20.1) to the same entry: moving it must
    name the reinforcement's tag (546), not the lost one's (539), which the server refused
    (seed 15100, game 149)."""
    mirror = mirrored("live-rational-4p-reinforcement-after-one-left-off.tsv.gz")
    prompt = mirror.prompt()
    assert prompt.kind == Decision.MANEUVER
    move = next(o for o in prompt.options if isinstance(o, BattleMove) and o.frm is None)
    assert move.name == "Ogre"
    assert requests(mirror, move) == [DoBattleMove(546, move.to)]
    assert 539 not in mirror.where  # forgotten once the engine had it gone
