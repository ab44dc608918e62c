"""The battle as the ``normal`` bot sees it: a board of pieces built from the view (every
fighter is public once the battle starts, errata 2.5.6.1), contact tables, what a piece is
worth as a target, and the estimated outcome from here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from titan.ai.normal.estimate import Member
from titan.ai.normal.outlook import Outlook, battle_outlook
from titan.ai.normal.seat import Seat
from titan.ai.normal.values import TITAN_LOSS
from titan.engine.phases.battle.sequence import LAST_TURN
from titan.engine.queries.model import Board, Piece, Side
from titan.engine.views import BattleView, FighterView
from titan.variant import TITAN, Battleland, Variant


@dataclass(slots=True)
class Battlefield:
    seat: Seat
    battle: BattleView
    land: Battleland
    side: Side  # ours
    board: dict[str, Piece]  # every character standing on the battleland, slain ones too
    slain: frozenset[str]  # hexes of characters slain this strike phase (13.6)
    fighters: tuple[FighterView, ...]  # those not gone
    # What our Titan's loss weighs, as a share of the game: less for an attacker that cannot
    # win without it, since the time loss (10.5) would take it anyway.
    titan_weight: float = 1.0

    @property
    def variant(self) -> Variant:
        return self.seat.variant

    def enemies(self) -> list[tuple[str, Piece]]:
        return [
            (h, p) for h, p in self.board.items() if p.side != self.side and h not in self.slain
        ]

    def friends(self) -> list[tuple[str, Piece]]:
        return [
            (h, p) for h, p in self.board.items() if p.side == self.side and h not in self.slain
        ]


def entry_hexes(field: Battlefield, side: str) -> tuple[str, ...]:
    """Where ``side`` comes onto the battleland (10.1, 10.2, errata 2.2)."""
    e = field.variant.entry
    entry = field.battle.entry_side
    if field.land.tower:
        return e.tower_attacker if side == "attacker" else e.tower_defender_deploys
    if entry not in ("left", "right", "bottom"):
        return ()
    return e.attacker[entry] if side == "attacker" else e.defender[entry]


def waiting(field: Battlefield, side: str) -> int:
    """Characters of ``side`` not yet on the battleland that are still to come."""
    return sum(1 for f in field.fighters if f.side == side and f.hex is None)


def read_field(seat: Seat) -> Battlefield:
    eng = seat.view.engagement
    assert eng is not None and eng.battle is not None
    b = eng.battle
    side: Side = "attacker" if eng.attacker_owner == seat.me else "defender"
    chars = seat.variant.characters
    fighters = tuple(f for f in b.fighters if not f.gone)
    board: dict[str, Piece] = {}
    slain: set[str] = set()
    for f in fighters:
        if f.hex is None:
            continue
        f_side: Side = "attacker" if f.side == "attacker" else "defender"
        board[f.hex] = Piece(chars[f.name], f_side, f.power, f.hits)
        if f.slain or f.hits >= f.power:
            slain.add(f.hex)
    return Battlefield(
        seat, b, seat.variant.battlelands[b.terrain], side, board, frozenset(slain), fighters
    )


@cache
def touching(land: Battleland) -> Mapping[str, tuple[str, ...]]:
    """Neighbours in contact (hazard chart CLIFF: not across a cliff), per hex."""
    return {
        label: tuple(
            n
            for n, side in zip(hx.neighbours, hx.hexsides, strict=True)
            if n is not None and (side is None or side.hazard != "cliff")
        )
        for label, hx in land.hexes.items()
    }


def target_value(field: Battlefield, piece: Piece) -> float:
    """What slaying ``piece`` is worth to us: its points (16), what it would strike back with,
    and the game (or a share of it) for a Titan (19.3)."""
    v = float(piece.power * piece.skill)
    if piece.name == TITAN:
        if piece.side == field.side:
            return v + TITAN_LOSS * field.titan_weight
        return v + TITAN_LOSS / max(1, field.seat.opponents_alive())
    return v


def members(field: Battlefield, side: str) -> tuple[Member, ...]:
    """The fighters of ``side`` still in the battle (on the board or yet to enter), each with
    the hits it can still take as its power."""
    out: list[Member] = []
    for f in field.fighters:
        if f.side != side or f.slain or f.hits >= f.power:
            continue
        skill = float(field.variant.characters[f.name].skill)
        out.append(Member(f.name, float(f.power - f.hits), skill))
    return tuple(sorted(out))


def outlook_now(field: Battlefield) -> Outlook:
    """The battle's estimated outcome from the present position, seen from the attacker."""
    left = max(1, 2 * (LAST_TURN - field.battle.turn) + 1)  # strike exchanges before the time loss
    return battle_outlook(
        field.variant,
        members(field, "attacker"),
        members(field, "defender"),
        field.battle.terrain,
        left,
    )


def without_titan(field: Battlefield) -> float:
    """Our chance of winning if our Titan stayed out of the fight: the others alone."""
    left = max(1, 2 * (LAST_TURN - field.battle.turn) + 1)
    ours = tuple(m for m in members(field, field.side) if m.name != TITAN)
    theirs = members(field, "defender" if field.side == "attacker" else "attacker")
    if field.side == "attacker":
        return battle_outlook(field.variant, ours, theirs, field.battle.terrain, left).attacker_wins
    return battle_outlook(field.variant, theirs, ours, field.battle.terrain, left).defender_wins


def my_chance(field: Battlefield) -> float:
    o = outlook_now(field)
    return o.attacker_wins if field.side == "attacker" else o.defender_wins


def board_without(board: Board, hex_: str | None) -> dict[str, Piece]:
    return {h: p for h, p in board.items() if h != hex_}
