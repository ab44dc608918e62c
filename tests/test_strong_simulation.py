"""The simulations that judge attacks and engagements resemble real battles: their cheap
policy shelters its Titan as players do, so an attack on a Titan's legion is not rated far
above what it wins when played."""

from __future__ import annotations

import random

import pytest

from titan.ai.strong.fastbattle import FastBattle
from titan.ai.strong.field import distances, entry_hexes
from titan.ai.strong.policy import fast_action
from titan.ai.strong.simulate import simulate_legions
from titan.engine.actions import Decline
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.scenario import battle_game, battle_lands
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


# Seen in games against Colossus (issue 23): a six-high Titan legion defending where its entry
# hexes slow or bar the slow (the Desert's sand, the Woods' trees, bogs) came on Cyclops first;
# they stopped on the entry hexes, the Titan was shut out and slain (errata 10.1), and two
# Rangers were rated sure winners against it: strong attacked with them and lost.
HOLD_THE_DOOR = ["Titan", "Warlock", "Warlock", "Cyclops", "Cyclops", "Cyclops"]
TERRAINS = [
    "Brush",
    "Desert",
    "Hills",
    "Jungle",
    "Marsh",
    "Mountains",
    "Plains",
    "Swamp",
    "Tundra",
    "Woods",
]
DOORS = [(terrain, side) for terrain in TERRAINS for side in ("bottom", "left", "right")]


@pytest.mark.parametrize(("terrain", "side"), DOORS)
def test_a_simulated_titan_is_never_shut_out_by_its_own_legion(terrain: str, side: str) -> None:
    v = load()
    game = battle_game(
        ["Ranger", "Ranger"], HOLD_THE_DOOR, terrain, entry_side=side, defender_score=430, seed=5
    )
    game.act(0, Decline())
    game.act(1, Decline())
    rng = random.Random(3)
    fast = FastBattle.from_game(game, lambda: rng.randint(1, 6), rng)
    fast.play()
    titan = next(u for u in fast.units if u.name == TITAN)
    assert titan.entered  # it came on (and two Rangers did not slay a power-10 Titan)
    for _ in range(8):  # the engine's battle, played by the same cheap policy
        prompt = game.prompt()
        if prompt.player != 1:
            break
        game.act(1, fast_action(game, prompt, rng))
    battle = game.state.engagement.battle if game.state.engagement else None
    assert battle is not None
    assert any(f.name == TITAN and f.hex is not None for f in battle.fighters)
    odds = simulate_legions(
        v,
        ["Ranger", "Ranger"],
        HOLD_THE_DOOR,
        battle_lands(v, terrain)[0],
        side,
        (200, 430),
        20,
        rng,
    )
    assert odds.attacker_wins == 0.0
