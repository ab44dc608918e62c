"""Live: our seat in real Colossus games on loopback. Runs only where
``../colossus-src/Colossus/Colossus.jar`` has been built (``../shared/colossus/build.sh``)
and Java is installed; skipped otherwise (CI has neither)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.colossus.livegame import play_against_rational
from titan.colossus import launch

pytestmark = pytest.mark.skipif(launch.available() is not None, reason=str(launch.available()))


@pytest.mark.parametrize("view", [launch.VIEW_ALL, launch.VIEW_EVER])
def test_a_whole_game_against_rational_ai(tmp_path: Path, view: str) -> None:
    outcome = play_against_rational(tmp_path, seed=1, view=view)
    assert outcome.finished, outcome.message
    assert outcome.message.endswith(" wins") or outcome.message == "Draw"
    assert outcome.think  # our bot answered the server's questions
    shown = (tmp_path / "protocol.tsv").read_text()
    assert f"setOption ~ ViewMode ~ {view}" in shown or view == launch.VIEW_ALL
