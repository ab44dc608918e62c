"""The seat on a real socket, against a stand-in server on loopback that plays a recorded
game's server lines (no Java): it signs on, answers, and plays to the game's end."""

from __future__ import annotations

import contextlib
import io
import socket
import tempfile
import threading
from pathlib import Path

from bench.colossus_losses import read_game
from tests.colossus.transcripts import transcript
from titan.colossus.connect import OUT, play
from titan.colossus.transcript import read


def test_the_seat_plays_a_recorded_game_over_a_socket() -> None:
    lines = [e.text for e in transcript("netseat_transcript_view-all.tsv.gz") if e.to_client]
    received: list[str] = []
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve() -> None:
        conn, _ = listener.accept()
        reader = conn.makefile("r", encoding="utf-8", newline="\n")
        writer = conn.makefile("w", encoding="utf-8", newline="\n")
        with conn, reader, writer:
            received.append(reader.readline().rstrip("\n"))  # signOn
            for line in lines:
                writer.write(line + "\n")
            writer.flush()
            conn.shutdown(socket.SHUT_WR)
            received.extend(x.rstrip("\n") for x in reader)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    log = io.StringIO()
    # The stand-in server ignores what the seat decides, and the seat's mirror follows the
    # server: a random bot is enough to exercise every prompt of the game.
    outcome = play("127.0.0.1", port, level="random", name="Ext", log=log, timeout=60)
    server.join(timeout=60)
    listener.close()
    assert outcome.finished and outcome.message == "Simple1 wins"
    assert received[0].startswith("signOn ~ Ext ~ true ~ 10 ~ ")
    assert "catchupConfirmation" in received and "confirmCommitPoint ~ 1" in received
    assert sum(1 for x in log.getvalue().splitlines() if "\tS>C\t" in x) == len(lines)
    # The seat withholds what it cannot mirror yet from its bot: undoing, conceding, leaving.
    assert not [x for x in received if x.startswith(("undo", "concede ~", "withdrawFromGame"))]


def _stand_in(lines: list[str], received: list[str]) -> tuple[socket.socket, threading.Thread]:
    """A server on loopback that plays ``lines`` and keeps what the seat sends, as it
    comes (a seat that leaves closes its socket while the server still writes)."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = listener.accept()
        reader = conn.makefile("r", encoding="utf-8", newline="\n")
        writer = conn.makefile("w", encoding="utf-8", newline="\n")

        def hear() -> None:
            with contextlib.suppress(OSError):  # the seat closed with lines still unread
                received.extend(x.rstrip("\n") for x in reader)

        listening = threading.Thread(target=hear, daemon=True)
        listening.start()
        with conn:
            with contextlib.suppress(OSError):  # the seat left
                for line in lines:
                    writer.write(line + "\n")
                writer.flush()
                conn.shutdown(socket.SHUT_WR)
            listening.join(timeout=60)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    return listener, server


def test_a_seat_out_of_a_four_player_game_leaves_once_the_others_play_on() -> None:
    """RationalAI, four players: our Titan falls at turn 8 and the three AIs play on to
    turn 23. Told to leave when out (bench.colossus, more than two players), the seat
    withdraws at the next turn's start, the game over for it, and the log it leaves reads
    as a game it is out of."""
    log = (
        Path(__file__).resolve().parents[1] / "fixtures/colossus/live-rational-4p-out-early.tsv.gz"
    )
    lines = [e.text for e in read(log) if e.to_client]
    received: list[str] = []
    listener, server = _stand_in(lines, received)
    port = listener.getsockname()[1]
    seen = io.StringIO()
    outcome = play("127.0.0.1", port, level="random", log=seen, timeout=60, leave_when_out=True)
    server.join(timeout=60)
    listener.close()
    assert outcome.finished and outcome.message == OUT.format(name="titan") == "titan is out"
    assert received[-2:] == ["withdrawFromGame", "disconnect"]
    heard = [x.split("\t")[2] for x in seen.getvalue().splitlines() if "\tS>C\t" in x]
    died = lines.index(next(x for x in lines if x.startswith("updateChangedValues ~ titan:true")))
    assert heard[-1].startswith("setupTurnState ~ ") and died < len(heard) < len(lines) // 2
    assert read_game(log).result == "Rational1 wins"  # the whole game
    left = Path(tempfile.mkdtemp()) / "left.tsv"  # the log the seat wrote when it left
    left.write_text(seen.getvalue(), encoding="utf-8")
    assert read_game(left).result == "titan is out"
