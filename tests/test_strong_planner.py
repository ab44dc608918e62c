"""The strong player's maneuver planner (titan/ai/strong/planner.py): its plans are legal
and distinct, the greedy evaluation's comes first, a chosen plan is followed through the
phase, and its playouts count a mutual elimination as the game lost (1.1, 19.3)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from titan.ai.normal.battlefield import touching
from titan.ai.strong import StrongBot
from titan.ai.strong.budget import TINY, Deadline
from titan.ai.strong.field import TITAN_STAKE, read_field
from titan.ai.strong.maneuver import choose_maneuver
from titan.ai.strong.planner import Planner, signature
from titan.colossus.mirror import Mirror
from titan.colossus.transcript import read
from titan.engine.actions import Decline
from titan.engine.battle.actions import BattleMove, EndPhase
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.engine.scenario import battle_game
from titan.variant import TITAN, load

VARIANT = load("default")


def _first_maneuver(attacker: str, defender: str, land: int) -> Game:
    game = battle_game(
        attacker.split(","),
        defender.split(","),
        VARIANT.masterboard.land(land).terrain,
        land=land,
        seed=4,
        variant=VARIANT,
    )
    while game.prompt().kind == Decision.BATTLE_MAY_CONCEDE:
        game.act(game.prompt().player, Decline())
    assert game.prompt().kind == Decision.MANEUVER
    return game


def _planner(game: Game) -> Planner:
    p = game.prompt().player
    view = game.view(p)
    assert view.engagement is not None and view.engagement.battle is not None
    return Planner(read_field(VARIANT, view), view.engagement.battle, TITAN_STAKE)


GAME = ("Cyclops,Ogre,Ogre,Titan,Troll", "Cyclops,Gorgon,Gorgon,Ogre,Titan", 127)


def test_past_the_deadline_only_the_greedy_plan_is_made() -> None:
    """The cap on a decision bounds making the plans too, not only playing them out: the
    greedy plan is always made, the others only while there is time."""
    game = _first_maneuver(*GAME)
    everything = _planner(game).plans()
    assert len(everything) >= 2
    assert _planner(game).plans(deadline=Deadline(float("-inf"))) == everything[:1]
    assert _planner(game).plans(deadline=Deadline(float("inf"))) == everything


def test_every_plan_is_a_sequence_of_legal_moves_and_the_greedy_one_comes_first() -> None:
    game = _first_maneuver(*GAME)
    planner = _planner(game)
    plans = planner.plans()
    assert len(plans) >= 2
    assert len({frozenset(p) for p in plans}) == len(plans)
    p = game.prompt().player
    for k, plan in enumerate(plans):
        twin = game.clone()
        for i, to in plan:
            u = planner.units[i]
            f = twin.state.engagement.battle.fighters[i]  # type: ignore[union-attr]
            assert (f.name, f.hex) == (u.name, u.hex)
            twin.act(p, BattleMove(f.name, f.hex, to))  # raises if illegal
        if k == 0:
            # The first plan is what the greedy evaluation would play, move by move.
            greedy = game.clone()
            while True:
                prompt = greedy.prompt()
                if prompt.kind != Decision.MANEUVER:
                    break
                view = greedy.view(p)
                action = choose_maneuver(read_field(VARIANT, view), prompt.options)
                if isinstance(action, EndPhase):
                    break
                greedy.act(p, action)
            assert greedy.view(p).engagement == twin.view(p).engagement


def test_a_chosen_plan_is_followed_through_the_phase() -> None:
    game = _first_maneuver(*GAME)
    p = game.prompt().player
    bot = StrongBot(3, VARIANT, budget=replace(TINY, plan_trials=6))
    first = bot.choose(game.view(p), game.prompt())
    plan = dict(bot.plan)
    assert plan, "the planner keeps the rest of its plan"
    action = first
    while True:
        game.act(p, action)
        prompt = game.prompt()
        if prompt.kind != Decision.MANEUVER or prompt.player != p:
            break
        view = game.view(p)
        assert view.engagement is not None and view.engagement.battle is not None
        action = bot.choose(view, prompt)
        assert plan[signature(view.engagement.battle)] == action
    assert isinstance(action, EndPhase)


def test_a_mutual_elimination_is_the_game_lost() -> None:
    game = _first_maneuver(*GAME)
    planner = _planner(game)
    units = [replace(u) for u in planner.units]
    for u in units:
        if u.name == TITAN:
            u.gone = True
    both = planner.outcome(units, (True, True))
    assert both <= -TITAN_STAKE - planner.ours
    units = [replace(u) for u in planner.units]
    enemy = 1 if planner.field.me == "attacker" else 0
    theirs_only = planner.outcome(units, (enemy == 0, enemy == 1))
    assert theirs_only > TITAN_STAKE / 2


def test_a_titan_that_must_win_alone_closes_in_before_the_time_loss() -> None:
    """Against RationalAI (turn 21): our Titan (power 7, 2 hits) attacked on the Hills with
    an Angel, which fell; from the fourth battle turn it stood alone against an Ogre (2
    hits), kept out of its reach for three turns, struck it only on the seventh and lost the
    battle, and the game, on time (10.5). A Titan the battle cannot be won without is lost
    at the time loss whatever care it takes: it goes in at once."""
    log = Path(__file__).parent / "fixtures" / "colossus" / "live-rational-lone-titan.tsv.gz"
    mirror = Mirror()
    for n, entry in enumerate(read(log)):
        if entry.to_client:
            mirror.feed(entry.text, entry.parse())
        if n > 2200 and entry.text.startswith("setupBattleMove ~ titan ~ 4"):
            break
    game = mirror.g
    prompt = game.prompt()
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None and eng.battle.turn == 4
    alive = [(f.name, f.hex) for f in eng.battle.fighters if not f.gone]
    assert alive == [("Titan", "B3"), ("Ogre", "D2")]
    move = StrongBot(seed=1).choose(game.view(prompt.player), prompt)
    assert isinstance(move, BattleMove) and move.name == TITAN
    assert "D2" in touching(VARIANT.battlelands["Hills"])[move.to]  # in contact: it strikes
