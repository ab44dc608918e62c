"""The rules-compliance matrix (titan.compliance): docs/rules-compliance.md is up to date, and
the parsers read the rule texts and the citations as documented."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan.compliance import (
    ERRATA_END,
    ERRATA_START,
    OUTPUT,
    REGENERATE,
    ROOT,
    SEQUENCE_END,
    SEQUENCE_START,
    Mode,
    Rulebook,
    code_citations,
    errata_paragraphs,
    parse_rulebook,
    parse_sequence,
    read_citations,
    rules_dir_default,
    stale,
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
    without regenerating (reads only: safe under pytest-xdist)."""
    rules_dir = rules_dir_default()
    if not rules_dir.is_dir():
        pytest.skip(f"no rule texts at {rules_dir} (set TITAN_RULES_DIR)")
    problems = stale(ROOT, rules_dir)
    assert not problems, "\n".join([*problems, f"regenerate with: {REGENERATE}"])
    assert OUTPUT.exists()


def test_rulebook_sections_rules_headings_and_the_hazard_chart(book: Rulebook) -> None:
    rules = {r.id: r for r in parse_rulebook(RULEBOOK)}
    # section 1 has no introduction of its own; COMPONENTS is not a rule
    assert list(rules) == ["1.1", "1.2", "7", "7.1", "7.4", "21", "11.7"]
    assert rules["1.1"].text == "TITAN is a game for two to six players."
    assert rules["1.2"].text == "The second rule, continued after a blank line."
    assert rules["7"].title == "MOVING LEGIONS" and rules["7"].text.startswith("Each Legion")
    assert rules["7.4"].title == "MOVEMENT CHART" and "Tower Land" in rules["7.4"].text
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
    assert book.rules["errata 18.0"].text == book.rules["errata 6.2"].text


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
    # errata 1.1 has no paragraph: the sequence step; errata 1.3 likewise
    assert ids("errata 1.1, 1.3", book) == ["sequence 1.1", "sequence 1.3"]
    assert ids("13", book, "rule") == [] and ids("21", book, "rule") == ["21"]


def test_errata_number_names_the_paragraph_before_the_sequence_step() -> None:
    errata = ERRATA.replace("9.3: Once a proposal", "1.1: Once a proposal")
    book = Rulebook.from_texts(RULEBOOK, errata)
    (found,) = read_citations("errata 1.1", book)
    assert found.ids == ("errata 1.1",) and found.problem == "ambiguous"
    (step,) = read_citations("Complete Sequence 1.1", book)
    assert step.ids == ("sequence 1.1",) and not step.problem


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
