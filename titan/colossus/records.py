"""The composite fields of Colossus's messages: records that travel as one argument with a
separator of their own (a player's record, changed values, a negotiation proposal). Each
reads and writes itself (``parse``, ``format``; :class:`titan.colossus.codec.Composite`).
"""

from __future__ import annotations

from dataclasses import dataclass

from titan.colossus.codec import LIST, read_bool, read_int


def _fields(text: str, sep: str, at_least: int) -> list[str]:
    parts = text.split(sep)
    if len(parts) < at_least:
        raise ValueError(f"expected at least {at_least} {sep!r}-separated fields in {text!r}")
    return parts


def _null(text: str) -> str | None:
    return None if text == "null" else text


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """One player's record in ``updatePlayerInfo`` (``:``-separated)."""

    dead: bool
    name: str
    tower: int | None
    colour: str | None
    type: str  # Colossus's class name of the seat, e.g. net.sf.colossus.ai.SimpleAI
    eliminated: str  # the players this one eliminated, as Colossus lists them
    legions: int
    creatures: int
    titan_power: int
    score: int
    mulligans: int
    markers: tuple[str, ...]  # markers still available

    @classmethod
    def parse(cls, text: str) -> PlayerInfo:
        f = _fields(text, ":", 11)
        tower = _null(f[2])
        return cls(
            read_bool(f[0]),
            f[1],
            None if tower is None else read_int(tower),
            _null(f[3]),
            f[4],
            f[5],
            read_int(f[6]),
            read_int(f[7]),
            read_int(f[8]),
            read_int(f[9]),
            read_int(f[10]),
            tuple(f[11:]),
        )

    def format(self) -> str:
        head = [
            "true" if self.dead else "false",
            self.name,
            "null" if self.tower is None else str(self.tower),
            "null" if self.colour is None else self.colour,
            self.type,
            self.eliminated,
            str(self.legions),
            str(self.creatures),
            str(self.titan_power),
            str(self.score),
            str(self.mulligans),
        ]
        return ":".join(head + list(self.markers))


@dataclass(frozen=True, slots=True)
class ChangedValues:
    """``updateChangedValues``'s record: name:dead:eliminated:score:mulligans:markers:dummy."""

    name: str
    dead: bool
    eliminated: str
    score: int
    mulligans: int
    markers: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> ChangedValues:
        f = text.split(":")
        if len(f) != 7 or f[6] != "dummy":
            raise ValueError(f"expected name:dead:elim:score:mulligans:markers:dummy, {text!r}")
        markers = tuple(f[5].split(",")) if f[5] else ()
        return cls(f[0], read_bool(f[1]), f[2], read_int(f[3]), read_int(f[4]), markers)

    def format(self) -> str:
        dead = "true" if self.dead else "false"
        parts = [self.name, dead, self.eliminated, str(self.score), str(self.mulligans)]
        return ":".join([*parts, ",".join(self.markers), "dummy"])


@dataclass(frozen=True, slots=True)
class ProposalText:
    """A negotiation proposal: fight, mutual, attacker, defender, winner, the winner's
    losses; each loss is followed by the list separator (Colossus's ``Proposal.toString``),
    so a proposal with no losses ends in `` %@% ``."""

    fight: bool
    mutual: bool
    attacker: str | None
    defender: str | None
    winner: str | None
    losses: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> ProposalText:
        f = _fields(text, LIST, 6)
        if f[-1] != "":
            raise ValueError(f"a proposal ends with the separator: {text!r}")
        return cls(
            read_bool(f[0]), read_bool(f[1]), _null(f[2]), _null(f[3]), _null(f[4]), tuple(f[5:-1])
        )

    def format(self) -> str:
        head = [
            "true" if self.fight else "false",
            "true" if self.mutual else "false",
            "null" if self.attacker is None else self.attacker,
            "null" if self.defender is None else self.defender,
            "null" if self.winner is None else self.winner,
        ]
        return "".join(x + LIST for x in head + list(self.losses))
