"""The movement phase (rules 6.2, 7, 8): the ``normal`` player's valuation of where each
legion would stand (recruits there and next turn, the danger of being attacked), with every
attack the ``normal`` player rates highly re-judged by simulated battles (the estimate that
decides most games: a lost battle with the Titan in it loses the game, 1.1).

The defender's contents may be hidden; the battle is simulated against a few determinizations
(:func:`titan.ai.determinize.determinize`) of it, so the estimate averages over what the
legion could hold, as far as the seat can know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from titan.ai.determinize import determinize
from titan.ai.normal.estimate import members_of
from titan.ai.normal.masterboard import stake
from titan.ai.normal.movement import move_value, should_mulligan, stay_value
from titan.ai.normal.seat import Seat
from titan.ai.normal.threats import loss_chance
from titan.ai.normal.values import creature_worth, recruit_gain
from titan.ai.strong.budget import Budget, Deadline, expired
from titan.ai.strong.calibration import as_we_attack
from titan.ai.strong.engagement import Engaged, fight_value
from titan.ai.strong.field import rivals
from titan.ai.strong.safety import cornered, titan_risk
from titan.ai.strong.simulate import BattleOdds, simulate_legions, worth_of
from titan.engine.actions import Action, DoneMoving, Move, Mulligan
from titan.engine.prompts import Prompt
from titan.engine.queries.muster import MAX_LEGION, muster_options
from titan.engine.views import PlayerView
from titan.variant import TITAN, Variant

TITAN_HUNT = 0.3  # a legion this likely to hold its owner's Titan is worth a simulated look
LIKELY_WIN = 0.5
CORNER = 0.1  # a danger two moves away (safety.cornered) against one within a move: a turn
# to see it coming and perhaps a roll to escape, so a tenth


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack judged already this turn: which legion, where, from which side, holding
    what, while as many legions stand on the board (a legion removed changes the odds)."""

    legion: str
    land: int
    side: str | None
    known: tuple[str, ...]
    legions: int


@dataclass(frozen=True, slots=True)
class Judged:
    value: float  # the attack's expected worth in points
    wins: float  # the chance the attacker wins
    left: float = 0.0  # the worth of the attacker's survivors when it wins (worth_of)


class AttackJudge:
    """Simulated attack values, kept for the turn (the same attacks come up at every move)."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.values: dict[Attack, Judged] = {}

    def value(
        self,
        variant: Variant,
        view: PlayerView,
        move: Move,
        enemy: str,
        rng: random.Random,
        budget: Budget,
        deadline: Deadline | None,
    ) -> Judged | None:
        assert view.you is not None
        if self.turn != (view.turn, view.active):
            self.turn, self.values = (view.turn, view.active), {}
        legions = {lg.marker: lg for lg in view.legions}
        mine, theirs = legions[move.legion], legions[enemy]
        key = Attack(move.legion, move.land, move.side, tuple(mine.known), len(view.legions))
        if key in self.values:
            return self.values[key]
        if expired(deadline):
            return None
        e = Engaged(
            "attacker",
            tuple(mine.known),
            (),
            view.players[mine.owner].score,
            view.players[theirs.owner].score,
            rivals(view),
        )
        total = wins = left = 0.0
        draws = budget.attack_draws if not theirs.complete else 1
        trials = budget.attack_trials * budget.attack_draws // draws
        terrain = variant.masterboard.land(move.land).terrain
        for _ in range(draws):
            game = determinize(view, rng, variant)
            contents = tuple(game.state.legions[enemy].characters)
            odds: BattleOdds = simulate_legions(
                variant,
                mine.known,
                contents,
                move.land,
                move.side,
                (e.my_score, e.their_score),
                trials,
                rng,
                deadline,
            )
            if TITAN not in mine.known:
                odds = as_we_attack(odds)
            seen = Engaged(e.side, e.mine, contents, e.my_score, e.their_score, e.rivals)
            value = fight_value(variant, seen, odds)
            survivors = len(mine.known)  # a winner musters after the battle (18.1)
            if survivors < 7:
                value += odds.attacker_wins * recruit_gain(
                    variant, terrain, mine.known, view.caretaker
                )
            total += value
            wins += odds.attacker_wins
            left += odds.attacker_left  # the survivors of the battles it won, per battle
        self.values[key] = Judged(total / draws, wins / draws, left / max(wins, 1e-9))
        return self.values[key]


def choose_move(
    seat: Seat,
    prompt: Prompt,
    judge: AttackJudge,
    rng: random.Random,
    budget: Budget,
    wary: bool = True,
) -> Action:
    options = prompt.options
    if any(isinstance(o, Mulligan) for o in options) and should_mulligan(seat, prompt.roll or 0):
        return Mulligan()
    done = any(isinstance(o, DoneMoving) for o in options)
    mine = seat.mine()
    stays: dict[str, float] = {}
    scored: list[tuple[float, Move, str | None]] = []
    for o in options:
        if not isinstance(o, Move):
            continue
        if o.legion not in stays:
            stays[o.legion] = stay_value(seat, o.legion)
            if wary:
                stays[o.legion] -= _wariness(seat, o.legion, None, [])
        others = [lg.land for lg in mine if lg.marker != o.legion]
        enemy = _enemy_at(seat, o.land)
        gain = move_value(seat, o.legion, o.land, others) - stays[o.legion]
        if enemy is None and wary:
            gain -= _wariness(seat, o.legion, o.land, others)
        if o.teleport == "tower":
            gain -= 1.0  # 8.1: it shows a lord, and keeps the teleport for later otherwise
        scored.append((gain, o, enemy))
    deadline = budget.deadline()
    attacks = sorted((s for s in scored if s[2] is not None), key=lambda s: -s[0])
    chosen = attacks[: budget.attack_candidates]
    # An attack on a Titan's legion may win the game (19.3) even where the normal player's
    # estimate dismisses it: two of those are judged as well.
    chosen += [
        a for a in attacks if a not in chosen and seat.force(a[2] or "").titan_chance >= TITAN_HUNT
    ][:2]
    judged: dict[Move, float] = {}
    for _, o, enemy in chosen:
        assert enemy is not None
        j = judge.value(seat.variant, seat.view, o, enemy, rng, budget, deadline)
        if j is not None:
            # A legion in danger where it stands may escape by winning an attack, but not by
            # losing one: a likely lost attack is measured against standing still unthreatened,
            # or a doomed legion would throw itself away on a battle it cannot win, handing
            # the defender its points (16) where the threat might never have come. Not our
            # Titan's: an enemy that can slay it comes, and a cornered Titan's long-shot
            # attack may be its best chance of not losing the game (1.1, 19.3).
            titan = _risky(seat, o)
            stay = stays[o.legion] if j.wins >= LIKELY_WIN or titan else max(stays[o.legion], 0.0)
            judged[o] = j.value - stay
            if titan:
                others = [lg.land for lg in mine if lg.marker != o.legion]
                judged[o] -= _exposure(seat, o, enemy, j, others)
    best: Move | None = None
    best_gain = float("-inf")
    for gain, o, enemy in scored:
        g = judged.get(o, gain)
        if enemy is not None and o not in judged and _risky(seat, o):
            continue  # an attack with our Titan is made only on a simulated judgement
        if g > best_gain:
            best, best_gain = o, g
    if best is None or (done and best_gain <= 0.0):
        if done:
            return DoneMoving()
        return next((s[1] for s in scored), options[0])
    return best


def _exposure(seat: Seat, move: Move, enemy: str, judged: Judged, occupied: list[int]) -> float:
    """What our Titan's legion risks after winning ``move``'s attack on ``enemy``: it
    stands on the land it took until our next turn (a fifth session's nine games were lost
    this way, a Titan stack taking a land and beaten there by the next legion in). Weakened
    by the battle (the simulations' survivors), unless the defender will likely flee: one
    without a lord may (9.2), and Colossus's do from a battle they expect to lose, so our
    legion stands there whole (the simulations play every battle out)."""
    v, me = seat.variant, seat.me
    score = seat.board.scores[me]
    names = tuple(seat.legions[move.legion].known)
    lords = any(v.characters[c].is_lord for c in seat.legions[enemy].known)
    if lords or judged.wins < LIKELY_WIN:
        names = _survivors(v, names, score, judged.left)
    members = members_of(v, names, score)
    vacated = seat.legions[move.legion].land
    risk = titan_risk(v, seat.board, members, me, move.land, vacated, occupied)
    return judged.wins * risk * stake(seat, names, me)


def _survivors(
    variant: Variant, names: tuple[str, ...], score: int, left: float
) -> tuple[str, ...]:
    """The characters of ``names`` worth ``left`` in all (worth_of), the Titan kept: the
    least valuable fall first, as a simulated battle's survivors are counted by worth only."""
    kept = sorted(names, key=lambda n: worth_of(variant, (n,), score))
    while len(kept) > 1 and worth_of(variant, kept, score) > left + 1e-6:
        drop = next((n for n in kept if n != TITAN), None)
        if drop is None:
            break
        kept.remove(drop)
    return tuple(sorted(kept))


def _risky(seat: Seat, move: Move) -> bool:
    return TITAN in seat.legions[move.legion].known


def _enemy_at(seat: Seat, land: int) -> str | None:
    for lg in seat.view.legions:
        if lg.land == land and lg.owner != seat.me:
            return lg.marker
    return None


def _wariness(seat: Seat, marker: str, land: int | None, occupied: list[int]) -> float:
    """What our Titan's legion risks on ``land`` (None: where it stands) beyond what the
    ``normal`` player's valuation already counts (:mod:`titan.ai.strong.safety`), less what
    that valuation overcounts: a legion that moved musters (18.1) before any enemy can
    attack it, so it defends with its recruit (a Warlock behind a tower's walls, not the
    legion as it came). Negative where the recruit makes the land safer than it looked, and
    with several opponents wherever our count is below the ``normal`` player's: his counts
    every attack he thinks likely as made, and not all of them are (``safety.tried``)."""
    contents = tuple(seat.legions[marker].known)
    if TITAN not in contents:
        return 0.0
    legion = seat.force(marker)
    at = legion.land if land is None else land
    vacated = None if land is None else legion.land
    v, board = seat.variant, seat.board
    usual = loss_chance(v, board, legion.members, seat.me, at, vacated=vacated, occupied=occupied)
    friends = [lg.land for lg in seat.mine() if lg.marker != marker]
    enemies = [lg.land for lg in seat.view.legions if lg.owner != seat.me]
    recruit = _recruit(seat, contents, at) if land is not None else ""
    several = seat.opponents_alive() > 1
    if not recruit:
        wary = titan_risk(v, board, legion.members, seat.me, at, vacated, occupied)
        trap = cornered(v, board, legion.members, seat.me, at, friends, enemies)
        extra = wary - usual if several else max(0.0, wary - usual)
        return (extra + CORNER * trap) * stake(seat, contents, seat.me)
    worth = recruit_gain(v, seat.terrain(at), contents, seat.view.caretaker)
    after = members_of(v, tuple(sorted((*contents, recruit))), seat.board.scores[seat.me])
    wary = titan_risk(v, board, after, seat.me, at, vacated, occupied)
    if not several:
        usual_after = loss_chance(v, board, after, seat.me, at, vacated=vacated, occupied=occupied)
        wary = max(wary, usual_after)
    trap = cornered(v, board, after, seat.me, at, friends, enemies)
    return (wary - usual + CORNER * trap) * stake(seat, contents, seat.me, worth)


def _recruit(seat: Seat, contents: tuple[str, ...], land: int) -> str:
    """The most valuable character our legion could muster on ``land`` (18), given the
    caretaker's stacks (18.3); "" if none."""
    if len(contents) >= MAX_LEGION:
        return ""
    v = seat.variant
    options = muster_options(
        v, seat.terrain(land), tuple(sorted(contents)), caretaker=seat.view.caretaker
    )
    return max(options, key=lambda n: (creature_worth(v, n), n), default="")
