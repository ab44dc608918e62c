"""The Network seat on a socket: connect to a Colossus server, sign on, play to the end.

One line per message, ``\\n``-terminated, in UTF-8 (PROTOCOL.md). Everything else is the
sans-I/O :class:`~titan.colossus.seat.Seat`; this module only moves its lines, and keeps a
log of them in the transcripts' format when asked.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TextIO

from titan.ai.levels import make_bot
from titan.ai.strong import StrongBot
from titan.ai.strong.budget import Clock
from titan.colossus.check import Desync
from titan.colossus.seat import Seat, SeatError

# Answers that are not decisions: they do not count as thinking time.
_HOUSEKEEPING = ("confirmCommitPoint", "replyToPing", "catchupConfirmation", "signOn")
_PING = "pingRequest"
OUT = "{name} is out"  # the outcome of a seat that left once out (leave_when_out)
LINGER = 2.0  # seconds a leaving seat reads on, so that its last lines are not lost


@dataclass(frozen=True, slots=True)
class Outcome:
    message: str  # the server's game-over message ("X wins", "Draw"), or why we stopped
    finished: bool  # the game reached its end
    turns: int = 0  # the game turn it ended in
    # Seconds our side took for each server message it answered (the bot's decisions).
    think: tuple[float, ...] = ()
    seconds: float = 0.0  # the whole game, wall time
    desync: bool = False  # ended by a disagreement between the server and our engine
    # The same decisions' CPU time (this thread's): on a loaded machine wall time is mostly
    # waiting for a core.
    think_cpu: tuple[float, ...] = ()


def play(
    host: str,
    port: int,
    *,
    level: str,
    name: str = "titan",
    seed: int = 0,
    log: TextIO | None = None,
    timeout: float = 600.0,
    leave_when_out: bool = False,
    cap_clock: Clock = "wall",
) -> Outcome:
    """Take the first free Network seat of the game at ``host:port`` and play it with a bot
    of ``level``. A desync or an option our engine does not play ends the seat: it
    withdraws and says why. ``leave_when_out``: once our Titan is slain and the others play
    on (more than two players), the seat leaves; the game is over for it (``OUT``).
    ``cap_clock``: the clock of a ``strong`` bot's cap on a decision (``Budget.clock``)."""
    bot = make_bot(level, seed)
    if isinstance(bot, StrongBot):
        bot.budget = replace(bot.budget, clock=cap_clock)
    seat = Seat(name, bot)
    start = time.monotonic()
    with socket.create_connection((host, port), timeout=timeout) as sock:
        # Separate reader and writer: one text stream both ways mixes its buffers up.
        reader = sock.makefile("r", encoding="utf-8", newline="\n")
        writer = sock.makefile("w", encoding="utf-8", newline="\n")

        def send(lines: list[str]) -> None:
            for line in lines:
                _log(log, start, "C>S", line)
                writer.write(line + "\n")
            writer.flush()

        think: list[float] = []
        think_cpu: list[float] = []

        def outcome(message: str, finished: bool, desync: bool = False) -> Outcome:
            game = seat.mirror.game
            turn = 0 if game is None else game.state.turn
            took = time.monotonic() - start
            return Outcome(message, finished, turn, tuple(think), took, desync, tuple(think_cpu))

        send(seat.hello())
        progress = time.monotonic()  # the last message that was not a ping
        for raw in reader:
            line = raw.rstrip("\r\n")
            _log(log, start, "S>C", line)
            if not line.startswith(_PING):
                progress = time.monotonic()
            elif time.monotonic() - progress > timeout:
                # The server pings every 30 s, so the socket is never silent: a game stalled
                # (whichever side waits) shows as nothing but pings.
                raise TimeoutError(f"nothing but pings for {timeout:.0f} s")
            began = time.monotonic()
            began_cpu = time.thread_time()
            try:
                answer = seat.receive(line)
            except (SeatError, Desync) as exc:
                _leave(sock, send)
                return outcome(str(exc), False, isinstance(exc, Desync))
            if any(not a.startswith(_HOUSEKEEPING) for a in answer):
                think.append(time.monotonic() - began)
                think_cpu.append(time.thread_time() - began_cpu)
            send(answer)
            if line == "dispose" or (seat.over and line.startswith("dispose")):
                break
            if leave_when_out and seat.out_and_on:
                _leave(sock, send)
                return outcome(OUT.format(name=seat.name), True)
        over = seat.mirror.game is not None and seat.mirror.game.state.over
        return outcome(seat.result or "the server closed the connection", over)


def _leave(sock: socket.socket, send: Callable[[list[str]], None]) -> None:
    """Withdraw and say goodbye, then read what the server still sends until it closes (at
    most ``LINGER`` seconds): a socket closed with unread data in it is reset, and the reset
    can destroy our last lines before the server has read them."""
    send(["withdrawFromGame", "disconnect"])
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(LINGER)
        until = time.monotonic() + LINGER
        while time.monotonic() < until and sock.recv(1 << 16):
            pass


def _log(log: TextIO | None, start: float, way: str, line: str) -> None:
    if log is not None:
        log.write(f"{int((time.monotonic() - start) * 1000)}\t{way}\t{line}\n")
        log.flush()  # a stalled or killed game's log is whole up to its last line
