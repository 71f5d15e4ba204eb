#!/usr/bin/env python3
"""Issue 15's trace-validation and start-up targets, through the command line.

    scripts/trace_bench.py [--tlafid PATH | --tlafid NAME=PATH ...] [--generator PATH]
                           [--runs 10] [--startup-runs 40] [--callgrind] [--only REGEX]
                           [--dir DIR]

Three workloads, generated from this repository's own system (the replicated key-value
store of `crates/tlafid_systems`, seeds 1, 2, ...: the same bytes every time) into a
temporary folder (or `--dir`):

- `long`: one event log of 3,000 steps: `tlafid trace KvReplication.tla --config C TRACE`
  (target 0.2 s);
- `many`: 1,000 event logs of 100 steps, one invocation over their folder (target 2 s);
- `startup`: `tlafid check specs/DieHard/DieHard.tla`, which ends in its invariant violation
  after 14 states (target 10 ms).

Each tool (`--tlafid`, repeatable; `NAME=PATH` names it in the table) runs each workload
`--runs` times (`--startup-runs` for `startup`), the tools alternating so that they see
about the same load. Wall and CPU time (user + system of the process) come from wait4(2);
the table gives the median and the minimum wall time, the median CPU time and the exit
status. With `--callgrind`, each tool also runs each workload once under
`valgrind --tool=callgrind` and the table gives its instruction count (the whole process,
all threads): the figure that repeats on a loaded machine. The outputs of the tools are
compared (standard output with times removed): a difference is printed and makes the exit
status 1.

The logs are written by `bench-traces` (`cargo build --release -p tlafid_systems`; default
`$CARGO_TARGET_DIR/release/bench-traces`, else `target/release/bench-traces`). Python 3.11,
standard library only.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODEL = ROOT / "specs/KvReplication/KvReplication.tla"
DIEHARD = ROOT / "specs/DieHard/DieHard.tla"

#: Workload name -> target wall time in seconds (issue 15).
TARGETS = {"long": 0.2, "many": 2.0, "startup": 0.010}

#: Times and rates printed in reports; removed before outputs are compared.
TIMES = re.compile(r"[0-9.]+ ?(s|ms|µs)\b|Finished in .*|[0-9,]+ states/s|\([0-9,.]+ s\)")


@dataclass
class Sample:
    wall: float
    cpu: float
    status: int


@dataclass
class Row:
    workload: str
    tool: str
    samples: list[Sample] = field(default_factory=list)
    instructions: int | None = None
    output: str = ""


def run_once(cmd: list[str]) -> tuple[Sample, str]:
    """Runs `cmd` from the repository root, measured with wait4(2)."""
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    return Sample(wall, usage.ru_utime + usage.ru_stime, code), text


def callgrind(cmd: list[str], scratch: Path) -> int | None:
    """The instructions `cmd` executes (all threads), counted by callgrind."""
    out = scratch / "callgrind.out"
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    found = re.findall(r"Collected : ([0-9]+)", done.stderr)
    out.unlink(missing_ok=True)
    return sum(int(n) for n in found) if found else None


def generate(generator: Path, folder: Path, count: int, steps: int) -> None:
    if not (folder / "KvReplicationBench.cfg").exists():
        subprocess.run([str(generator), str(folder), str(count), str(steps)], check=True,
                       stdout=subprocess.DEVNULL)


def workloads(tool: str, data: Path) -> dict[str, list[str]]:
    long, many = data / "long", data / "many"
    return {
        "long": [tool, "trace", str(MODEL), "--config", str(long / "KvReplicationBench.cfg"),
                 str(long / "trace-0001.ndjson")],
        "many": [tool, "trace", str(MODEL), "--config", str(many / "KvReplicationBench.cfg"),
                 str(many)],
        "startup": [tool, "check", str(DIEHARD)],
    }


def default_generator() -> Path:
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "bench-traces"


def parse_tools(specs: list[str]) -> list[tuple[str, str]]:
    tools = []
    for spec in specs:
        name, _, path = spec.rpartition("=")
        tools.append((name or path, path))
    return tools


def table(rows: list[Row], with_instructions: bool) -> str:
    head = "| workload | tool | runs | median wall | min wall | median CPU | target | status |"
    rule = "|---|---|---:|---:|---:|---:|---:|---:|"
    if with_instructions:
        head += " instructions |"
        rule += "---:|"
    lines = [head, rule]
    for row in rows:
        walls = [s.wall for s in row.samples]
        statuses = "/".join(sorted({str(s.status) for s in row.samples}))
        line = (f"| {row.workload} | {row.tool} | {len(walls)} | {statistics.median(walls):.4f} s"
                f" | {min(walls):.4f} s | {statistics.median(s.cpu for s in row.samples):.4f} s"
                f" | {TARGETS[row.workload]} s | {statuses} |")
        if with_instructions:
            count = f"{row.instructions:,}" if row.instructions is not None else "?"
            line += f" {count} |"
        lines.append(line)
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tlafid", action="append", default=[],
                        help="PATH or NAME=PATH (repeatable); default target/release/tlafid")
    parser.add_argument("--generator", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--startup-runs", type=int, default=40)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--only", default=None, help="regex over workload names")
    parser.add_argument("--dir", type=Path, default=None,
                        help="where the logs are written (default: a temporary folder)")
    args = parser.parse_args()
    specs = args.tlafid or [str(default_generator().parent / "tlafid")]
    tools = parse_tools(specs)
    generator = args.generator or default_generator()
    with tempfile.TemporaryDirectory(prefix="tlafid-trace-bench-") as scratch:
        data = args.dir or Path(scratch)
        generate(generator, data / "long", 1, 3000)
        generate(generator, data / "many", 1000, 100)
        names = [w for w in TARGETS if not args.only or re.search(args.only, w)]
        rows = {(w, t): Row(w, t) for w in names for t, _ in tools}
        for workload in names:
            runs = args.startup_runs if workload == "startup" else args.runs
            for _ in range(runs):
                for name, path in tools:
                    sample, text = run_once(workloads(path, data)[workload])
                    row = rows[(workload, name)]
                    row.samples.append(sample)
                    row.output = TIMES.sub("<time>", text)
            if args.callgrind:
                for name, path in tools:
                    cmd = workloads(path, data)[workload]
                    rows[(workload, name)].instructions = callgrind(cmd, Path(scratch))
        load = os.getloadavg()
        print(table(list(rows.values()), args.callgrind))
        print(f"\nload average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
              f"({os.cpu_count()} CPUs)")
        differ = 0
        for workload in names:
            outputs = {rows[(workload, t)].output for t, _ in tools}
            if len(outputs) > 1:
                differ += 1
                print(f"\n{workload}: the tools' outputs differ:")
                for name, _ in tools:
                    print(f"--- {name}\n{rows[(workload, name)].output[:2000]}")
        return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
