"""The ``strong`` computer player: only legal actions, in every kind of decision; the same
choice for the same view and seed; a choice that does not depend on what its seat cannot see;
and sensible battle decisions in a few set positions. Budgets are tiny here (a few simulated
battles, no time cap) so that the tests are quick and exactly reproducible."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from titan.ai.base import Bot
from titan.ai.normal import NormalBot
from titan.ai.random_bot import RandomBot
from titan.ai.strong import StrongBot, simulate
from titan.ai.strong.budget import TINY
from titan.ai.strong.fastbattle import FastBattle
from titan.ai.strong.field import read_field
from titan.engine.actions import Action, Decline, Withdraw
from titan.engine.battle.actions import BattleMove, EndPhase, Strike
from titan.engine.battle.state import BattleStep
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.engine.scenario import battle_game
from titan.play import GameTooLong, play
from titan.variant import TITAN, load

VARIANT = load("default")
MAX_ACTIONS = 1500


def strong(seed: int) -> StrongBot:
    return StrongBot(seed, VARIANT, budget=TINY)


def _mixed(seed: int, kinds: Counter[str]) -> Iterator[Game]:
    """A game between random and strong seats; at every decision the strong bot is asked
    from the deciding seat's view, and its answer must be legal. Yields each position."""
    players = 2 + seed % 3
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    bots = [strong(seed * 10 + i) for i in range(players)]
    randoms = [RandomBot(seed * 10 + i) for i in range(players)]
    plays_strong = [rng.random() < 0.5 for _ in range(players)]
    for _ in range(MAX_ACTIONS):
        if game.state.over:
            return
        yield game
        prompt = game.prompt()
        p = prompt.player
        mine = bots[p].choose(game.view(p), prompt)
        assert game.is_legal(mine), (prompt.kind, mine)
        assert not isinstance(mine, Withdraw)
        kinds[prompt.kind] += 1
        action = mine if plays_strong[p] else randoms[p].choose(game.view(p), prompt)
        try:
            game.act(p, action)
        except IllegalAction:  # a random proposal may repeat one already made
            game.act(p, mine)


@pytest.mark.parametrize("seed", range(6))
def test_strong_only_chooses_legal_actions(seed: int) -> None:
    kinds: Counter[str] = Counter()
    for _ in _mixed(seed, kinds):
        pass
    assert kinds[Decision.MOVE] and kinds[Decision.MUSTER]


def test_every_kind_of_decision_was_asked() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(20, 26):
        for _ in _mixed(seed, kinds):
            pass
    battle = {Decision.MANEUVER, Decision.STRIKE, Decision.COUNTERSTRIKE}
    engagement = {Decision.ENGAGE, Decision.NEGOTIATE, Decision.NEGOTIATE_FINAL}
    assert battle <= set(kinds), kinds
    assert engagement <= set(kinds), kinds


def test_decisions_are_reproducible_from_the_seed() -> None:
    def game() -> list[tuple[int, Action]]:
        """Its first 600 actions, whether or not the game has ended by then."""
        last: list[Game] = []
        try:
            bots: list[Bot] = [strong(1), NormalBot(2, VARIANT)]
            return list(play(4, 2, bots=bots, max_actions=600, after_action=last.append).actions)
        except GameTooLong:
            return list(last[-1].actions)

    assert game() == game()


def _swapped(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A copy whose hidden contents differ but whose view for ``seat`` is the same: two
    characters the seat has not seen, of different kinds, trade places between two legions
    of another player (what each player holds in all is public: PlayerInfo.in_legions), or
    None if there are no such two."""
    view = game.view(seat)
    hidden: list[tuple[str, str]] = []  # (marker, character) the seat has not seen
    for lv in view.legions:
        if lv.owner == seat or lv.complete:
            continue
        rest = Counter(game.state.legions[lv.marker].characters)
        rest.subtract(lv.known)
        hidden += [(lv.marker, n) for n in (+rest).elements() if n != TITAN]
    rng.shuffle(hidden)
    for i, (m1, c1) in enumerate(hidden):
        for m2, c2 in hidden[i + 1 :]:
            owners = {game.state.legions[m].owner for m in (m1, m2)}
            if m1 != m2 and c1 != c2 and len(owners) == 1:
                twin = game.clone()
                legions = twin.state.legions
                legions[m1].characters.remove(c1)
                legions[m1].characters = sorted([*legions[m1].characters, c2])
                legions[m2].characters.remove(c2)
                legions[m2].characters = sorted([*legions[m2].characters, c1])
                twin.touch()
                assert twin.view(seat) == view
                return twin
    return None


@pytest.mark.parametrize("seed", range(30, 34))
def test_the_choice_does_not_depend_on_hidden_contents(seed: int) -> None:
    rng = random.Random(seed)
    compared = Counter[str]()
    for k, game in enumerate(_mixed(seed, Counter())):
        if k % 9:
            continue
        prompt = game.prompt()
        seat = prompt.player
        twin = _swapped(game, seat, rng)
        if twin is None:
            continue
        assert twin.prompt() == prompt
        a = strong(99).choose(game.view(seat), prompt)
        b = strong(99).choose(twin.view(seat), twin.prompt())
        assert a == b, (prompt.kind, a, b)
        compared[prompt.kind] += 1
    assert sum(compared.values()) >= 3, compared


def test_a_foregone_decision_is_made_without_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Declining to concede (9.4) reads no battle and simulates none: counted, not timed."""
    calls: Counter[str] = Counter()

    def count(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return real(*args, **kwargs)

        return counted

    monkeypatch.setattr(FastBattle, "play", count("compact battle", FastBattle.play))
    monkeypatch.setattr(simulate, "play_battle", count("engine battle", simulate.play_battle))
    monkeypatch.setattr("titan.ai.strong.bot.read_field", count("field", read_field))
    game = battle_game(["Titan", "Ogre"], ["Troll"], "Plains")
    bot = strong(1)
    prompt = game.prompt()
    assert prompt.kind == Decision.BATTLE_MAY_CONCEDE
    assert bot.choose(game.view(prompt.player), prompt) == Decline()
    assert not calls
    # the counters do count: a maneuver reads the field and plays battles out
    game.act(prompt.player, Decline())
    prompt = game.prompt()
    game.act(prompt.player, bot.choose(game.view(prompt.player), prompt))
    prompt = game.prompt()
    assert prompt.kind == Decision.MANEUVER
    bot.choose(game.view(prompt.player), prompt)
    assert calls["field"] and calls["compact battle"], calls


def _to_maneuver(game: Game, side: int) -> None:
    while not (game.prompt().kind == Decision.MANEUVER and game.prompt().player == side):
        p = game.prompt()
        game.act(p.player, strong(3).choose(game.view(p.player), p))


def test_every_character_enters_on_the_first_turn() -> None:
    """10.1: one left off the battleland is slain, so entering must leave room for all."""
    for terrain in ("Tundra", "Plains", "Tower", "Mountains"):
        game = battle_game(
            ["Angel", "Gargoyle", "Lion", "Lion", "Ogre"],
            ["Centaur", "Centaur", "Gargoyle", "Titan", "Troll", "Troll"],
            terrain,
            entry_side="right",
        )
        bots = {0: strong(1), 1: strong(2)}
        entered = set()
        while game.state.engagement and game.state.engagement.battle:
            b = game.state.engagement.battle
            if b.turn > 1:
                break
            p = game.prompt()
            action = bots[p.player].choose(game.view(p.player), p)
            if isinstance(action, EndPhase) and p.kind == Decision.MANEUVER:
                waiting = [f for f in b.fighters if f.side == b.phasing and f.hex is None]
                assert not waiting, (terrain, waiting)
            if isinstance(action, BattleMove):
                entered.add(action.name)
            game.act(p.player, action)


def test_the_titan_is_never_left_off_the_battleland() -> None:
    """10.1: in the Brush the defender's entries are few and its brambles slow; those who come
    in first must not shut the Titan out (an arena game was lost that way)."""
    for side in ("right", "left", "bottom"):
        game = battle_game(
            ["Angel", "Cyclops", "Ranger", "Titan", "Troll"],
            ["Cyclops", "Ranger", "Ranger", "Titan", "Troll"],
            "Brush",
            entry_side=side,
        )
        bot = strong(5)
        while game.state.engagement and game.state.engagement.battle:
            now = game.state.engagement.battle
            if now.turn > 1 or now.phasing != "defender":
                break
            p = game.prompt()
            game.act(p.player, bot.choose(game.view(p.player), p))
        battle = game.state.engagement.battle if game.state.engagement else None
        assert battle is not None
        titan = next(f for f in battle.fighters if f.side == "defender" and f.name == TITAN)
        assert titan.hex is not None and not titan.gone, side


def test_the_surer_slaying_is_struck() -> None:
    """A Troll between a wounded Ogre (one hit left) and a fresh one strikes the wounded one
    (13: a slaying is certain there; carry-over may still reach the other, 13.4)."""
    game = battle_game(["Troll"], ["Ogre", "Ogre"], "Plains")
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None
    b = eng.battle
    land = VARIANT.battlelands["Plains"]
    at = "C3"
    near = [n for n in land.hex(at).neighbours if n is not None][:2]
    troll = next(f for f in b.fighters if f.side == "attacker")
    wounded, fresh = (f for f in b.fighters if f.side == "defender")
    for f, h in ((troll, at), (wounded, near[0]), (fresh, near[1])):
        f.hex, f.entered, f.in_contact = h, True, True
    wounded.hits = wounded.power - 1
    b.turn, b.phasing, b.step = 2, "attacker", BattleStep.STRIKE
    game.touch()
    prompt = game.prompt()
    action = strong(1).choose(game.view(prompt.player), prompt)
    assert isinstance(action, Strike) and action.target == near[0], action
