"""Which enemy legions can reach a land next turn, and what that costs the legion there.

Masterboard paths depend only on the board (7.2-7.5), so for a pair of lands the routes from
one into the other are worked out once per roll and kept as the sets of lands crossed before
entering it; whether a legion can come is then only whether some route avoids every land where
it would have to stop first (entering another player's legion ends a move, 6.2, 7.1). One die
serves all of a player's legions (6.2), so a player threatens a land with the rolls for which
any of its legions can come and would win there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import cache, lru_cache

from titan.ai.normal.estimate import BoardEstimate, Force, Member
from titan.ai.normal.outlook import battle_outlook
from titan.engine.queries.movement import MAX_ROLL, paths
from titan.engine.queries.teleport import land_distances
from titan.variant import TITAN, Variant

TITAN_TELEPORT_SCORE = 400  # 8.2 (Titan power 10 comes with it, 19.1)
WORTH_ATTACKING = 0.35  # below this chance of winning an attack is not expected (it rarely pays)


@cache
def approaches(variant: Variant, frm: int, target: int) -> tuple[tuple[frozenset[int], ...], ...]:
    """Per roll 1..6, the minimal sets of lands a legion on ``frm`` crosses before entering
    ``target`` on some path of that roll (a legion entering an enemy's land stops there)."""
    if land_distances(variant, frm).get(target, MAX_ROLL + 1) > MAX_ROLL:
        return ((),) * MAX_ROLL
    out: list[tuple[frozenset[int], ...]] = []
    for roll in range(1, MAX_ROLL + 1):
        found: set[frozenset[int]] = set()
        for path in paths(variant, frm, roll):
            for k, (land, _) in enumerate(path):
                if land == target:
                    found.add(frozenset(step for step, _ in path[:k]))
                    break
        minimal = [s for s in found if not any(o < s for o in found)]
        out.append(tuple(sorted(minimal, key=sorted)))
    return tuple(out)


def reach_rolls(
    variant: Variant, frm: int, target: int, blockers: Collection[int]
) -> tuple[int, ...]:
    """The rolls with which a legion on ``frm`` can enter ``target``, stopping on none of
    ``blockers`` (lands of other players' legions) first."""
    if frm == target:
        return ()
    out = []
    for roll, routes in enumerate(approaches(variant, frm, target), start=1):
        if any(route.isdisjoint(blockers) for route in routes):
            out.append(roll)
    return tuple(out)


@lru_cache(maxsize=200_000)
def attack_chance(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> float:
    """The attacker's chance, if it would attack at all."""
    a = sum(m.power * m.skill for m in attacker)
    d = sum(m.power * m.skill for m in defender)
    if a < 0.5 * d:
        return 0.0  # hopeless: spare the estimate
    p = battle_outlook(variant, attacker, defender, terrain).attacker_wins
    return p if p >= WORTH_ATTACKING else 0.0


Chance = Callable[[Variant, tuple[Member, ...], tuple[Member, ...], str], float]
Tried = Callable[[float], float]  # the chance an attack that would win with chance p is made


def always_made(p: float) -> float:
    """Every attack counted is made (the default count)."""
    return 1.0


def loss_chance(
    variant: Variant,
    board: BoardEstimate,
    members: tuple[Member, ...],
    owner: int,
    land: int,
    vacated: int | None = None,
    occupied: Sequence[int] = (),
    chance: Chance = attack_chance,
    chained: bool = False,
    tried: Tried = always_made,
) -> float:
    """The chance that a legion of ``owner`` holding ``members`` on ``land`` is attacked and
    beaten before its owner's next turn, each other player rolling once (6.2). ``chance``: an
    attacker's chance of winning, 0 for an attack it would not make (:func:`attack_chance`).

    ``chained``: with several opponents, a legion that beats off one attacker stands weaker
    (its slain stay slain) when the next player moves, and may be worth his attack now: the
    opponents are taken in turn, each one's attacks against what the ones before would have
    left (four-player games against Colossus lost Titans this way, two players' legions
    attacking the same land in one round).

    ``tried``: how likely an attack that ``chance`` counts is to be made at all, by its chance
    of winning (an opponent may leave a fair attack for a better move); unmade, it leaves the
    legion whole."""
    terrain = variant.masterboard.land(land).terrain
    threats = [
        _Threat(variant, board, player, forces, land, vacated, occupied)
        for player, forces in _by_player(board, owner, chained).items()
    ]
    if chained and len(threats) > 1:
        return 1.0 - _survival(variant, threats, members, terrain, chance, tried)
    survive = 1.0
    for threat in threats:
        best = threat.best(members, terrain, chance)
        survive *= 1.0 - sum(tried(p) * p for p, _ in best if p > 0.0) / MAX_ROLL
    return 1.0 - survive


def chances_by_roll(
    variant: Variant,
    board: BoardEstimate,
    player: int,
    members: tuple[Member, ...],
    land: int,
    chance: Chance = attack_chance,
) -> list[float]:
    """Per movement roll 1..6 of ``player`` (6.2), the best chance among his attacks on a
    legion holding ``members`` on ``land`` that the roll allows, a Titan teleport on a 6
    (8.2) among them: what :func:`loss_chance` counts of him, roll by roll, unchained (with
    ``chained``, a later opponent's chances are taken against what the earlier ones left)."""
    threat = _Threat(variant, board, player, board.of(player), land, None, [])
    terrain = variant.masterboard.land(land).terrain
    return [p for p, _ in threat.best(members, terrain, chance)]


def _by_player(board: BoardEstimate, owner: int, in_turn: bool) -> dict[int, list[Force]]:
    """The other living players' legions; ``in_turn``: in order of play after ``owner``
    (5.1), else as they come."""
    out: dict[int, list[Force]] = {}
    for f in board.forces.values():
        if f.owner != owner and board.alive[f.owner]:
            out.setdefault(f.owner, []).append(f)
    if not in_turn:
        return out
    order = list(board.order) or list(range(len(board.alive)))
    at = order.index(owner) if owner in order else 0
    after = order[at + 1 :] + order[:at]
    return {p: out[p] for p in sorted(out, key=lambda p: after.index(p) if p in after else 99)}


class _Threat:
    """One opponent's legions that can reach the land, by the rolls that bring them (6.2)."""

    def __init__(
        self,
        variant: Variant,
        board: BoardEstimate,
        player: int,
        forces: list[Force],
        land: int,
        vacated: int | None,
        occupied: Sequence[int],
    ) -> None:
        blockers = {
            f.land for f in board.forces.values() if f.owner != player and f.land != vacated
        }
        blockers.update(occupied)
        blockers.discard(land)
        self.variant = variant
        self.reaching = [
            (f, rolls) for f in forces if (rolls := reach_rolls(variant, f.land, land, blockers))
        ]
        # 8.2: the Titan comes on a 6, from whichever legion holds it.
        self.teleporters = (
            [f for f in forces if f.titan_chance > 0]
            if board.scores[player] >= TITAN_TELEPORT_SCORE
            else []
        )

    def best(
        self, members: tuple[Member, ...], terrain: str, chance: Chance
    ) -> list[tuple[float, tuple[Member, ...]]]:
        """Per roll 1..6, the best chance of the attacks that roll allows, and its attacker."""
        best: list[tuple[float, tuple[Member, ...]]] = [(0.0, ())] * MAX_ROLL
        for f, rolls in self.reaching:
            p = chance(self.variant, f.members, members, terrain)
            for r in rolls:
                if p > best[r - 1][0]:
                    best[r - 1] = (p, f.members)
        if self.teleporters:
            # One of his legions holds the Titan: where we cannot tell which, the chances
            # that each holds it and wins add up (the largest alone took a Titan spread over
            # five unseen legions for a third of a Titan, and RationalAI's came, 15 of 52
            # Titans lost in the fifth session's games).
            each = [
                (f.titan_chance * chance(self.variant, f.members, members, terrain), f.members)
                for f in self.teleporters
            ]
            p = min(1.0, sum(q for q, _ in each))
            if p > best[MAX_ROLL - 1][0]:
                best[MAX_ROLL - 1] = (p, max(each, key=lambda e: e[0])[1])
        return best


def _survival(
    variant: Variant,
    threats: list[_Threat],
    members: tuple[Member, ...],
    terrain: str,
    chance: Chance,
    tried: Tried,
) -> float:
    """The chance that ``members`` outlast every opponent's turn, each one attacking (when
    ``tried``) what the ones before left of them."""
    memo: dict[tuple[int, tuple[Member, ...]], float] = {}

    def outlast(i: int, now: tuple[Member, ...]) -> float:
        if i == len(threats):
            return 1.0
        key = (i, now)
        if key not in memo:
            total = 0.0
            for p, attacker in threats[i].best(now, terrain, chance):
                if p == 0.0:
                    total += outlast(i + 1, now)
                    continue
                made = tried(p)
                left = _beaten_off(variant, attacker, now, terrain)
                total += made * (1.0 - p) * outlast(i + 1, left)
                if made < 1.0:
                    total += (1.0 - made) * outlast(i + 1, now)
            memo[key] = total / MAX_ROLL
        return memo[key]

    return outlast(0, members)


def _beaten_off(
    variant: Variant, attacker: tuple[Member, ...], defender: tuple[Member, ...], terrain: str
) -> tuple[Member, ...]:
    """What is left of ``defender`` after beating off ``attacker``: the characters the
    estimate expects it to lose, its Titan aside (it won, so its Titan lives, 19.3)."""
    lost = list(battle_outlook(variant, attacker, defender, terrain).defender_losses)
    left: list[Member] = []
    for m in defender:
        if m.name in lost and m.name != TITAN:
            lost.remove(m.name)
        else:
            left.append(m)
    return tuple(left)
