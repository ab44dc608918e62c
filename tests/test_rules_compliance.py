"""The rules-compliance matrix (titan.compliance): docs/rules-compliance.md and
docs/rules-index.json are up to date, with or without the rule texts; every refusal cites
rules that exist; and the parsers read the rule texts and the citations as documented."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from titan.compliance import REGENERATE, ROOT
from titan.compliance.__main__ import main
from titan.compliance.citations import (
    CitationError,
    Mode,
    code_citations,
    parse_citation,
    read_citations,
)
from titan.compliance.index import (
    INDEX,
    Rulebook,
    committed_rules,
    dump_index,
    parse_index,
    short_title,
)
from titan.compliance.matrix import OUTPUT, stale
from titan.compliance.texts import (
    ERRATA_END,
    ERRATA_START,
    SEQUENCE_END,
    SEQUENCE_START,
    RuleText,
    errata_paragraphs,
    parse_rulebook,
    parse_sequence,
    rules_dir_default,
)

RULEBOOK = """\
# TITAN

# 1. INTRODUCTION

- 1.1** TITAN is a game for **two to six** players.
- 1.2** The second rule,

continued after a blank line.

## 7. MOVING LEGIONS

Each Legion must be moved individually.

- 7.1 A Legion may be moved through a Land.

### 7.4 MOVEMENT CHART

#### EFFECTS ON MOVEMENT

- a. A Legion standing on a Tower Land MAY begin its move.

## 21. SHORTENED VERSIONS OF TITAN

A game of TITAN can become a long affair.

### TITAN VARIANT

Centaurs are deleted.

## COMPONENTS

One Masterboard.

## HAZARD CHART

### PLAIN

## BOG

No effect.
"""

ERRATA = f"""\
Introduction 1.2: not a paragraph.
{ERRATA_START}
Below, the numbers at the start of each rules note refer to the rules.

6.2, 18.0: A legion may come back to its land on a roll o
6. This counts as a moved legion.

9.3: Once a proposal has been made it cannot be withdrawn.

9.3: Once a player states he is going to fight, both stacks become public.

## Badlands: The Fort battleland is not shaded correctly.

{ERRATA_END} 1 Initial set up
1.1 Randomly determine starting towers. 2 Players take turns.
2.1 Split. {SEQUENCE_START} 1 Initial set up
1.1 Determine the players.
1.3 Determine starting towers.
1.3.1 Make sets of tower rolls. 2 The remaining players take turns in order.
2.5 The current player resolves engagements.
2.5.1 The attacker may look.
2.5.2 The defender may look.
2.5.6.2 The attacker may concede.
2.5.6.3 The defender may concede.
2.5.6.4.1.3 Drift damage is applied.
2.5.6.4.2.3 Drift damage is applied.
2.7 The current player ends his turn. 3 The winner's legions become public.
{SEQUENCE_END}
0. Players are encouraged to discuss etiquette.
"""


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return Rulebook.from_texts(RULEBOOK, ERRATA)


def ids(text: str, book: Rulebook, mode: Mode = None) -> list[str]:
    return [i for f in read_citations(text, book, mode) for i in f.ids]


def test_the_matrix_is_up_to_date() -> None:
    """Fails when code citations, test markers or docs/rules-not-enforced.toml changed
    without regenerating, or (where the rule texts are found) when the committed index no
    longer matches them. Never skips: without the texts the rows come from the committed
    index, as on a fresh clone in CI. Reads only: safe under pytest-xdist."""
    problems = stale(ROOT, rules_dir_default())  # the index when the texts are not there
    assert not problems, "\n".join([*problems, f"regenerate with: {REGENERATE}"])
    assert (ROOT / OUTPUT).exists()


def test_the_matrix_follows_from_the_committed_index_alone() -> None:
    """What CI sees: no rule texts at all. The index is canonical and gives the committed
    matrix."""
    problems = stale(ROOT, None)
    assert not problems, "\n".join([*problems, f"regenerate with: {REGENERATE}"])
    text = (ROOT / INDEX).read_text(encoding="utf-8")
    assert dump_index(parse_index(text)) == text


def test_a_stale_index_fails_the_check_where_the_texts_are(tmp_path: Path) -> None:
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    (rules_dir / "titan-rules-3rd-edition.txt").write_text(RULEBOOK, encoding="utf-8")
    (rules_dir / "titan-errata-and-clarifications.txt").write_text(ERRATA, encoding="utf-8")
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    book = Rulebook.from_texts(RULEBOOK, ERRATA)
    index = dump_index(book)
    (root / INDEX).write_text(index.replace("MOVING LEGIONS", "Moving"), encoding="utf-8")
    problems = stale(root, rules_dir)
    assert any(str(INDEX) in p and "differs from the rule texts" in p for p in problems)
    # without the texts the (edited but canonical) index is the source: only the matrix
    assert [p for p in stale(root, None) if str(INDEX) in p] == []
    (root / INDEX).write_text(index.replace("\n  {", "\n{"), encoding="utf-8")
    assert any("not in canonical form" in p for p in stale(root, None))


def test_without_texts_or_index_there_is_nothing_to_check(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        stale(tmp_path, tmp_path / "nowhere")


def test_a_rules_dir_named_on_the_command_line_must_hold_the_texts(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--check", "--rules-dir", str(tmp_path)])
    assert exit_.value.code == 2


def test_index_rows_carry_short_titles_only(book: Rulebook) -> None:
    rows = parse_index(dump_index(book)).rules
    assert rows == book.rules
    assert rows["7"].title == "MOVING LEGIONS" and rows["7.4"].title == "MOVEMENT CHART"
    assert rows["1.1"].title == "TITAN is a game for two to six …"  # nine words
    assert rows["sequence 1.3.1"].title == "Make sets of tower rolls"
    assert rows["errata 9.3"].paragraphs == 2
    long = RuleText("1.2", "rule", (1, 2), "one two, three four five six seven eight nine")
    assert short_title(long) == "one two, three four five six seven eight …"
    assert short_title(RuleText("7.6", "rule", (7, 6), "First Move Mulligan: Because")) == (
        "First Move Mulligan"
    )
    with pytest.raises(ValueError, match="no errata id"):
        parse_index('{"rules": [{"id": "9.3", "kind": "errata", "title": "x"}]}')


def test_rulebook_sections_rules_headings_and_the_hazard_chart(book: Rulebook) -> None:
    rules = {r.id: r for r in parse_rulebook(RULEBOOK)}
    # section 1 has no introduction of its own; COMPONENTS is not a rule
    assert list(rules) == ["1.1", "1.2", "7", "7.1", "7.4", "21", "11.7"]
    assert rules["1.1"].text == "TITAN is a game for two to six players."
    assert rules["1.2"].text == "The second rule, continued after a blank line."
    assert rules["7"].heading == "MOVING LEGIONS" and rules["7"].text.startswith("Each Legion")
    assert rules["7.4"].heading == "MOVEMENT CHART" and "Tower Land" in rules["7.4"].text
    assert "Centaurs are deleted" in rules["21"].text and "Masterboard" not in rules["21"].text
    assert rules["11.7"].text == "PLAIN BOG No effect."
    assert [r.id for r in book.ordered("rule")] == ["1.1", "1.2", "7", "7.1", "7.4", "11.7", "21"]


def test_errata_paragraphs_rows_per_rule_and_wrapped_lines(book: Rulebook) -> None:
    paragraphs = errata_paragraphs(ERRATA)
    assert [keys for keys, _ in paragraphs] == [("6.2", "18.0"), ("9.3",), ("9.3",), ("Badlands",)]
    assert paragraphs[0][1].endswith("roll o 6. This counts as a moved legion.")
    assert [r.id for r in book.ordered("errata")] == [
        "errata 6.2",
        "errata 9.3",
        "errata 18.0",
        "errata Badlands",
    ]
    assert book.rules["errata 9.3"].paragraphs == 2
    assert book.rules["errata 18.0"].title == book.rules["errata 6.2"].title  # one paragraph


def test_sequence_steps_including_top_levels_run_into_a_line() -> None:
    steps = {r.id.split()[1]: r.text for r in parse_sequence(ERRATA)}
    assert list(steps) == [
        "1",
        "1.1",
        "1.3",
        "1.3.1",
        "2",
        "2.5",
        "2.5.1",
        "2.5.2",
        "2.5.6.2",
        "2.5.6.3",
        "2.5.6.4.1.3",
        "2.5.6.4.2.3",
        "2.7",
        "3",
    ]
    assert steps["1.3.1"] == "Make sets of tower rolls."
    assert steps["2"] == "The remaining players take turns in order."
    assert steps["3"] == "The winner's legions become public."


def test_citations_by_keyword_with_lists_and_ranges(book: Rulebook) -> None:
    assert ids("rules 1.1-1.2, 21; errata 9.3/6.2 and Complete Sequence 2.5.1", book) == [
        "1.1",
        "1.2",
        "21",
        "errata 9.3",
        "errata 6.2",
        "sequence 2.5.1",
    ]
    assert ids("(7.0) and 7.4 b, hazard chart", book) == ["7", "7.4", "11.7"]
    assert ids("errata 2.5.6.2-3", book) == ["sequence 2.5.6.2", "sequence 2.5.6.3"]
    assert ids("Complete Sequence 2.5-2.5.2", book) == [
        "sequence 2.5",
        "sequence 2.5.1",
        "sequence 2.5.2",
    ]
    assert ids("errata 2.5.6.4.x.3", book) == ["sequence 2.5.6.4.1.3", "sequence 2.5.6.4.2.3"]
    assert ids("errata 18", book) == ["errata 18.0"]  # no sequence step 18


def test_what_a_citation_does_not_claim(book: Rulebook) -> None:
    # bare integers are counts; bare dotted numbers must name a rulebook rule
    assert ids("a full legion (7, rule 1.1) at 1.5 col, (9.3)", book) == ["1.1"]
    (vague,) = read_citations("errata 9.x", book)
    assert vague.problem == "vague" and not vague.ids
    (missing,) = read_citations("errata 27", book)
    assert missing.problem == "unresolved"
    # errata N.M is the paragraph only, never the sequence step of that number
    assert [f.problem for f in read_citations("errata 1.1, 1.3", book)] == ["unresolved"] * 2
    assert ids("13", book, "rule") == [] and ids("21", book, "rule") == ["21"]


def test_errata_with_two_parts_is_the_paragraph_even_beside_a_step() -> None:
    errata = ERRATA.replace("9.3: Once a proposal", "1.1: Once a proposal")
    book = Rulebook.from_texts(RULEBOOK, errata)
    (found,) = read_citations("errata 1.1", book)
    assert found.ids == ("errata 1.1",) and not found.problem
    (step,) = read_citations("Complete Sequence 1.1", book)
    assert step.ids == ("sequence 1.1",) and not step.problem


def test_the_strict_grammar_of_a_refusal(book: Rulebook) -> None:
    assert parse_citation("7.1-7.4, 21, errata 9.3, 6.2, Complete Sequence 1.3.1", book) == (
        "7.1",
        "7.4",
        "21",
        "errata 9.3",
        "errata 6.2",
        "sequence 1.3.1",
    )
    assert parse_citation("errata 2.5.6.2-3", book) == ("sequence 2.5.6.2", "sequence 2.5.6.3")
    for bad in [
        "errata 9.x",  # vague
        "13, errata 11.7/12.x",  # a slash and a wildcard
        "7.1; errata 9.3",  # another separator
        "rule 7.1",  # another word
        "7.0",  # section 7 is "7"
        "errata 9",  # a paragraph is N.M
        "errata 1.1",  # sequence step 1.1 is Complete Sequence 1.1
        "1",  # section 1 has no row of its own
        "7.4-7.1",  # backwards
        "7.1-7.3",  # 7.3 is no row here
        "",
    ]:
        with pytest.raises(CitationError):
            parse_citation(bad, book)


def test_code_citations_name_the_enclosing_function(book: Rulebook, tmp_path: Path) -> None:
    source = '''\
"""Module docstring (rule 7.1)."""


class Mover:
    def step(self) -> None:
        """Errata 9.3: proposals."""
        x = 7  # 7.4: the chart
        raise IllegalAction("21", "a section, as the rule of a refusal")

    rule = "7.1, errata 6.2"
'''
    path = tmp_path / "mod.py"
    path.write_text(source, encoding="utf-8")
    got = {(c.where, i) for c in code_citations(path, "pkg.mod", book) for i in c.found.ids}
    assert got == {
        ("pkg.mod", "7.1"),
        ("pkg.mod::Mover.step", "errata 9.3"),
        ("pkg.mod::Mover.step", "7.4"),
        ("pkg.mod::Mover.step", "21"),
        ("pkg.mod::Mover", "7.1"),
        ("pkg.mod::Mover", "errata 6.2"),
    }


# --- every refusal cites rules that exist --------------------------------------------------


def test_every_refusal_names_rules_in_the_index() -> None:
    """The rule of every ``IllegalAction(rule, ...)`` under titan/ follows the strict grammar
    (titan/compliance/__init__.py) and names only rows of docs/rules-index.json. A rule that
    is not a literal is followed through names, tables, ``.get`` and local functions."""
    rules = committed_rules()
    refusals = [r for path in sorted((ROOT / "titan").rglob("*.py")) for r in _refusals(path)]
    bad: list[str] = []
    for where, rule in refusals:
        try:
            parse_citation(rule, rules)
        except CitationError as exc:
            bad.append(f"{where}: {exc}")
    assert not bad, "\n".join(bad)
    assert len(refusals) > 50  # the finder still finds them


def test_the_refusal_finder_follows_tables_and_names(tmp_path: Path) -> None:
    source = """\
RULES = {"a": ("errata 12.x", "m"), "b": ("7.1", "m")}


def _rule(teleport: str) -> str:
    return {"tower": "8.1"}.get(teleport, "7.1-7.5")


def check(kind: str, ranged: bool, teleport: str) -> None:
    rule = "12.1" if ranged else "13"
    raise IllegalAction(*RULES[kind])
    raise IllegalAction(rule, "m")
    raise IllegalAction(_rule(teleport), "m")
    raise IllegalAction(rule="errata 9.3", message="m")
"""
    path = tmp_path / "mod.py"
    path.write_text(source, encoding="utf-8")
    assert sorted(rule for _, rule in _refusals(path)) == sorted(
        ["errata 12.x", "7.1", "12.1", "13", "8.1", "7.1-7.5", "errata 9.3"]
    )
    path.write_text("def f(rule: str) -> None:\n    raise IllegalAction(rule, 'm')\n")
    with pytest.raises(AssertionError, match="write the rule as a literal"):
        list(_refusals(path))


class _Unreadable(Exception):
    """A rule expression this reader cannot follow to its strings."""


def _refusals(path: Path) -> Iterator[tuple[str, str]]:
    """(file:line, rule) for every rule each ``IllegalAction(...)`` call in ``path`` can give."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    defs = _Defs(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node.func) != "IllegalAction":
            continue
        where = f"{path.as_posix().removeprefix(ROOT.as_posix() + '/')}:{node.lineno}"
        args = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "rule")]
        assert args, f"{where}: IllegalAction without a rule"
        try:
            for rule in _rule_strings(args[0], defs):
                yield where, rule
        except _Unreadable as exc:
            raise AssertionError(f"{where}: write the rule as a literal or a table: {exc}") from exc


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


class _Defs:
    """What names stand for in one module: every value assigned to a plain name, and the
    returned values of every function."""

    def __init__(self, tree: ast.Module) -> None:
        self.values: dict[str, list[ast.expr]] = {}
        self.returns: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        self.values.setdefault(target.id, []).append(node.value)
            elif isinstance(node, ast.FunctionDef):
                self.returns[node.name] = [
                    r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value
                ]


def _rule_strings(arg: ast.expr, defs: _Defs) -> list[str]:
    """The strings a rule argument can be; ``*table[key]`` spreads a (rule, message) pair."""
    if isinstance(arg, ast.Starred):
        pairs = _leaves(arg.value, defs)
        firsts = [p.elts[0] for p in pairs if isinstance(p, ast.Tuple) and p.elts]
        if len(firsts) != len(pairs):
            raise _Unreadable(ast.unparse(arg))
        return [s for first in firsts for s in _rule_strings(first, defs)]
    out: list[str] = []
    for leaf in _leaves(arg, defs):
        if not (isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)):
            raise _Unreadable(ast.unparse(leaf))
        out.append(leaf.value)
    return out


def _leaves(expr: ast.expr, defs: _Defs) -> list[ast.expr]:
    """The expressions ``expr`` may evaluate to, through conditionals, names, subscripted or
    ``.get`` tables and calls of the module's functions; anything else is its own leaf."""
    if isinstance(expr, ast.IfExp):
        return [*_leaves(expr.body, defs), *_leaves(expr.orelse, defs)]
    if isinstance(expr, ast.Name) and expr.id in defs.values:
        return [leaf for value in defs.values[expr.id] for leaf in _leaves(value, defs)]
    if isinstance(expr, ast.Subscript):
        return _table_values(expr.value, defs)
    func = expr.func if isinstance(expr, ast.Call) else None
    if isinstance(func, ast.Name) and func.id in defs.returns:
        return [leaf for r in defs.returns[func.id] for leaf in _leaves(r, defs)]
    if isinstance(expr, ast.Call) and isinstance(func, ast.Attribute) and func.attr == "get":
        default = [leaf for arg in expr.args[1:2] for leaf in _leaves(arg, defs)]
        return [*_table_values(func.value, defs), *default]
    return [expr]


def _table_values(table: ast.expr, defs: _Defs) -> list[ast.expr]:
    dicts = _leaves(table, defs)
    if not all(isinstance(d, ast.Dict) for d in dicts):
        raise _Unreadable(ast.unparse(table))
    return [
        leaf
        for d in dicts
        if isinstance(d, ast.Dict)
        for value in d.values
        for leaf in _leaves(value, defs)
    ]
