"""The ``normal`` computer player: it only ever chooses legal actions, in every kind of
decision (battles, negotiation, summoning, carry-over ...); its choice depends only on its
view and its seed; and it decides battles sensibly in a few set positions."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from titan.ai.levels import make_bot
from titan.ai.normal import NormalBot
from titan.ai.random_bot import RandomBot
from titan.engine import wire
from titan.engine.actions import Action, Concede, Decline, Propose, Withdraw
from titan.engine.battle.actions import BattleMove, EndPhase, Strike
from titan.engine.game import Game
from titan.engine.prompts import Decision, Prompt
from titan.engine.queries.hexgrid import distance
from titan.engine.scenario import battle_game
from titan.engine.views import PlayerView
from titan.variant import load

VARIANT = load("default")
GAMES = 16  # seeds: players 2-6 in turn, each game to its end (or 3,000 actions)
MAX_ACTIONS = 3000


def _asked(game: Game, bot: NormalBot, kinds: Counter[str]) -> Action:
    """The normal bot's answer at the current decision, checked legal."""
    prompt = game.prompt()
    view = game.view(prompt.player)
    action = bot.choose(view, prompt)
    assert game.is_legal(action), (prompt.kind, action)
    assert not isinstance(action, Withdraw)
    kinds[prompt.kind] += 1
    return action


def _mixed_game(seed: int, kinds: Counter[str]) -> Game:
    """A game whose seats are random or normal players by the seed; at every decision of
    every seat the normal bot is asked too, from that seat's view, and its answer must be
    legal. The random seats make the odd positions (negotiations, summons, concessions)."""
    players = 2 + seed % 5
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    normal = [NormalBot(seed * 10 + i, VARIANT) for i in range(players)]
    randoms = [RandomBot(seed * 10 + i) for i in range(players)]
    plays_normal = [rng.random() < 0.5 for _ in range(players)]
    for _ in range(MAX_ACTIONS):
        if game.state.over:
            break
        prompt = game.prompt()
        p = prompt.player
        mine = _asked(game, normal[p], kinds)
        action = mine if plays_normal[p] else randoms[p].choose(game.view(p), prompt)
        if not game.is_legal(action):
            assert isinstance(action, Propose)  # the random player's proposals may repeat
            action = mine
        game.act(p, action)
    return game


@pytest.mark.parametrize("seed", range(GAMES))
def test_normal_bot_only_chooses_legal_actions(seed: int) -> None:
    kinds: Counter[str] = Counter()
    _mixed_game(seed, kinds)
    assert kinds[Decision.MOVE] > 0


CORE = {
    Decision.SPLIT,
    Decision.MOVE,
    Decision.ENGAGE,
    Decision.FLEE,
    Decision.NEGOTIATE,
    Decision.NEGOTIATE_FINAL,
    Decision.SUMMON,
    Decision.ACQUIRE,
    Decision.MUSTER,
    Decision.BATTLE_MAY_CONCEDE,
    Decision.MANEUVER,
    Decision.STRIKE,
    Decision.COUNTERSTRIKE,
    Decision.CARRY_OVER,
}


def test_normal_bot_meets_every_kind_of_decision() -> None:
    """The property test above really reaches battles, negotiations, summons and the rest
    (checked on games of its own, so it holds on whichever worker runs it)."""
    kinds: Counter[str] = Counter()
    for seed in range(1000, 1040):
        _mixed_game(seed, kinds)
        if set(kinds) >= CORE:
            break
    assert set(kinds) >= CORE, sorted(CORE - set(kinds))


def _decisions(seed: int, players: int) -> list[tuple[PlayerView, Prompt]]:
    """Views and prompts along a game between normal players."""
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    bots = [NormalBot(seed + i, VARIANT) for i in range(players)]
    out = []
    while not game.state.over and len(game.actions) < 3000:
        prompt = game.prompt()
        view = game.view(prompt.player)
        out.append((view, prompt))
        game.act(prompt.player, bots[prompt.player].choose(view, prompt))
    return out


def test_choice_depends_only_on_the_view_and_the_seed() -> None:
    """The same view (even rebuilt from its JSON) gets the same answer, from a fresh bot or
    one that has decided many other things since; the answer does not depend on what the bot
    saw before (it keeps nothing between decisions)."""
    decisions = _decisions(5, 3)
    assert len(decisions) > 100
    veteran = NormalBot(77, VARIANT)
    for view, prompt in decisions:
        veteran.choose(view, prompt)
    for view, prompt in decisions[::7]:
        again = wire.decode(json.loads(json.dumps(wire.encode(view))), PlayerView)
        assert again == view
        first = NormalBot(77, VARIANT).choose(view, prompt)
        assert veteran.choose(again, prompt) == first
        assert NormalBot(77, VARIANT).choose(view, prompt) == first


def test_same_seed_same_game() -> None:
    def record(seed: int) -> list[tuple[int, Action]]:
        game = Game.new("default", ["A", "B"], 3)
        bots = [make_bot("normal", seed), make_bot("normal", seed + 1)]
        while not game.state.over:
            prompt = game.prompt()
            game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
        return game.actions

    assert record(11) == record(11)


def test_hidden_contents_do_not_change_the_choice() -> None:
    """Two positions that differ only in what the deciding seat cannot see (an opponent's
    characters moved between two of its legions, keeping their heights and everything the
    seat knows) give equal views, hence the same choice."""
    checked = 0
    for seed in range(3):
        game = Game.new("default", ["A", "B", "C"], seed)
        bots = [NormalBot(seed + i, VARIANT) for i in range(3)]
        while not game.state.over and len(game.actions) < 400:
            prompt = game.prompt()
            me = prompt.player
            twin = _shuffled(game, me, random.Random(len(game.actions)))
            if twin is not None:
                assert twin.view(me) == game.view(me)
                assert bots[me].choose(twin.view(me), prompt) == bots[me].choose(
                    game.view(me), prompt
                )
                checked += 1
            game.act(me, bots[me].choose(game.view(me), prompt))
    assert checked > 20


def _shuffled(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A clone where two characters the seat does not know about swap between two legions of
    one opponent (the same height each, the seat's knowledge kept); None if there are none."""
    if game.state.engagement is not None:
        return None
    known = game.state.known[seat]
    by_owner: dict[int, list[str]] = {}
    for lg in game.state.legions.values():
        if lg.owner != seat:
            by_owner.setdefault(lg.owner, []).append(lg.marker)
    for markers in by_owner.values():
        for a in markers:
            for b in markers:
                if a >= b:
                    continue
                la, lb = game.state.legions[a], game.state.legions[b]
                free_a = Counter(la.characters) - Counter(known.get(a, {}))
                free_b = Counter(lb.characters) - Counter(known.get(b, {}))
                picks = [(x, y) for x in free_a for y in free_b if x != y]
                if not picks:
                    continue
                x, y = rng.choice(sorted(picks))
                twin = game.clone()
                ta, tb = twin.state.legions[a], twin.state.legions[b]
                ta.characters.remove(x)
                tb.characters.remove(y)
                ta.characters = sorted([*ta.characters, y])
                tb.characters = sorted([*tb.characters, x])
                twin.touch()
                return twin
    return None


# --- battles ---------------------------------------------------------------------------------


def _to_first_maneuver(game: Game, bot: NormalBot) -> Prompt:
    while game.prompt().kind != Decision.MANEUVER:
        prompt = game.prompt()
        game.act(prompt.player, bot.choose(game.view(prompt.player), prompt))
    return game.prompt()


def test_every_character_enters_the_battleland() -> None:
    """11.1: characters left off are eliminated, so the bot enters all of them, leaving the
    entry hexes free for those still to come."""
    for terrain in ("Swamp", "Jungle", "Marsh", "Brush", "Tower"):
        game = battle_game(
            ["Ogre", "Ogre", "Troll", "Troll"],
            ["Titan", "Cyclops", "Cyclops", "Lion", "Lion", "Ogre", "Ogre"],
            terrain,
        )
        bot = NormalBot(1, VARIANT)
        _to_first_maneuver(game, bot)
        while game.prompt().kind == Decision.MANEUVER:
            prompt = game.prompt()
            game.act(prompt.player, bot.choose(game.view(prompt.player), prompt))
        b = game.state.engagement
        assert b is not None and b.battle is not None
        defenders = [f for f in b.battle.fighters if f.side == "defender"]
        assert all(f.entered and not f.gone for f in defenders), terrain


def test_strikes_the_target_it_can_slay() -> None:
    """A character in contact with a nearly slain enemy and a fresh one strikes the one it is
    likely to slay (13): the defender's Troll next to a wounded Ogre and a fresh Cyclops."""
    game = battle_game(["Ogre", "Cyclops"], ["Troll", "Ogre"], "Plains")
    eng = game.state.engagement
    assert eng is not None and eng.battle is not None
    spots = {("attacker", "Ogre"): "C4", ("attacker", "Cyclops"): "D4"}
    spots |= {("defender", "Troll"): "C3", ("defender", "Ogre"): "A1"}
    for f in eng.battle.fighters:
        f.hex = spots[(f.side, f.name)]
        f.entered = True
        if (f.side, f.name) == ("attacker", "Ogre"):
            f.hits = 5
    game.touch()
    bot = NormalBot(1, VARIANT)
    while game.prompt().kind != Decision.STRIKE:
        prompt = game.prompt()
        action = EndPhase() if prompt.kind == Decision.MANEUVER else Decline()
        game.act(prompt.player, action)
    prompt = game.prompt()
    assert prompt.player == 1  # 10.3: the defender's battle turn comes first
    choice = bot.choose(game.view(1), prompt)
    assert isinstance(choice, Strike) and choice.frm == "C3" and choice.target == "C4", choice


def test_does_not_concede_a_battle_it_can_win() -> None:
    game = battle_game(["Colossus", "Colossus", "Serpent"], ["Ogre", "Centaur"], "Plains")
    bot = NormalBot(3, VARIANT)
    for _ in range(200):
        if game.state.engagement is None or game.state.engagement.battle is None:
            break
        prompt = game.prompt()
        action = bot.choose(game.view(prompt.player), prompt)
        if prompt.player == 0:
            assert not isinstance(action, Concede)
        game.act(prompt.player, action)
    assert game.state.engagement is None or game.state.engagement.winner == "attacker"


def test_moves_toward_the_enemy_when_attacking() -> None:
    """10.5: the attacker must win before the time loss, so it closes in: on its second
    maneuver each move it makes ends nearer the enemy than it started."""
    game = battle_game(["Troll", "Troll", "Troll"], ["Ogre", "Ogre"], "Plains")
    bot = NormalBot(2, VARIANT)
    land = VARIANT.battlelands["Plains"]
    checked = 0
    while game.state.engagement is not None and game.state.engagement.battle is not None:
        b = game.state.engagement.battle
        prompt = game.prompt()
        action = bot.choose(game.view(prompt.player), prompt)
        if b.turn == 2 and prompt.player == 0 and isinstance(action, BattleMove):
            assert action.frm is not None
            enemies = [f.hex for f in b.fighters if f.side == "defender" and f.hex and not f.gone]

            def gap(h: str, foes: list[str] = enemies) -> int:
                return min(distance(land.hex(h), land.hex(e)) for e in foes)

            assert gap(action.to) < gap(action.frm), action
            checked += 1
        if b.turn > 2:
            break
        game.act(prompt.player, action)
    assert checked > 0
