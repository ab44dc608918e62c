"""The rows of the matrix and the committed index ``docs/rules-index.json``.

The index lists every row the rule texts give: its id, kind and a title of a few words (the
heading, else the first words), like a table of contents, since the rule prose itself may not
be copied into the repository. It is written one row a line, in matrix order, so that a change
is a one-line diff. The matrix is rendered from these rows alone, so it comes out the same
whether the texts or the index supplied them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from titan.compliance import REGENERATE, ROOT
from titan.compliance.texts import (
    KINDS,
    Kind,
    RuleText,
    has_texts,
    number_of,
    parse_texts,
    read_texts,
)

INDEX = Path("docs") / "rules-index.json"  # under the repository root
TITLE_WORDS = 8
ABOUT = (
    "Every row of docs/rules-compliance.md: id, kind and a short title (a heading or first"
    " words), in matrix order. Written from the rule texts by "
    f"`{REGENERATE}`; do not edit by hand."
)
ID_FORMS: dict[Kind, re.Pattern[str]] = {
    "rule": re.compile(r"\d+(?:\.\d+)?"),
    "errata": re.compile(r"errata (?:\d+\.\d+|[A-Z][A-Za-z]+)"),
    "sequence": re.compile(r"sequence \d+(?:\.\d+)*"),
}
ROW_KEYS = {"id", "kind", "title", "paragraphs"}


@dataclass(frozen=True)
class Rule:
    """One row of the matrix. ``id`` is canonical: ``7.6``, ``7`` (a section's introduction),
    ``errata 9.3`` (every errata paragraph naming 9.3), ``sequence 2.5.6.4.1.5``."""

    id: str
    kind: Kind
    number: tuple[int, ...]  # numeric order; () for the unnumbered (errata "Badlands")
    title: str  # a few words: the heading, else the first words
    paragraphs: int = 1  # errata: how many paragraphs name this rule


def short_title(rule: RuleText) -> str:
    """The heading if the rule has one, else its first words: the first sentence or label
    (``First Move Mulligan:``) when it is that short, else ``TITLE_WORDS`` words and ``…``."""
    if rule.heading:
        return rule.heading
    words = rule.text.split()[:TITLE_WORDS]
    for i, word in enumerate(words):
        if word.endswith((".", ":")):
            return " ".join([*words[:i], word[:-1]])
    cut = len(rule.text.split()) > TITLE_WORDS
    return " ".join(words).rstrip(",;") + (" …" if cut else "")


def row_of(rule: RuleText) -> Rule:
    return Rule(rule.id, rule.kind, rule.number, short_title(rule), rule.paragraphs)


@dataclass(frozen=True)
class Rulebook:
    """Every row, by canonical id, and the numbered ones of each kind in order."""

    rules: dict[str, Rule]

    @classmethod
    def of(cls, rules: list[Rule]) -> Rulebook:
        by_id: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in by_id:
                raise ValueError(f"rule {rule.id} appears twice")
            by_id[rule.id] = rule
        return cls(by_id)

    @classmethod
    def from_texts(cls, rulebook: str, errata: str) -> Rulebook:
        return cls.of([row_of(r) for r in parse_texts(rulebook, errata)])

    def ordered(self, kind: Kind) -> list[Rule]:
        """Numeric order (unnumbered errata last, by name)."""
        rules = [r for r in self.rules.values() if r.kind == kind]
        return sorted(rules, key=lambda r: (not r.number, r.number, r.id))

    def in_order(self) -> list[Rule]:
        """Every row in matrix order: rulebook, errata, sequence."""
        return [rule for kind in KINDS for rule in self.ordered(kind)]


# --- the index file ----------------------------------------------------------------------------


def dump_index(book: Rulebook) -> str:
    """The index file: JSON, one row a line, deterministic."""
    rows = [_row_json(rule) for rule in book.in_order()]
    return (
        "{\n"
        f' "about": {json.dumps(ABOUT, ensure_ascii=False)},\n'
        ' "rules": [\n' + ",\n".join(f"  {row}" for row in rows) + "\n ]\n}\n"
    )


def _row_json(rule: Rule) -> str:
    row: dict[str, str | int] = {"id": rule.id, "kind": rule.kind, "title": rule.title}
    if rule.kind == "errata":
        row["paragraphs"] = rule.paragraphs
    return json.dumps(row, ensure_ascii=False)


def committed_rules(root: Path = ROOT) -> Rulebook:
    """The rows of the committed index, for checks that must not need the rule texts."""
    return parse_index((root / INDEX).read_text(encoding="utf-8"))


def parse_index(text: str) -> Rulebook:
    """The rows of an index file; a malformed one raises ValueError saying where."""
    data = json.loads(text)
    rows = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise ValueError("the index has no list of rules")
    return Rulebook.of([_parse_row(i, row) for i, row in enumerate(rows)])


def _parse_row(i: int, row: object) -> Rule:
    if not isinstance(row, dict) or not {"id", "kind", "title"} <= set(row) <= ROW_KEYS:
        raise ValueError(f"index row {i}: want the keys id, kind, title (paragraphs): {row!r}")
    rule_id, kind, title = row["id"], row["kind"], row["title"]
    paragraphs = row.get("paragraphs", 1)
    if kind not in KINDS or not isinstance(rule_id, str) or not isinstance(title, str):
        raise ValueError(f"index row {i}: bad kind, id or title: {row!r}")
    if not ID_FORMS[kind].fullmatch(rule_id):
        raise ValueError(f"index row {i}: {rule_id!r} is no {kind} id")
    if not isinstance(paragraphs, int) or paragraphs < 1:
        raise ValueError(f"index row {i}: paragraphs must be a count: {row!r}")
    number = rule_id.split()[-1]
    return Rule(rule_id, kind, number_of(number) if number[0].isdigit() else (), title, paragraphs)


# --- where the rows come from ------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """The rows, and whether the rule texts gave them (else the committed index did)."""

    book: Rulebook
    texts: Path | None  # the directory of the rule texts read, if any
    committed: str | None  # the committed index file, if there is one


def load_rules(root: Path, rules_dir: Path | None) -> Source:
    """The rows from the rule texts in ``rules_dir`` when both are there, else from the
    committed index; with neither there is nothing to check against, so that is an error."""
    index = root / INDEX
    committed = index.read_text(encoding="utf-8") if index.is_file() else None
    if rules_dir is not None and has_texts(rules_dir):
        book = Rulebook.of([row_of(r) for r in read_texts(rules_dir)])
        return Source(book, rules_dir, committed)
    if committed is None:
        raise FileNotFoundError(f"neither the rule texts nor {INDEX} are there")
    return Source(parse_index(committed), None, committed)
