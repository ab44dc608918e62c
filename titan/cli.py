"""The ``titan`` command: ``titan demo``, ``titan simulate``, ``titan replay``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from titan.describe import describe
from titan.engine.game import Game
from titan.play import play


def _demo(args: argparse.Namespace) -> int:
    """A complete game between random legal players, every engagement settled by flight,
    concession or agreement; the same seed prints the same game."""
    game = play(args.seed, args.players, fight=not args.no_battles)
    for event in game.history:
        line = describe(game, event)
        if line is not None:
            print(line)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as fh:
            json.dump(game.save(), fh)
    return 0


def _replay(args: argparse.Namespace) -> int:
    with open(args.record, encoding="utf-8") as fh:
        game = Game.load(json.load(fh))
    for event in game.history:
        line = describe(game, event)
        if line is not None:
            print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="titan", description="The fantasy wargame Titan.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a demonstration game between random players")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=4, choices=range(2, 7))
    demo.add_argument(
        "--no-battles",
        action="store_true",
        default=True,
        help="settle engagements without battles (default)",
    )
    demo.add_argument("--save", help="write the game record (JSON) to this file")
    demo.set_defaults(func=_demo)
    rep = sub.add_parser("replay", help="replay a saved game record")
    rep.add_argument("record")
    rep.set_defaults(func=_replay)
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
