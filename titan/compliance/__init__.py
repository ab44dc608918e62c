"""The rules-compliance matrix: every rule of the rule texts, the code that cites it and the
tests that declare they check it, written to ``docs/rules-compliance.md``.

Run ``python -m titan.compliance --write`` to regenerate it and ``--check`` to fail when it is
stale. The inputs:

* the rules: the rule texts (``--rules-dir``, else ``$TITAN_RULES_DIR``, else
  ``/work/shared/rules``; the 3rd edition rulebook and the errata with its Complete Sequence
  of Play) when they are there, else the committed index ``docs/rules-index.json`` (every
  row's id, kind and a title of a few words: no rule prose, which may not be copied into the
  repository). The texts are absent on a fresh clone, as in CI, so the matrix must follow
  from the index alone; when the texts are found, the index must equal what they give, and
  ``--write`` rewrites it;
* citations in the code under ``titan/``: comments, docstrings and other string literals;
* ``@pytest.mark.rules(...)`` markers on the tests under ``tests/``;
* ``docs/rules-not-enforced.toml``, the hand-kept reasons why some rules need no code.

Modules: :mod:`.texts` parses the rule texts, :mod:`.index` holds the rows and the index
file, :mod:`.citations` reads citations, :mod:`.matrix` builds and renders the matrix.

**The citation grammar** of an ``IllegalAction``'s rule (and the form to prefer anywhere)::

    citation := item { ", " item }
    item     := [ kind " " ] ref
    kind     := "errata" | "Complete Sequence"
    ref      := number [ "-" number ]          a range; its end may drop leading parts
    number   := digits { "." digits }          ("2.5.6.2-3" ends at 2.5.6.3)

Items before any kind are rulebook rules: ``7.6``, or ``13`` for section 13's introduction.
A kind applies to its item and every later one up to the next kind, so rulebook rules come
first: ``13.4, errata 12.4``. ``errata N.M`` (two parts) is the errata's paragraph on rule
N.M; a sequence step is ``Complete Sequence 2.3``, and ``errata`` with three or more parts
(``errata 2.5.6.4.1.5``) is a step too, as errata paragraphs never have three. Every item,
and both ends of a range, must name a row of the index. Nothing vague (``12.x``), no other
separators (``/``, ``;``) and no other words: :func:`.citations.parse_citation` checks it.

Prose (comments, docstrings, markers) is read more leniently by
:func:`.citations.read_citations`: ``rule 7.6``, ``rules 16, 17``, ``(13.4)``, ``errata
9.4/9.5``, ``errata 5`` (paragraph 5.0), ranges, an inner wildcard ``2.5.6.4.x.3`` (defender
and attacker turn alike), and ``hazard chart`` / ``strike chart``. A keyword (``rule``,
``errata``, ``Complete Sequence``) sets the kind of the numbers that follow until the next
ordinary word. A bare dotted number counts only when it names a rulebook rule; a bare
integer never counts (it is too often a count of something), so sections are cited as
``rule 21``. A trailing wildcard (``errata 12.x``) is reported as vague and credits nothing;
a number naming no row is reported as unresolved.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
REGENERATE = ".venv/bin/python -m titan.compliance --write"
