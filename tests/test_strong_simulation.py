"""The simulations that judge attacks and engagements resemble real battles: their cheap
policy shelters its Titan as players do, so an attack on a Titan's legion is not rated far
above what it wins when played."""

from __future__ import annotations

import random

import pytest

from titan.ai.strong.fastbattle import FastBattle
from titan.ai.strong.field import distances, entry_hexes
from titan.ai.strong.simulate import simulate_legions
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.scenario import battle_game
from titan.variant import TITAN, load

TITAN_DEFENDS = [
    (["Angel", "Lion", "Lion"], ["Angel", "Angel", "Titan"], "Brush"),
    (
        ["Cyclops", "Cyclops", "Gargoyle", "Gargoyle"],
        ["Cyclops", "Cyclops", "Titan", "Troll"],
        "Plains",
    ),
    (["Cyclops", "Lion", "Lion", "Lion"], ["Angel", "Gorgon", "Gorgon", "Titan"], "Brush"),
]


@pytest.mark.parametrize("k", range(12))
def test_the_simulated_titan_enters_last_and_away_from_the_enemy(k: int) -> None:
    attacker, defender, terrain = TITAN_DEFENDS[k % len(TITAN_DEFENDS)]
    side = ("left", "right", "bottom")[k % 3]
    v = load()
    game = battle_game(attacker, defender, terrain, entry_side=side)
    rng = random.Random(k)
    fast = FastBattle.from_game(game, lambda: rng.randint(1, 6), rng, record=True)
    fast.play()
    assert fast.actions is not None
    first_phase = fast.actions[: fast.actions.index(EndPhase())]
    entries = [a for a in first_phase if isinstance(a, BattleMove)]
    assert [a.name for a in entries][-1] == TITAN  # the others first (10.1)
    titan_hex = entries[-1].to
    dist = distances(v.battlelands[terrain])
    doors = entry_hexes(v, terrain, side, "attacker")
    others = [a.to for a in entries[:-1]]
    # no nearer the attacker's entry than the nearest of its own side
    assert min(dist[titan_hex][d] for d in doors) >= min(
        min(dist[h][d] for d in doors) for h in others
    )


def test_a_simulated_attack_on_a_titan_is_not_wildly_optimistic() -> None:
    """Played by the normal player, this attack wins 3% of the time; the cheap policy's
    simulation, when its Titan stood in the open beside the attacker's entry, gave 74%."""
    v = load()
    land = next(k for k, lg in v.masterboard.lands.items() if lg.terrain == "Brush")
    odds = simulate_legions(
        v,
        ["Angel", "Lion", "Lion"],
        ["Angel", "Angel", "Titan"],
        land,
        None,
        (0, 0),
        300,
        random.Random(1),
    )
    assert odds.attacker_wins < 0.3
    assert odds.defender_wins > 0.5
