"""The lord an attacker may yet summon (rule 15) in the defender's battle play: which one the
seat expects (held outside the attacking legion, the legion with room, no summons spent), the
compact battle bringing it in at the attacker's first maneuver after a defender falls (15.3,
errata 10.1), and the maneuver evaluation counting what it could strike on entering (15.1)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from titan.ai.strong.fastbattle import FastBattle, Unit
from titan.ai.strong.field import entry_hexes, read_field
from titan.ai.strong.maneuver import UNTRIGGERED, Evaluator
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.actions import Decline
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.engine.queries.model import Piece
from titan.engine.scenario import _place, battle_game
from titan.variant import TITAN, load

V = load("default")
ATTACKER = ["Ogre", "Ogre", "Troll"]
DEFENDER = [TITAN, "Gargoyle", "Gargoyle"]


def _defending(donor: list[str] | None, attacker: list[str] = ATTACKER) -> Game:
    """The defender's first maneuver on the Plains; ``donor``: another legion of the
    attacker's, on a land of its own."""
    game = battle_game(attacker, DEFENDER, "Plains", seed=3, variant=V)
    if donor is not None:
        here = game.state.engagement
        assert here is not None
        elsewhere = next(x for x in sorted(V.masterboard.lands) if x != here.land and x > 100)
        _place(game, 0, elsewhere, donor)
        game.touch()
    while game.prompt().kind == Decision.BATTLE_MAY_CONCEDE:
        game.act(game.prompt().player, Decline())
    assert game.prompt().kind == Decision.MANEUVER and game.prompt().player == 1
    return game


def test_the_defender_expects_the_lord_its_attacker_holds_elsewhere_15() -> None:
    game = _defending(["Angel", "Centaur"])
    field = read_field(V, game.view(1))
    assert field.summons is not None and field.summons.name == "Angel"
    assert field.summons.side == "attacker" and not field.summon_trigger
    assert read_field(V, game.view(0)).summons is None  # only the attacker summons (15)


def test_an_archangel_elsewhere_is_the_one_expected_17_3() -> None:
    game = _defending(["Angel", "Archangel"])
    field = read_field(V, game.view(1))
    assert field.summons is not None and field.summons.name == "Archangel"


def test_no_summons_without_a_lord_outside_the_attacking_legion_15() -> None:
    assert read_field(V, _defending(None).view(1)).summons is None
    own = _defending(None, ["Angel", "Ogre", "Troll"])  # its one angel fights here already
    assert read_field(V, own.view(1)).summons is None


def test_no_summons_for_a_full_legion_or_once_one_was_made_4_1_15() -> None:
    full = _defending(["Angel"], ["Ogre", "Ogre", "Troll", "Troll", "Centaur", "Centaur", "Lion"])
    assert read_field(V, full.view(1)).summons is None
    game = _defending(["Angel"])
    game.state.summoned_this_turn = True  # one summons per engagement phase (15.0)
    game.touch()
    assert read_field(V, game.view(1)).summons is None


def _unit(name: str, side: str, hex_: str | None, entered: bool = True) -> Unit:
    ch = V.characters[name]
    return Unit(name, ch, side, hex_, 0, ch.power, entered)  # type: ignore[arg-type]


def _battle(trigger: bool, attackers: int = 2) -> FastBattle:
    units = [_unit("Ogre", "attacker", h) for h in ("A1", "A2", "A3", "B1", "B2", "B3", "C1")]
    theirs = [_unit(TITAN, "defender", "D4"), _unit("Gargoyle", "defender", "E3")]
    units = [*units[:attackers], *theirs]
    lord = _unit("Angel", "attacker", None, entered=False)
    fb = FastBattle(
        V,
        "Plains",
        "bottom",
        units,
        lambda: 1,
        random.Random(1),
        summons=lord,
        summon_trigger=trigger,
    )
    fb.turn, fb.phasing = 3, "attacker"
    return fb


def test_the_summoned_lord_enters_at_the_first_maneuver_after_a_defender_falls_15_3() -> None:
    fb = _battle(trigger=True)
    fb._maneuver()
    angel = fb.units[-1]
    assert angel.name == "Angel" and angel.hex is not None and angel.entered
    assert fb.summons is None  # taken: one summons a battle (15.3)
    fb.phasing = "attacker"
    fb._maneuver()
    assert sum(1 for u in fb.units if u.name == "Angel") == 1


def test_no_lord_comes_before_a_defender_falls_nor_into_a_full_legion_15_3_4_1() -> None:
    fb = _battle(trigger=False)
    fb._maneuver()
    assert all(u.name != "Angel" for u in fb.units) and fb.summons is not None
    full = _battle(trigger=True, attackers=7)
    full._maneuver()
    assert all(u.name != "Angel" for u in full.units)


def test_only_a_defender_who_had_entered_sets_off_the_summons_errata_10_1() -> None:
    fb = _battle(trigger=False)
    left_off = _unit("Gargoyle", "defender", None, entered=False)
    fb.units.append(left_off)
    fb._remove(left_off)
    assert not fb.summon_trigger
    gargoyle = next(u for u in fb.units if u.name == "Gargoyle" and u.hex == "E3")
    fb._remove(gargoyle)
    assert fb.summon_trigger


def test_the_defenders_titan_in_the_summoned_lords_reach_counts_as_threatened_15_1() -> None:
    """An Angel coming in by the attacker's side flies to a Titan left in the open (28100/068:
    our Titan one hex behind the line, slain by a summoned Angel in two strike phases)."""
    game = _defending(["Angel", "Centaur"])
    field = read_field(V, game.view(1))
    land = field.land
    doors = entry_hexes(V, land.terrain, field.entry_side, "attacker")
    titan = Piece(V.characters[TITAN], "defender", 6)
    # the Titan alone, two hexes in from the attacker's entry: an Angel reaches beside it
    spot = next(
        h
        for h in sorted(land.hexes)
        if land.hex(h).terrain == "plain"
        and h not in doors
        and any(n in doors for n in land.hex(h).neighbours if n)
    )
    board = {spot: titan}
    bare = replace(field, board=board, offboard=[], summons=None)
    untriggered = replace(bare, summons=field.summons)
    triggered = replace(untriggered, summon_trigger=True)
    none, some, sure = (Evaluator(f)._threat(board) for f in (bare, untriggered, triggered))
    assert none == 0.0 < some
    assert abs(sure * UNTRIGGERED - some) < 1e-9


def test_the_angel_that_slew_our_titan_was_expected_before_it_came_15() -> None:
    """RationalAI, four players (seed 38100, game 7, turn 8): at our second maneuver of the
    defence on land 117 the attacker (Bk06) held an Angel in another legion (Bk02); he
    summoned it next, and it struck our Titan down (``bench.colossus_slayers``)."""
    log = Path(__file__).parent / "fixtures" / "colossus"
    mirror = Mirror()
    here = False  # in the battle on land 117
    for entry in read(log / "live-rational-4p-titan-slain-by-summons.tsv.gz"):
        if entry.to_client:
            mirror.feed(entry.text, entry.parse())
            here = here or entry.text.startswith("initBattle ~ 117")
            if here and entry.text.startswith("setupBattleMove ~ titan ~ 2"):
                break
    game = mirror.g
    prompt = game.prompt()
    assert prompt.kind == Decision.MANEUVER
    field = read_field(V, game.view(prompt.player))
    assert field.me == "defender" and field.turn == 2
    assert field.summons is not None and field.summons.name == "Angel"
    assert TITAN in [p.name for p in field.board.values() if p.side == "defender"]
