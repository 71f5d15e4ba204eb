#!/usr/bin/env python3
"""Compares the values of tlafid's standard modules with TLC's, expression by expression.

Usage:
    scripts/tlc_difftest.py --classpath CP [--natives JAR]... \\
        [--community DIR] [--extra-lib DIR]...

CP is a Java classpath holding TLC (tla2tools.jar, or classes built from tlaplus/tlaplus).
Two checks, each on a test module in scripts/difftest/ that prints <<label, value>> lines:

 1. CommunityOps.tla is run twice: with crates/tlafid_sema/stdlib as the library (pure
    TLA+: no override jar on the classpath), and with the original CommunityModules folder
    (--community) and its Java overrides (--natives, e.g. CommunityModules-deps.jar) as the
    reference. Values are compared label by label. When the reference cannot evaluate a line
    (an original definition that only its missing override makes finite), the line is
    dropped from both runs and reported as "unevaluable in the reference".
 2. StandardOps.tla runs once, with renamed copies of tlafid's Sequences, FiniteSets, Bags
    and TLC, and prints "ok" or both values for each comparison with TLC's natives.

--extra-lib adds folders to both library paths (a TLC built from source without its
resources needs the standard modules' internal `_TLCTrace` etc. from there). Exit status 1
on any difference. Python 3.11, standard library only; needs `java` on PATH.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
STDLIB = REPO_ROOT / "crates" / "tlafid_sema" / "stdlib"
TESTS = Path(__file__).resolve().parent / "difftest"
RENAMED = ("Sequences", "FiniteSets", "Bags", "TLC")
FAILED_ASSUME = re.compile(r"Evaluating assumption line (\d+)")


def run_tlc(classpath: list[str], library: list[Path], workdir: Path, module: str) -> str:
    """TLC's output for MODULE.tla in WORKDIR (its config beside it)."""
    command = ["java", "-DTLA-Library=" + ":".join(str(p) for p in library),
               "-cp", ":".join(classpath), "tlc2.TLC", "-nowarning", "-workers", "1",
               f"{module}.tla"]
    done = subprocess.run(command, cwd=workdir, capture_output=True, text=True,
                          errors="replace", timeout=600)
    return done.stdout + done.stderr


def printed_values(output: str) -> dict[str, str]:
    """label -> printed value text, from TLC's PrintT output of <<label, value>> tuples."""
    start = output.find("Starting...")
    body = output[start:] if start >= 0 else output
    records: list[list[str]] = []
    for line in body.splitlines():
        if line.startswith("<<"):
            records.append([line])
        elif records and line.startswith(" "):
            records[-1].append(line)
        elif records and not line.startswith("<<"):
            records.append([])  # anything else ends the current record
    values = {}
    for lines in records:
        text = " ".join(part.strip() for part in lines)
        match = re.match(r'<<\s*"([^"]+)",\s*(.*)>>$', text)
        if match:
            values[match.group(1)] = match.group(2).strip()
    return values


def run_dropping_failures(classpath, library, workdir: Path, module: str):
    """Runs MODULE, removing each ASSUME line TLC cannot evaluate until the run completes.

    Returns (values, dropped labels). The module file in WORKDIR is edited in place.
    """
    path = workdir / f"{module}.tla"
    dropped = []
    while True:
        output = run_tlc(classpath, library, workdir, module)
        failure = FAILED_ASSUME.search(output)
        if not failure:
            return printed_values(output), dropped, output
        lines = path.read_text(encoding="utf-8").splitlines()
        index = int(failure.group(1)) - 1
        label = re.search(r'P\("([^"]+)"', lines[index])
        dropped.append(label.group(1) if label else f"line {index + 1}")
        lines[index] = "\\* dropped: " + lines[index]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def community_check(args, workdir: Path) -> int:
    """Check 1: tlafid's community modules against the originals; returns differences."""
    for name in ("CommunityOps.tla", "CommunityOps.cfg"):
        shutil.copy(TESTS / name, workdir / name)
    reference_lib = [args.community, *args.extra_lib]
    reference, dropped, _ = run_dropping_failures(
        [args.classpath, *args.natives], reference_lib, workdir, "CommunityOps")
    mine_output = run_tlc([args.classpath], [STDLIB, *args.extra_lib], workdir, "CommunityOps")
    mine = printed_values(mine_output)
    differences = 0
    for label in sorted(set(reference) | set(mine)):
        if reference.get(label) != mine.get(label):
            differences += 1
            print(f"DIFF {label}\n  reference: {reference.get(label)}\n  tlafid:    "
                  f"{mine.get(label)}")
    for label in dropped:
        print(f"unevaluable in the reference: {label}")
    print(f"community modules: {len(reference) - differences} of {len(reference)} "
          f"labels agree ({len(dropped)} unevaluable in the reference)")
    return differences


def standard_check(args, workdir: Path) -> int:
    """Check 2: TLA+ bodies of the standard modules against TLC's natives."""
    renamed = workdir / "renamed"
    renamed.mkdir()
    for name in RENAMED:
        text = (STDLIB / f"{name}.tla").read_text(encoding="utf-8")
        text = re.sub(rf"MODULE {name}\b", f"MODULE X{name}", text, count=1)
        (renamed / f"X{name}.tla").write_text(text, encoding="utf-8")
    for name in ("StandardOps.tla", "StandardOps.cfg"):
        shutil.copy(TESTS / name, workdir / name)
    output = run_tlc([args.classpath], [STDLIB, renamed, *args.extra_lib], workdir,
                     "StandardOps")
    values = printed_values(output)
    bad = {label: value for label, value in values.items() if value != '"ok"'}
    for label, value in sorted(bad.items()):
        print(f"DIFF {label}: {value}")
    if FAILED_ASSUME.search(output):
        print("TLC stopped on an ASSUME:\n" + output[output.find("Error"):][:600])
        return len(bad) + 1
    print(f"standard modules: {len(values) - len(bad)} of {len(values)} labels agree")
    return len(bad)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classpath", required=True, help="Java classpath holding TLC")
    parser.add_argument("--natives", action="append", default=[], metavar="JAR",
                        help="Java overrides of the community modules (repeatable)")
    parser.add_argument("--community", type=Path,
                        default=Path("/work/ext/CommunityModules/modules"),
                        help="the original CommunityModules modules folder")
    parser.add_argument("--extra-lib", type=Path, action="append", default=[], metavar="DIR",
                        help="a module folder added to both library paths (repeatable)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tlafid-difftest-") as tmp:
        workdir = Path(tmp)
        (workdir / "community").mkdir()
        (workdir / "standard").mkdir()
        differences = community_check(args, workdir / "community")
        differences += standard_check(args, workdir / "standard")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
