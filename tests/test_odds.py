"""Odds: exact strike distributions (titan.dice) against closed forms and against every roll
of the dice, carry-over against the engine's own allocations; Wilson intervals; battle set-up
(titan.engine.scenario); battle estimates (titan.odds) that are reproducible and sane; the
``titan odds`` command."""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from titan.cli import main
from titan.dice.stats import wilson
from titan.dice.strike import (
    StrikeOdds,
    chance_at_least,
    hit_chance,
    hit_distribution,
    hit_probabilities,
    most_kills_order,
    option_odds,
    slay_chance,
    slay_probability,
    strike_odds,
)
from titan.engine.actions import Decline
from titan.engine.battle.actions import BattleMove
from titan.engine.prompts import Decision
from titan.engine.queries.carryover import carry_sequences
from titan.engine.scenario import ScenarioError, battle_game
from titan.odds import runner
from titan.odds.battle import OUTCOMES, BattleSpec, _fought_out
from titan.odds.estimate import Estimate, estimate_battle
from titan.rules import strike_options
from titan.variant import load

V = load("default")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def all_rolls(n: int) -> list[tuple[int, ...]]:
    """Every roll of n dice, each equally likely."""
    return list(product(range(1, 7), repeat=n))


# --- hits -------------------------------------------------------------------------------------


@pytest.mark.rules("13.2", "errata 12.7")
@pytest.mark.parametrize("sn", range(1, 7))
def test_hits_match_the_closed_forms_13_2(sn: int) -> None:
    p = Fraction(7 - sn, 6)
    assert hit_chance(sn) == p
    for n in range(0, 13):
        dist = hit_distribution(n, sn)
        assert all(isinstance(x, Fraction) for x in dist)
        assert len(dist) == n + 1 and sum(dist) == 1
        assert chance_at_least(n, sn, 1) == 1 - (1 - p) ** n  # at least one hit
        assert dist[n] == p**n  # every die hits
        assert sum(k * x for k, x in enumerate(dist)) == n * p  # mean n p
        assert hit_probabilities(n, sn) == tuple(float(x) for x in dist)
    assert hit_distribution(5, 1) == tuple(Fraction(k == 5) for k in range(6))  # errata 12.7
    assert hit_distribution(2, 6) == (Fraction(25, 36), Fraction(10, 36), Fraction(1, 36))


@pytest.mark.rules("13.2")
@pytest.mark.parametrize("n", range(0, 5))
def test_hits_equal_the_enumeration_of_every_roll(n: int) -> None:
    for sn in range(1, 7):
        counts = Counter(sum(1 for d in roll if d >= sn) for roll in all_rolls(n))
        assert hit_distribution(n, sn) == tuple(Fraction(counts[k], 6**n) for k in range(n + 1))


def test_slay_chance_is_the_tail() -> None:
    for n, sn in product(range(0, 9), range(1, 7)):
        dist = hit_distribution(n, sn)
        for remaining in range(-1, n + 3):
            want = sum(dist[max(remaining, 0) :], Fraction(0))
            assert slay_chance(n, sn, remaining) == want
            assert slay_probability(n, sn, remaining) == pytest.approx(float(want))
    assert slay_chance(3, 4, 4) == 0 and slay_chance(3, 4, 0) == 1


@pytest.mark.parametrize("bad", [(-1, 4), (3, 0), (3, 7), (True, 4), (3, 4.0), (1000, 4)], ids=str)
def test_bad_strikes_are_refused(bad: tuple[object, object]) -> None:
    with pytest.raises(ValueError):
        hit_distribution(*bad)
    with pytest.raises(ValueError):
        strike_odds(3, 4, 0)
    with pytest.raises(ValueError):
        strike_odds(3, 4, 2, (1, 0))


# --- carry-over --------------------------------------------------------------------------------

CARRIES = [(), (1,), (2,), (3,), (1, 1), (1, 2), (2, 1), (3, 1), (2, 2, 1), (1, 3, 2)]


def _in_order(hits: int, needs: list[int]) -> tuple[int, int, list[bool]]:
    """Damage, number slain and who is slain when the hits go down ``needs`` in order."""
    left, damage, slain = hits, 0, []
    for r in needs:
        dealt = min(left, r)
        damage += dealt
        left -= dealt
        slain.append(dealt == r)
    return damage, sum(slain), slain


@pytest.mark.rules("13.4", "errata 12.4")
@pytest.mark.parametrize("n", range(1, 5))
def test_carry_over_equals_the_enumeration_of_every_roll(n: int) -> None:
    """For every roll of 1-4 dice, strike number, target and carry-over candidates: the
    order's allocation is one the engine allows (carry_sequences), it deals the most damage
    any allowed allocation deals, and the distributions add up to the computed ones."""
    for sn, target, carry in product(range(1, 7), range(1, 4), CARRIES):
        odds = strike_odds(n, sn, target, carry)
        damage: Counter[int] = Counter()
        kills: Counter[int] = Counter()
        slain: Counter[int] = Counter()
        hexes = [f"H{i}" for i in range(len(carry))]
        checked: set[int] = set()  # the allocation depends on the number of hits only
        for roll in all_rolls(n):
            hits = sum(1 for d in roll if d >= sn)
            dealt, killed, who = _in_order(hits, [target, *carry])
            damage[dealt] += 1
            kills[killed] += 1
            slain.update(i for i, s in enumerate(who) if s)
            excess = hits - min(hits, target)
            if excess and carry and hits not in checked:
                checked.add(hits)
                allowed = carry_sequences(dict(zip(hexes, carry, strict=True)), excess)
                walked = tuple(hexes[: _taken(excess, list(carry))])
                assert walked in allowed
                best = max(_dealt(seq, hexes, carry, excess) for seq in allowed)
                assert dealt - min(hits, target) == best
        whole = 6**n
        assert odds.damage == tuple(Fraction(damage[d], whole) for d in range(len(odds.damage)))
        assert odds.kills == tuple(Fraction(kills[k], whole) for k in range(len(odds.kills)))
        assert odds.slain == tuple(Fraction(slain[i], whole) for i in range(1 + len(carry)))
        assert sum(odds.damage) == 1 and sum(odds.kills) == 1
        assert odds.slay_target == slay_chance(n, sn, target)
        assert odds.expected_kills == sum(k * p for k, p in enumerate(odds.kills))


def _taken(excess: int, carry: list[int]) -> int:
    """How many candidates the excess reaches in order (slain ones, then one survivor)."""
    count = 0
    for r in carry:
        if excess <= 0:
            break
        count += 1
        excess -= r
    return count


def _dealt(seq: tuple[str, ...], hexes: list[str], carry: tuple[int, ...], excess: int) -> int:
    need = dict(zip(hexes, carry, strict=True))
    dealt = 0
    for h in seq:
        hit = min(excess, need[h])
        dealt += hit
        excess -= hit
    return dealt


@pytest.mark.rules("13.4", "errata 12.4")
def test_ascending_order_slays_the_most_for_every_roll() -> None:
    """most_kills_order: for every excess, no allocation the engine allows slays more."""
    for carry in CARRIES[1:]:
        need = {f"H{i}": r for i, r in enumerate(carry)}
        order = most_kills_order(need)
        assert [need[h] for h in order] == sorted(carry)
        for excess in range(1, sum(carry) + 2):
            allowed = carry_sequences(need, excess)
            most = max(_kills(seq, need, excess) for seq in allowed)
            assert _in_order(excess, [need[h] for h in order])[1] == most


def _kills(seq: tuple[str, ...], need: dict[str, int], excess: int) -> int:
    killed = 0
    for h in seq:
        if excess >= need[h]:
            killed += 1
        excess -= min(excess, need[h])
    return killed


@pytest.mark.rules("13.4", "errata 12.2", "errata 12.4")
def test_option_odds_follow_the_engine_options() -> None:
    """Errata Example 1 (Plains): a Cyclops at D4 strikes the Ogre at D5 needing 6s, to carry
    over to the Troll at D3 and the Ranger at E4."""
    enemies = {"D3": "Troll", "D5": "Ogre", "E4": "Ranger"}
    hits = {"D3": 5, "E4": 1}
    options = strike_options(V, "Plains", "Cyclops", "D4", "Ogre", "D5", enemies=enemies, hits=hits)
    sixes = next(o for o in options if o.strike_number == 6)
    remaining = {"D3": 3, "D5": 6, "E4": 3}
    odds, order = option_odds(sixes, remaining)
    assert set(order) == sixes.carry_targets == {"D3", "E4"}
    assert odds == strike_odds(9, 6, 6, (3, 3))
    best = options[0]  # at 4s only the Troll may take carry-over
    assert option_odds(best, remaining)[1] == ("D3",)
    with pytest.raises(ValueError):
        option_odds(best, remaining, order=("E4",))


def test_strike_odds_are_cached_and_typed() -> None:
    a = strike_odds(6, 4, 3, [2, 2])
    assert isinstance(a, StrikeOdds) and a is strike_odds(6, 4, 3, (2, 2))
    assert a.expected_damage == sum(min(k, 7) * p for k, p in enumerate(a.hits))


# --- confidence intervals ----------------------------------------------------------------------


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-4) and high == pytest.approx(0.9785, abs=1e-4)
    for k in range(0, 31):
        low, high = wilson(k, 30)
        assert 0 <= low <= k / 30 <= high <= 1


# --- scenarios -----------------------------------------------------------------------------------


@pytest.mark.rules("10.2", "19.1", "errata 2.5.6.2")
def test_battle_game_sets_up_the_battle() -> None:
    game = battle_game(["Titan", "Ogre", "Ogre"], ["Troll", "Troll"], "Hills", attacker_score=250)
    prompt = game.prompt()
    assert prompt.kind == Decision.BATTLE_MAY_CONCEDE and prompt.player == 0
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None
    assert game.variant.masterboard.land(eng.land).terrain == "Hills"
    fighters = sorted((f.side, f.name, f.power) for f in eng.battle.fighters)
    assert fighters == [
        ("attacker", "Ogre", 6),
        ("attacker", "Ogre", 6),
        ("attacker", "Titan", 8),  # 19.1: 6 + 250 // 100
        ("defender", "Troll", 8),
        ("defender", "Troll", 8),
    ]
    tower = battle_game(["Ogre"], ["Titan", "Centaur"], "Tower", entry_side="left")
    tower.act(0, Decline())
    tower.act(1, Decline())
    deploys = {o.to for o in tower.prompt().options if isinstance(o, BattleMove)}
    assert tower.prompt().player == 1 and deploys == {"C3", "C4", "D3", "D4", "D5", "E3", "E4"}


@pytest.mark.parametrize(
    ("attacker", "defender", "terrain", "why"),
    [
        (["Ogre"], ["Ogre"], "Lake", "unknown terrain"),
        (["Ogre"] * 8, ["Ogre"], "Hills", "1 to 7"),
        ([], ["Ogre"], "Hills", "1 to 7"),
        (["Orc"], ["Ogre"], "Hills", "unknown character"),
        (["Titan", "Titan"], ["Ogre"], "Hills", "one Titan"),
        (["Guardian"] * 4, ["Guardian"] * 3, "Hills", "only 6 Guardian"),
    ],
)
def test_battle_game_refuses_impossible_battles(
    attacker: list[str], defender: list[str], terrain: str, why: str
) -> None:
    with pytest.raises(ScenarioError, match=why):
        battle_game(attacker, defender, terrain)


# --- battle estimates ------------------------------------------------------------------------

STRONG = ["Titan", "Dragon", "Dragon", "Dragon"]


def key(e: Estimate) -> tuple[object, ...]:
    """What an estimate found (its time aside)."""
    return (e.shares(), e.attacker_left, e.defender_left, e.attacker_points, e.mean_turns)


def test_estimate_is_reproducible_from_its_seed_in_any_number_of_processes() -> None:
    a = estimate_battle(["Titan", "Ogre", "Ogre"], ["Troll", "Troll"], "Plains", trials=48, seed=5)
    b = estimate_battle(
        ["Titan", "Ogre", "Ogre"], ["Troll", "Troll"], "Plains", trials=48, seed=5, jobs=2
    )
    c = estimate_battle(["Titan", "Ogre", "Ogre"], ["Troll", "Troll"], "Plains", trials=48, seed=6)
    assert a.trials == b.trials == 48 and key(a) == key(b)
    assert key(a) != key(c)


def test_a_time_budget_gives_the_first_n_trials() -> None:
    timed = estimate_battle(STRONG, ["Ogre"], "Hills", seconds=0.3, seed=2)
    assert timed.trials >= 1
    again = estimate_battle(STRONG, ["Ogre"], "Hills", trials=timed.trials, seed=2)
    assert key(timed) == key(again)


def test_a_first_chunk_that_outlasts_the_time_budget_is_kept() -> None:
    """In worker processes, the trials of the first chunk count however late they come (a
    time budget shorter than one chunk of slow trials once left the parent waiting for ever
    while the workers played on)."""
    spec = BattleSpec(tuple(STRONG), ("Ogre",), "Hills")
    played = runner.run(spec, 2, trials=runner.CHUNK)
    goal = runner._Goal(runner.MAX_TRIALS, time.perf_counter() - 1.0, None)  # time is up
    receive, send = multiprocessing.Pipe(duplex=False)
    send.send((0, played))
    send.close()  # the worker is gone: without the first chunk, nothing more would come
    runner._collect([receive], goal)
    assert goal.done == played


@pytest.mark.rules("10.5", "19.3")
def test_estimate_is_sane() -> None:
    est = estimate_battle(STRONG, ["Ogre"], "Hills", trials=160, seed=1)
    assert est.attacker_wins.p >= 0.95
    shares = est.shares()
    assert set(shares) == set(OUTCOMES)
    assert sum(s.count for s in shares.values()) == est.trials
    assert sum(s.p for s in shares.values()) == pytest.approx(1.0)
    for s in shares.values():
        low, high = s.ci95
        assert 0 <= low <= s.p <= high <= 1
    assert est.half_width == max(s.half_width for s in shares.values())
    assert 0 < est.attacker_left <= 4 and 1 <= est.mean_turns <= 7
    assert est.attacker_points >= 12 * est.attacker_wins.p  # an Ogre is worth 6 x 2 (16)


def test_a_precision_target_stops_early() -> None:
    est = estimate_battle(STRONG, ["Ogre"], "Hills", trials=2000, half_width=0.05)
    assert 30 <= est.trials < 2000 and est.half_width <= 0.05


def test_fought_out_prompts_keep_the_battle_going() -> None:
    game = battle_game(["Titan", "Ogre"], ["Troll"], "Plains")
    assert _fought_out(game.prompt().options) == (Decline(),)  # no concession (9.4)
    game.act(0, Decline())
    game.act(1, Decline())
    entering = _fought_out(game.prompt().options)
    assert entering and all(isinstance(o, BattleMove) for o in entering)  # 10.1


def test_unknown_bot_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        estimate_battle(["Ogre"], ["Ogre"], "Hills", bot="genius", trials=1)


# --- the command ------------------------------------------------------------------------------


def test_cli_estimate_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png, saved = tmp_path / "odds.png", tmp_path / "odds.json"
    args = ["odds", "--attacker", "titan,dragon:2", "--defender", "Ogre", "--terrain", "hills"]
    assert (
        main([*args, "--trials", "24", "--jobs", "1", "--png", str(png), "--json", str(saved)]) == 0
    )
    out = capsys.readouterr().out
    assert "Titan, Dragon, Dragon attacking Ogre in Hills" in out and "24 battles" in out
    assert "attacker wins" in out and "95% CI" in out
    assert png.read_bytes()[:8] == PNG_SIGNATURE
    record = json.loads(saved.read_text())
    assert record["trials"] == 24 and record["attacker"] == ["Titan", "Dragon", "Dragon"]
    assert sum(o["count"] for o in record["outcomes"].values()) == 24


def test_cli_strike_prints_the_exact_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "strike", "--dice", "4", "--strike-number", "5"]) == 0
    out = capsys.readouterr().out
    assert "16/81" in out and "1/81" in out  # P(0 hits), P(4 hits)
    args = ["odds", "strike", "--dice", "4", "--strike-number", "5", "--remaining", "3"]
    assert main([*args, "--carry", "2,2"]) == 0
    assert "slain 11.11% (1/9)" in capsys.readouterr().out


def test_cli_reports_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--attacker", "Ogre"]) == 2
    assert "--defender, --terrain required" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["odds", "--attacker", "Orc", "--defender", "Ogre", "--terrain", "Hills"])
    assert main(["odds", "strike", "--dice", "2", "--strike-number", "4", "--carry", "1"]) == 2


def test_odds_help_does_not_import_matplotlib() -> None:
    code = (
        "import sys\nfrom titan.cli import main\n"
        "try:\n    main(['odds', '--help'])\nexcept SystemExit:\n    pass\n"
        "print('matplotlib' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().endswith("False")
