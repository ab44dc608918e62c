"""Shared helpers for the tests: building positions and checking invariants."""

from __future__ import annotations

import pickle
from collections import Counter

from titan.engine.actions import ChooseColour
from titan.engine.game import Game
from titan.engine.scenario import clear_board
from titan.engine.state import AfterStep, Legion
from titan.variant import TITAN, titan_power


def started(seed: int = 1, players: int = 2) -> Game:
    """A game past colour choice: the first player's commencement phase. The first player
    (highest tower) plays Red, the second Blue, and so on."""
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    colours = ["Red", "Blue", "Green", "Gold", "Black", "Brown"]
    by_tower = sorted(game.state.players, key=lambda pl: -(pl.tower or 0))
    colour_of = {pl.index: colours[rank] for rank, pl in enumerate(by_tower)}
    while game.state.phase == "colour":
        p = game.prompt().player
        game.act(p, ChooseColour(colour_of[p]))
    return game


def cleared(seed: int) -> tuple[Game, int, int, list[str], list[str]]:
    """A two-player game with an empty board, past the first turn's compulsory split (5.2),
    for a test to set up its own position: the game, the first player, the other, and their
    markers."""
    game = started(seed)
    me = game.prompt().player
    them = 1 - me
    clear_board(game)
    for player in game.state.players:
        player.turns_taken = 1
    mine = list(game.state.players[me].markers)
    theirs = list(game.state.players[them].markers)
    return game, me, them, mine, theirs


def place(game: Game, owner: int, marker: str, land: int, characters: list[str]) -> Legion:
    """Put a legion on the board (test set-up), taking its characters from the caretaker."""
    state = game.state
    for name in characters:
        if name != TITAN:
            state.caretaker[name] -= 1
    if marker in state.players[owner].markers:
        state.players[owner].markers.remove(marker)
    legion = Legion(marker, owner, land, sorted(characters))
    state.legions[marker] = legion
    game.touch()
    return legion


def snapshot(game: Game) -> bytes:
    return pickle.dumps((game.state, len(game.history), len(game.actions)))


def check_invariants(game: Game, previous_scores: list[int] | None = None) -> list[int]:
    """Every character counted exactly once, legion sizes, Titans, markers, knowledge that is
    never wrong, Titan power from score, scores that never fall. Returns the scores."""
    v = game.variant
    state = game.state
    eng = state.engagement
    in_legions: Counter[str] = Counter()
    for lg in state.legions.values():
        in_legions.update(lg.characters)
        assert state.players[lg.owner].alive, f"{lg.marker} belongs to an eliminated player"
        limit = 8 if state.players[lg.owner].turns_taken == 0 else 7
        fighting = (
            eng is not None and eng.battle is not None and lg.marker in (eng.attacker, eng.defender)
        )
        assert (0 if fighting else 1) <= len(lg.characters) <= limit, (
            f"{lg.marker} has {len(lg.characters)}"
        )
    pending: Counter[str] = Counter()
    if eng is not None:
        for names in eng.slain.values():
            pending.update(names)
    for name, ch in v.characters.items():
        if name == TITAN:
            continue
        total = state.caretaker[name] + in_legions[name] + state.dead.get(name, 0)
        if not (eng is not None and eng.stage == AfterStep.FINISH):
            total += pending[name]
        expected = (
            0
            if (state.options.titan_variant and name in ("Centaur", "Gargoyle", "Ogre"))
            else ch.count
        )
        assert total == expected, f"{name}: {total} counted, {expected} exist"
    for p in state.players:
        titans = sum(lg.characters.count(TITAN) for lg in state.player_legions(p.index))
        if (
            p.alive
            and state.phase != "colour"
            and not (eng and any(TITAN in names for names in eng.slain.values()))
        ):
            assert titans == 1, f"{p.name} has {titans} Titans"
        if not p.alive:
            assert titans == 0
    seen: Counter[str] = Counter(state.legions.keys())
    for p in state.players:
        seen.update(p.markers)
    assert all(n == 1 for n in seen.values()), "a marker is in two places"
    for observer, known in enumerate(state.known):
        for marker, k in known.items():
            if marker not in state.legions:
                continue
            actual = Counter(state.legions[marker].characters)
            for name, n in k.items():
                assert actual[name] >= n, (
                    f"observer {observer} wrongly believes {marker} has {n} {name}"
                )
    view = game.view(None)
    scores = []
    for p, pv in zip(state.players, view.players, strict=True):
        assert pv.titan_power == titan_power(p.score) == 6 + p.score // 100
        scores.append(p.score)
    if previous_scores is not None:
        assert all(a >= b for a, b in zip(scores, previous_scores, strict=True)), "a score fell"
    return scores
