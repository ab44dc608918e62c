"""The seat on a real socket, against a stand-in server on loopback that plays a recorded
game's server lines (no Java): it signs on, answers, and plays to the game's end."""

from __future__ import annotations

import io
import socket
import threading

from tests.colossus.transcripts import transcript
from titan.colossus.connect import play


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
