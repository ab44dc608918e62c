"""Maneuvering on a battleland (rules 10.1, 10.2, 10.4, 11, 11.1-11.6; hazard chart; errata 11.7).

``reach`` answers "where may this character end its move": a cheapest-cost search in which
entering a hex costs 1, or 2 when a hazard slows the character (11.4), and forbidden hexes and
hexsides are never entered or crossed.

Speed: everything that depends only on the battleland and on how a character moves (flight,
skill, the natives that matter for movement) is computed once per battleland and movement
profile and cached; the cached tables are immutable, so sharing them is safe. A query then only
has to account for the other characters on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from titan.engine.queries.model import Board, Piece, Side
from titan.variant import BattleHex, Battleland, Character, EntrySide, Variant

PLACEHOLDER = "Ogre"
"""An unnamed occupant in a rules query: a non-flying blocker (it only ever blocks)."""

# Natives that change how a character moves (hazard chart); the others (dune, plus any a
# variant invents) only change striking, so they stay out of the cache key.
_MOVEMENT_NATIVES = frozenset({"bramble", "drift", "sand", "bog", "volcano", "slope"})

Profile = tuple[bool, int, frozenset[str]]  # flies, skill (11.2), natives that matter
Steps = Mapping[str, tuple[tuple[str, int], ...]]  # hex -> (neighbour, cost to enter) pairs


# --- contact (11.3) ---------------------------------------------------------------------------


@cache
def _touching(land: Battleland) -> Mapping[str, tuple[str, ...]]:
    """Neighbours a character can be in contact with: all but those across a cliff (hazard
    chart CLIFF: "Adjacent characters separated by a Cliff are not in contact")."""
    return {
        label: tuple(
            n
            for n, side in zip(hx.neighbours, hx.hexsides, strict=True)
            if n is not None and (side is None or side.hazard != "cliff")
        )
        for label, hx in land.hexes.items()
    }


def contacts(land: Battleland, board: Board, hex_: str) -> tuple[str, ...]:
    """Hexes of the enemies in contact with the character on ``hex_`` (11.3, hazard chart
    CLIFF), in direction order."""
    me = board[hex_].side
    return tuple(n for n in _touching(land)[hex_] if n in board and board[n].side != me)


def in_contact(land: Battleland, board: Board, hex_: str) -> bool:
    """11.3: the character on ``hex_`` is locked in contact with at least one enemy."""
    me = board[hex_].side
    return any(n in board and board[n].side != me for n in _touching(land)[hex_])


def deploy(land: Battleland, board: Board, hexes: Iterable[str]) -> frozenset[str]:
    """10.2: in the Tower the defender places its characters on the vacant deployment hexes
    inside the walls, in lieu of its first maneuver: no movement costs apply."""
    return frozenset(h for h in hexes if h not in board)


# --- hazards (11.4, 11.5, hazard chart, errata 11.7) ------------------------------------------


@cache
def _profile(ch: Character) -> Profile:
    return (ch.flies, ch.skill, ch.natives & _MOVEMENT_NATIVES)


def _hex_slows(flies: bool, natives: frozenset[str], hx: BattleHex) -> bool:
    """Hazard chart: bramble and drift slow non-natives, flyers included when they land (11.4);
    sand slows only non-flying non-natives (errata 11.7: Lions and Rangers enter sand at 1)."""
    t = hx.terrain
    if t in ("bramble", "drift"):
        return t not in natives
    if t == "sand":
        return not flies and t not in natives
    return False


def _may_end_on(natives: frozenset[str], hx: BattleHex) -> bool:
    """Hazard chart: nobody ends on a tree; bog only for its natives (a flying non-native may
    not land there); the volcano only for Dragons, its only natives (errata 2.2)."""
    t = hx.terrain
    if t == "tree":
        return False
    if t in ("bog", "volcano"):
        return t in natives
    return True


def _may_walk_into(natives: frozenset[str], hx: BattleHex) -> bool:
    """A non-flyer may enter a hex only where it may also stand: trees, non-native bogs and
    the volcano (non-Dragons) forbid entry (hazard chart TREE, BOG, VOLCANO)."""
    return _may_end_on(natives, hx)


def _may_fly_over(natives: frozenset[str], hx: BattleHex) -> bool:
    """11.4: a flyer ignores every hazard until it lands, except the volcano, which only
    Dragons may enter or cross."""
    return hx.terrain != "volcano" or "volcano" in natives


def _walk_step(natives: frozenset[str], frm: BattleHex, d: int, to: BattleHex) -> int | None:
    """Cost for a non-flyer to step from ``frm`` across its side ``d`` into ``to`` (11.4), or
    None if it may not. Leaving a hex costs nothing (11.4); the hexside is judged as crossed
    into ``to``: going up means ``to`` is the hexside's top, i.e. ``frm`` is not."""
    if not _may_walk_into(natives, to):
        return None
    slowed = _hex_slows(False, natives, to)
    side = frm.hexsides[d]
    if side is not None:
        if side.hazard == "cliff":
            return None  # hazard chart CLIFF: non-flyers never cross, up or down
        going_up = not side.top
        if going_up and side.hazard == "slope" and "slope" not in natives:
            slowed = True  # hazard chart SLOPE
        if going_up and side.hazard == "wall":
            slowed = True  # hazard chart WALL: no natives
        # DUNE: no effect on movement (hazard chart).
    return 2 if slowed else 1


def _walk_entry(natives: frozenset[str], hx: BattleHex) -> int | None:
    """11.1: entering from off the board, the entry hex counts against movement, with its own
    hazard cost (11.4); no hexside is crossed, so only the hex's terrain matters."""
    if not _may_walk_into(natives, hx):
        return None
    return 2 if _hex_slows(False, natives, hx) else 1


# --- per-battleland tables ----------------------------------------------------------------------


@cache
def _walk_steps(land: Battleland, natives: frozenset[str]) -> Steps:
    out: dict[str, tuple[tuple[str, int], ...]] = {}
    for label, hx in land.hexes.items():
        steps = []
        for d, n in enumerate(hx.neighbours):
            if n is not None:
                cost = _walk_step(natives, hx, d, land.hex(n))
                if cost is not None:
                    steps.append((n, cost))
        out[label] = tuple(steps)
    return out


@cache
def _flight_steps(land: Battleland, natives: frozenset[str]) -> Mapping[str, Mapping[str, int]]:
    """Hexes flown through from each hex to each other, avoiding the volcano unless a Dragon
    (11.4); characters are flown over (11.5), so this ignores the board."""
    out: dict[str, dict[str, int]] = {}
    for source in land.hexes:
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for here in frontier:
                for n in land.hex(here).neighbours:
                    if n is not None and n not in dist and _may_fly_over(natives, land.hex(n)):
                        dist[n] = dist[here] + 1
                        nxt.append(n)
            frontier = nxt
        out[source] = dist
    return out


def _cheapest(
    steps: Steps, seeds: Mapping[str, int], allowance: int, blocked: Board | frozenset[str]
) -> dict[str, int]:
    """Cheapest walk to every hex within ``allowance``, from hexes already paid for. Step costs
    are 1 or 2 and the allowance small, so a bucket per cost replaces a heap."""
    best = {h: c for h, c in seeds.items() if c <= allowance}  # 11.4: no two points, no entry
    buckets: list[list[str]] = [[] for _ in range(allowance + 1)]
    for h, c in best.items():
        buckets[c].append(h)
    for spent in range(allowance + 1):
        for here in buckets[spent]:
            if best[here] != spent:
                continue
            for n, step in steps[here]:
                total = spent + step
                if total <= allowance and total < best.get(n, allowance + 1) and n not in blocked:
                    best[n] = total  # 11.5: a non-flyer never enters an occupied hex
                    buckets[total].append(n)
    return best


_NOBODY: frozenset[str] = frozenset()


@cache
def _open_walk(land: Battleland, profile: Profile, origin: str | tuple[str, ...]) -> frozenset[str]:
    """Where a walker may end on an empty battleland, from a hex (or entering through the
    hexes of ``origin``). Every hex of a walk within the allowance is itself in this set."""
    _, skill, natives = profile
    seeds = _walk_seeds(land, natives, origin)
    return frozenset(_cheapest(_walk_steps(land, natives), seeds, skill, _NOBODY))


def _walk_seeds(
    land: Battleland, natives: frozenset[str], origin: str | tuple[str, ...]
) -> dict[str, int]:
    if isinstance(origin, str):
        return {origin: 0}
    seeds: dict[str, int] = {}
    for e in origin:
        cost = _walk_entry(natives, land.hex(e))
        if cost is not None:
            seeds[e] = min(cost, seeds.get(e, cost))
    return seeds


@cache
def _flight(
    land: Battleland, profile: Profile, origin: str | tuple[str, ...]
) -> tuple[tuple[str, ...], frozenset[str]]:
    """Where a flyer may land ignoring the other characters (11.4, 11.5): hexes flown through,
    plus one more when the landing hex slows it, within its skill. Returns the landing hexes
    (its own hex omitted) and, for the empty battleland, the whole answer (its own included)."""
    _, skill, natives = profile
    table = _flight_steps(land, natives)
    if isinstance(origin, str):
        dist = dict(table[origin])
        del dist[origin]
    else:
        # 11.1: the first hex is an entry hex and counts; the flyer may pass over it.
        dist = {}
        for e in origin:
            if _may_fly_over(natives, land.hex(e)):
                for h, n in table[e].items():
                    dist[h] = min(dist.get(h, n + 1), n + 1)
    out: list[str] = []
    for h, flown in dist.items():
        hx = land.hex(h)
        if _may_end_on(natives, hx):
            cost = flown + (1 if _hex_slows(True, natives, hx) else 0)
            if cost <= skill:
                out.append(h)
    landing = tuple(sorted(out))
    return landing, frozenset(landing if isinstance(origin, tuple) else (origin, *landing))


# --- the maneuver -----------------------------------------------------------------------------


def reach(
    variant: Variant,
    land: Battleland,
    board: Board,
    piece: Piece,
    start: str | None,
    *,
    entry: Sequence[str] = (),
) -> frozenset[str]:
    """The hexes where ``piece`` may end this maneuver phase.

    ``board`` holds the other characters; the piece itself may also be on it at ``start``.
    With ``start`` given, ``start`` is always included (not moving is allowed, 11.2). With
    ``start=None`` the piece enters the battleland through one of the ``entry`` hexes, which
    counts against its movement (11.1).

    11.3: a character in contact with an enemy at the start of the maneuver phase may not
    move; this function reads contact from ``board`` as given, so the caller must pass the
    board as it stood when the phase began (or accept the current one).

    A flyer's reach is its flight's: flying is never dearer than walking the same hexes (each
    hex costs 1 either way, and only the landing hex can slow a flyer, by no more than it
    slows a walker: sand slows walkers only, errata 11.7), flight crosses every hex and
    hexside a walk could, and it may land wherever a walk could end. So a flyer never gains
    by walking, and ``reach`` does not model it.
    """
    del variant  # the battleland and the piece carry everything the movement rules need
    others = board
    if start is not None and start in board:
        others = {h: p for h, p in board.items() if h != start}
    if start is not None and others:
        me = piece.side
        if any(n in others and others[n].side != me for n in _touching(land)[start]):
            return frozenset((start,))  # 11.3: locked in contact
    profile = _profile(piece.character)
    origin: str | tuple[str, ...] = start if start is not None else tuple(entry)
    if piece.character.flies:
        landing, alone = _flight(land, profile, origin)
        if not others:
            return alone
        found = [h for h in landing if h not in others]
        return frozenset(found if start is None else [start, *found])
    alone = _open_walk(land, profile, origin)
    if not others or others.keys().isdisjoint(alone):
        # Every hex a walk could pass within its allowance is vacant: nobody blocks anything.
        return alone
    _, skill, natives = profile
    seeds = {h: c for h, c in _walk_seeds(land, natives, origin).items() if h not in others}
    return frozenset(_cheapest(_walk_steps(land, natives), seeds, skill, others))


# --- the rules query (DESIGN.md "Rules queries") ----------------------------------------------


def _pieces(
    variant: Variant, side: Side, occupants: Mapping[str, str] | Iterable[str], titan_power: int
) -> dict[str, Piece]:
    named = occupants if isinstance(occupants, Mapping) else dict.fromkeys(occupants, PLACEHOLDER)
    return {h: _piece(variant, name, side, titan_power) for h, name in named.items()}


def _piece(variant: Variant, name: str, side: Side, titan_power: int) -> Piece:
    ch = variant.characters[name]
    return Piece(ch, side, titan_power if name == "Titan" else ch.power)


def battle_reach(
    variant: Variant,
    terrain: str,
    creature: str,
    start: str | None,
    *,
    friends: Mapping[str, str] | Iterable[str] = (),
    enemies: Mapping[str, str] | Iterable[str] = (),
    entry_side: EntrySide | None = None,
    defender: bool = False,
    titan_power: int = 6,
) -> frozenset[str]:
    """Rules query: the hexes where one ``creature`` may end its maneuver on the battleland of
    ``terrain``, with ``friends`` / ``enemies`` (hex -> character name, or bare hex labels,
    taken as non-flying blockers) as the other characters.

    ``start=None``: entering in the first maneuver phase (11.1), through the attacker's side
    ``entry_side`` (10.1; after a Titan teleport, any of the three, 10.4) or, with
    ``defender=True``, through the defender's side opposite it (10.1). In the Tower the
    attacker always enters on A1-D1 whatever ``entry_side`` says (10.2, errata 10.4) and the
    defender deploys inside the walls (10.2).
    """
    land = variant.battlelands[terrain]
    side: Side = "defender" if defender else "attacker"
    other: Side = "attacker" if defender else "defender"
    board = {
        **_pieces(variant, side, friends, titan_power),
        **_pieces(variant, other, enemies, titan_power),
    }
    piece = _piece(variant, creature, side, titan_power)
    if start is not None:
        return reach(variant, land, board, piece, start)
    e = variant.entry
    if land.tower:
        if defender:
            return deploy(land, board, e.tower_defender_deploys)
        return reach(variant, land, board, piece, None, entry=e.tower_attacker)
    if entry_side is None:
        raise ValueError("entering a battleland needs the attacker's entry_side (10.1)")
    sides = e.defender if defender else e.attacker
    return reach(variant, land, board, piece, None, entry=sides[entry_side])
