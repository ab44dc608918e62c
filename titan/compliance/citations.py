"""Reading rule citations: in prose (comments, docstrings, markers) leniently, in an
``IllegalAction``'s rule strictly; the grammar is in :mod:`titan.compliance`."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from titan.compliance.index import Rulebook
from titan.compliance.texts import Kind, number_of

Mode = Kind | None

# --- prose ------------------------------------------------------------------------------------

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
    problem: Literal["", "unresolved", "vague"] = ""


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
    ids = _expand(book, _kind_of(mode, start), start, end)
    if not ids:
        return None if mode is None else Found(label, (), "unresolved")
    return Found(label, ids)


def _kind_of(mode: Mode, start: str) -> Kind:
    """``errata`` with three or more parts names a sequence step (the sequence is part of the
    errata file, and its paragraphs are keyed by two-part rule numbers); with fewer, always
    the paragraph, so what a citation names never depends on which rows happen to exist."""
    if mode == "errata" and start.count(".") >= 2:
        return "sequence"
    return mode or "rule"


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


# --- an IllegalAction's rule: the strict grammar -----------------------------------------------

STRICT_ITEM = re.compile(
    r"(?:(?P<kind>errata|Complete Sequence) )?(?P<start>\d+(?:\.\d+)*)(?:-(?P<end>\d+(?:\.\d+)*))?"
)
STRICT_KINDS: dict[str, Kind] = {"errata": "errata", "Complete Sequence": "sequence"}


class CitationError(ValueError):
    """A citation outside the strict grammar, or naming a rule that is not a row."""


def parse_citation(text: str, book: Rulebook) -> tuple[str, ...]:
    """The ids ``text`` names by the strict grammar (``13.4, errata 12.4``), in order. Raises
    CitationError for anything else: a refusal must name rules a player can look up."""
    kind: Kind = "rule"
    ids: list[str] = []
    for item in text.split(", "):
        m = STRICT_ITEM.fullmatch(item)
        if m is None:
            raise CitationError(f"{text!r}: {item!r} is not [errata | Complete Sequence] N.M[-N.M]")
        kind = STRICT_KINDS[m["kind"]] if m["kind"] else kind
        start, end = m["start"], m["end"] or ""
        row_kind = _kind_of(kind, start)
        ends = [start, _complete(start, end)] if end else [start]
        for point in ends:
            row = point if row_kind == "rule" else f"{row_kind} {point}"
            if row not in book.rules:
                raise CitationError(f"{text!r}: there is no rule {row!r}")
        if end and number_of(ends[0]) >= number_of(ends[1]):
            raise CitationError(f"{text!r}: the range {item!r} does not ascend")
        ids.extend(_expand(book, row_kind, start, end))
    return tuple(ids)


@dataclass(frozen=True)
class Citation:
    """A rule number cited at a place: ``titan.engine.phases.turn::end_turn`` or a test id."""

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


# "13, errata 11.7/12.0", "12.1-12.6": a literal holding nothing but rule numbers, one of
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
