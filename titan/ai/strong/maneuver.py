"""Maneuvers (rules 10.1, 10.2, 11, 14, 15): one character at a time, each time the move that
most improves the whole board's evaluation, until no move improves it.

The evaluation looks one battle turn ahead with expected values:
- the strike phase that follows (ours, rangestrikes included, then their counterstrike, 13);
- their next strike phase: characters in contact stay locked (11.3) and exchange again;
- what their free characters can do next: every enemy not locked may engage the character of
  ours where that pays it best (its reach is taken from the board as it stands now);
- posture: an attacker loses everything at the time loss (10.5), so it closes in, more and more
  urgently as the turns run out; a defender closes in only when it is the stronger;
- drift (hazard chart) and, on the first turn, characters left off the board (10.1: slain).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from titan.ai.normal.battlefield import touching
from titan.ai.strong.entering import EntryCheck
from titan.ai.strong.exchange import factors, inflicted, strike_phase
from titan.ai.strong.field import Field, distances, entry_hexes, loss, worth
from titan.engine.actions import Action, Muster, Summon
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.queries.maneuver import reach
from titan.engine.queries.model import Piece, Side
from titan.variant import TITAN


@dataclass(frozen=True, slots=True)
class EvaluationWeights:
    """Weights of the evaluation's terms (tuned against the normal bot's battles)."""

    later: float = 0.7  # their next strike phase is less certain than ours
    threat: float = 0.6  # they may not engage where it pays them most
    closing: float = 1.5  # per hex, per character, for a side that must close in


WEIGHTS = EvaluationWeights()
TITAN_LAST = 50.0  # points: what entering the Titan ahead of the others costs it
UNTRIGGERED = 0.5  # how surely a summons comes while no defender has yet been slain (15.3)
TALL_TITAN_LEGION = 6  # from this height our Titan's legion can spare an angel (15.1)


@dataclass(frozen=True, slots=True)
class Pressure:
    """How hard the phasing side must press towards the enemy."""

    ratio: float  # our strength over theirs
    urgency: float  # 0 until an attacker's fourth turn, then up by a quarter a turn
    closing: float  # points per hex between a character of ours and the nearest enemy
    titan_closing: float  # the same for our Titan
    titan_care: float  # the share of our Titan's stake it still weighs (1: all of it)


def pressure(field: Field) -> Pressure:
    me, them = field.me, field.enemy()
    mine = _pieces(field, me)
    theirs = _strength(_pieces(field, them))
    ratio = _strength(mine) / max(theirs, 1e-6)
    # An attacker that has not won by the seventh turn loses everything, its Titan too
    # (10.5): from the fourth turn its Titan must join in, caring less for itself. A Titan
    # the others cannot win without is lost at the time loss whatever care it takes: it
    # presses from the start, and by the fourth turn fights as if it had nothing to lose
    # (against RationalAI a lone Titan kept away from a wounded Ogre for three turns).
    urgency, care = 0.0, 1.0
    if me == "attacker":
        urgency = max(0, field.turn - 3) / 4.0
        care = 1.0 - 0.8 * urgency
        others = [p for p in mine if p.character.name != TITAN]
        if len(others) < len(mine) and _strength(others) < theirs:  # our Titan is needed
            urgency = max(urgency, min(1.0, field.turn / 4.0))
            care = 1.0 - 0.95 * urgency
        closing = WEIGHTS.closing * (1.0 + field.turn / 3.0)
    elif ratio > 1.3:
        closing = WEIGHTS.closing
    else:
        closing = 0.0
    return Pressure(ratio, urgency, closing, closing * 4.0 * urgency, care)


def _pieces(field: Field, side: Side) -> list[Piece]:
    """The side's characters still standing, and those still to enter."""
    pieces = [p for p in field.board.values() if p.side == side and p.hits < p.power]
    return pieces + [p for p in field.offboard if p.side == side]


def _strength(pieces: Sequence[Piece]) -> float:
    return sum((p.power - p.hits) * p.skill for p in pieces)


class Evaluator:
    """Scores boards for the phasing side ``field.me``."""

    def __init__(self, field: Field) -> None:
        self.pressure = pressure(field)
        if self.pressure.titan_care < 1.0:
            stakes = dict(field.stakes)
            stakes[field.me] *= self.pressure.titan_care
            field = replace(field, stakes=stakes)
        self.field = field
        self.them = field.enemy()
        self.doors = entry_hexes(field.variant, field.land.terrain, field.entry_side, field.me)
        land = field.land
        # Where each free enemy could go next turn, from the board as it is now; those still
        # to enter come in by their side's entry hexes (10.1), a first turn's real danger.
        self.enemy_reach: dict[str, frozenset[str]] = {}
        for at, p in field.board.items():
            if p.side == self.them and p.hits < p.power:
                others = {h: q for h, q in field.board.items() if h != at}
                self.enemy_reach[at] = reach(field.variant, land, others, p, at)
        # Those coming next turn: (who, where it could end, how surely it comes).
        self.coming: list[tuple[Piece, frozenset[str], float]] = []
        doors = entry_hexes(field.variant, land.terrain, field.entry_side, self.them)
        if field.turn == 1:
            for p in field.offboard:
                if p.side == self.them:
                    ends = reach(field.variant, land, field.board, p, None, entry=doors)
                    self.coming.append((p, ends, 1.0))
        if field.summons is not None:
            # A lord the attacker may summon enters by his side and strikes at once (15.1):
            # a Titan one hex behind the line is in a flying Angel's reach (28100/068).
            surely = 1.0 if field.summon_trigger else UNTRIGGERED
            ends = reach(field.variant, land, field.board, field.summons, None, entry=doors)
            self.coming.append((field.summons, ends, surely))

    def score(self, board: dict[str, Piece], offboard: Sequence[Piece]) -> float:
        f = self.field
        me, them, stakes = f.me, self.them, f.stakes
        v, land = f.variant, f.land
        now = strike_phase(v, land, board, me, stakes, ranged=True)
        now -= strike_phase(v, land, board, them, stakes, ranged=False)
        later = strike_phase(v, land, board, me, stakes, ranged=False)
        later -= strike_phase(v, land, board, them, stakes, ranged=True)
        total = now + WEIGHTS.later * later - WEIGHTS.threat * self._threat(board)
        total -= self._drift(board)
        if f.turn == 1:
            waiting = _waiting(f, offboard)
            total -= sum(worth(p, stakes) for p in waiting)
            total -= sum(worth(p, stakes) for p in self.shut_out(board, waiting))
        mine, titan = self._distance(board)
        total -= self.pressure.closing * mine + self.pressure.titan_closing * titan
        return total

    def shut_out(self, board: dict[str, Piece], waiting: list[Piece]) -> list[Piece]:
        """Characters still to enter that could not (10.1: left off the battleland means
        slain), judged jointly: they come in one at a time, each as deep as it can go (its
        hex then blocks the ones behind it), the most valuable first, so that the ones left
        out are the cheapest the entries can spare."""
        f = self.field
        stakes = f.stakes
        order = sorted(waiting, key=lambda p: -worth(p, stakes))
        if f.land.tower and f.me == "defender":
            free = sum(1 for h in self.doors if h not in board)
            return order[free:]
        dist = distances(f.land)
        placed = dict(board)
        out = []
        for p in order:
            ends = reach(f.variant, f.land, placed, p, None, entry=self.doors)
            if not ends:
                out.append(p)
                continue
            deepest = max(ends, key=lambda h: (min(dist[h][d] for d in self.doors), h))
            placed[deepest] = p
        return out

    def _threat(self, board: dict[str, Piece]) -> float:
        """What their free characters can gain by engaging ours next turn."""
        f = self.field
        land, stakes, touch = f.land, f.stakes, touching(f.land)
        me = f.me
        locked = {
            at for at, p in board.items() if p.side == self.them and _in_contact(board, at, touch)
        }
        mine = [(at, p) for at, p in board.items() if p.side == me and p.hits < p.power]
        free: list[tuple[str | None, Piece, frozenset[str], float]] = [
            (at, e, self.enemy_reach[at], 1.0)
            for at, e in board.items()
            if e.side == self.them
            and at not in locked
            and e.hits < e.power
            and at in self.enemy_reach
        ]
        free += [(None, e, can, surely) for e, can, surely in self.coming]
        # Each free enemy engages from one vacant hex next to one of ours; a hex takes one
        # enemy (11.5): so a character flanked by friends or edges can be ganged up on by few.
        offers: list[tuple[float, int, str]] = []
        for k, (at, e, can, surely) in enumerate(free):
            for m_at, m in mine:
                for x in touch[m_at]:
                    if x not in can or (x in board and x != at):
                        continue
                    add, sn = factors(land, e.character, x, m.character, m_at)
                    gain = inflicted(m, ((e.power + add, sn),), stakes)
                    back_add, back_sn = factors(land, m.character, m_at, e.character, x)
                    back = inflicted(e, ((m.power + back_add, back_sn),), stakes)
                    if gain - 0.8 * back > 0.0:
                        offers.append((surely * (gain - 0.8 * back), k, x))
        offers.sort(key=lambda o: (-o[0], o[1], o[2]))
        used: set[int] = set()
        taken: set[str] = set()
        total = 0.0
        for value, k, x in offers:
            if k in used or x in taken:
                continue
            used.add(k)
            taken.add(x)
            total += value
        return total

    def _drift(self, board: dict[str, Piece]) -> float:
        f = self.field
        out = 0.0
        for at, p in board.items():
            if (
                p.side == f.me
                and f.land.hex(at).terrain == "drift"
                and "drift" not in p.character.natives
            ):
                out += loss(p, p.hits + 1, f.stakes) - loss(p, p.hits, f.stakes)
        return out

    def _distance(self, board: dict[str, Piece]) -> tuple[float, float]:
        """Hexes between our characters and the nearest enemy: the others' sum, the Titan's
        (counted with the others when it is alone)."""
        dist = distances(self.field.land)
        me = self.field.me
        enemies = [at for at, p in board.items() if p.side != me and p.hits < p.power]
        if not enemies:
            return 0.0, 0.0
        mine = [(at, p) for at, p in board.items() if p.side == me]
        others = titan = 0.0
        for at, p in mine:
            d = min(dist[at][e] for e in enemies) - 1
            if p.character.name == TITAN and len(mine) > 1:
                titan += d
            else:
                others += d
        return others, titan


def _in_contact(board: dict[str, Piece], at: str, touch: Mapping[str, tuple[str, ...]]) -> bool:
    side = board[at].side
    return any((q := board.get(n)) is not None and q.side != side for n in touch[at])


def choose_maneuver(
    field: Field, options: Sequence[Action], donors: Mapping[str, tuple[str, ...]] | None = None
) -> Action:
    """Newcomers first (a reinforcement, or an angel summoned when it is needed, must enter
    this phase), then the best improving move, then the end of the phase. ``donors``: our
    legions' contents, by marker (whom a summons would take an angel from, 15.1)."""
    for o in options:
        if isinstance(o, Muster):
            return o  # 14: one more defender, at no cost
    summon = _summons(field, options, donors or {})
    if summon is not None:
        return summon
    moves = [o for o in options if isinstance(o, BattleMove)]
    end = next((o for o in options if isinstance(o, EndPhase)), options[-1])
    if not moves:
        return end
    ev = Evaluator(field)
    scored = score_moves(field, ev, moves)
    base = ev.score(field.board, field.offboard)
    best = max(scored, key=lambda ms: ms[1], default=None)
    if best is not None and best[1] > base + 1e-6:
        return best[0]
    # 10.1: a character left off the battleland is slain; come in anyway.
    enter = max((ms for ms in scored if ms[0].frm is None), key=lambda ms: ms[1], default=None)
    return enter[0] if enter is not None else end


def score_moves(
    field: Field, ev: Evaluator, moves: Sequence[BattleMove]
) -> list[tuple[BattleMove, float]]:
    """Each move that goes somewhere, with the evaluation of the board after it (first in,
    first kept among equals). Moves after which one of ours could no longer enter, where all
    still can, are left out (10.1)."""
    board = field.board
    offboard = list(field.offboard)
    # The Titan enters last, behind the others, into the hexes they leave it (10.1): while
    # others wait, its entry is scored as if it still waited, less a little; it comes in
    # first only when the others would shut it out (the score counts who is shut out).
    titan_last = any(m.frm is None and m.name != TITAN for m in moves)
    by_piece: dict[tuple[str, str | None], Piece] = {}
    for m in moves:
        key = (m.name, m.frm)
        if key not in by_piece:
            by_piece[key] = _piece_of(field, m)
    entry = _entry_check(field, ev)
    out: list[tuple[BattleMove, float]] = []
    for m in moves:
        if m.frm == m.to:
            continue
        piece = by_piece[(m.name, m.frm)]
        after = dict(board)
        rest = offboard
        if m.frm is None:
            rest = list(offboard)
            rest.remove(piece)
        else:
            del after[m.frm]
        after[m.to] = piece
        if entry is not None and not entry.all_enter(after, _waiting(field, rest)):
            continue  # 10.1: it would leave one of ours off the battleland, where all fit
        s = ev.score(after, rest)
        if titan_last and m.frm is None and m.name == TITAN:
            s -= worth(piece, field.stakes) + TITAN_LAST
        out.append((m, s))
    return out


def _waiting(field: Field, offboard: Sequence[Piece]) -> list[Piece]:
    return [p for p in offboard if p.side == field.me]


def _entry_check(field: Field, ev: Evaluator) -> EntryCheck | None:
    """The first turn's check that everyone of ours can still enter (10.1), when all can now;
    None when it has nothing to guard (nobody waits, or the defender deploys in its tower, where
    one character never blocks another)."""
    waiting = _waiting(field, field.offboard)
    if field.turn != 1 or not waiting or (field.land.tower and field.me == "defender"):
        return None
    check = EntryCheck(field.variant, field.land, ev.doors)
    return check if check.all_enter(field.board, waiting) else None


def _piece_of(field: Field, move: BattleMove) -> Piece:
    if move.frm is not None:
        return field.board[move.frm]
    for p in field.offboard:
        if p.character.name == move.name and p.side == field.me:
            return p
    raise ValueError(f"no {move.name} of ours waits to enter")


def spares(offer: Summon, donors: Mapping[str, tuple[str, ...]]) -> bool:
    """15.1: whether the donor can give up its angel: any legion but our Titan's, unless that
    one is tall (the angel guards the game there)."""
    donor = donors.get(offer.donor, ())
    return TITAN not in donor or len(donor) >= TALL_TITAN_LEGION


def _summons(
    field: Field, options: Sequence[Action], donors: Mapping[str, tuple[str, ...]]
) -> Summon | None:
    """15: an angel joins only a battle not already won, and never from our Titan's legion
    unless it is tall (its angel guards the game)."""
    offers = [o for o in options if isinstance(o, Summon)]
    if not offers or pressure(field).ratio > 2.0:
        return None
    spare = [o for o in offers if spares(o, donors)]
    if not spare:
        return None
    return max(spare, key=lambda o: (o.lord == "Archangel", len(donors.get(o.donor, ())), o.donor))
