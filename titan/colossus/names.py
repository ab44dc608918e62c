"""Colossus's names for things, and ours.

Most are the same: masterboard lands are the printed numbers in both (our board data was
taken from Colossus's map and checked against the rules), battle hexes the errata 2.2 labels
(``A1``..``F4``), creatures and colours by their English names. What differs:

- entry sides: Colossus ``Left``/``Right``/``Bottom``, ours lower case;
- battle entrances: Colossus puts a piece that has not entered yet on a pseudo-hex
  ``X0``..``X5`` (its EntrySide ordinal); ours has it off the board (hex None);
- markers: Colossus lets each player pick the marker of the starting legion, our engine deals
  the player's first marker to it (4.1, 5.2). :class:`Markers` swaps the two names, one
  bijection per player, so every other marker keeps its name.
"""

from __future__ import annotations

SIDES = {"Left": "left", "Right": "right", "Bottom": "bottom"}
COLOSSUS_SIDES = {ours: theirs for theirs, ours in SIDES.items()}


def side(colossus: str) -> str:
    try:
        return SIDES[colossus]
    except KeyError:
        raise ValueError(f"unknown entry side {colossus!r}") from None


def battle_hex(colossus: str) -> str | None:
    """Our label for a battle hex; None for an entrance (a piece not yet on the board)."""
    return None if colossus.startswith("X") else colossus


class Markers:
    """Colossus's marker names and ours: the identity but for each player's starting legion,
    whose marker Colossus's player chose and our engine dealt."""

    def __init__(self) -> None:
        self._ours: dict[str, str] = {}
        self._theirs: dict[str, str] = {}

    def swap(self, colossus: str, ours: str) -> None:
        """Colossus's starting marker ``colossus`` is our ``ours`` (and vice versa)."""
        if colossus != ours:
            self._ours[colossus], self._ours[ours] = ours, colossus
            self._theirs[ours], self._theirs[colossus] = colossus, ours

    def ours(self, colossus: str) -> str:
        return self._ours.get(colossus, colossus)

    def theirs(self, ours: str) -> str:
        return self._theirs.get(ours, ours)
