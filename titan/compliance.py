"""The rules-compliance matrix: every rule of the rule texts, the code that cites it and the
tests that declare they check it, written to ``docs/rules-compliance.md``.

Run ``python -m titan.compliance --write`` to regenerate the file and ``--check`` to fail
when it is stale. Three inputs are read:

* the rule texts (``--rules-dir``, else ``$TITAN_RULES_DIR``, else ``/work/shared/rules``):
  the 3rd edition rulebook and the errata with its Complete Sequence of Play;
* citations in the code under ``titan/``: comments, docstrings and other string literals;
* ``@pytest.mark.rules(...)`` markers on the tests under ``tests/``;

plus ``docs/rules-not-enforced.toml``, the hand-kept reasons why some rules need no code.

Citation grammar, shared by code, markers and the TOML keys: ``rule 7.6``, ``rules 16, 17``,
``(13.4)``, ``errata 9.3``, ``errata 9.4/9.5``, ``Complete Sequence 2.5.1``,
``errata 2.5.6.4.1.5`` (three or more parts: a sequence step), ranges ``11.1-11.6`` and
``2.5.6.2-3``, an inner wildcard ``2.5.6.4.x.3`` (defender and attacker turn alike), and
``hazard chart`` / ``strike chart``. A keyword sets the kind of the numbers that follow until
the next ordinary word. A bare dotted number counts only when it names a rulebook rule; a
bare integer never counts (it is too often a count of something), so sections are cited as
``rule 21``. A trailing wildcard (``errata 12.x``) is reported as vague and credits nothing.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import re
import sys
import tokenize
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "rules-compliance.md"
NOT_ENFORCED = ROOT / "docs" / "rules-not-enforced.toml"
DEFAULT_RULES_DIR = Path("/work/shared/rules")
RULEBOOK_FILE = "titan-rules-3rd-edition.txt"
ERRATA_FILE = "titan-errata-and-clarifications.txt"
REGENERATE = ".venv/bin/python -m titan.compliance --write"

Kind = Literal["rule", "errata", "sequence"]
Mode = Kind | None
KIND_TITLES: dict[Kind, str] = {
    "rule": "3rd edition rules",
    "errata": "Errata and clarifications",
    "sequence": "Complete Sequence of Play (errata)",
}
FIRST_WORDS = 12


# --- the rules ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """One row of the matrix. ``id`` is canonical: ``7.6``, ``7`` (a section's introduction),
    ``errata 9.3`` (every errata paragraph naming 9.3), ``sequence 2.5.6.4.1.5``."""

    id: str
    kind: Kind
    number: tuple[int, ...]  # numeric order; () for the unnumbered (errata "Badlands")
    text: str  # the rule's text (errata: its first paragraph), markdown stripped
    title: str = ""  # a section's or numbered heading's title
    paragraphs: int = 1  # errata: how many paragraphs name this rule


def _clean(text: str) -> str:
    """Plain words: no markdown headings, emphasis or list dashes, one space between words."""
    text = re.sub(r"(?m)^\s*#+\s*", "", text.replace("**", "").replace("\\*", "*"))
    return " ".join(text.split()).lstrip("- ").strip()


def _number(dotted: str) -> tuple[int, ...]:
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


def parse_rulebook(text: str) -> list[Rule]:
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


def _rulebook_rule(found: _Open) -> Rule | None:
    """A section only becomes a row when it has introductory text of its own."""
    text = _clean("\n".join(found.lines))
    if not text and len(found.number) == 1:
        return None
    return Rule(".".join(map(str, found.number)), "rule", found.number, text, found.title)


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


def parse_errata(text: str) -> list[Rule]:
    """One row per rule number the errata names, holding every paragraph that names it."""
    by_key: dict[str, list[str]] = {}
    for keys, paragraph in errata_paragraphs(text):
        for key in keys:
            by_key.setdefault(key, []).append(paragraph)
    return [
        Rule(f"errata {key}", "errata", _errata_number(key), texts[0], "", len(texts))
        for key, texts in by_key.items()
    ]


def _errata_number(key: str) -> tuple[int, ...]:
    return _number(key) if key[0].isdigit() else ()


SEQUENCE_ITEM = re.compile(r"(\d+(?:\.\d+)*) (?=[A-Z])")


def parse_sequence(text: str) -> list[Rule]:
    """The steps of the errata's Complete Sequence of Play. Sub-steps start a line; the file
    runs the top-level steps (1, 2, 3) into the end of the line before, so a lone number
    there counts only as the next top-level step after a sentence."""
    region = _between(text, SEQUENCE_START, SEQUENCE_END).strip()
    starts: list[tuple[int, int, tuple[int, ...]]] = []  # (start, text start, number)
    top = 0
    for m in SEQUENCE_ITEM.finditer(region):
        number = _number(m.group(1))
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
        Rule("sequence " + ".".join(map(str, number)), "sequence", number, _clean(region[b:e]))
        for (_, b, number), e in zip(starts, ends, strict=True)
    ]


@dataclass(frozen=True)
class Rulebook:
    """Every rule, by canonical id, and the numbered ones of each kind in order."""

    rules: dict[str, Rule]

    @classmethod
    def from_texts(cls, rulebook: str, errata: str) -> Rulebook:
        rules = [*parse_rulebook(rulebook), *parse_errata(errata), *parse_sequence(errata)]
        by_id: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in by_id:
                raise ValueError(f"rule {rule.id} appears twice in the rule texts")
            by_id[rule.id] = rule
        return cls(by_id)

    def ordered(self, kind: Kind) -> list[Rule]:
        """Numeric order (unnumbered errata last, by name)."""
        rules = [r for r in self.rules.values() if r.kind == kind]
        return sorted(rules, key=lambda r: (not r.number, r.number, r.id))


def load_rulebook(rules_dir: Path) -> Rulebook:
    return Rulebook.from_texts(
        (rules_dir / RULEBOOK_FILE).read_text(encoding="utf-8"),
        (rules_dir / ERRATA_FILE).read_text(encoding="utf-8"),
    )


# --- reading citations -------------------------------------------------------------------------

TOKEN = re.compile(
    r"""
    (?P<sequence>complete\s+sequence(?:\s+of\s+play)?|sequence(?:\s+of\s+play)?)\b
  | (?P<errata>errata)(?:'s)?\b
  | (?P<rule>rules?|sections?)\b
  | (?P<alias>hazards?\s+chart|strike\s+chart)\b
  | (?<![\w.])(?P<number>\d+(?:\.(?:\d+|x))*(?:-\d+(?:\.\d+)*)?)(?![\w]|\.\d)
  | (?P<sep>->|[,;/&()"'`\[\]]|\band\b)
  | (?P<word>[^\s,;/&()"'`\[\]]+)
    """,
    re.IGNORECASE | re.VERBOSE,
)
KEYWORDS: dict[str, Kind] = {"rule": "rule", "errata": "errata", "sequence": "sequence"}
HAZARD_CHART_ID = "11.7"
STRIKE_CHART_ID = "13.2"  # the rule that tells how to read the strike chart


@dataclass(frozen=True)
class Found:
    """What one cited number names: rule ids, or a problem worth reporting."""

    text: str  # as written, with its kind: "errata 2.3", "rule 2"
    ids: tuple[str, ...] = ()
    problem: Literal["", "unresolved", "vague", "ambiguous"] = ""


def read_citations(text: str, book: Rulebook, mode: Mode = None) -> list[Found]:
    """Every rule cited in ``text``. ``mode``: the kind of a leading bare number (``rule``
    for a marker's argument or the rule of an IllegalAction, where integers are sections)."""
    out: list[Found] = []
    for m in TOKEN.finditer(text):
        group = m.lastgroup
        if group in KEYWORDS:
            mode = KEYWORDS[group]
        elif group == "alias":
            chart = " ".join(m.group(0).lower().split())
            out.append(Found(chart, (HAZARD_CHART_ID if "hazard" in chart else STRIKE_CHART_ID,)))
            mode = None
        elif group == "number":
            found = resolve(book, mode, m.group("number"))
            if found is not None:
                out.append(found)
        elif group == "word":
            mode = None
    return out


def resolve(book: Rulebook, mode: Mode, cited: str) -> Found | None:
    """The rules ``cited`` names in ``mode``; None for a bare number that names none."""
    start, _, end = cited.partition("-")
    label = f"{mode or 'rule'} {cited}"
    if start.endswith(".x") or end.endswith(".x"):
        return None if mode is None else Found(label, (), "vague")
    if mode is None and ("." not in start or "x" in cited):
        return None  # a bare integer is a count, not a section
    kind, ambiguous = _kind_of(book, mode, start)
    ids = _expand(book, kind, start, end)
    if not ids:
        return None if mode is None else Found(label, (), "unresolved")
    return Found(label, ids, "ambiguous" if ambiguous else "")


def _kind_of(book: Rulebook, mode: Mode, start: str) -> tuple[Kind, bool]:
    """Which kind of rule ``errata N.M`` means: the errata paragraph on rule N.M when there
    is one (ambiguous if a sequence step N.M exists too), else the sequence step."""
    if mode != "errata":
        return mode or "rule", False
    parts = start.split(".")
    paragraph = f"errata {start}" if len(parts) == 2 else f"errata {start}.0"
    step = f"sequence {start}"
    if len(parts) >= 3 or (len(parts) == 1 and step in book.rules):
        return "sequence", False
    if paragraph in book.rules:
        return "errata", step in book.rules
    return ("sequence" if step in book.rules else "errata"), False


def _expand(book: Rulebook, kind: Kind, start: str, end: str) -> tuple[str, ...]:
    """The ids from ``start`` through ``end`` (``2.5.6.2-3`` ends at 2.5.6.3), at no deeper
    level than the two ends; an inner ``x`` matches any number."""
    low = _canonical(kind, start)
    high = _canonical(kind, _complete(start, end)) if end else low
    depth = max(len(low), len(high))
    ids = [
        rule.id
        for rule in book.ordered(kind)
        if rule.number and len(rule.number) <= depth and _within(rule.number, low, high)
    ]
    return tuple(ids)


def _canonical(kind: Kind, dotted: str) -> tuple[int | None, ...]:
    """A cited number as a rule number: ``7.0`` is section 7, errata ``5`` is paragraph 5.0;
    None stands for ``x``."""
    parts: list[int | None] = [None if p == "x" else int(p) for p in dotted.split(".")]
    if kind == "rule" and len(parts) == 2 and parts[1] == 0:
        parts = parts[:1]
    if kind == "errata" and len(parts) == 1:
        parts.append(0)
    return tuple(parts)


def _complete(start: str, end: str) -> str:
    """``2.5.6.2`` to ``3`` is ``2.5.6.3``: a short end replaces the last parts."""
    head = start.split(".")[: max(0, start.count(".") - end.count("."))]
    return ".".join([*head, end])


def _within(
    number: tuple[int, ...], low: tuple[int | None, ...], high: tuple[int | None, ...]
) -> bool:
    """``low <= number <= high``, or for a wildcard, a match of the same depth."""
    if None in low or None in high:
        return len(number) == len(low) and all(
            w in (None, n) for w, n in zip(low, number, strict=True)
        )
    return _ints(low) <= number <= _ints(high)


def _ints(parts: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(p for p in parts if p is not None)


@dataclass(frozen=True)
class Citation:
    """A rule number cited at a place: ``titan.engine.turn::end_turn`` or a test's node id."""

    where: str
    found: Found


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class Scopes:
    """The innermost function or class around each line of a module (``Class.method``)."""

    def __init__(self, tree: ast.AST) -> None:
        self._spans: list[tuple[int, int, str]] = []
        self._collect(tree, "")

    def _collect(self, node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, SCOPES):
                name = prefix + child.name
                self._spans.append((child.lineno, child.end_lineno or child.lineno, name))
                self._collect(child, name + ".")
            else:
                self._collect(child, prefix)

    def at(self, line: int) -> str:
        """The qualified name of the innermost scope holding ``line``; "" at module level."""
        inside = [(start, name) for start, end, name in self._spans if start <= line <= end]
        return max(inside)[1] if inside else ""


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def code_citations(path: Path, module: str, book: Rulebook) -> list[Citation]:
    """Rules cited in one module's comments and string literals (docstrings, messages, the
    rule of an ``IllegalAction``), each at ``module::function``."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    scopes = Scopes(tree)
    out: list[Citation] = []
    for line, text, mode in [*_string_texts(tree), *_comment_texts(source)]:
        scope = scopes.at(line)
        where = f"{module}::{scope}" if scope else module
        out.extend(Citation(where, f) for f in read_citations(text, book, mode))
    return out


def _string_texts(tree: ast.AST) -> Iterator[tuple[int, str, Mode]]:
    """Every string literal with its line. An ``IllegalAction``'s rule, or a literal that is
    nothing but a list of rule numbers, is read as rules (so ``"13"`` is section 13)."""
    rule_args = {id(arg) for arg in _illegal_action_rules(tree)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            whole = id(node) in rule_args or CITATION_LIST.fullmatch(node.value) is not None
            yield node.lineno, node.value, "rule" if whole else None


# "13, errata 11.7/12.x", "12.1-12.6": a literal holding nothing but rule numbers, one of
# them dotted (a lone "6" is more likely data than section 6).
_NUM = r"\d+(?:\.(?:\d+|x))*(?:-\d+(?:\.\d+)*)?"
_KEYWORD = r"(?:(?:errata|rules?|complete\s+sequence(?:\s+of\s+play)?)\s+)?"
CITATION_LIST = re.compile(
    rf"(?=.*\d\.)\s*{_KEYWORD}{_NUM}(?:\s*(?:[,;/]|and)\s*{_KEYWORD}{_NUM})*\s*",
    re.IGNORECASE | re.DOTALL,
)


def _illegal_action_rules(tree: ast.AST) -> Iterator[ast.expr]:
    """The ``rule`` argument of every ``IllegalAction(rule, message)``."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name != "IllegalAction":
            continue
        yield from node.args[:1]
        yield from (k.value for k in node.keywords if k.arg == "rule")


def _comment_texts(source: str) -> Iterator[tuple[int, str, Mode]]:
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string.lstrip("#"), None


# --- the tests' markers ------------------------------------------------------------------------


def marker_citations(path: Path, node_prefix: str, book: Rulebook) -> list[Citation]:
    """Rules named by ``@pytest.mark.rules(...)`` on the tests of one file (on a function, on
    a class for all its tests, or ``pytestmark`` for the whole module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    module_args = [
        arg
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
        for arg in _rules_marker_args([node.value])
    ]
    out: list[Citation] = []
    for node_id, args in _tests(tree.body, node_prefix, module_args):
        for arg in args:
            found = read_citations(arg, book, "rule") or [Found(f"rule {arg}", (), "unresolved")]
            out.extend(Citation(node_id, f) for f in found)
    return out


def _tests(
    body: Sequence[ast.stmt], prefix: str, inherited: list[str]
) -> Iterator[tuple[str, list[str]]]:
    """(node id, marker arguments) for each test function, classes included."""
    for node in body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            own = _rules_marker_args(node.decorator_list)
            yield from _tests(node.body, f"{prefix}::{node.name}", [*inherited, *own])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            own = _rules_marker_args(node.decorator_list)
            yield f"{prefix}::{node.name}", [*inherited, *own]


def _rules_marker_args(expressions: Iterable[ast.expr]) -> list[str]:
    """The string arguments of every ``pytest.mark.rules(...)`` among ``expressions`` (a
    ``pytestmark`` list included)."""
    out: list[str] = []
    for expr in expressions:
        items = expr.elts if isinstance(expr, ast.List | ast.Tuple) else [expr]
        for item in items:
            if isinstance(item, ast.Call) and ast.unparse(item.func) == "pytest.mark.rules":
                out.extend(
                    a.value
                    for a in item.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
    return out


# --- the matrix --------------------------------------------------------------------------------

Status = Literal["both", "code", "tests", "reason", "none"]
STATUS_LABELS: dict[Status, str] = {
    "both": "✅ code + tests",
    "code": "🟡 code only",
    "tests": "🟡 tests only",
    "reason": "⚪ not enforced",
    "none": "❌ NONE",
}


@dataclass(frozen=True)
class Row:
    rule: Rule
    code: tuple[str, ...]
    tests: tuple[str, ...]
    reason: str

    @property
    def status(self) -> Status:
        if self.code and self.tests:
            return "both"
        if self.code or self.tests:
            return "code" if self.code else "tests"
        return "reason" if self.reason else "none"


@dataclass(frozen=True)
class Matrix:
    rows: list[Row]
    code_notes: list[Citation]  # ambiguous, vague or unresolved citations in the code
    errors: list[str]  # what makes --check fail besides staleness


def build(root: Path, rules_dir: Path) -> Matrix:
    """Read the rule texts, the code, the tests and the reasons; match them up."""
    book = load_rulebook(rules_dir)
    code = [
        c
        for path in sorted((root / "titan").rglob("*.py"))
        if path.resolve() != Path(__file__).resolve()  # this module's docs cite examples
        for c in code_citations(path, module_name(path, root), book)
    ]
    tests = [
        c
        for path in sorted((root / "tests").rglob("test_*.py"))
        for c in marker_citations(path, path.relative_to(root).as_posix(), book)
    ]
    reasons = load_reasons(root / NOT_ENFORCED.relative_to(ROOT))
    rows = [
        Row(rule, _places(code, rule.id), _places(tests, rule.id), reasons.get(rule.id, ""))
        for kind in KIND_TITLES
        for rule in book.ordered(kind)
    ]
    errors = [f"{c.where}: marker {c.found.text!r} names no rule" for c in tests if not c.found.ids]
    errors += [f"{NOT_ENFORCED.name}: no rule {key!r}" for key in reasons if key not in book.rules]
    notes = sorted({c for c in code if c.found.problem}, key=lambda c: (c.where, c.found.text))
    return Matrix(rows, notes, errors)


def _places(citations: list[Citation], rule_id: str) -> tuple[str, ...]:
    return tuple(sorted({c.where for c in citations if rule_id in c.found.ids}))


def load_reasons(path: Path) -> dict[str, str]:
    """``docs/rules-not-enforced.toml``: rule id = why the rule needs no code."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


# --- writing it out ----------------------------------------------------------------------------

INTRO = f"""\
# Rules compliance matrix

<!-- Generated by `{REGENERATE}`; do not edit by hand. -->

Every rule of the rule texts, the code that cites it and the tests that declare they check
it. Regenerate with `{REGENERATE}` after changing rule citations in `titan/`, test markers
or `docs/rules-not-enforced.toml`; `tests/test_rules_compliance.py` fails while this file is
stale (`python -m titan.compliance --check`).

**Rows.** *3rd edition rules*: every numbered rule (`7.6`), the hazard chart as `11.7` (the
number the rulebook and the errata give it), and a section's introduction before its first
numbered rule as the section number (`7`) when it has one. *Errata*: one row per rule
number the errata names (`errata 9.3`), holding every paragraph that names it, since code
cites errata by rule number; a paragraph naming several rules (`9.4, 10.0`) is under each.
*Complete Sequence of Play*: every step (`sequence 2.5.6.4.1.5`). The errata's Simplified
Sequence of Play (a summary of the complete one) and Etiquette Guide are not rows.

**Code** lists `module::function` (or the module) for every comment, docstring or string
literal in `titan/` that cites the rule: `rule 7.6`, `(13.4)`, `errata 9.3`,
`Complete Sequence 2.5.1`, `errata 2.5.6.2` (three or more parts name a sequence step),
ranges `11.1-11.6`, `hazard chart`. A cited `errata N.M` is the errata paragraph on N.M
when there is one, else sequence step N.M; bare integers (`(7)`) are not read as
sections: write `rule 7`. A citation says the code concerns the rule, not that it is right.

**Tests** lists the tests marked `@pytest.mark.rules("7.6", "errata 9.3", ...)`; only
markers count, so each test claims just what it was written to check.

**Status**: ✅ code and tests; 🟡 only one of them; ⚪ needs no code, for the reason given
(`docs/rules-not-enforced.toml`); ❌ nothing at all.
"""


def render(matrix: Matrix) -> str:
    parts = [INTRO, _summary(matrix.rows)]
    for kind, title in KIND_TITLES.items():
        parts.append(_table(title, [r for r in matrix.rows if r.rule.kind == kind]))
    parts.append(_attention(matrix))
    return "\n".join(parts)


def _summary(rows: list[Row]) -> str:
    kinds = list(KIND_TITLES)
    lines = [
        "## Summary",
        "",
        "| | rules | errata | sequence | all |",
        "|---|--:|--:|--:|--:|",
        _count_line("rows", rows, kinds),
    ]
    for status, label in STATUS_LABELS.items():
        lines.append(_count_line(label, [r for r in rows if r.status == status], kinds))
    missing = [r.rule.id for r in rows if r.status == "none"]
    lines += ["", f"**❌ No code, no test, no reason ({len(missing)}):** " + ", ".join(missing)]
    return "\n".join(lines) + "\n"


def _count_line(label: str, rows: list[Row], kinds: list[Kind]) -> str:
    counts = [sum(1 for r in rows if r.rule.kind == k) for k in kinds]
    return f"| {label} | " + " | ".join(map(str, [*counts, sum(counts)])) + " |"


def _table(title: str, rows: list[Row]) -> str:
    lines = [
        f"## {title}",
        "",
        "| status | rule | first words | code | tests |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        code = _cell(row.code) or (f"*not enforced: {_escape(row.reason)}*" if row.reason else "")
        cells = [
            STATUS_LABELS[row.status],
            row.rule.id,
            _first_words(row.rule),
            code,
            _cell(row.tests),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _words(text: str, count: int) -> str:
    words = text.split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


def _first_words(rule: Rule) -> str:
    text = _words(rule.text, FIRST_WORDS)
    if rule.title:
        text = f"{rule.title}: {text}" if text else rule.title
    if rule.paragraphs > 1:
        text = f"({rule.paragraphs} paragraphs) {text}"
    return _escape(text)


def _cell(places: Sequence[str]) -> str:
    return "<br>".join(f"`{p}`" for p in places)


def _escape(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;").replace("*", "\\*").replace("_", "\\_")


ATTENTION = {
    "ambiguous": "Ambiguous: read as the errata paragraph; write `Complete Sequence N.M` if "
    "the sequence step was meant",
    "vague": "Vague (a trailing `x` names no rule; credited to nothing)",
    "unresolved": "Unresolved (no such rule in the texts)",
}


def _attention(matrix: Matrix) -> str:
    lines = ["## Citations needing attention", ""]
    for problem, heading in ATTENTION.items():
        places: dict[str, list[str]] = {}
        for c in matrix.code_notes:
            if c.found.problem == problem:
                places.setdefault(c.found.text, []).append(c.where)
        lines += [f"### {heading} ({sum(map(len, places.values()))})", ""]
        lines += [
            f"- {text}{_alternatives(matrix, text) if problem == 'ambiguous' else ''}: "
            + _inline(places[text])
            for text in sorted(places)
        ] or ["None."]
        lines.append("")
    both = [r.rule.id for r in matrix.rows if r.reason and (r.code or r.tests)]
    lines += [f"### Listed as not enforced, yet cited ({len(both)})", ""]
    lines += [f"- {rule_id}" for rule_id in both] or ["None."]
    lines += ["", f"### Errors ({len(matrix.errors)})", ""]
    lines += [f"- {e}" for e in matrix.errors] or ["None."]
    return "\n".join(lines) + "\n"


def _alternatives(matrix: Matrix, text: str) -> str:
    """For ``errata 2.3``: the paragraph and the sequence step it may mean, by first words."""
    rules = {row.rule.id: row.rule for row in matrix.rows}
    number = text.split()[-1]
    paragraph, step = rules[f"errata {number}"], rules[f"sequence {number}"]
    said, meant = (_escape(_words(r.text, 6)) for r in (paragraph, step))
    return f" (paragraph: “{said}”, step: “{meant}”)"


def _inline(places: Sequence[str]) -> str:
    return ", ".join(f"`{p}`" for p in places)


# --- the command -------------------------------------------------------------------------------


def rules_dir_default() -> Path:
    return Path(os.environ.get("TITAN_RULES_DIR", DEFAULT_RULES_DIR))


def stale(root: Path, rules_dir: Path) -> list[str]:
    """Why ``docs/rules-compliance.md`` must be regenerated or fixed; empty when it is fine.
    Reads only, so it is safe under pytest-xdist."""
    matrix = build(root, rules_dir)
    problems = list(matrix.errors)
    output = root / OUTPUT.relative_to(ROOT)
    current = output.read_text(encoding="utf-8") if output.exists() else ""
    if current != render(matrix):
        problems.append(f"{output.relative_to(root)} is stale: run `{REGENERATE}`")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m titan.compliance", description=__doc__)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="regenerate the matrix file")
    action.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    parser.add_argument("--rules-dir", type=Path, default=None, help="the rule texts")
    args = parser.parse_args(argv)
    rules_dir: Path = args.rules_dir or rules_dir_default()
    if args.check:
        problems = stale(ROOT, rules_dir)
        print("\n".join(problems) or f"{OUTPUT.relative_to(ROOT)} is up to date")
        return 1 if problems else 0
    matrix = build(ROOT, rules_dir)
    text = render(matrix)
    if not args.write:
        sys.stdout.write(text)
    else:
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")
    for error in matrix.errors:
        print(f"error: {error}", file=sys.stderr)
    return 1 if matrix.errors else 0


if __name__ == "__main__":
    sys.exit(main())
