"""Workload (iv): strike queries (``titan.rules.strike_options``), timed after a warm-up.

A fixed (seeded) list of 2,200 queries, 200 per battleland: a striker and a target in contact
(not across a cliff), each with up to three more enemies on neighbouring hexes (some across a
cliff, some reachable only up a dune) and a few more characters of both sides elsewhere; the
target and the other enemies often damaged, so that carry-over and penalty strikes (errata
11.7/12.x) are common. Characters are drawn from the whole character chart, the Titan's power
from 6 to 9.

Run: ``.venv/bin/python -m bench.strike_queries``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from titan.engine.queries.strike import StrikeOption, strike_options_query
from titan.variant import BATTLE_LABELS, Battleland, Variant, load_uncached

PER_LAND = 200
SEED = 4
ROUNDS = 5  # passes of the query list in one timed sample
SAMPLES = 7


class Query(NamedTuple):
    """The arguments of one ``strike_options`` call."""

    terrain: str
    attacker: str
    at: str
    target: str
    target_at: str
    friends: Mapping[str, str]
    enemies: Mapping[str, str]
    titan_power: int
    hits: Mapping[str, int]


def fresh_variant() -> Variant:
    """A variant object no cache has seen (``load`` memoises)."""
    return load_uncached("default")


def _in_contact(land: Battleland, at: str) -> list[str]:
    hx = land.hex(at)
    return [
        n
        for n, side in zip(hx.neighbours, hx.hexsides, strict=True)
        if n is not None and (side is None or side.hazard != "cliff")
    ]


def _query(variant: Variant, land: Battleland, rng: random.Random) -> Query:
    names = sorted(variant.characters)
    titan_power = rng.randint(6, 9)

    def power(name: str) -> int:
        return titan_power if name == "Titan" else variant.characters[name].power

    def damage(name: str, chance: float) -> int:
        return rng.randrange(power(name)) if rng.random() < chance else 0

    while True:
        at = rng.choice(BATTLE_LABELS)
        touching = _in_contact(land, at)
        if touching:
            break
    target_at = rng.choice(touching)
    around = [n for n in land.hex(at).neighbours if n is not None and n != target_at]
    rng.shuffle(around)
    k = rng.randint(0, min(3, len(around)))
    enemy_hexes = around[:k]
    friend_hexes = around[k : k + rng.randint(0, 1)]
    taken = {at, target_at, *enemy_hexes, *friend_hexes}
    elsewhere = [h for h in BATTLE_LABELS if h not in taken]
    far = rng.sample(elsewhere, rng.randint(0, 4))
    split = rng.randint(0, len(far))
    friend_hexes += far[:split]
    enemy_hexes += far[split:]

    attacker, target = rng.choice(names), rng.choice(names)
    enemies = {h: rng.choice(names) for h in enemy_hexes}
    friends = {h: rng.choice(names) for h in friend_hexes}
    hits = {h: damage(n, 0.4) for h, n in enemies.items()}
    hits[target_at] = damage(target, 0.6)
    hits[at] = damage(attacker, 0.2)
    return Query(
        land.terrain,
        attacker,
        at,
        target,
        target_at,
        friends,
        enemies,
        titan_power,
        {h: n for h, n in hits.items() if n},
    )


def queries(variant: Variant, per_land: int = PER_LAND, seed: int = SEED) -> list[Query]:
    """The fixed workload: the same queries on every run."""
    rng = random.Random(seed)
    return [
        _query(variant, land, rng) for land in variant.battlelands.values() for _ in range(per_land)
    ]


StrikeQuery = Callable[..., tuple[StrikeOption, ...]]


def run(variant: Variant, workload: Sequence[Query], fn: StrikeQuery = strike_options_query) -> int:
    """One pass over ``workload``; returns how many options were answered."""
    n = 0
    for q in workload:
        n += len(
            fn(
                variant,
                q.terrain,
                q.attacker,
                q.at,
                q.target,
                q.target_at,
                friends=q.friends,
                enemies=q.enemies,
                titan_power=q.titan_power,
                hits=q.hits,
            )
        )
    return n


def measure(
    variant: Variant, workload: Sequence[Query], fn: StrikeQuery = strike_options_query
) -> tuple[float, list[float]]:
    """(seconds of the first pass, queries/s of each timed sample)."""
    start = time.perf_counter()
    run(variant, workload, fn)
    warm_s = time.perf_counter() - start
    rates = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        for _ in range(ROUNDS):
            run(variant, workload, fn)
        rates.append(ROUNDS * len(workload) / (time.perf_counter() - start))
    return warm_s, rates


def describe(variant: Variant, workload: Sequence[Query]) -> str:
    """What the workload exercises: how many queries allow carry-over, or a penalty strike."""
    carry = penalty = 0
    for q in workload:
        options = strike_options_query(
            variant,
            q.terrain,
            q.attacker,
            q.at,
            q.target,
            q.target_at,
            friends=q.friends,
            enemies=q.enemies,
            titan_power=q.titan_power,
            hits=q.hits,
        )
        carry += any(o.carry_targets for o in options)
        penalty += any(o.penalty for o in options)
    return f"{len(workload)} queries, {carry} with carry-over, {penalty} with a penalty strike"


def main() -> None:
    variant = fresh_variant()
    workload = queries(variant)
    warm_s, rates = measure(variant, workload)
    print(
        f"first pass on a fresh variant (builds the per-battleland tables): {warm_s * 1000:.1f} ms"
        f" = {len(workload) / warm_s:,.0f} queries/s"
    )
    print(
        f"strike options: median {statistics.median(rates):,.0f} queries/s, "
        f"min {min(rates):,.0f}, max {max(rates):,.0f} "
        f"({SAMPLES} samples x {ROUNDS} x {len(workload)} queries; "
        f"{describe(variant, workload)})"
    )


if __name__ == "__main__":
    main()
