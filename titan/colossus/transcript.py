"""Recorded protocol sessions: ``milliseconds<TAB>S>C or C>S<TAB>line`` per line, gzipped or
not (the format of ``../shared/colossus/netseat_transcript_*.tsv.gz``)."""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

from titan.colossus.codec import Message, ProtocolError
from titan.colossus.messages import parse_client, parse_server


@dataclass(frozen=True, slots=True)
class Entry:
    number: int  # line number in the transcript, from 1
    millis: int
    to_client: bool  # S>C; False for C>S
    text: str

    def parse(self) -> Message:
        """The message; ProtocolError naming the transcript line if it is not one."""
        try:
            return parse_server(self.text) if self.to_client else parse_client(self.text)
        except ProtocolError as exc:
            raise ProtocolError(exc.line, f"line {self.number}: {exc.detail}") from exc

    def __str__(self) -> str:
        return f"line {self.number} ({'S>C' if self.to_client else 'C>S'}): {self.text}"


def read(path: Path) -> list[Entry]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8", newline="\n") as f:
        raw = f.read().split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    return [_entry(i, text) for i, text in enumerate(raw, 1)]


def _entry(number: int, text: str) -> Entry:
    parts = text.split("\t", 2)
    if len(parts) != 3 or parts[1] not in ("S>C", "C>S") or not parts[0].isdigit():
        raise ProtocolError(text, f"line {number}: not 'ms<TAB>S>C|C>S<TAB>message'")
    return Entry(number, int(parts[0]), parts[1] == "S>C", parts[2])
