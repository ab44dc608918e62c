"""Player names are checked by the engine as the server checks them (at most 40 characters,
no control characters), and nothing ``titan demo`` or ``titan replay`` prints can carry a
terminal escape sequence or a right-to-left override."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from titan.describe import printable
from titan.engine.game import Game
from titan.engine.record import SetupError
from titan.engine.state import Options, OptionsError

ESCAPE = "\x1b]0;owned\x07\x1b[2J"  # set the window title, clear the screen


@pytest.mark.rules("1.1")
@pytest.mark.parametrize(
    ("name", "message"),
    [
        (f"Ann{ESCAPE}", "control characters"),
        ("Bob\x00", "control characters"),
        ("Cy\ud800", "control characters"),
        ("x" * 41, "at most 40 characters"),
    ],
)
def test_game_new_refuses_names_the_server_refuses(name: str, message: str) -> None:
    with pytest.raises(SetupError, match=message) as refused:
        Game.new("default", ["Dee", name], seed=1)
    assert "seats[1]" in str(refused.value)
    Game.new("default", ["Dee", "x" * 40], seed=1)  # the longest name, and accents, are fine
    Game.new("default", ["Dee", "Zoë Ångström"], seed=1)


def test_printable_escapes_control_and_format_characters() -> None:
    assert printable(f"Ann{ESCAPE}") == "Ann\\x1b]0;owned\\x07\\x1b[2J"
    assert printable("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    assert printable("\n== Turn 1: Zoë ==") == "\n== Turn 1: Zoë =="


def test_titan_replay_prints_no_escape_sequence(tmp_path: Path) -> None:
    """A record made by hand with an escape sequence in a name is refused, and the refusal
    names it with the escapes written out."""
    record = Game.new("default", ["Ann", "Bob"], seed=3).save()
    record["seats"] = ["Ann", f"Bob{ESCAPE}"]
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "titan.cli", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "control characters" in done.stderr
    assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stderr


@pytest.mark.rules("21")
def test_options_refuse_unknown_fields_naming_them() -> None:
    with pytest.raises(OptionsError, match="unknown option fog; the options are") as one:
        Options(fog=True)
    assert one.value.option == "fog"
    with pytest.raises(OptionsError, match="unknown options amber, fog"):
        Options(turn_limit=3, fog=True, amber=1)
    assert Options(turn_limit=3) == Options(False, None, 3)
