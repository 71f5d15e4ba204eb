#!/usr/bin/env python3
"""Issue 14's budget table: how long each budget takes to end a run that would not end.

Each case is a model that runs (nearly) forever inside one state's work or one step (two
billion initial states; one successor of 2^48 quantifier bindings), run under a budget; the
table shows the exit status (3: incomplete), the wall time against the limit, the peak
resident set and the report's last line. A budget holds when the time is within 2x its limit.

Run from the workspace root, with a release build:
  cargo build --release -p tlafid_cli
  nice python3 scripts/budgets.py --binary target/release/tlafid [--seconds 5]

Standard library only. Timings depend on the machine: this prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time


def cases(seconds: str) -> list[tuple[str, list[str]]]:
    limit = ["--max-seconds", seconds, "--workers", "1"]
    return [
        ("2e9 initial states, time", ["check", "tests/harden/HugeInit.tla", *limit]),
        ("2e9 initial states, --max-states 1000",
         ["check", "tests/harden/HugeInit.tla", "--max-states", "1000", "--workers", "1"]),
        ("2e9 initial states, trace --max-candidates 1000",
         ["trace", "tests/harden/HugeInit.tla", "--max-candidates", "1000", "tests/harden/HugeInit.ndjson"]),
        ("one step of 2^48 bindings, check", ["check", "tests/harden/LongStep.tla", *limit]),
        ("one step of 2^48 bindings, --simulate",
         ["check", "tests/harden/LongStep.tla", "--simulate", "--num", "10", *limit]),
        ("one step of 2^48 bindings, trace",
         ["trace", "tests/harden/LongStep.tla", "--max-seconds", seconds, "tests/harden/LongStep.ndjson"]),
        ("one step of 2^48 bindings, grade", ["grade", "tests/harden/LongStep.tla", *limit]),
        ("one step of 2^48 bindings, mutate",
         ["mutate", "tests/harden/LongStep.tla", "--config", "tests/harden/LongStepInvariant.cfg",
          "--max-mutants", "2", *limit]),
    ]


def run(binary: str, args: list[str]) -> tuple[int, float, int, str]:
    started = time.monotonic()
    process = subprocess.Popen([binary, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - started
    lines = [l for l in output.decode("utf-8", "replace").splitlines() if l.strip()]
    summary = next((l for l in lines if "budget" in l or "candidate" in l), lines[0] if lines else "")
    counts = next((l for l in lines if "distinct states found" in l), "")
    summary = f"{summary.strip()} {counts.strip()}".strip()
    return os.waitstatus_to_exitcode(status), elapsed, usage.ru_maxrss // 1024, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/tlafid")
    parser.add_argument("--seconds", default="5", help="the --max-seconds of the time cases")
    options = parser.parse_args()
    print(f"| case | exit | wall s (limit {options.seconds} s) | peak RSS MiB | report |")
    print("|---|---|---|---|---|")
    for name, args in cases(options.seconds):
        code, elapsed, rss, summary = run(options.binary, args)
        print(f"| {name} | {code} | {elapsed:.2f} | {rss} | {summary[:160]} |", flush=True)


if __name__ == "__main__":
    main()
