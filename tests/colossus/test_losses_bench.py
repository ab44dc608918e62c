"""``bench.colossus_losses`` reads a lost game's log and names how it ended."""

from __future__ import annotations

from pathlib import Path

from bench.colossus_losses import (
    Engagement,
    Game,
    how_it_ended,
    outcome,
    read_game,
    report,
    rounds,
    stages,
)
from titan.variant import load

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"
VARIANT = load("default")


def test_a_titan_lost_on_time_in_its_own_attack() -> None:
    """RationalAI game 36 (tests/test_strong_planner.py): our Titan and an Angel attacked a
    Minotaur and three Ogres on the Hills at turn 21 and lost on time (10.5)."""
    game = read_game(FIXTURES / "live-rational-lone-titan.tsv.gz")
    assert game.result == "Rational1 wins"
    last = game.engagements[-1]
    assert (last.turn, last.ours_attacked, last.battle_turns, last.points) == (21, True, 8, 0)
    assert sorted(last.contents[last.attacker]) == ["Angel", "Titan"]
    assert outcome(last) == "we lost on time"
    assert how_it_ended(VARIANT, last) == "our attack, we lost on time"
    assert report(VARIANT, [game])[:2] == [
        "1 games, 1 to the end, 1 not won:",
        "     1  our attack, we lost on time",
    ]


def test_every_engagement_is_read_with_its_end() -> None:
    game = read_game(FIXTURES / "live-rational-lone-titan.tsv.gz")
    seen = [(e.turn, e.ours_attacked, outcome(e)) for e in game.engagements]
    assert seen == [
        (2, True, "we lost on time"),
        (9, False, "both eliminated"),
        (19, False, "we won"),
        (21, False, "we won"),
        (21, True, "we lost on time"),
    ]
    assert all(len(e.contents) == 2 for e in game.engagements)  # both shown at the battle


def test_a_battle_of_two_colossus_players_is_not_ours() -> None:
    """Four players: Black attacks Blue, we are Red. With more than two players Colossus's
    players fight each other, and play on after we are out; only our engagements count."""
    game = read_game(FIXTURES / "live-rational-4p-battle-of-others-hidden-defender.tsv.gz")
    assert game.engagements == []


def test_our_colour_stays_ours_once_we_take_anothers_markers() -> None:
    """Four players, we are Gold: we eliminated Brown and Green and took their markers (4.2,
    19.4), which Colossus lists before ours. Our Titan's last attack, on Blue's Titan at turn 16,
    was read as Blue's attack on a legion of someone else's."""
    game = read_game(FIXTURES / "live-rational-4p-markers-taken.tsv.gz")
    last = game.engagements[-1]
    assert (last.turn, last.attacker, last.defender, last.ours_attacked) == (
        16,
        "Gd02",
        "Bu02",
        True,
    )
    assert how_it_ended(VARIANT, last) == "our attack, we lost"


def test_where_a_four_player_game_ended_for_us() -> None:
    """Our Titan fell at turn 8 with two of the three AIs still in; a two-player game adds no
    such lines."""
    out = read_game(FIXTURES / "live-rational-4p-out-early.tsv.gz")
    assert (out.players, out.left_when_out) == (4, 2)
    two = read_game(FIXTURES / "live-rational-lone-titan.tsv.gz")
    assert two.players == 2
    assert stages([out, two]) == [
        "where the 1 games of more than two players ended for us:",
        "     1  out, 2 of the others still in",
    ]
    assert report(VARIANT, [two])[-1].endswith("we lost on time")  # no stage lines


def _attack_on_our_titan(turn: int, winner: str | None) -> Engagement:
    return Engagement(
        turn,
        land=100,
        attacker="Bu01",
        defender="Rd01",
        ours_attacked=False,
        scores=(120, 140),
        contents={"Bu01": ("Angel", "Cyclops", "Cyclops"), "Rd01": ("Titan", "Ogre")},
        winner=winner,
        over=True,
    )


def test_when_the_games_not_won_ended_and_whether_our_titan_was_worn_down_first() -> None:
    """Out at round 8 to a first attack on our Titan's legion (the fixture); our own attack at
    round 16 (the fixture); and a legion that beat off one attack in round 11 and fell to the
    next in round 12 (made up). Two-player games and games won add no lines."""
    early = read_game(FIXTURES / "live-rational-4p-out-early.tsv.gz")
    ours = read_game(FIXTURES / "live-rational-4p-markers-taken.tsv.gz")
    worn = Game("worn", "Rational2 wins", players=4, left_when_out=2)
    worn.engagements = [_attack_on_our_titan(11, "Rd01"), _attack_on_our_titan(12, "Bu01")]
    won = Game("won", "titan wins", players=4, engagements=[_attack_on_our_titan(12, "Rd01")])
    two = read_game(FIXTURES / "live-rational-lone-titan.tsv.gz")
    assert rounds([early, ours, worn, won, two]) == [
        "when the 3 games of more than two players not won ended for us:",
        "     1  before round 10",
        "     2  rounds 10 to 19",
        "     1  their attack on our Titan, after one it survived then or a round before",
        "     1  their attack on our Titan, the first",
    ]
    assert report(VARIANT, [early])[-3:] == rounds([early])[-3:]
