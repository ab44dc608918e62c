"""What the Colossus server has said about the game, and the check that our mirror agrees.

:class:`ServerView` keeps only what the server's messages state outright: where each legion
is, how tall, what is in it when shown, each player's score and the caretaker's counts. It
knows no rules. :func:`compare` holds the mirror's engine state against it after every
message; a disagreement is a :class:`Desync` naming the protocol line, our state and the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from titan.colossus import messages as m
from titan.colossus.codec import Message
from titan.colossus.names import Markers
from titan.engine.game import Game

# revealCreatures reasons that show a whole legion (others show only some of its characters)
WHOLE = {"Initial", "Split", "Engaged", "BattleStarts", "Winner", "Fled", "Concession"}


class Desync(Exception):
    """The mirror disagrees with the server: stop, and say where, what and by which rule."""

    def __init__(self, line: str, state: str, rule: str, detail: str) -> None:
        self.line = line
        self.state = state
        self.rule = rule
        self.detail = detail
        super().__init__(f"desync at {line!r} (rule {rule}): {detail}\nour state:\n{state}")


@dataclass
class Shown:
    """One legion as the server showed it (Colossus's marker)."""

    land: int | None = None
    height: int = 0
    contents: Counter[str] | None = None  # None: not (wholly) shown since it last changed


@dataclass
class ServerView:
    legions: dict[str, Shown] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)  # caretaker's stacks
    dead: dict[str, int] = field(default_factory=dict)  # Colossus's dead pile
    engaged: set[str] = field(default_factory=set)  # legions in the engagement under way

    def note(self, msg: Message) -> None:
        """Take in what one message states."""
        if isinstance(msg, m.TellLegionLocation):
            self._legion(msg.marker).land = msg.hex
        elif isinstance(msg, m.RevealCreatures | m.RevealEngagedCreatures):
            if msg.reason in WHOLE:
                lg = self._legion(msg.marker)
                lg.contents = Counter(msg.creatures)
                lg.height = len(msg.creatures)
        elif isinstance(msg, m.DidSplit):
            parent = self._legion(msg.parent)
            parent.height -= msg.height
            parent.contents = _less(parent.contents, msg.creatures)
            self.legions[msg.child] = Shown(
                msg.hex, msg.height, Counter(msg.creatures) if msg.creatures else None
            )
        elif isinstance(msg, m.UndidSplit):
            child = self.legions.pop(msg.child, Shown())
            parent = self._legion(msg.parent)
            parent.height += child.height
            if parent.contents is not None and child.contents is not None:
                parent.contents = parent.contents + child.contents
            else:
                parent.contents = None
        elif isinstance(msg, m.DidMove):
            self._legion(msg.marker).land = msg.end
        elif isinstance(msg, m.DidRecruit):
            lg = self._legion(msg.marker)
            lg.height += 1
            if lg.contents is not None:
                lg.contents[msg.recruit] += 1
        elif isinstance(msg, m.AddCreature):
            lg = self._legion(msg.marker)
            lg.height += 1
            if lg.contents is not None:
                lg.contents[msg.creature] += 1
        elif isinstance(msg, m.RemoveCreature):
            lg = self._legion(msg.marker)
            lg.height -= 1
            lg.contents = _less(lg.contents, (msg.creature,))
            if lg.height <= 0:  # its last character summoned away (15.1): no legion is left
                self.legions.pop(msg.marker, None)
        elif isinstance(msg, m.RemoveLegion):
            self.legions.pop(msg.marker, None)
        elif isinstance(msg, m.UpdateChangedValues):
            self.scores[msg.values.name] = msg.values.score
        elif isinstance(msg, m.UpdatePlayerInfo):
            self.scores.update({p.name: p.score for p in msg.players})
        elif isinstance(msg, m.UpdateCreatureCount):
            self.counts[msg.creature] = msg.left
            self.dead[msg.creature] = msg.dead
        elif isinstance(msg, m.TellEngagement):
            self.engaged = {msg.attacker, msg.defender}
        elif isinstance(msg, m.TellEngagementResults):
            self.engaged = set()

    def _legion(self, marker: str) -> Shown:
        return self.legions.setdefault(marker, Shown())


def _less(contents: Counter[str] | None, gone: tuple[str, ...]) -> Counter[str] | None:
    if contents is None or not gone:
        return None
    left = contents.copy()
    left.subtract(gone)
    return left if all(n >= 0 for n in left.values()) else None


def compare(view: ServerView, game: Game, markers: Markers, line: str, *, settled: bool) -> None:
    """Raise :class:`Desync` where the engine disagrees with what the server has shown.
    Legions in a battle under way are compared once it is over (the server reports its
    deaths only then); scores and the caretaker's counts at the server's commit points
    (``settled``), since it announces them before the events that cause them."""
    state = game.state

    def fail(rule: str, detail: str) -> Desync:
        return Desync(line, describe(game, markers), rule, detail)

    ours_shown = set()
    for marker, shown in view.legions.items():
        ours = markers.ours(marker)
        ours_shown.add(ours)
        if marker in view.engaged or shown.land is None:
            continue
        legion = state.legions.get(ours)
        if legion is None:
            raise fail("4.2", f"the server has legion {marker} at {shown.land}; we have none")
        if legion.land != shown.land:
            raise fail("7", f"{marker} is on {shown.land} for the server, on {legion.land} for us")
        if len(legion.characters) != shown.height:
            raise fail(
                "4.1", f"{marker} is {shown.height} high for the server, {len(legion.characters)}"
            )
        if shown.contents is not None and +shown.contents != Counter(legion.characters):
            raise fail(
                "4.1",
                f"{marker} holds {sorted(shown.contents.elements())} for the server, "
                f"{sorted(legion.characters)} for us",
            )
    engaged = {markers.ours(x) for x in view.engaged}
    extra = set(state.legions) - ours_shown - engaged
    if extra:
        raise fail("4.2", f"legions the server does not have: {sorted(extra)}")
    if not settled:
        return
    for p in state.players:
        if p.name in view.scores and view.scores[p.name] != p.score:
            raise fail("16", f"{p.name} has {view.scores[p.name]} points, {p.score} for us")
    for name, left in view.counts.items():
        if name in state.caretaker and state.caretaker[name] != left:
            raise fail(
                "3.5", f"the caretaker has {left} {name} for the server, {state.caretaker[name]}"
            )


def describe(game: Game | None, markers: Markers) -> str:
    """Our state, as a report shows it: turn, phase, scores, legions (Colossus's markers)."""
    if game is None:
        return "(no game yet)"
    s = game.state
    lines = [f"turn {s.turn}, player {s.active} at {s.phase}, roll {s.roll}"]
    lines += [f"  {p.name}: {p.score} points{'' if p.alive else ' (out)'}" for p in s.players]
    for marker, lg in sorted(s.legions.items()):
        lines.append(f"  {markers.theirs(marker)} on {lg.land}: {', '.join(lg.characters)}")
    if s.engagement is not None and s.engagement.battle is not None:
        b = s.engagement.battle
        lines.append(f"  battle turn {b.turn}, {b.phasing} at {b.step}")
        for f in b.fighters:
            if not f.gone:
                lines.append(f"    {f.side} {f.name} on {f.hex} hits {f.hits}")
    return "\n".join(lines)
