"""A whole live game against Colossus, for the tests that need Java and a built jar."""

from __future__ import annotations

from pathlib import Path

from titan.colossus import launch
from titan.colossus.connect import Outcome


def play_against_rational(
    home: Path, *, seed: int, view: str = launch.VIEW_EVER, dice_seed: int | None = None
) -> Outcome:
    """Our ``normal`` player against one RationalAI on loopback, to the game's end; the
    protocol log in ``home/protocol.tsv``."""
    home.mkdir(parents=True, exist_ok=True)
    port = launch.free_port()
    with (
        launch.colossus_server(
            home, ai="rational", opponents=1, port=port, view=view, dice_seed=dice_seed
        ),
        (home / "protocol.tsv").open("w") as log,
    ):
        return launch.play_when_up(port, level="normal", seed=seed, log=log, timeout=300)
