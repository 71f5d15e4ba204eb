#!/usr/bin/env python3
"""Speed of tlafid beside TLC, tla-mc and `tla-mc -compile` on tla-mc's benchmark models.

    scripts/bench.py EXAMPLES_DIR [--runs 3] [--workers 1 2] [--only REGEX]
                     [--out docs/bench/speed.md] [--tlafid PATH] [--tla-mc PATH]
                     [--tlc "java -cp CLASSES tlc2.TLC"] [--lib DIR] [--timeout S]
                     [--startup N] [--note TEXT] [--base PATH] [--no-others] [--skip TOOL]

For each model (the Examples' own models, read from EXAMPLES_DIR, never modified) and each
worker count, every installed tool is run `--runs` times, the tools alternating (tlafid, TLC,
tla-mc, tla-mc -compile, tlafid, ...) so that they see about the same load. Each run's wall
time, CPU time (user + system of the process and its waited-for children) and peak RSS come
from wait4(2). The table gives the medians, the distinct-state count each tool printed (checked
against the manifest's) and tlafid's speed relative to the others (their median wall time over
tlafid's, > 1 when tlafid is faster).

`tla-mc -compile` builds the model into a native binary once and caches it; one untimed run
per model and worker count comes first so that the build is excluded, as its authors measure.
A tool that is not installed is skipped, and the table says so. Nothing is fetched.

`--base PATH` times a second tlafid build (e.g. main's PGO build beside a change's) as one
more peer, `tlafid base`, alternating with the rest: an A/B comparison of wall time, for
changes whose effect instruction counts and simulated caches cannot show (latency, overlap).
`--no-others` leaves TLC and tla-mc out (with `--base`: only the two builds are run);
`--skip NAME` (repeatable) leaves out one tool by its name in the table (`--skip tla-mc`).

`--startup N` (default 20; 0 skips it) also times N runs of `tlafid check` on the tiny
DieHard model (which ends in its invariant violation after 14 states): tlafid's start-up cost.

TLC is given as a command (`--tlc`, or the TLC environment variable), e.g.
`java -XX:+UseParallelGC -cp /tmp/tlc/classes tlc2.TLC`; its state files go to a temporary
-metadir. Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import manifests  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Bench:
    """One benchmark model: its folder under specifications/, root module and config."""

    name: str
    folder: str
    module: str
    config: str


#: tla-mc's benchmark table (its README), with btree (its `MCbtree` is the Examples' btree).
MODELS = [
    Bench("SlushSmall", "SlushProtocol", "Slush.tla", "SlushSmall.cfg"),
    Bench("EWD998PCal", "ewd998", "EWD998PCal.tla", "EWD998PCal.cfg"),
    Bench("btree", "btree", "btree.tla", "btree.cfg"),
    Bench("CoffeeCan1000Beans", "CoffeeCan", "CoffeeCan.tla", "CoffeeCan1000Beans.cfg"),
    Bench("MCBakery", "Bakery-Boulangerie", "MCBakery.tla", "MCBakery.cfg"),
    Bench("MCLamportMutex", "lamport_mutex", "MCLamportMutex.tla", "MCLamportMutex.cfg"),
    Bench("PaxosCommit", "transaction_commit", "PaxosCommit.tla", "PaxosCommit.cfg"),
]

DISTINCT = re.compile(r"([0-9][0-9,]*) distinct states")


@dataclass
class Tool:
    """A checker: how to run it on a model with some workers."""

    name: str
    argv: list[str]  # the command before its arguments
    kind: str  # "tlafid", "tlafid-base", "tlc", "tla-mc", "tla-mc-compile"

    def command(self, bench: Bench, workers: int, lib: Path | None, meta: Path) -> list[str]:
        """The full command line, run in the model's folder."""
        if self.kind in ("tlafid", "tlafid-base"):
            cmd = [*self.argv, "check", bench.module, "--config", bench.config]
            cmd += ["--workers", str(workers)]
            return cmd + (["--lib", str(lib)] if lib else [])
        if self.kind == "tlc":
            cmd = [*self.argv, "-workers", str(workers), "-config", bench.config]
            return cmd + ["-metadir", str(meta), "-noGenerateSpecTE", bench.module]
        cmd = [*self.argv, *(["-compile"] if self.kind == "tla-mc-compile" else [])]
        cmd += ["-lib", str(lib)] if lib else []
        return cmd + ["-workers", str(workers), "-config", bench.config, bench.module]


@dataclass
class Sample:
    """One run: wall and CPU seconds, peak RSS in MiB, the distinct count printed."""

    wall: float
    cpu: float
    rss_mb: float
    distinct: int | None
    status: int


@dataclass
class Row:
    """The runs of one tool on one model with one worker count."""

    bench: Bench
    workers: int
    tool: str
    samples: list[Sample] = field(default_factory=list)

    def median(self, attr: str) -> float:
        return statistics.median(getattr(s, attr) for s in self.samples)

    def distinct(self) -> str:
        counts = {s.distinct for s in self.samples}
        return "/".join("?" if c is None else str(c) for c in sorted(counts, key=str))


def run_once(cmd: list[str], cwd: Path, timeout: float) -> Sample:
    """Runs `cmd` in `cwd`, measured with a blocking wait4(2), so that the wall time ends
    when the process does (a polling wait rounded short runs up to its period: DieHard's
    5 ms start-up read 10 ms); a timer kills its process group at the timeout."""
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)

        def kill() -> None:
            try:
                os.killpg(proc.pid, 9)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    found = DISTINCT.findall(text)
    distinct = int(found[-1].replace(",", "")) if found else None
    return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, distinct,
                  proc.returncode)


def find_tools(args: argparse.Namespace) -> tuple[list[Tool], list[str]]:
    """The tools to run and a note for each one skipped."""
    tools, skipped = [], []
    # Resolved here: each model runs in its own folder, where a relative path means nothing.
    tlafid = (args.tlafid or REPO_ROOT / "target/release/tlafid").resolve()
    if Path(tlafid).is_file():
        tools.append(Tool("tlafid", [str(tlafid)], "tlafid"))
    else:
        skipped.append(f"tlafid: {tlafid} not built (cargo build --release -p tlafid_cli)")
    if args.base:
        base = args.base.resolve()
        if not base.is_file():
            raise SystemExit(f"bench.py: --base {base}: no such file")
        tools.append(Tool("tlafid base", [str(base)], "tlafid-base"))
    if args.no_others:
        skipped.append("TLC, tla-mc, tla-mc -compile: --no-others")
    else:
        others(args, tools, skipped)
    for name in args.skip:
        if name not in {t.name for t in tools}:
            raise SystemExit(f"bench.py: --skip {name!r}: not one of the tools found "
                             f"({', '.join(t.name for t in tools)})")
        skipped.append(f"{name}: --skip")
    return [t for t in tools if t.name not in args.skip], skipped


def others(args: argparse.Namespace, tools: list[Tool], skipped: list[str]) -> None:
    """Adds TLC and tla-mc's two modes to `tools` where installed, else a note to `skipped`."""
    tlc = args.tlc or os.environ.get("TLC")
    if tlc:
        tools.append(Tool("TLC", shlex.split(tlc), "tlc"))
    else:
        skipped.append("TLC: not given (--tlc 'java -cp CLASSES tlc2.TLC' or TLC=...)")
    tla_mc = args.tla_mc or shutil.which("tla-mc")
    if tla_mc:
        tools.append(Tool("tla-mc", [tla_mc], "tla-mc"))
        tools.append(Tool("tla-mc -compile", [tla_mc], "tla-mc-compile"))
    else:
        skipped.append("tla-mc, tla-mc -compile: not on PATH (cargo install tla-mc)")


def measure(args, tools: list[Tool], bench: Bench, workers: int, meta: Path) -> list[Row]:
    """`args.runs` alternating runs of every tool on one model with `workers` workers."""
    cwd = args.examples / "specifications" / bench.folder
    rows = [Row(bench, workers, t.name) for t in tools]
    for tool in tools:
        if tool.kind == "tla-mc-compile":  # builds and caches the native checker, untimed
            run_once(tool.command(bench, workers, args.lib, meta), cwd, args.timeout * 10)
    for _ in range(args.runs):
        for tool, row in zip(tools, rows):
            sample = run_once(tool.command(bench, workers, args.lib, meta), cwd, args.timeout)
            row.samples.append(sample)
            print(f"  {bench.name} w{workers} {tool.name}: {sample.wall:.2f} s wall, "
                  f"{sample.cpu:.2f} s CPU, {sample.rss_mb:.0f} MiB, "
                  f"{sample.distinct} distinct, exit {sample.status}", file=sys.stderr)
    return rows


def expected_counts(examples: Path) -> dict[str, int | None]:
    """The manifest's distinct-state count of each benchmark, by name."""
    counts = {}
    for bench in MODELS:
        path = examples / "specifications" / bench.folder / "manifest.json"
        config = f"specifications/{bench.folder}/{bench.config}"
        found = None
        if path.is_file():
            for model in manifests.models_of(path, manifests.load_manifest(path)):
                if model.config == config:
                    found = model.distinct_states
        counts[bench.name] = found
    return counts


def ratio(rows: list[Row], row: Row, other: str, attr: str = "wall") -> str:
    """The other tool's median time (`wall` or `cpu`) over tlafid's on the same model and
    workers."""
    peer = next((r for r in rows if r.bench == row.bench and r.workers == row.workers
                 and r.tool == other and r.samples), None)
    if peer is None or row.median(attr) == 0 or any(s.status != 0 for s in peer.samples):
        return "-"
    return f"{peer.median(attr) / row.median(attr):.2f}x"


def table(rows: list[Row], expected: dict[str, int | None], tools: list[Tool]) -> list[str]:
    """The Markdown table of medians, one line per model, worker count and tool."""
    peers = [t.name for t in tools if t.kind != "tlafid"]
    head = ["model", "workers", "tool", "wall s", "CPU s", "peak MiB", "distinct"]
    head += [f"tlafid vs {p} (wall / CPU)" for p in peers]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        if not row.samples:
            continue
        distinct = row.distinct()
        want = expected.get(row.bench.name)
        if want is not None and distinct != str(want):
            distinct += f" (manifest {want})"
        if any(s.status != 0 for s in row.samples):
            distinct += " (exit " + "/".join(sorted({str(s.status) for s in row.samples})) + ")"
        cells = [row.bench.name, str(row.workers), row.tool, f"{row.median('wall'):.2f}",
                 f"{row.median('cpu'):.2f}", f"{row.median('rss_mb'):.0f}", distinct]
        if row.tool == "tlafid":
            cells += [f"{ratio(rows, row, p)} / {ratio(rows, row, p, 'cpu')}" for p in peers]
        else:
            cells += [""] * len(peers)
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def geomeans(rows: list[Row], tools: list[Tool]) -> list[str]:
    """Per worker count, the geometric mean of tlafid's speed-up over each peer (wall and
    CPU time)."""
    lines = []
    for workers in sorted({r.workers for r in rows}):
        for peer in (t.name for t in tools if t.kind != "tlafid"):
            parts = []
            for attr in ("wall", "cpu"):
                ratios = []
                for row in rows:
                    if row.tool == "tlafid" and row.workers == workers and row.samples:
                        text = ratio(rows, row, peer, attr)
                        if text != "-":
                            ratios.append(float(text.rstrip("x")))
                if ratios:
                    parts.append(f"{attr} {statistics.geometric_mean(ratios):.2f}x over "
                                 f"{len(ratios)} models (lowest {min(ratios):.2f}x)")
            if parts:
                lines.append(f"- {workers} worker(s), tlafid vs {peer}: geometric mean "
                             + ", ".join(parts))
    return lines


def startup(args, tools: list[Tool]) -> list[str]:
    """`args.startup` runs of tlafid on DieHard: medians and minima of wall and CPU time."""
    tlafid = next((t for t in tools if t.kind == "tlafid"), None)
    cwd = args.examples / "specifications" / "DieHard"
    if args.startup <= 0 or tlafid is None or not (cwd / "DieHard.tla").is_file():
        return []
    bench = Bench("DieHard", "DieHard", "DieHard.tla", "DieHard.cfg")
    samples = [run_once(tlafid.command(bench, 1, None, cwd), cwd, 60)
               for _ in range(args.startup)]
    ms = lambda xs: f"median {1000 * statistics.median(xs):.1f} ms, min {1000 * min(xs):.1f} ms"
    return [f"Start-up, `tlafid check DieHard.tla` ({args.startup} runs, "
            f"{samples[0].distinct} distinct, exit {samples[0].status}): wall "
            f"{ms([s.wall for s in samples])}; CPU {ms([s.cpu for s in samples])}.", ""]


def report(args, rows: list[Row], tools: list[Tool], skipped: list[str], partial: bool) -> str:
    """The whole Markdown snapshot (`partial` while models remain to be measured)."""
    expected = expected_counts(args.examples)
    out = ["# tlafid speed beside TLC and tla-mc", "",
           f"Generated by `scripts/bench.py` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
           f" ({platform.machine()}, {os.cpu_count()} cores, load before "
           f"{args.load_before}, after {' '.join(f'{x:.2f}' for x in os.getloadavg())}).",
           f"Medians of {args.runs} alternating runs; wall and CPU seconds (user + system) and "
           "peak RSS from wait4(2). `tlafid vs X (wall / CPU)` is X's median wall time over "
           "tlafid's, then the same for CPU time (> 1: tlafid faster). `tla-mc -compile` "
           "excludes its cached build.", ""]
    out += [args.note, ""] if args.note else []
    out += [f"Skipped: {note}" for note in skipped] + ([""] if skipped else [])
    if partial:
        out += ["**Partial: the run was still measuring the remaining models.**", ""]
    out += table(rows, expected, tools) + [""] + geomeans(rows, tools) + [""]
    out += [] if partial else startup(args, tools)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", type=Path, help="a checkout of tlaplus/Examples")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--only", help="regex on model names")
    parser.add_argument("--out", type=Path, help="write the Markdown table here too")
    parser.add_argument("--tlafid", type=Path)
    parser.add_argument("--tla-mc", dest="tla_mc")
    parser.add_argument("--tlc", help="the TLC command, e.g. 'java -cp CLASSES tlc2.TLC'")
    parser.add_argument("--lib", type=Path, help="tlafid's --lib (default: CommunityModules "
                        "modules beside EXAMPLES_DIR, when present)")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--startup", type=int, default=20, help="runs on DieHard (0: none)")
    parser.add_argument("--note", help="a paragraph for the report (the machine's state...)")
    parser.add_argument("--base", type=Path, help="a second tlafid build, timed as a peer")
    parser.add_argument("--no-others", action="store_true", help="run no TLC or tla-mc")
    parser.add_argument("--skip", action="append", default=[], metavar="TOOL",
                        help="leave out one tool by its name in the table ('tla-mc', "
                             "'TLC', ...); may be repeated")
    args = parser.parse_args(argv)
    args.examples = args.examples.resolve()
    if not (args.examples / "specifications").is_dir():
        parser.error(f"{args.examples} has no specifications/ folder")
    if args.lib is None:
        default = args.examples.parent / "CommunityModules" / "modules"
        args.lib = default if default.is_dir() else None
    tools, skipped = find_tools(args)
    if args.lib is None:
        # Said, not silent: tlafid has the community modules built in, TLC and tla-mc do not
        # (EWD998PCal extends `BagsExt` and ends in their exit 2 within milliseconds).
        skipped.append("--lib: no CommunityModules/modules beside the Examples checkout; "
                       "models extending its modules fail under TLC and tla-mc (give --lib)")
    for note in skipped:
        print(f"skipped {note}", file=sys.stderr)
    selected = [b for b in MODELS if not args.only or re.search(args.only, b.name)]
    args.load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="tlafid-bench-") as meta:
        for bench in selected:
            for workers in args.workers:
                rows += measure(args, tools, bench, workers, Path(meta))
            if args.out:  # what is measured so far, in case the run is cut short
                write(args.out, report(args, rows, tools, skipped, partial=True))
    text = report(args, rows, tools, skipped, partial=False)
    print(text)
    if args.out:
        write(args.out, text)
    return 0


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
