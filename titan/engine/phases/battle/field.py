"""The battle as the rules functions see it: the engagement and battle being fought, the
battleland, and which character stands where (shared by the battle's phase procedures)."""

from __future__ import annotations

from titan.engine.battle.state import BattleState, Fighter
from titan.engine.context import Ctx
from titan.engine.queries.model import Piece, Side
from titan.engine.state import Engagement
from titan.variant import TITAN, Battleland, Variant, titan_power


def engaged(ctx: Ctx) -> tuple[Engagement, BattleState]:
    eng = ctx.state.engagement
    assert eng is not None and eng.battle is not None
    return eng, eng.battle


def battleland(ctx: Ctx, b: BattleState) -> Battleland:
    return ctx.variant.battlelands[b.terrain]


def power(ctx: Ctx, name: str, owner: int) -> int:
    if name == TITAN:
        return titan_power(ctx.state.players[owner].score)  # 19.1
    return ctx.variant.characters[name].power


# Pieces are immutable values: one per (variant, name, side, power, damage) serves every board.
_PIECES: dict[tuple[Variant, str, Side, int, int], Piece] = {}


def piece(ctx: Ctx, f: Fighter) -> Piece:
    key = (ctx.variant, f.name, f.side, f.power, f.hits)  # variants hash by identity
    made = _PIECES.get(key)
    if made is None:
        made = _PIECES[key] = Piece(ctx.variant.characters[f.name], f.side, f.power, f.hits)
    return made


def board(ctx: Ctx, b: BattleState, skip: Fighter | None = None) -> dict[str, Piece]:
    """Hex -> piece for every character on the battleland (``skip``: one left out)."""
    # piece() written out for the pieces already made: every battle action builds a board or
    # two, and a call per character was a good part of that.
    variant, made = ctx.variant, _PIECES
    out: dict[str, Piece] = {}
    for f in b.fighters:
        if f.hex is not None and not f.gone and f is not skip:
            p = made.get((variant, f.name, f.side, f.power, f.hits))
            out[f.hex] = p if p is not None else piece(ctx, f)
    return out


def fighter_at(b: BattleState, hex_: str) -> Fighter | None:
    for f in b.fighters:
        if f.hex == hex_ and not f.gone:
            return f
    return None
