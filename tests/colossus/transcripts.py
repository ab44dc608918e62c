"""The two recorded Colossus games, read from ../shared/colossus beside the project."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from titan.colossus.transcript import Entry, read

# ../shared beside the project root; TITAN_SHARED names another place for it (a git worktree
# kept elsewhere than beside the shared folder).
ROOT = Path(__file__).resolve().parents[2]
FOLDER = Path(os.environ.get("TITAN_SHARED", ROOT.parent / "shared")) / "colossus"
NAMES = ("netseat_transcript_view-all.tsv.gz", "netseat_transcript_view-ever.tsv.gz")


def transcript(name: str) -> list[Entry]:
    path = FOLDER / name
    if not path.exists():
        pytest.skip(f"{path} is absent: the Colossus transcripts live beside the project")
    return read(path)
