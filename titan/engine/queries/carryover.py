"""Allocating a strike's excess damage after the roll (13.4; errata 12.4)."""

from __future__ import annotations

from collections.abc import Mapping


def carry_sequences(remaining: Mapping[str, int], excess: int) -> list[tuple[str, ...]]:
    """Every legal allocation of ``excess`` hits among the carry targets (hex -> hits still
    needed to slay it): an ordered choice of characters, each taking all the excess left
    (it cannot be withheld in part), moving on only after slaying one; stopping anywhere,
    even at once, since carry-over is never forced (errata 12.4)."""
    out: list[tuple[str, ...]] = []

    def walk(done: tuple[str, ...], left: int) -> None:
        out.append(done)
        if left <= 0:
            return
        for h in sorted(remaining):
            if h in done or remaining[h] <= 0:
                continue
            if left < remaining[h]:
                out.append((*done, h))  # it survives: nothing more to carry
            else:
                walk((*done, h), left - remaining[h])

    walk((), excess)
    return list(dict.fromkeys(out))
