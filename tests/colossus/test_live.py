"""Live: our seat in a real Colossus game on loopback, against RationalAI. Runs only where
``../colossus-src/Colossus/Colossus.jar`` has been built (``../shared/colossus/build.sh``)
and Java is installed; skipped otherwise (CI has neither)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from titan.colossus.connect import Outcome, play

ROOT = Path(__file__).resolve().parents[2]
JAR = ROOT.parent / "colossus-src" / "Colossus" / "Colossus.jar"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.skipif(
    not JAR.exists() or shutil.which("java") is None,
    reason=f"no Colossus jar at {JAR} (build it with ../shared/colossus/build.sh) or no java",
)
def test_a_whole_game_against_rational_ai(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [
            "java",
            "-Djava.awt.headless=true",
            f"-Duser.home={tmp_path}",  # Colossus's default options
            "-jar",
            str(JAR),
            *["-g", "-q", "-O", "-d", "0", "-n", "1", "-i", "1", "-r", "1", "-p"],
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        outcome: Outcome | None = None
        deadline = time.monotonic() + 60
        while outcome is None:
            try:
                with (tmp_path / "protocol.tsv").open("w") as log:
                    outcome = play("127.0.0.1", port, level="normal", name="titan", log=log)
            except ConnectionRefusedError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        assert outcome.finished, outcome.message
        assert outcome.message.endswith(" wins") or outcome.message == "Draw"
    finally:
        server.terminate()
        server.wait(timeout=30)
