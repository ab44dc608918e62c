"""Where ``strong`` loses against Colossus: the games of ``bench.colossus`` protocol logs
that it did not win, each by the engagement that ended it, and the engagements of all games.

Reads the logs alone (no replay, no simulation). For each game not won, the last engagement:
who attacked; for our attacks, whether the battle was lost, lost on time (10.5: the attacker
eliminated at the end of the seventh battle turn, no points) or ended in a mutual
elimination; for Colossus's attacks on our Titan's legion, whether the attacker came by a
Titan teleport (8.2), and the attack's chance by ``normal``'s outlook
(:func:`titan.ai.normal.outlook.battle_outlook`, the scores of that moment), in the bands
that :mod:`titan.ai.strong.safety` treats differently (it counts no attack below ``WARY``).
Then every engagement of every game, by who attacked and how it ended. Only engagements
with one of our legions count: with more than two players, Colossus's players fight each
other too, and play on after we are out. Last, for games of more than two players, where
they ended for us: out with how many opponents still in, or won; and when the games not won
ended, by round, the attacks that took our Titan's legion apart by whether it had survived one
just before.

Run: ``.venv/bin/python -m bench.colossus_losses LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.colossus import NAME as OURS  # our seat's name in its games
from bench.colossus import logs_parser, protocol_logs
from titan.ai.normal.estimate import members_of
from titan.ai.normal.outlook import battle_outlook
from titan.ai.strong.safety import WARY
from titan.colossus import messages as m
from titan.colossus.connect import OUT
from titan.colossus.transcript import read
from titan.variant import TITAN, Variant, load

TIME_LOSS_TURN = 8  # Colossus reports a time loss as a fight won with no points at turn 8
READ = (
    "setupTurnState",
    "updateChangedValues",
    "tellEngagement",
    "revealEngagedCreatures",
    "tellEngagementResults",
    "didMove",
    "tellGameOver",
)


@dataclass(slots=True)
class Engagement:
    turn: int
    land: int
    attacker: str
    defender: str
    ours_attacked: bool
    scores: tuple[int, int]  # ours, theirs at its start
    contents: dict[str, tuple[str, ...]] = field(default_factory=dict)
    teleported: bool = False  # the attacker came by a Titan teleport (8.2)
    winner: str | None = None
    how: str = ""
    points: int = 0
    battle_turns: int = 0
    over: bool = False


@dataclass(slots=True)
class Game:
    name: str
    result: str | None = None  # tellGameOver's message; None: not played to the end
    engagements: list[Engagement] = field(default_factory=list)
    players: int = 0  # players in the game
    left_when_out: int | None = None  # opponents still in when our Titan fell


def read_game(path: Path) -> Game:
    game = Game(path.name)
    turn = 0
    ours: str | None = None  # our markers' colour prefix
    scores: dict[str, int] = {}
    teleports: dict[tuple[str, int], bool] = {}  # (marker, land) -> by Titan teleport
    current: Engagement | None = None
    out = False  # our Titan slain (the seat leaves a game of more players then)
    dead: set[str] = set()
    for entry in read(path):
        if not entry.to_client or not entry.text.startswith(READ):
            continue
        msg = entry.parse()
        if isinstance(msg, m.SetupTurnState):
            turn = msg.turn
        elif isinstance(msg, m.UpdateChangedValues):
            v = msg.values
            scores[v.name] = v.score
            if ours is None and v.name == OURS and v.markers:
                # Our colour, from our markers before we take any (a player who eliminates
                # another takes his markers, 4.2, 19.4, and Colossus lists them first).
                ours = v.markers[0][:2]
            if v.dead and v.name not in dead:
                dead.add(v.name)
                if v.name == OURS:
                    game.left_when_out = len(scores) - len(dead)
            out = out or (v.name == OURS and v.dead)
        elif isinstance(msg, m.DidMove):
            teleports[(msg.marker, msg.end)] = msg.teleport and msg.lord == TITAN
        elif isinstance(msg, m.TellEngagement):
            ours_attacked = ours is not None and msg.attacker.startswith(ours)
            if not ours_attacked and not (ours is not None and msg.defender.startswith(ours)):
                current = None  # two of Colossus's players (more than two players)
                continue
            theirs = max((s for n, s in scores.items() if n != OURS), default=0)
            current = Engagement(
                turn,
                msg.hex,
                msg.attacker,
                msg.defender,
                ours_attacked,
                (scores.get(OURS, 0), theirs),
                teleported=teleports.get((msg.attacker, msg.hex), False),
            )
            game.engagements.append(current)
        elif isinstance(msg, m.RevealEngagedCreatures) and current is not None:
            current.contents[msg.marker] = msg.creatures
        elif isinstance(msg, m.TellEngagementResults) and current is not None:
            current.winner, current.how = msg.winner, msg.how
            current.points, current.battle_turns, current.over = msg.points, msg.turns, True
            current = None
        elif isinstance(msg, m.TellGameOver):
            game.result = msg.message
    if game.result is None and out:
        game.result = OUT.format(name=OURS)  # left once out (bench.colossus, 3+ players)
    game.players = len(scores)
    return game


def outcome(e: Engagement) -> str:
    """How the engagement ended for us."""
    if e.winner is None:
        return "both eliminated"
    won = (e.winner == e.attacker) == e.ours_attacked
    if not won and e.ours_attacked and e.points == 0 and e.battle_turns >= TIME_LOSS_TURN:
        return "we lost on time"
    return ("we won" if won else "we lost") + ("" if e.how == "fight" else f" ({e.how})")


def how_it_ended(variant: Variant, e: Engagement) -> str:
    """The category of a lost game's last engagement."""
    if e.ours_attacked:
        return f"our attack, {outcome(e)}"
    mine = e.contents.get(e.defender, ())
    if TITAN not in mine:
        return f"their attack on a legion without our Titan, {outcome(e)}"
    if e.teleported:
        return f"their Titan teleported onto our Titan, {outcome(e)}"
    theirs = e.contents.get(e.attacker, ())
    land = variant.masterboard.land(e.land)
    chance = battle_outlook(
        variant,
        members_of(variant, theirs, e.scores[1]),
        members_of(variant, mine, e.scores[0]),
        land.terrain,
    ).attacker_wins
    band = "under WARY" if chance < WARY else "0.8 or more" if chance >= 0.8 else "in between"
    return f"their attack on our Titan, outlook {band}, {outcome(e)}"


def report(variant: Variant, games: list[Game]) -> list[str]:
    done = [g for g in games if g.result is not None]
    lost = [g for g in done if g.result != f"{OURS} wins" and g.engagements]
    lines = [f"{len(games)} games, {len(done)} to the end, {len(lost)} not won:"]
    endings = Counter(how_it_ended(variant, g.engagements[-1]) for g in lost)
    lines += [f"  {n:4d}  {what}" for what, n in endings.most_common()]
    lines.append("every engagement:")
    kinds = Counter(
        ("we attacked" if e.ours_attacked else "they attacked", outcome(e))
        for g in games
        for e in g.engagements
        if e.over
    )
    lines += [f"  {n:4d}  {who}, {how}" for (who, how), n in sorted(kinds.items())]
    lines += stages(done)
    lines += rounds(done)
    return lines


def stages(done: list[Game]) -> list[str]:
    """Where the games of more than two players ended for us: out with how many opponents
    still in, or won (a draw, or a loss with our Titan standing, apart)."""
    many = [g for g in done if g.players > 2]
    if not many:
        return []
    ends: Counter[str] = Counter()
    for g in many:
        if g.result == f"{OURS} wins":
            ends["won"] += 1
        elif g.left_when_out is not None:
            ends[f"out, {g.left_when_out} of the others still in"] += 1
        else:
            ends["not won, our Titan standing"] += 1
    lines = [f"where the {len(many)} games of more than two players ended for us:"]
    lines += [f"  {n:4d}  {what}" for what, n in sorted(ends.items())]
    return lines


BANDS = ("before round 10", "rounds 10 to 19", "round 20 or later")


def band(turn: int) -> str:
    return BANDS[0] if turn < 10 else BANDS[1] if turn < 20 else BANDS[2]


def rounds(done: list[Game]) -> list[str]:
    """When the games of more than two players that we did not win ended for us, by the round
    of their last engagement; and of those ended by an attack on our Titan's legion, how many
    came after one it survived in that round or the one before (worn down, then taken: with
    several opponents the next player's legion may come before our turn)."""
    lost = [g for g in done if g.players > 2 and g.result != f"{OURS} wins" and g.engagements]
    if not lost:
        return []
    when: Counter[str] = Counter(band(g.engagements[-1].turn) for g in lost)
    worn: Counter[str] = Counter()
    for g in lost:
        last = g.engagements[-1]
        if not _on_our_titan(last):
            continue
        survived = any(
            e.turn >= last.turn - 1 and _on_our_titan(e) and e.over for e in g.engagements[:-1]
        )
        worn["after one it survived then or a round before" if survived else "the first"] += 1
    lines = [f"when the {len(lost)} games of more than two players not won ended for us:"]
    lines += [f"  {when[b]:4d}  {b}" for b in BANDS if when[b]]
    lines += [f"  {n:4d}  their attack on our Titan, {what}" for what, n in sorted(worn.items())]
    return lines


def _on_our_titan(e: Engagement) -> bool:
    return not e.ours_attacked and TITAN in e.contents.get(e.defender, ())


def main(argv: list[str] | None = None) -> int:
    parser = logs_parser("bench.colossus_losses", __doc__)
    args = parser.parse_args(argv)
    variant = load("default")
    for folder in args.logs:
        games = [read_game(p) for p in protocol_logs([folder])]
        print(folder)
        print("\n".join(report(variant, games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
