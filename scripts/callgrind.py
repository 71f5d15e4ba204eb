#!/usr/bin/env python3
"""Instruction counts (callgrind) of tlafid on the speed benchmark's models, under budgets.

    scripts/callgrind.py EXAMPLES_DIR --lib DIR [--tlafid PATH] [--only REGEX]
                         [--keep DIR] [--jobs N] [--base PATH] [--cache]

Wall time on a shared 2-core machine moves by several per cent between runs; the number of
instructions a run executes does not. Each model of `scripts/bench.py` is run once under
`valgrind --tool=callgrind` with one worker and a budget small enough for a few minutes of
valgrind (the budgets below; the CoffeeCan model is run whole with a smaller constant, since
its budgeted runs spend nearly all their time building the initial states), and the table
gives the total instructions (Ir) and the distinct count printed. With `--base PATH` the same
runs are made with a second binary and the table gives both and the change in per cent.
`--keep DIR` keeps the callgrind.out files (for `callgrind_annotate --inclusive=yes`).

Instructions are not time: a run that misses the cache waits for memory. `--cache` also
simulates this machine's caches (32 KiB first level, 1 MiB last level per core, as
`lscpu` shows) and adds, per model, the first-level and last-level misses and an estimate of
cycles, `Ir + 10 x L1 misses + 50 x LL misses`: deterministic like the instruction count, and
closer to what a wall clock sees (twice as slow under valgrind).

The models are read from EXAMPLES_DIR (tlaplus/Examples, never modified; CoffeeCan's copy with
the smaller constant goes to a temporary folder). Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Case:
    """One budgeted run: folder under specifications/, module, config and extra flags."""

    name: str
    folder: str
    module: str
    config: str
    flags: tuple[str, ...]


CASES = [
    Case("SlushSmall", "SlushProtocol", "Slush.tla", "SlushSmall.cfg", ("--max-states", "60000")),
    Case("EWD998PCal", "ewd998", "EWD998PCal.tla", "EWD998PCal.cfg", ("--max-states", "20000")),
    Case("btree", "btree", "btree.tla", "btree.cfg", ("--max-depth", "14")),
    # Whole run with MaxBeanCount = 300 (written below): its initial states and liveness.
    Case("CoffeeCan300", "CoffeeCan", "CoffeeCan.tla", "CoffeeCan300.cfg", ()),
    Case("MCBakery", "Bakery-Boulangerie", "MCBakery.tla", "MCBakery.cfg",
         ("--max-states", "100000")),
    Case("MCLamportMutex", "lamport_mutex", "MCLamportMutex.tla", "MCLamportMutex.cfg",
         ("--max-depth", "20")),
    Case("PaxosCommit", "transaction_commit", "PaxosCommit.tla", "PaxosCommit.cfg",
         ("--max-states", "60000")),
]

TOTAL = re.compile(r"(?:summary|totals):\s+([\d ]+)")
EVENTS = re.compile(r"events:\s+(.*)")
CACHE_FLAGS = ("--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,16,64")


@dataclass
class Counts:
    """What one run executed: instructions, and with `--cache` its misses."""

    ir: int = 0
    l1: int = 0
    ll: int = 0

    @property
    def cycles(self) -> int:
        return self.ir + 10 * self.l1 + 50 * self.ll

DISTINCT = re.compile(r"([0-9][0-9,]*) distinct states")


def folder_of(case: Case, examples: Path, scratch: Path) -> Path:
    """The folder to run `case` in: the Examples' own, or a scratch copy for CoffeeCan300."""
    source = examples / "specifications" / case.folder
    if case.name != "CoffeeCan300":
        return source
    target = scratch / "CoffeeCan"
    if not target.exists():
        target.mkdir(parents=True)
        shutil.copy(source / "CoffeeCan.tla", target / "CoffeeCan.tla")
        config = (source / "CoffeeCan1000Beans.cfg").read_text()
        (target / "CoffeeCan300.cfg").write_text(config.replace("1000", "300"))
    return target


def run(binary: str, case: Case, examples: Path, lib: str, scratch: Path, out: Path,
        cache: bool) -> tuple[Counts, str]:
    """Runs `case` under callgrind; returns (what it executed, distinct count printed)."""
    cwd = folder_of(case, examples, scratch)
    cmd = ["valgrind", "--tool=callgrind", *(CACHE_FLAGS if cache else ()),
           f"--callgrind-out-file={out}", binary, "check",
           case.module, "--config", case.config, "--workers", "1", "--lib", lib, *case.flags]
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    found = DISTINCT.search(done.stdout)
    names: list[str] = []
    totals: dict[str, int] = {}
    for line in out.read_text(errors="replace").splitlines():
        if match := EVENTS.match(line):
            names = match.group(1).split()
        elif match := TOTAL.match(line):
            totals = dict(zip(names, map(int, match.group(1).split())))
    counts = Counts(
        ir=totals.get("Ir", 0),
        l1=sum(totals.get(e, 0) for e in ("I1mr", "D1mr", "D1mw")),
        ll=sum(totals.get(e, 0) for e in ("ILmr", "DLmr", "DLmw")),
    )
    return counts, found.group(1) if found else f"? (exit {done.returncode})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", type=Path)
    parser.add_argument("--lib", required=True, help="CommunityModules' modules folder")
    parser.add_argument("--tlafid", default="target/release/tlafid")
    parser.add_argument("--base", help="a second binary to compare against")
    parser.add_argument("--only", help="regular expression over the case names")
    parser.add_argument("--keep", type=Path, help="folder for the callgrind.out files")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", action="store_true",
                        help="simulate the caches too: misses and estimated cycles")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    cases = [c for c in CASES if not args.only or re.search(args.only, c.name)]
    binaries = [("new", str(Path(args.tlafid).resolve()))]
    if args.base:
        binaries.insert(0, ("base", str(Path(args.base).resolve())))
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        keep = args.keep or scratch
        keep.mkdir(parents=True, exist_ok=True)
        jobs = [(tag, binary, case) for case in cases for tag, binary in binaries]
        for case in cases:
            folder_of(case, args.examples, scratch)
        with ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(
                lambda job: run(job[1], job[2], args.examples, args.lib, scratch,
                                keep / f"callgrind.out.{job[2].name}.{job[0]}", args.cache),
                jobs))
    by = {(tag, case.name): result for (tag, _, case), result in zip(jobs, results)}
    # (column title, the figure of a run), instructions first.
    figures = [("M Ir", lambda c: c.ir)]
    if args.cache:
        figures += [("M L1 miss", lambda c: c.l1), ("M LL miss", lambda c: c.ll),
                    ("M est. cycles", lambda c: c.cycles)]
    if args.base:
        header = "".join(f" base {t} | new {t} | change |" for t, _ in figures)
        print(f"| model | distinct |{header}")
        print("|---|---|" + "---|---|---|" * len(figures))
        for case in cases:
            (old, d0), (new, d1) = by[("base", case.name)], by[("new", case.name)]
            distinct = d1 if d0 == d1 else f"{d0} / {d1} (differ)"
            cells = ""
            for _, figure in figures:
                a, b = figure(old), figure(new)
                change = f"{(b - a) / a * 100:+.2f}%" if a else "-"
                cells += f" {a / 1e6:,.1f} | {b / 1e6:,.1f} | {change} |"
            print(f"| {case.name} | {distinct} |{cells}")
    else:
        print("| model | distinct |" + "".join(f" {t} |" for t, _ in figures))
        print("|---|---|" + "---|" * len(figures))
        for case in cases:
            counts, distinct = by[("new", case.name)]
            cells = "".join(f" {figure(counts) / 1e6:,.1f} |" for _, figure in figures)
            print(f"| {case.name} | {distinct} |{cells}")

if __name__ == "__main__":
    main()
