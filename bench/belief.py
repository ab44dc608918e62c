"""How close ``strong``'s guesses of hidden legions are to what they hold: games of ``normal``
(or random) players, and at every so many actions each seat's view determinized
(:func:`titan.ai.determinize.determinize`) a few times; for each legion of another player
that the seat does not know whole, the drawn contents are set against the real ones.

Prints, for all positions and for the first three turns (where a legion of the first split
holds one lord, errata 2.1): the mean absolute error of the drawn legion's strength (its
worth as ``strong`` counts it, :func:`titan.ai.strong.simulate.worth_of`: power times skill,
a Titan at its power) and of its number of lords (the Titan and the
angels), the Brier score of "the Titan is here" (the
share of draws with the Titan there, against whether it is), and the time a draw takes.
To compare two versions, run the same seeds from both checkouts: with ``--by random`` the
games are the same whatever the version (``normal``'s own play reads the estimates, so a
change to them changes its games too).

Run: ``.venv/bin/python -m bench.belief [--games N] [--seed S] [--draws D] [--by random]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from titan.ai.base import Bot
from titan.ai.determinize import determinize
from titan.ai.normal import NormalBot
from titan.ai.random_bot import RandomBot
from titan.ai.strong.simulate import worth_of
from titan.engine.errors import IllegalAction
from titan.engine.game import Game
from titan.variant import TITAN, Variant, load

EVERY = 25  # actions between sampled positions


@dataclass
class Tally:
    error: float = 0.0
    lords: float = 0.0
    legions: int = 0
    brier: float = 0.0
    titan_legions: int = 0

    def line(self, what: str) -> str:
        if not self.legions:
            return f"{what}: no hidden legions"
        brier = self.brier / max(self.titan_legions, 1)
        return (
            f"{what}: {self.legions} legions; mean absolute error of the strength"
            f" {self.error / self.legions:.2f}, of the lords {self.lords / self.legions:.3f};"
            f" Titan-here Brier {brier:.3f} over {self.titan_legions}"
        )


@dataclass
class Figures:
    all: Tally = field(default_factory=Tally)
    early: Tally = field(default_factory=Tally)
    draws: int = 0
    seconds: float = 0.0


def _lords(variant: Variant, names: Iterable[str]) -> int:
    return sum(variant.characters[n].is_lord for n in names)


def positions(variant: Variant, seed: int, by: str) -> Iterator[Game]:
    """Every ``EVERY``-th position of a game of ``by`` players (2 to 5 of them)."""
    players = 2 + seed % 4
    game = Game.new("default", [f"P{i}" for i in range(players)], seed)
    bots: list[Bot] = [
        NormalBot(seed * 10 + i, variant) if by == "normal" else RandomBot(seed * 10 + i)
        for i in range(players)
    ]
    step = 0
    while not game.state.over and game.state.turn <= 40:
        if step % EVERY == 0:
            yield game
        prompt = game.prompt()
        try:
            game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
        except IllegalAction:  # a random proposal may repeat one already made
            game.act(prompt.player, prompt.options[-1])
        step += 1


def measure(variant: Variant, game: Game, draws: int, rng: random.Random, out: Figures) -> None:
    for p in game.state.players:
        if not p.alive or p.colour is None:
            continue
        view = game.view(p.index)
        unknown = [lv for lv in view.legions if lv.owner != p.index and not lv.complete]
        if not unknown:
            continue
        drawn = []
        start = time.process_time()
        for _ in range(draws):
            drawn.append(determinize(view, rng, variant).state.legions)
        out.seconds += time.process_time() - start
        out.draws += draws
        for lv in unknown:
            real = game.state.legions[lv.marker].characters
            score = game.state.players[lv.owner].score
            truth = worth_of(variant, real, score)
            error = sum(
                abs(worth_of(variant, d[lv.marker].characters, score) - truth) for d in drawn
            )
            lords = sum(
                abs(_lords(variant, d[lv.marker].characters) - _lords(variant, real)) for d in drawn
            )
            here = sum(TITAN in d[lv.marker].characters for d in drawn) / draws
            for tally in (out.all, out.early) if game.state.turn <= 3 else (out.all,):
                tally.error += error / draws
                tally.lords += lords / draws
                tally.legions += 1
                if TITAN not in lv.known:
                    tally.brier += (here - (TITAN in real)) ** 2
                    tally.titan_legions += 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draws", type=int, default=8, help="determinizations per view")
    parser.add_argument("--by", choices=("normal", "random"), default="normal")
    args = parser.parse_args(argv)
    variant = load("default")
    rng = random.Random(args.seed)
    out = Figures()
    for seed in range(args.seed, args.seed + args.games):
        for game in positions(variant, seed, args.by):
            measure(variant, game, args.draws, rng, out)
    print(f"belief ({args.games} games of {args.by} players, seeds {args.seed}+):")
    print("  " + out.all.line("all turns"))
    print("  " + out.early.line("turns 1-3"))
    print(f"  {out.draws} draws, {out.seconds / max(out.draws, 1) * 1e3:.3f} ms of CPU each")


if __name__ == "__main__":
    main()
