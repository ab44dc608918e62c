"""``titan odds``: a battle estimate by simulation, or (``titan odds strike``) the exact odds
of one strike.

    titan odds --attacker Titan,Dragon:2 --defender Ogre --terrain Hills [--bot random]
               [--trials N | --seconds S] [--precision W] [--seed S] [--jobs J]
               [--json FILE] [--png FILE]
    titan odds strike --dice 4 --strike-number 5 [--remaining 3 [--carry 2,2]]

Only the modules of the odds themselves are imported when the command runs, and matplotlib
only for ``--png``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from titan import charts
from titan.variant import load

SubParsers = Any  # argparse's _SubParsersAction is private; its type is not worth importing


def add_parser(sub: SubParsers) -> None:
    """Add ``odds`` (and its ``strike`` mode) to the ``titan`` command's subparsers."""
    odds: argparse.ArgumentParser = sub.add_parser(
        "odds",
        help="battle odds: an estimate by simulation, or a strike's exact odds",
        description="Estimate a battle by playing it out many times with computer players "
        "(fought out: no concessions, everyone enters), or with 'strike' print the exact "
        "odds of one strike. Legions are comma-separated names; Name:N repeats one.",
    )
    odds.add_argument("--attacker", type=legion_names, help="e.g. Titan,Ogre:2,Centaur")
    odds.add_argument("--defender", type=legion_names, help="e.g. Troll,Troll")
    odds.add_argument("--terrain", type=_terrain, help="e.g. Hills, Tower")
    odds.add_argument("--bot", default="random", help="computer player level (default random)")
    odds.add_argument("--defender-bot", help="the defender's level, if not --bot's")
    budget = odds.add_mutually_exclusive_group()
    budget.add_argument("--trials", type=_positive_int, help="play exactly this many battles")
    budget.add_argument(
        "--seconds", type=float, help="play for this long (default 2, if --trials is not given)"
    )
    odds.add_argument(
        "--precision", type=float, help="stop once every 95%% CI half-width is at most this"
    )
    odds.add_argument("--seed", type=int, default=0)
    odds.add_argument(
        "--jobs", type=_positive_int, default=min(2, os.cpu_count() or 1), help="processes"
    )
    odds.add_argument(
        "--concessions",
        action="store_true",
        help="let the players concede and leave "
        "characters off (by default the battle is fought out)",
    )
    odds.add_argument("--attacker-score", type=int, default=0, help="sets the Titan's power")
    odds.add_argument("--defender-score", type=int, default=0)
    odds.add_argument("--entry-side", default="bottom", choices=("bottom", "left", "right"))
    odds.add_argument("--land", type=int, help="a masterboard land of the terrain")
    odds.add_argument("--json", help="also write the estimate to this file")
    odds.add_argument("--png", help="also draw it, with its confidence intervals, to this PNG")
    odds.set_defaults(func=_battle)
    modes = odds.add_subparsers(dest="odds_mode", metavar="strike")
    strike = modes.add_parser("strike", help="the exact odds of one strike")
    strike.add_argument("--dice", type=int, required=True)
    strike.add_argument("--strike-number", type=int, required=True, choices=range(1, 7))
    strike.add_argument("--remaining", type=_positive_int, help="hits the target still needs")
    strike.add_argument(
        "--carry", type=_ints, default=(), help="carry-over candidates' remaining hits, in order"
    )
    strike.set_defaults(func=_strike)


def _battle(args: argparse.Namespace) -> int:
    from titan.engine.scenario import ScenarioError
    from titan.odds.estimate import estimate_battle
    from titan.odds.report import estimate_lines

    missing = [f"--{n}" for n in ("attacker", "defender", "terrain") if getattr(args, n) is None]
    if missing:
        print(
            f"titan odds: {', '.join(missing)} required (or: titan odds strike ...)",
            file=sys.stderr,
        )
        return 2
    if args.png and not charts.available():
        print(f"titan odds: {charts.MISSING}", file=sys.stderr)
        return 2
    try:
        est = estimate_battle(
            args.attacker,
            args.defender,
            args.terrain,
            bot=args.bot,
            defender_bot=args.defender_bot,
            trials=args.trials,
            seconds=args.seconds,
            half_width=args.precision,
            seed=args.seed,
            jobs=args.jobs,
            fight_out=not args.concessions,
            attacker_score=args.attacker_score,
            defender_score=args.defender_score,
            entry_side=args.entry_side,
            land=args.land,
        )
    except (ScenarioError, ValueError) as exc:
        print(f"titan odds: {exc}", file=sys.stderr)
        return 2
    print("\n".join(estimate_lines(est)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(est.to_json(), fh, indent=1)
    if args.png:
        from titan.odds.chart import write_png

        write_png(est, args.png)
        print(f"chart written to {args.png}")
    return 0


def _strike(args: argparse.Namespace) -> int:
    from titan.dice.strike import strike_odds
    from titan.odds.report import hit_lines, strike_lines

    try:
        if args.remaining is None:
            if args.carry:
                raise ValueError("--carry needs --remaining (the target's remaining hits)")
            lines = hit_lines(args.dice, args.strike_number)
        else:
            odds = strike_odds(args.dice, args.strike_number, args.remaining, args.carry)
            lines = strike_lines(odds)
    except ValueError as exc:
        print(f"titan odds strike: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


# --- argument types -----------------------------------------------------------------------


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text}")
    return value


def _ints(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers like 2,3 not {text!r}") from None


def legion_names(text: str) -> list[str]:
    """Comma-separated character names, any case; ``Name:N`` stands for N of them."""
    names = {n.lower(): n for n in load().characters}
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, count = part.partition(":")
        canonical = names.get(name.strip().lower())
        if canonical is None:
            known = ", ".join(sorted(names.values()))
            raise argparse.ArgumentTypeError(f"unknown character {name!r}; known: {known}")
        try:
            n = int(count) if count else 1
        except ValueError:
            raise argparse.ArgumentTypeError(f"bad count in {part!r}") from None
        out += [canonical] * n
    return out


def _terrain(text: str) -> str:
    terrains = {t.lower(): t for t in load().battlelands}
    found = terrains.get(text.strip().lower())
    if found is None:
        known = ", ".join(sorted(terrains.values()))
        raise argparse.ArgumentTypeError(f"unknown terrain {text!r}; known: {known}")
    return found
