"""A Colossus game server on loopback, headless, for our seat to join (see
``../shared/colossus/README.md``): one Network seat and Colossus AIs of one type.

Each game gets a fresh ``user.home`` so that only the options written here apply; the view
mode is "ever revealed" by default, so that Colossus's AIs and ours see the same hidden
information (the default mode tells every client every split's contents).
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from titan.ai.strong.budget import Clock
from titan.colossus.connect import Outcome, play

ROOT = Path(__file__).resolve().parents[2]
JAR = Path(os.environ.get("COLOSSUS_JAR", ROOT.parent / "colossus-src/Colossus/Colossus.jar"))
# Colossus's command-line flags choosing its AI type for K seats (Start.java's options).
AI_TYPES = {"simple": "-Z", "rational": "-r", "milvang": "-M", "clemens": "-L"}
VIEW_EVER = "Ever revealed (or concludable) since start"
VIEW_ALL = "True content for all legions"


# A jar built by bench/colossus-seeded/build.sh has this class: it seeds every random source of
# a game from the system property below, so that a game can be played again.
SEEDED_CLASS = "net/sf/colossus/util/SeededRandom.class"
SEED_PROPERTY = "net.sf.colossus.seed"


class ColossusMissing(RuntimeError):
    """No Java or no Colossus jar here (build it with ../shared/colossus/build.sh)."""


def available(seeded: bool = False) -> str | None:
    """Why games against Colossus (``seeded``: seeded games) cannot run here, or None when
    they can."""
    if seeded and not seedable():
        return f"{JAR} cannot seed games (see bench/colossus-seeded/build.sh)"
    if shutil.which("java") is None:
        return "no java on the PATH"
    if not JAR.exists():
        return f"no Colossus jar at {JAR} (build it with ../shared/colossus/build.sh)"
    return None


def seedable() -> bool:
    """Whether the Colossus jar can seed its games (built with bench/colossus-seeded)."""
    try:
        with zipfile.ZipFile(JAR) as jar:
            return SEEDED_CLASS in jar.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def free_port() -> int:
    """A port for a Colossus server: free with the one above it (its file server's), and
    below the kernel's ephemeral range, from which other programs' connections (and ours,
    while we wait for the server) take their ports: one game's server found its port taken
    between our choice and its start."""
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        if _bindable(port) and _bindable(port + 1):
            return port
    raise OSError("no free pair of ports for a Colossus server in 20000-32000")


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@contextmanager
def colossus_server(
    home: Path,
    *,
    ai: str,
    opponents: int,
    port: int,
    view: str = VIEW_EVER,
    ai_seconds: int | None = None,
    dice_seed: int | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    """Start a game for one Network seat and ``opponents`` Colossus AIs of type ``ai``; stop
    it (and its JVM) on leaving. Its output goes to ``home/server.out`` and ``server.err``.
    ``dice_seed`` seeds Colossus's dice and its AIs' choices (a seeded jar only), so that the
    same seed gives the same game as long as our seat decides the same."""
    why = available(seeded=dice_seed is not None)
    if why is not None:
        raise ColossusMissing(why)
    if ai not in AI_TYPES:
        raise ValueError(f"unknown Colossus AI {ai!r}; known: {', '.join(AI_TYPES)}")
    config = home / ".colossus"
    config.mkdir(parents=True, exist_ok=True)
    (config / "Colossus-server.cfg").write_text(f"ViewMode={view}\n", encoding="latin-1")
    args = ["-g", "-q", "-O", "-d", "0", "-p", str(port), "-n", "1", "-i", str(opponents)]
    args += [AI_TYPES[ai], str(opponents)]
    if ai_seconds is not None:
        args += ["-t", str(ai_seconds)]
    with (home / "server.out").open("wb") as out, (home / "server.err").open("wb") as err:
        proc = subprocess.Popen(
            java_command(home, args, dice_seed),
            stdout=out,
            stderr=err,
        )
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def java_command(home: Path, args: list[str], dice_seed: int | None) -> list[str]:
    """The command starting Colossus with ``args``, its options read from ``home``."""
    java = ["java", "-Djava.awt.headless=true", f"-Duser.home={home}"]
    if dice_seed is not None:
        # Seeded sources are not enough: Colossus's AIs iterate hash maps keyed by objects
        # without a hashCode of their own, in an order that follows identity hashes, which
        # differ from run to run. A constant identity hash makes it the order of insertion.
        java += ["-XX:+UnlockExperimentalVMOptions", "-XX:hashCode=2"]
        java.append(f"-D{SEED_PROPERTY}={dice_seed}")
    return [*java, "-jar", str(JAR), *args]


def play_when_up(
    port: int,
    *,
    level: str,
    seed: int,
    log: TextIO | None,
    timeout: float,
    startup: float = 60.0,
    leave_when_out: bool = False,
    cap_clock: Clock = "wall",
) -> Outcome:
    """Our seat in the game at ``port``, once its server listens (the JVM takes seconds)."""
    deadline = time.monotonic() + startup
    while True:
        try:
            return play(
                "127.0.0.1",
                port,
                level=level,
                seed=seed,
                log=log,
                timeout=timeout,
                leave_when_out=leave_when_out,
                cap_clock=cap_clock,
            )
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
