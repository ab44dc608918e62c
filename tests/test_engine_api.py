"""Engine III's contract for clients and search: the current player without a prompt,
``is_legal`` apart from ``act``, the exact lazy enumeration of legal actions, clones with
dice of their own, rollback after a rule fails half-way, and masterboard undo (errata 7.0)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from tests.support import place, snapshot, started
from titan.ai.random_bot import RandomBot
from titan.engine import machine
from titan.engine.actions import (
    Accept,
    Action,
    DoneMoving,
    DoneSplitting,
    Move,
    Mulligan,
    Muster,
    Proposal,
    Propose,
    Split,
    UndoMove,
)
from titan.engine.battle.actions import BattleMove, Strike
from titan.engine.dice import SeededDice
from titan.engine.errors import IllegalAction
from titan.engine.events import MoveUndone
from titan.engine.game import Game
from titan.engine.handler import Handler
from titan.engine.prompts import Decision
from titan.engine.scenario import clear_board
from titan.engine.state import Phase


def _random_states(seed: int, players: int, every: int = 7) -> list[Game]:
    """Clones of one random game (with battles) taken every few actions."""
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    bots = [RandomBot(seed * 31 + i) for i in range(players)]
    out: list[Game] = []
    for n in itertools.count():
        if game.state.over or n > 2500:
            break
        if n % every == 0:
            out.append(game.clone())
        prompt = game.prompt()
        action = bots[prompt.player].choose(game.view(prompt.player), prompt)
        if not game.is_legal(action):
            action = prompt.options[-1]
        game.act(prompt.player, action)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_current_player_is_the_prompts_player_without_listing_options(seed: int) -> None:
    for game in _random_states(seed, 2 + seed):
        assert game.current_player() == game.prompt().player


@pytest.mark.rules("errata 1.3")
@pytest.mark.parametrize("seed", [4, 5])
def test_is_legal_agrees_with_act_and_refusals_change_nothing(seed: int) -> None:
    """Every listed option is legal and accepted; actions of other positions are accepted
    exactly when ``is_legal`` says so, and a refusal leaves the game untouched."""
    states = _random_states(seed, 3, every=5)
    pool: list[Action] = [o for g in states for o in g.prompt().options]
    rng = random.Random(seed)
    for game in states:
        if game.state.over:
            continue
        player = game.current_player()
        for option in game.prompt().options[:5]:
            assert game.is_legal(option)
            twin = game.clone()
            twin.act(player, option)
        for action in rng.sample(pool, 25):
            legal = game.is_legal(action)
            before = snapshot(game)
            twin = game.clone()
            try:
                twin.act(player, action)
            except IllegalAction:
                assert not legal, f"is_legal said yes to refused {action!r}"
            else:
                assert legal, f"is_legal said no to accepted {action!r}"
            assert snapshot(game) == before


def test_is_legal_refuses_the_wrong_player_and_malformed_actions() -> None:
    game = started()
    me = game.current_player()
    option = game.prompt().options[0]
    assert game.is_legal(option, me)
    assert not game.is_legal(option, 1 - me)
    assert not game.is_legal(option, True)
    assert not game.is_legal("split")
    assert not game.is_legal(Move("Rd01", "1"))  # type: ignore[arg-type]
    assert not game.is_legal(Strike("A1", "A2", 4, 2, 1))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not a player number: True") as exc:
        game.act(True, option)
    assert exc.value.rule == "errata 1.3"


@dataclass(frozen=True, slots=True)
class _Unlisted(Action):
    """An action class of no rule's: not in wire.ACTIONS, so not an action to the engine."""

    kind: ClassVar[str] = "unlisted"


@pytest.mark.rules("errata 1.3")
@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ("split", "not an action: 'split'"),
        (_Unlisted(), "not an action: _Unlisted()"),
        (Move("Rd01", "1"), "malformed move: Expected `int`, got `str` - at `$.land`"),  # type: ignore[arg-type]
        (Move("Rd01", True), "Expected `int`, got `bool` - at `$.land`"),
        (Move("Rd01", 1, side=2), "Expected `str | null`, got `int` - at `$.side`"),  # type: ignore[arg-type]
        (Split("Rd01", "Rd02", ("Ogre", 3)), "Expected `str`, got `int` - at `$.characters[1]`"),  # type: ignore[arg-type]
        (Accept(("Ogre",)), "malformed accept: Expected `object`, got `array` - at `$.proposal`"),  # type: ignore[arg-type]
        (Accept(Proposal(("Ogre",), None)), "at `$.proposal.defender_losses`"),  # type: ignore[arg-type]
        (Strike("A1", "A2", 4, 2, 1), "Expected `bool`, got `int` - at `$.ranged`"),  # type: ignore[arg-type]
    ],
)
def test_act_refuses_a_malformed_action_naming_the_field_errata_1_3(
    action: object, fragment: str
) -> None:
    """The wire's one check, on actions built in Python: the same strictness as for JSON
    (True is not an int), the same path in the message, and nothing changes."""
    game = started()
    me = game.current_player()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.act(me, action)  # type: ignore[arg-type]
    assert info.value.rule == "errata 1.3"
    assert fragment in str(info.value)
    assert snapshot(game) == before
    assert not game.is_legal(action)


def test_act_takes_a_list_for_a_tuple_and_logs_the_action_as_declared() -> None:
    game = started()
    me = game.current_player()
    split = next(a for a in game.legal_actions() if isinstance(a, Split))
    game.act(me, Split(split.legion, split.marker, list(split.characters)))  # type: ignore[arg-type]
    logged = game.actions[-1][1]
    assert logged == split
    assert isinstance(logged, Split) and type(logged.characters) is tuple
    hash(logged)


def test_legal_actions_list_every_marker_for_a_split() -> None:
    game = started()
    me = game.current_player()
    markers = game.state.players[me].markers
    prompt = game.prompt()
    assert prompt.kind == Decision.SPLIT and prompt.split_markers == tuple(markers)
    splits = [a for a in game.legal_actions() if isinstance(a, Split)]
    assert len(splits) == 14 * len(markers)  # 14 groups (5.2), each under any free marker
    assert {s.marker for s in splits} == set(markers)
    assert all(game.is_legal(s) for s in splits)


@pytest.mark.rules("errata 9.3")
def test_legal_actions_enumerate_proposal_sets_exactly() -> None:
    """Errata 9.3: a set of proposals names legal proposals, none the opponent's, at least
    one new. The lazy enumeration yields sets of every size, each accepted by ``act``."""
    game = started(3)
    me = game.current_player()
    them = 1 - me
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1
    place(game, me, "Rd01", 1000, ["Titan", "Ogre"])
    place(game, them, "Bu01", 1000, ["Titan", "Troll"])
    game.state.legions["Rd01"].moved = True
    game.state.phase = Phase.ENGAGE
    game.touch()
    game.act(me, game.prompt().options[0])  # engage: the Titans make flight impossible
    prompt = game.prompt()
    assert prompt.kind == Decision.NEGOTIATE and prompt.player == them
    # Attacker wholly lost with the defender losing nothing or the Troll (the Titan only
    # with its whole legion), or the reverse: 2 + 2 - 0 duplicates, plus both wholly lost.
    assert len(prompt.proposals) == 5
    sets = [a for a in game.legal_actions() if isinstance(a, Propose)]
    assert len(sets) == 2**5 - 1
    for action in sets:
        twin = game.clone()
        twin.act(them, action)


def test_clone_is_independent_and_replays_identically_with_the_same_dice() -> None:
    states = _random_states(6, 2, every=40)
    for game in states[1:6]:
        twin = game.clone()
        assert twin.state == game.state and twin.state is not game.state
        before = snapshot(game)
        bot = RandomBot(9)
        followed: list[tuple[int, Action]] = []
        for _ in range(30):
            if twin.state.over:
                break
            p = twin.prompt()
            action = bot.choose(twin.view(p.player), p)
            if not twin.is_legal(action):
                action = p.options[-1]
            twin.act(p.player, action)
            followed.append((p.player, action))
        assert snapshot(game) == before  # the original never moved
        for player, action in followed:
            game.act(player, action)
        assert game.state == twin.state  # the same dice: the same game


def test_a_clone_with_its_own_dice_cannot_know_the_real_rolls() -> None:
    game = started(8)
    me = game.current_player()
    game.act(me, game.prompt().options[0])  # a split
    real = game.clone()
    real.act(me, DoneSplitting())
    rolls = set()
    for seed in range(12):
        guess = game.clone(dice=SeededDice(seed))
        assert guess.seed is None
        guess.act(me, DoneSplitting())
        rolls.add(guess.state.roll)
        with pytest.raises(ValueError, match="no record"):
            guess.save()
    assert len(rolls) > 1  # the rolls follow the clone's dice, not the game's
    assert not hasattr(game.state, "seed")


def test_a_rule_failing_half_way_rolls_back_to_the_exact_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bugs are not refusals, but even then nothing is left half-applied: the game restores
    its last checkpoint and replays the actions since."""
    game = Game.new("default", ["A", "B"], 10)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(150):  # past two checkpoints, so the rollback replays from one
        p = game.prompt()
        action = bots[p.player].choose(game.view(p.player), p)
        game.act(p.player, action if game.is_legal(action) else p.options[-1])
    assert not game.state.over
    before = game.state.copy()
    counts = (len(game.history), len(game.actions))
    handler = machine.handler(game.state)

    fired: list[Action] = []

    def explode(ctx: object, action: Action) -> None:
        handler.apply(ctx, action)  # type: ignore[arg-type]
        if not fired:  # once: the replay from the checkpoint passes here too
            fired.append(action)
            raise RuntimeError("a bug after the state changed")

    broken = Handler(handler.decider, handler.prompt, handler.check, explode)
    monkeypatch.setitem(machine.TABLE, machine.point(game.state), broken)
    option = game.prompt().options[0]
    with pytest.raises(RuntimeError, match="a bug"):
        game.act(game.current_player(), option)
    assert game.state == before and (len(game.history), len(game.actions)) == counts
    monkeypatch.undo()
    game.act(game.current_player(), option)  # and the game goes on
    twin = game.clone()
    fired.clear()
    handler = machine.handler(twin.state)
    broken = Handler(handler.decider, handler.prompt, handler.check, explode)
    monkeypatch.setitem(machine.TABLE, machine.point(twin.state), broken)
    with pytest.raises(RuntimeError, match="a bug"):
        twin.act(twin.current_player(), twin.prompt().options[0])
    monkeypatch.undo()
    with pytest.raises(RuntimeError, match="inconsistent"):
        twin.prompt()  # a clone keeps no checkpoint: it refuses to go on


# --- undo of masterboard moves (errata 7.0) --------------------------------------------------


def _moving(seed: int) -> tuple[Game, int]:
    game = started(seed)
    me = game.current_player()
    clear_board(game)
    for p in game.state.players:
        p.turns_taken = 1
    place(game, me, "Rd01", 100, ["Titan", "Ogre", "Ogre"])
    place(game, me, "Rd02", 3, ["Angel", "Troll", "Troll"])
    place(game, 1 - me, "Bu01", 300, ["Titan", "Gargoyle"])
    game.act(me, DoneSplitting())
    return game, me


@pytest.mark.rules("errata 7.0")
def test_undoing_a_move_undoes_every_later_move_errata_7_0() -> None:
    game, me = _moving(2)
    first = next(o for o in game.prompt().options if isinstance(o, Move) and o.legion == "Rd01")
    game.act(me, first)
    second = next(o for o in game.prompt().options if isinstance(o, Move) and o.legion == "Rd02")
    game.act(me, second)
    assert game.state.moves_made == ["Rd01", "Rd02"]
    assert {UndoMove("Rd01"), UndoMove("Rd02")} <= set(game.prompt().options)
    events = game.act(me, UndoMove("Rd01"))
    assert [e.marker for e in events if isinstance(e, MoveUndone)] == ["Rd02", "Rd01"]
    assert game.state.legions["Rd01"].land == 100 and game.state.legions["Rd02"].land == 3
    assert not game.state.legions["Rd01"].moved and game.state.moves_made == []
    assert first in game.prompt().options and second in game.prompt().options


@pytest.mark.rules("errata 7.0")
def test_undoing_the_last_move_keeps_the_earlier_ones_errata_7_0() -> None:
    game, me = _moving(2)
    moves = [o for o in game.prompt().options if isinstance(o, Move)]
    a = next(m for m in moves if m.legion == "Rd01")
    b = next(m for m in moves if m.legion == "Rd02")
    game.act(me, a)
    game.act(me, b)
    game.act(me, UndoMove("Rd02"))
    assert game.state.legions["Rd01"].land == a.land and game.state.moves_made == ["Rd01"]
    with pytest.raises(IllegalAction, match="no move to take back") as exc:
        game.act(me, UndoMove("Rd02"))
    assert exc.value.rule == "errata 7.0"


@pytest.mark.rules("errata 7.0", "8.1")
def test_undoing_a_teleport_frees_the_turns_teleport_errata_7_0() -> None:
    for seed in range(40):
        game, me = _moving(seed)
        if game.state.roll != 6:
            continue
        tele = next(
            o for o in game.prompt().options if isinstance(o, Move) and o.teleport == "tower"
        )
        game.act(me, tele)
        assert game.state.teleported_this_turn
        assert not any(isinstance(o, Move) and o.teleport for o in game.prompt().options)
        game.act(me, UndoMove(tele.legion))
        assert not game.state.teleported_this_turn
        assert tele in game.prompt().options
        return
    raise AssertionError("no seed rolled a 6")


@pytest.mark.rules("errata 7.0")
def test_moves_are_fixed_once_the_movement_phase_ends_errata_7_0() -> None:
    game, me = _moving(2)
    move = next(o for o in game.prompt().options if isinstance(o, Move))
    game.act(me, move)
    game.act(me, DoneMoving())
    assert not any(isinstance(o, UndoMove) for o in game.prompt().options)
    with pytest.raises(IllegalAction):
        game.act(me, UndoMove(move.legion))


@pytest.mark.rules("7.6", "errata 7.0")
def test_a_mulligan_is_offered_again_only_when_every_move_was_taken_back_7_6() -> None:
    game = started(5)
    me = game.current_player()
    game.act(me, next(o for o in game.prompt().options if isinstance(o, Split)))
    game.act(me, DoneSplitting())
    move = next(o for o in game.prompt().options if isinstance(o, Move))
    game.act(me, move)
    assert Mulligan() not in game.prompt().options
    game.act(me, UndoMove(move.legion))
    assert Mulligan() in game.prompt().options


def test_act_and_is_legal_never_list_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legality is judged on the action alone: with every prompt made to fail, the
    actions of a whole recorded game are still judged and applied."""
    from titan.play import play

    record = play(12, 3)
    game = Game.new("default", record.seats, 12)

    def no_listing(ctx: object) -> None:
        raise AssertionError("a prompt was built")

    for point, handler in list(machine.TABLE.items()):
        stub = Handler(handler.decider, no_listing, handler.check, handler.apply)  # type: ignore[arg-type]
        monkeypatch.setitem(machine.TABLE, point, stub)
    for player, action in record.actions:
        assert game.current_player() == player
        assert game.is_legal(action)
        game.act(player, action)
    assert game.state == record.state


def _near_misses(options: tuple[Action, ...], rng: random.Random, n: int) -> list[Action]:
    """Actions like the listed moves, battle moves, strikes and musters, with one field taken
    from another listed action of the same class or from a few likely values: another land,
    side, teleport, lord, target, strike number, dice, reveal or creature."""
    extra: dict[str, list[object]] = {
        "side": [None, "left", "right", "bottom"],
        "teleport": [None, "tower", "titan"],
        "lord": [None, "Titan", "Angel", "Archangel"],
        "ranged": [False, True],
        "strike_number": [1, 2, 3, 4, 5, 6],
        "dice": [1, 2, 3, 4, 5, 6],
        "reveal": [(), ("Titan",)],
    }
    kinds = (Move, BattleMove, Strike, Muster)
    listed = [o for o in options if isinstance(o, kinds)]
    out: list[Action] = []
    for _ in range(n if listed else 0):
        base = rng.choice(listed)
        name = rng.choice([f.name for f in dataclasses.fields(base)])
        seen = [getattr(o, name) for o in listed if type(o) is type(base)]
        value = rng.choice(seen + extra.get(name, []))
        out.append(dataclasses.replace(base, **{name: value}))
    return out


@pytest.mark.parametrize("seed", [6, 7])
def test_is_legal_accepts_exactly_the_listed_actions(seed: int) -> None:
    """``act`` judges a move, battle move, strike or muster on its own, without listing the
    others; it must accept exactly what the prompt lists, near misses included."""
    rng = random.Random(seed)
    for game in _random_states(seed, 3, every=3):
        if game.state.over:
            continue
        options = game.prompt().options
        listed = set(options)
        for action in [*options, *_near_misses(options, rng, 30)]:
            assert game.is_legal(action) == (action in listed), action
