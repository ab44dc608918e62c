"""Our Titan's way out (titan/ai/strong/escape.py): a land out of every enemy's reach tonight
can still be a trap tomorrow."""

from __future__ import annotations

from tests.support import clear_board, place, started
from titan.ai.normal.seat import Seat
from titan.ai.strong.escape import WayOut
from titan.ai.strong.safety import titan_risk, wary_chance
from titan.variant import TITAN, load

VARIANT = load("default")
GIANTS = [TITAN, "Colossus", "Colossus", "Giant", "Giant", "Serpent", "Hydra"]
MINE = [TITAN, "Ogre", "Ogre"]


def _seat() -> tuple[Seat, str, list[int]]:
    """Our short Titan legion, and four tall enemy legions spread over the masterboard."""
    game = started(1)
    me = game.prompt().player
    them = 1 - me
    clear_board(game)
    lands = sorted(VARIANT.masterboard.lands)
    marker = game.state.players[me].markers[0]
    place(game, me, marker, lands[0], MINE)
    enemies = [1, 10, 20, 30]
    for k, land in enumerate(enemies):
        giants = GIANTS if k == 0 else GIANTS[1:]
        place(game, them, game.state.players[them].markers[k], land, giants)
    return Seat.of(VARIANT, game.view(me), 0), marker, enemies


def _judged() -> list[tuple[float, float, int]]:
    """Per land free of enemies: (danger tonight, way out tomorrow, land)."""
    seat, marker, enemies = _seat()
    members = seat.force(marker).members
    out = []
    for land in sorted(VARIANT.masterboard.lands):
        if land not in enemies:
            tonight = titan_risk(VARIANT, seat.board, members, seat.me, land)
            later = WayOut(VARIANT, seat.board, members, seat.me, wary_chance)(land)
            out.append((tonight, later, land))
    return out


def test_a_land_safe_tonight_can_be_a_trap_tomorrow() -> None:
    """Among the lands no enemy can reach and win on next turn, some leave our next roll
    nowhere safe to go and others do: the way out tells them apart."""
    safe = [(later, land) for tonight, later, land in _judged() if tonight == 0.0]
    assert len(safe) > 10
    lo, hi = min(safe), max(safe)
    assert hi[0] >= 0.4 and lo[0] <= 0.15, (lo, hi)


def test_the_way_out_is_no_worse_than_staying() -> None:
    """Staying put is one of our choices next turn (a legion need not move, 6.2), so the way
    out of a land is at most the danger of standing on it a turn later."""
    seat, marker, enemies = _seat()
    members = seat.force(marker).members
    for land in sorted(VARIANT.masterboard.lands):
        if land in enemies:
            continue
        escape = WayOut(VARIANT, seat.board, members, seat.me, wary_chance)
        assert escape(land) <= escape.danger_at(land) + 1e-12


def test_the_nearer_the_enemies_the_worse_the_way_out() -> None:
    """The lands an enemy can reach and win on tonight are worse tomorrow too, on average."""
    judged = _judged()
    exposed = [later for tonight, later, _ in judged if tonight > 0.5]
    safe = [later for tonight, later, _ in judged if tonight == 0.0]
    assert exposed and safe
    assert sum(exposed) / len(exposed) > sum(safe) / len(safe) + 0.2
