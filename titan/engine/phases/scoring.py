"""Points, Titan power and earned lords (rules 16, 17, 19.1)."""

from __future__ import annotations

from collections.abc import Iterable

from titan.engine import events as ev
from titan.engine.context import Ctx
from titan.variant import ANGEL, ARCHANGEL, TITAN, titan_value


def character_value(ctx: Ctx, name: str, owner: int) -> int:
    """Rule 16: power x skill; the Titan's power grows with its owner's score (19.1)."""
    if name == TITAN:
        return titan_value(ctx.state.players[owner].score)
    return ctx.variant.characters[name].value


def value_of(ctx: Ctx, names: Iterable[str], owner: int) -> int:
    return sum(character_value(ctx, n, owner) for n in names)


def add_points(ctx: Ctx, player: int, points: int, reason: str) -> list[int]:
    """Add points; returns the multiples of 100 crossed (17, 17.2), lowest first."""
    p = ctx.state.players[player]
    before = p.score
    p.score += points
    if points:
        ctx.emit(ev.Score(player, points, p.score, reason))
    return list(range(before // 100 + 1, p.score // 100 + 1))


def acquisition_choices(ctx: Ctx, multiple: int) -> tuple[str, ...]:
    """Rule 17.3, errata 17.0/17.3: at a multiple of 500 an Archangel, or an Angel instead;
    otherwise an Angel; only what the caretaker still has (17.1)."""
    kinds = (ARCHANGEL, ANGEL) if multiple % 5 == 0 else (ANGEL,)
    return tuple(k for k in kinds if ctx.state.caretaker.get(k, 0) > 0)


def take_from_caretaker(ctx: Ctx, marker: str, name: str, points: int) -> None:
    """Rule 17: an earned Angel or Archangel joins the legion in everyone's sight."""
    ctx.state.caretaker[name] -= 1
    ctx.state.legions[marker].characters.append(name)
    ctx.state.legions[marker].characters.sort()
    ctx.emit(ev.Acquired(marker, name, points))


def return_slain(ctx: Ctx, names: Iterable[str]) -> None:
    """Rule 9.5, 3.2, 13.6, errata 2.5.6.10: lords and demi-lords go back to the caretaker
    (never the Titan: one per player), creatures to the dead pile for good."""
    for name in names:
        ch = ctx.variant.characters[name]
        if name == TITAN:
            continue
        if ch.is_creature:
            ctx.state.dead[name] = ctx.state.dead.get(name, 0) + 1
        else:
            ctx.state.caretaker[name] = ctx.state.caretaker.get(name, 0) + 1
