"""``python -m titan.compliance [--write | --check] [--rules-dir DIR]``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import titan.compliance
from titan.compliance import ROOT
from titan.compliance.index import INDEX, dump_index, load_rules
from titan.compliance.matrix import OUTPUT, build, render, stale
from titan.compliance.texts import has_texts, rules_dir_default


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m titan.compliance",
        description=titan.compliance.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="regenerate the matrix and index")
    action.add_argument("--check", action="store_true", help="exit 1 if either file is stale")
    parser.add_argument("--rules-dir", type=Path, help="the rule texts, else $TITAN_RULES_DIR")
    args = parser.parse_args(argv)
    rules_dir: Path = args.rules_dir or rules_dir_default()
    if not has_texts(rules_dir):
        if args.rules_dir is not None:  # asked for by name: its absence is a mistake
            parser.error(f"no rule texts in {rules_dir}")
        print(f"no rule texts in {rules_dir}: the rows come from {INDEX}", file=sys.stderr)
    if args.check:
        problems = stale(ROOT, rules_dir)
        print("\n".join(problems) or f"{OUTPUT} and {INDEX} are up to date")
        return 1 if problems else 0
    source = load_rules(ROOT, rules_dir)
    matrix = build(ROOT, source.book)
    text = render(matrix)
    if not args.write:
        sys.stdout.write(text)
    else:
        if source.texts is not None:  # without the texts the index is the source: keep it
            (ROOT / INDEX).write_text(dump_index(source.book), encoding="utf-8")
            print(f"wrote {INDEX}")
        (ROOT / OUTPUT).write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT}")
    for error in matrix.errors:
        print(f"error: {error}", file=sys.stderr)
    return 1 if matrix.errors else 0


if __name__ == "__main__":
    sys.exit(main())
