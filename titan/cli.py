"""The ``titan`` command: ``titan demo``, ``titan simulate``, ``titan replay``,
``titan schema``, ``titan odds``, ``titan arena``, ``titan serve``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from titan.arena import add_parser as add_arena_parser
from titan.describe import describe, printable
from titan.engine.game import Game
from titan.engine.record import RecordError
from titan.engine.schema import SCHEMA_PATH, schema_text
from titan.odds.command import add_parser as add_odds_parser
from titan.play import play

if TYPE_CHECKING:
    from titan.sim import GameResult


def _demo(args: argparse.Namespace) -> int:
    """A complete game between random legal players, every engagement settled by flight,
    concession or agreement; the same seed prints the same game."""
    game = play(args.seed, args.players, fight=args.battles)
    for event in game.history:
        line = describe(game, event)
        if line is not None:
            print(printable(line))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as fh:
            json.dump(game.save(), fh)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    """Complete games between random players, with a progress bar and a summary."""
    from tqdm import tqdm

    from titan.sim import run_many, summarise

    def bar(results: Iterator[GameResult], total: int) -> Iterator[GameResult]:
        return iter(tqdm(results, total=total, unit="game", disable=args.quiet))

    results = run_many(args.players, args.games, args.seed, args.jobs, bar)
    summary = summarise(results)
    print(
        f"{summary['games']} games, {args.players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}"
    )
    for key in ("winners", "engagement_outcomes"):
        print(f"{key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in summary[key].items()))
    for key in ("game_turns", "actions_per_game", "battles_per_game", "seconds_per_game"):
        s = summary[key]
        if s:
            print(
                f"{key.replace('_', ' ')}: mean {s['mean']:.2f}, median {s['median']:.2f}, "
                f"min {s['min']:.2f}, max {s['max']:.2f}"
            )
    for f in summary["failures"]:
        print(f"FAILED seed {f['seed']}: {f['error']}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=1)
    return 1 if summary["failures"] else 0


def _replay(args: argparse.Namespace) -> int:
    try:
        with open(args.record, encoding="utf-8") as fh:
            game = Game.load(json.load(fh))
    except (OSError, json.JSONDecodeError, RecordError) as exc:
        print(printable(f"titan replay: {args.record}: {exc}"), file=sys.stderr)
        return 2
    for event in game.history:
        line = describe(game, event)
        if line is not None:
            print(printable(line))
    return 0


def _schema(args: argparse.Namespace) -> int:
    """Print the wire schema, or write it (the committed file's exact text)."""
    if args.ts:
        from titan.schema_ts import typescript_text

        with open(args.ts, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(typescript_text())
        if not args.write:
            return 0
    text = schema_text()
    if args.write:
        with open(args.write, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"not a positive number: {text!r}")
    return value


def _whole_positive(text: str) -> int:
    value = _positive(text)
    if value != int(value):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(value)


def _rates(text: str) -> object:
    from titan.server.rates import LimitError, parse_rates

    try:
        return parse_rates(text)
    except LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _serve(args: argparse.Namespace) -> int:
    from titan.server.config import Limits
    from titan.server.serve import Network, serve  # the web stack is imported only to serve

    network = Network(
        request_timeout=args.request_timeout,
        keep_alive=args.keep_alive,
        proxy_headers=args.proxy_headers,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    limits = Limits(
        rates=args.rate_limits,
        max_import_actions=args.max_import_actions,
        max_open_games=args.max_open_games,
        max_bot_games=args.max_bot_games,
        idle_days=args.idle_days,
    )
    notices = (args.public_url, args.smtp, args.local_webhooks)
    return serve(
        args.host, args.port, args.db, args.bot_workers, args.log_level, network, limits, notices
    )


def _colossus_seat(args: argparse.Namespace) -> int:
    from titan.colossus.connect import play

    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        outcome = play(
            args.host, args.port, level=args.level, name=args.name, seed=args.seed, log=log
        )
    except OSError as exc:
        print(f"cannot play the seat at {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    finally:
        if log is not None:
            log.close()
    print(outcome.message)
    return 0 if outcome.finished else 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="titan", description="The fantasy wargame Titan.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a demonstration game between random players")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=4, choices=range(2, 7))
    demo.add_argument(
        "--battles",
        action="store_true",
        help="let the players fight battles (by default every engagement is settled by "
        "flight, concession or agreement)",
    )
    demo.add_argument("--save", help="write the game record (JSON) to this file")
    demo.set_defaults(func=_demo)
    sim = sub.add_parser("simulate", help="play many games between random players")
    sim.add_argument("--players", type=int, default=4, choices=range(2, 7))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--jobs", type=int, default=1)
    sim.add_argument("--json", help="also write the summary and every result to this file")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=_simulate)
    rep = sub.add_parser("replay", help="replay a saved game record")
    rep.add_argument("record")
    rep.set_defaults(func=_replay)
    schema = sub.add_parser("schema", help="print (or --write) the JSON Schema of the wire format")
    schema.add_argument(
        "--write",
        nargs="?",
        const=SCHEMA_PATH,
        metavar="PATH",
        help=f"write the schema to PATH (default {SCHEMA_PATH}) instead of printing it",
    )
    schema.add_argument(
        "--ts",
        nargs="?",
        const="titan/web/src/wire.ts",
        metavar="PATH",
        help="write the TypeScript declarations of the browser client "
        "(default titan/web/src/wire.ts)",
    )
    schema.set_defaults(func=_schema)
    srv = sub.add_parser("serve", help="run the game server (web API, WebSocket, lobby page)")
    srv.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default %(default)s)"
    )
    srv.add_argument("--port", type=int, default=8000, help="port (default %(default)s)")
    srv.add_argument(
        "--db",
        help="database URL: sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB (default: "
        "$TITAN_DB, else SQLite in the user's data directory)",
    )
    srv.add_argument(
        "--bot-workers", type=int, default=2, help="processes for computer seats (default 2)"
    )
    srv.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    env = os.environ.get
    srv.add_argument(
        "--request-timeout",
        type=_positive,
        default=env("TITAN_REQUEST_TIMEOUT", "10"),  # a string default goes through type
        metavar="SECONDS",
        help="a request whose headers and body have not all arrived by then is answered 408 "
        "and closed ($TITAN_REQUEST_TIMEOUT, default %(default)s)",
    )
    srv.add_argument(
        "--keep-alive",
        type=_whole_positive,
        default=env("TITAN_KEEP_ALIVE", "5"),
        metavar="SECONDS",
        help="idle kept-alive connections close after this ($TITAN_KEEP_ALIVE, default "
        "%(default)s)",
    )
    srv.add_argument(
        "--proxy-headers",
        action=argparse.BooleanOptionalAction,
        default=env("TITAN_PROXY_HEADERS", "1") != "0",
        help="take the client's address and scheme from X-Forwarded-For/-Proto, when sent by "
        "an address of --forwarded-allow-ips ($TITAN_PROXY_HEADERS=0 to turn off; default on)",
    )
    srv.add_argument(
        "--forwarded-allow-ips",
        default=env("TITAN_FORWARDED_ALLOW_IPS", "127.0.0.1"),
        metavar="ADDRESSES",
        help="comma-separated addresses or networks of the reverse proxies to trust, or '*' "
        "($TITAN_FORWARDED_ALLOW_IPS, default %(default)s)",
    )
    srv.add_argument(
        "--rate-limits",
        type=_rates,
        default=env("TITAN_RATE_LIMITS", ""),
        metavar="LIMITS",
        help="requests per client (address or account): KIND=BURST/SECONDS, comma-separated, "
        "for KIND create, import, act, chat, write, read or login (default create=20/600,"
        "import=5/600,act=100/10,chat=10/20,write=30/60,read=300/10,login=10/300), or 'off' "
        "($TITAN_RATE_LIMITS)",
    )
    srv.add_argument(
        "--max-import-actions",
        type=_whole_positive,
        default=env("TITAN_MAX_IMPORT_ACTIONS", "20000"),
        metavar="N",
        help="the most actions an imported record may hold; a longer one is refused with 413 "
        "($TITAN_MAX_IMPORT_ACTIONS, default %(default)s)",
    )
    srv.add_argument(
        "--max-open-games",
        type=_whole_positive,
        default=env("TITAN_MAX_OPEN_GAMES", "20"),
        metavar="N",
        help="running games one client may have created ($TITAN_MAX_OPEN_GAMES, default "
        "%(default)s)",
    )
    srv.add_argument(
        "--max-bot-games",
        type=_whole_positive,
        default=env("TITAN_MAX_BOT_GAMES", "2"),
        metavar="N",
        help="... of them with computer seats only ($TITAN_MAX_BOT_GAMES, default %(default)s)",
    )
    srv.add_argument(
        "--idle-days",
        type=_positive,
        default=env("TITAN_IDLE_DAYS", "30"),
        metavar="DAYS",
        help="a game with no move for this long leaves the lobby; its seats and record stay "
        "($TITAN_IDLE_DAYS, default %(default)s)",
    )
    srv.add_argument(
        "--public-url",
        default=env("TITAN_PUBLIC_URL"),
        metavar="URL",
        help="the address players reach this server at, for the links in e-mails and "
        "webhooks, e.g. https://titan.example.org ($TITAN_PUBLIC_URL; default "
        "http://HOST:PORT)",
    )
    srv.add_argument(
        "--smtp",
        default=env("TITAN_SMTP"),
        metavar="URL",
        help="the mail server for e-mail notices: smtp://USER:PASSWORD@HOST:PORT, with "
        "?starttls, or smtps://... for TLS; ?from=ADDRESS sets the sender ($TITAN_SMTP; "
        "default: no e-mails)",
    )
    srv.add_argument(
        "--local-webhooks",
        action="store_true",
        help="let players' webhooks call this machine (loopback, http allowed): for tests and "
        "a server on one's own computer, never on the open internet",
    )
    srv.set_defaults(func=_serve)
    seat = sub.add_parser(
        "colossus-seat", help="play a Network seat of a running Colossus game with a bot"
    )
    seat.add_argument("--host", default="127.0.0.1", help="Colossus server (default %(default)s)")
    seat.add_argument("--port", type=int, default=26567, help="its port (default %(default)s)")
    seat.add_argument("--level", default="strong", help="bot level (default %(default)s)")
    seat.add_argument("--name", default="titan", help="the seat's name (default %(default)s)")
    seat.add_argument("--seed", type=int, default=0, help="the bot's random seed")
    seat.add_argument("--log", help="write every protocol line to this file (tsv)")
    seat.set_defaults(func=_colossus_seat)
    add_odds_parser(sub)  # titan odds (battle estimate), titan odds strike (exact odds)
    add_arena_parser(sub)  # titan arena (levels against each other)
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
