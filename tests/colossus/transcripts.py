"""The two recorded Colossus games (every protocol line of two complete games in which a
Network seat was played from outside), kept among the fixtures: the tests never read from
outside the project."""

from __future__ import annotations

from pathlib import Path

from titan.colossus.transcript import Entry, read

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "colossus"
NAMES = ("netseat_transcript_view-all.tsv.gz", "netseat_transcript_view-ever.tsv.gz")


def transcript(name: str) -> list[Entry]:
    return read(FOLDER / name)
