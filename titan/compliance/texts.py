"""Parsing the rule texts: the 3rd edition rulebook, the errata paragraphs and the errata's
Complete Sequence of Play, into one :class:`RuleText` per row of the matrix.

The texts may not be copied into the repository; :mod:`.index` keeps only what the matrix
needs of them (ids and short titles).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

DEFAULT_RULES_DIR = Path("/work/shared/rules")
RULEBOOK_FILE = "titan-rules-3rd-edition.txt"
ERRATA_FILE = "titan-errata-and-clarifications.txt"

Kind = Literal["rule", "errata", "sequence"]
KINDS: tuple[Kind, ...] = ("rule", "errata", "sequence")


@dataclass(frozen=True)
class RuleText:
    """One rule as the texts give it. ``id`` is canonical: ``7.6``, ``7`` (a section's
    introduction), ``errata 9.3`` (every errata paragraph naming 9.3),
    ``sequence 2.5.6.4.1.5``."""

    id: str
    kind: Kind
    number: tuple[int, ...]  # numeric order; () for the unnumbered (errata "Badlands")
    text: str  # the rule's text (errata: its first paragraph), markdown stripped
    heading: str = ""  # a section's or numbered heading's title
    paragraphs: int = 1  # errata: how many paragraphs name this rule


# --- where the texts are -----------------------------------------------------------------------


def rules_dir_default() -> Path:
    """``$TITAN_RULES_DIR``, else the shared directory of this project's machines."""
    return Path(os.environ.get("TITAN_RULES_DIR", DEFAULT_RULES_DIR))


def has_texts(rules_dir: Path) -> bool:
    """Both rule texts are in ``rules_dir`` (a fresh clone, as in CI, has neither)."""
    return all((rules_dir / name).is_file() for name in (RULEBOOK_FILE, ERRATA_FILE))


def read_texts(rules_dir: Path) -> list[RuleText]:
    """Every rule of the texts in ``rules_dir``, in the texts' order."""
    return parse_texts(
        (rules_dir / RULEBOOK_FILE).read_text(encoding="utf-8"),
        (rules_dir / ERRATA_FILE).read_text(encoding="utf-8"),
    )


def parse_texts(rulebook: str, errata: str) -> list[RuleText]:
    """The rulebook's rules, the errata's paragraphs and its sequence steps; an id found twice
    is a parse error."""
    rules = [*parse_rulebook(rulebook), *parse_errata(errata), *parse_sequence(errata)]
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise ValueError(f"rule {rule.id} appears twice in the rule texts")
        seen.add(rule.id)
    return rules


# --- the rulebook ------------------------------------------------------------------------------


def _clean(text: str) -> str:
    """Plain words: no markdown headings, emphasis or list dashes, one space between words."""
    text = re.sub(r"(?m)^\s*#+\s*", "", text.replace("**", "").replace("\\*", "*"))
    return " ".join(text.split()).lstrip("- ").strip()


def number_of(dotted: str) -> tuple[int, ...]:
    """``2.5.1`` as ``(2, 5, 1)``, for numeric order."""
    return tuple(int(p) for p in dotted.split("."))


SECTION = re.compile(r"^#{1,3}\s+(\d+)\.\s+(.+?)\s*$")
NUMBERED_HEADING = re.compile(r"^#{1,4}\s+(\d+)\.(\d+)\s+(.+?)\s*$")
SUB_RULE = re.compile(r"^\s*(?:-\s+)?\**(\d+)\.(\d+)\**\s+(.*)$")
HEADING = re.compile(r"^(#{1,4})\s+(.+?)\s*$")
# The rulebook numbers its hazard chart only in passing ("see the Hazards Chart, 11.7") and
# the errata file it under 11.7, so the chart is rule 11.7.
HAZARD_CHART = ("HAZARD CHART", (11, 7))


@dataclass
class _Open:
    """The rule whose text the parser is collecting."""

    number: tuple[int, ...]
    title: str
    lines: list[str] = field(default_factory=list)


def parse_rulebook(text: str) -> list[RuleText]:
    """Sections with introductory text (``7``) and numbered rules (``7.6``), in book order.

    Unnumbered ``#``/``##`` headings (COMPONENTS) end a rule; ``###`` headings (TITAN VARIANT)
    are part of it; everything from the HAZARD CHART heading on is rule 11.7."""
    found: list[_Open] = []
    current: _Open | None = None
    in_chart = False
    for line in text.splitlines():
        if in_chart:
            assert current is not None
            current.lines.append(line)
            continue
        opened = _rulebook_opening(line)
        if opened is not None:
            current = opened
            found.append(current)
            in_chart = opened.number == HAZARD_CHART[1]
            continue
        heading = HEADING.match(line)
        if heading and len(heading.group(1)) <= 2:
            current = None  # an unnumbered part of the book: not a rule
        elif current is not None:
            current.lines.append(line)
    return [rule for rule in map(_rulebook_rule, found) if rule is not None]


def _rulebook_opening(line: str) -> _Open | None:
    """The rule a line begins, if any (its first line of text goes into ``lines``)."""
    if m := SECTION.match(line):
        return _Open((int(m.group(1)),), _clean(m.group(2)))
    if m := NUMBERED_HEADING.match(line):
        return _Open((int(m.group(1)), int(m.group(2))), _clean(m.group(3)))
    if m := SUB_RULE.match(line):
        return _Open((int(m.group(1)), int(m.group(2))), "", [m.group(3)])
    heading = HEADING.match(line)
    if heading and _clean(heading.group(2)).upper() == HAZARD_CHART[0]:
        return _Open(HAZARD_CHART[1], HAZARD_CHART[0])
    return None


def _rulebook_rule(found: _Open) -> RuleText | None:
    """A section only becomes a row when it has introductory text of its own."""
    text = _clean("\n".join(found.lines))
    if not text and len(found.number) == 1:
        return None
    return RuleText(".".join(map(str, found.number)), "rule", found.number, text, found.title)


ERRATA_START = "## Errata and Clarifications"
ERRATA_END = "## Simplified Sequence of Play"
ERRATA_KEYS = re.compile(r"^(\d+\.\d+(?:\s*,\s*\d+\.\d+)*):\s*(.*)$")
ERRATA_NAMED = re.compile(r"^##\s+([A-Z][A-Za-z]+):\s*(.*)$")  # "## Badlands: ..."
SEQUENCE_START = "Complete Sequence of Play (covering all synchronous actions)"
SEQUENCE_END = "## Etiquette Guide"


def _between(text: str, start: str, end: str) -> str:
    """The text after ``start`` and before ``end``; a missing marker is a parse error."""
    begin = text.find(start)
    stop = text.find(end, begin)
    if begin < 0 or stop < 0:
        raise ValueError(f"rule text without {start!r} ... {end!r}")
    return text[begin + len(start) : stop]


def errata_paragraphs(text: str) -> list[tuple[tuple[str, ...], str]]:
    """Each errata paragraph as (the rule numbers it names, its text). A line that starts
    with no rule numbers continues the paragraph before it (the file wraps a few)."""
    out: list[tuple[tuple[str, ...], list[str]]] = []
    for line in _between(text, ERRATA_START, ERRATA_END).splitlines():
        m = ERRATA_KEYS.match(line) or ERRATA_NAMED.match(line)
        if m:
            keys = tuple(k.strip() for k in m.group(1).split(","))
            out.append((keys, [m.group(2)]))
        elif out and line.strip():
            out[-1][1].append(line)
    return [(keys, _clean(" ".join(lines))) for keys, lines in out]


def parse_errata(text: str) -> list[RuleText]:
    """One row per rule number the errata names, holding every paragraph that names it."""
    by_key: dict[str, list[str]] = {}
    for keys, paragraph in errata_paragraphs(text):
        for key in keys:
            by_key.setdefault(key, []).append(paragraph)
    return [
        RuleText(f"errata {key}", "errata", _errata_number(key), texts[0], "", len(texts))
        for key, texts in by_key.items()
    ]


def _errata_number(key: str) -> tuple[int, ...]:
    return number_of(key) if key[0].isdigit() else ()


SEQUENCE_ITEM = re.compile(r"(\d+(?:\.\d+)*) (?=[A-Z])")


def parse_sequence(text: str) -> list[RuleText]:
    """The steps of the errata's Complete Sequence of Play. Sub-steps start a line; the file
    runs the top-level steps (1, 2, 3) into the end of the line before, so a lone number
    there counts only as the next top-level step after a sentence."""
    region = _between(text, SEQUENCE_START, SEQUENCE_END).strip()
    starts: list[tuple[int, int, tuple[int, ...]]] = []  # (start, text start, number)
    top = 0
    for m in SEQUENCE_ITEM.finditer(region):
        number = number_of(m.group(1))
        before = region[max(0, m.start() - 2) : m.start()]
        at_line_start = m.start() == 0 or before.endswith("\n")
        after_sentence = before in (". ", ") ")
        if len(number) > 1 and at_line_start and number[0] == top:
            starts.append((m.start(), m.end(), number))
        elif len(number) == 1 and number[0] == top + 1 and (at_line_start or after_sentence):
            top = number[0]
            starts.append((m.start(), m.end(), number))
    ends = [s for s, _, _ in starts[1:]] + [len(region)]
    return [
        RuleText("sequence " + ".".join(map(str, number)), "sequence", number, _clean(region[b:e]))
        for (_, b, number), e in zip(starts, ends, strict=True)
    ]
