"""Seeded Colossus games (bench/colossus-seeded): the launcher asks for them only of a jar that
can seed, and such a jar plays the same game twice. The live test runs only where
``../colossus-seeded/Colossus/Colossus.jar`` has been built and Java is installed."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from bench.colossus_pairs import game_lines, parting
from tests.colossus.livegame import play_against_rational
from titan.colossus import launch

SEEDED_JAR = launch.ROOT.parent / "colossus-seeded/Colossus/Colossus.jar"


def _jar(path: Path, names: list[str]) -> Path:
    with zipfile.ZipFile(path, "w") as jar:
        for name in names:
            jar.writestr(name, b"")
    return path


def test_only_a_jar_with_the_seeded_class_can_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(launch, "JAR", _jar(tmp_path / "seeded.jar", [launch.SEEDED_CLASS]))
    assert launch.seedable()
    monkeypatch.setattr(launch, "JAR", _jar(tmp_path / "stock.jar", ["net/sf/Start.class"]))
    assert not launch.seedable()
    monkeypatch.setattr(launch, "JAR", tmp_path / "absent.jar")
    assert not launch.seedable()
    (tmp_path / "torn.jar").write_bytes(b"not a zip")
    monkeypatch.setattr(launch, "JAR", tmp_path / "torn.jar")
    assert not launch.seedable()


def test_a_stock_jar_is_refused_a_seed_before_anything_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(launch, "JAR", _jar(tmp_path / "stock.jar", ["net/sf/Start.class"]))
    with (
        pytest.raises(launch.ColossusMissing, match=r"colossus-seeded/build\.sh"),
        launch.colossus_server(tmp_path, ai="rational", opponents=1, port=1, dice_seed=5),
    ):
        pass  # pragma: no cover


def test_the_seed_and_a_constant_identity_hash_go_before_the_jar(tmp_path: Path) -> None:
    seeded = launch.java_command(tmp_path, ["-g"], 42)
    at = seeded.index("-jar")
    assert f"-D{launch.SEED_PROPERTY}=42" in seeded[:at]
    unlock = seeded.index("-XX:+UnlockExperimentalVMOptions")
    assert unlock < seeded.index("-XX:hashCode=2") < at  # the unlock must come first
    assert seeded[at + 1 :] == [str(launch.JAR), "-g"]
    stock = launch.java_command(tmp_path, ["-g"], None)
    assert not [a for a in stock if a.startswith("-XX") or launch.SEED_PROPERTY in a]
    assert stock[stock.index("-jar") :] == seeded[at:]


def _play(home: Path, seed: int) -> list[str]:
    outcome = play_against_rational(home, seed=3, dice_seed=seed)
    assert outcome.finished, outcome.message
    return game_lines(home / "protocol.tsv")


@pytest.mark.skipif(
    shutil.which("java") is None or not SEEDED_JAR.exists(),
    reason="no Java or no seeded Colossus jar (bench/colossus-seeded/build.sh)",
)
def test_a_seeded_game_is_played_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same dice and the same Colossus choices, so the same game, until Colossus's own
    threads part it (docs/colossus.md: RationalAI now and then takes a split back or moves a
    legion a moment earlier or later); our seat never parts it first."""
    monkeypatch.setattr(launch, "JAR", SEEDED_JAR)
    first = _play(tmp_path / "first", 7)
    again = _play(tmp_path / "again", 7)
    assert len(first) > 200  # a whole game, dice and Colossus's choices included
    turn, by_us = parting(first, again)
    assert not by_us
    # The first two turns (splits, rolls, moves, musters) are the same in every play seen.
    assert turn is None or turn > 2, f"parted at turn {turn}"
    two_turns = next(
        i for i, line in enumerate(first) if line.endswith(" ~ 3") and "setupTurnState" in line
    )
    assert first[:two_turns] == again[:two_turns]
