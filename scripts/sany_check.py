#!/usr/bin/env python3
"""Checks tlafid's standard modules with SANY, TLC's parser and semantic checker.

Usage:
    scripts/sany_check.py --classpath PATH [--examples DIR] [--only REGEX]

PATH is a Java classpath that holds SANY (tla2tools.jar, or classes built from the
tlaplus/tlaplus sources). Two passes:

 1. every module of crates/tlafid_sema/stdlib on its own (parsing, name resolution, arity
    and level checking);
 2. with --examples, every .tla file under DIR/specifications, with the stdlib folder as
    SANY's library (-DTLA-Library), so specs resolve their EXTENDS/INSTANCE of standard and
    community modules against tlafid's renderings instead of the originals. A module that the
    spec's own folder provides still wins, as in TLC.

Note: a tla2tools.jar carries its own standard modules; SANY consults the library path
before them, so the stdlib files are the ones checked. Exit status 1 if any file fails.
Python 3.11, standard library only; needs `java` on PATH.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
STDLIB = REPO_ROOT / "crates" / "tlafid_sema" / "stdlib"

#: SANY output lines that mean the file did not pass.
FAILURE = re.compile(
    r"\*\*\* Errors|Fatal errors|Cannot find source file|Could not find|Parse Error|"
    r"Lexical error|Encountered \"|aborted"
)
#: SANY's progress lines, left out of failure reports.
NOISE = re.compile(r"^(\s*$|\*+ SANY2 Version|Parsing file|Semantic processing|Linting of)")


def run_sany(classpath: str, tla_file: Path, library: Path, timeout: float) -> tuple[bool, str]:
    """(passed, SANY's message lines) for one file, run from the file's own folder."""
    command = ["java", f"-DTLA-Library={library}", "-cp", classpath, "tla2sany.SANY",
               tla_file.name]
    try:
        done = subprocess.run(command, cwd=tla_file.parent, capture_output=True, text=True,
                              errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"SANY did not finish within {timeout:g} s"
    output = done.stdout + done.stderr
    lines = [line for line in output.splitlines() if not NOISE.match(line)]
    return FAILURE.search(output) is None and done.returncode == 0, "\n".join(lines[:15])


def check_files(args: argparse.Namespace, title: str, files: list[Path]) -> int:
    """Runs SANY on FILES, prints failures and a summary line; returns the failure count."""
    failures = 0
    for tla_file in files:
        passed, message = run_sany(args.classpath, tla_file, STDLIB, args.timeout)
        if not passed:
            failures += 1
            print(f"=== FAIL {tla_file}\n{message}")
    print(f"{title}: {len(files) - failures} of {len(files)} pass SANY")
    return failures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classpath", required=True, help="Java classpath holding tla2sany")
    parser.add_argument("--examples", type=Path, help="root of a tlaplus/Examples checkout")
    parser.add_argument("--only", metavar="REGEX", help="only files whose path matches")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per file")
    args = parser.parse_args(argv)
    only = re.compile(args.only) if args.only else None

    def keep(path: Path) -> bool:
        return only is None or only.search(str(path)) is not None

    failures = check_files(args, "stdlib", [p for p in sorted(STDLIB.glob("*.tla")) if keep(p)])
    if args.examples:
        specs = sorted((args.examples / "specifications").rglob("*.tla"))
        failures += check_files(args, "Examples", [p for p in specs if keep(p)])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
