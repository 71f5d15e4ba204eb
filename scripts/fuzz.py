#!/usr/bin/env python3
"""Mutation fuzzing of every reader of the tlafid binary (issue 14).

Each run takes a seed input of ours (a .tla module, a .cfg, an event log, action windows,
an ITF document, MCP JSON-RPC lines, a command line), mutates it (bytes flipped, ranges
deleted or repeated, splices of another seed, and tokens known to break readers: deep
nesting, lone surrogates, 1e400, huge numbers, a byte-order mark, very long lines) and runs
the release binary on it under a budget (--max-seconds, TLAFID_MAX_MEMORY). A run fails
when the binary panics (exit 101), dies of a signal (an abort is SIGABRT, exit 134 from a
shell), or is still running past the hang limit. Every other exit status is a verdict or a
diagnostic. Failing inputs are kept in --keep DIR with the command that reproduces them.

Run:
  scripts/fuzz.py --binary target/release/tlafid --seconds 100          # CI: bounded time
  scripts/fuzz.py --binary target/release/tlafid --runs 10000 --jobs 2  # the issue's figure

Standard library only. Deterministic for a --seed (the inputs; not the timings).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Seeds: our own files, by reader. Paths are relative to the workspace root.
TLA_SEEDS = [
    "specs/DieHard/DieHard.tla",
    "specs/TwoPhaseCommit/TwoPhaseCommit.tla",
    "specs/LockService/LockService.tla",
    "specs/Peterson/Peterson.tla",
    "tests/harden/Counter.tla",
    "tests/harden/DeepRecursion.tla",
    "tests/harden/Tautology.tla",
]
CFG_SEEDS = [
    ("specs/DieHard/DieHard.tla", "specs/DieHard/DieHard.cfg"),
    ("specs/TwoPhaseCommit/TwoPhaseCommit.tla", "specs/TwoPhaseCommit/TwoPhaseCommit.cfg"),
    ("specs/LockService/LockService.tla", "specs/LockService/LockService.cfg"),
]
LOCK = ("specs/LockService/LockService.tla", "specs/LockService/LockService.cfg")
TRACE_SEEDS = {
    "event": ["traces/lock_service/contention-1.ndjson", "traces/lock_service/buggy-handoff-4.ndjson"],
    "windows": ["traces/lock_service/contention-1.windows.ndjson"],
    "itf": ["traces/lock_service/contention-1.itf.json"],
}
MCP_SEED = "tests/fuzz/mcp.jsonl"
FLAGS_SEED = "tests/fuzz/flags.txt"

# Every run has a time budget of 2 s (mutate and grade: per exploration, a few of them), so a
# run still going after 10 s is a hang.

# Tokens that broke readers before (issue 14), and TLA+/JSON syntax to splice in.
TOKENS = [
    b"[" * 300, b"]" * 300, b"{" * 200, b"<<" * 500, b"(" * 2000,
    b"\\ud800", b"\\udc00", b"1e400", b"-1e400", b"2147483647", b"9223372036854775808",
    b"99999999999999999999999999", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", b"null",
    b" " * 70000, b"\n" * 3, b"\\/", b"/\\", b"\\E x \\in 1..2147483647 : ", b"CHOOSE x \\in Nat : ",
    b"SUBSET SUBSET ", b"[1..2147483647 -> {0}]", b"==", b"'", b"\\A", b"LET", b"IN",
    b"RECURSIVE", b"INSTANCE", b"EXTENDS", b"----", b"====", b"(*", b"*)", b"\\*",
    b'"', b",", b":", b'{"#set":[', b'{"#map":[[', b'{"#bigint":"', b'"#meta"',
    b"INVARIANT", b"CONSTANT", b"SYMMETRY", b"VIEW", b"<-", b"=", b"{", b"}",
]
FLAG_TOKENS = [
    "--workers", "0", "1", "100000000", "--max-seconds", "1e300", "-1", "nan", "inf", "0.001",
    "--max-states", "18446744073709551615", "--max-depth", "--max-memory", "1K", "99999T",
    "--format", "json", "human", "--simulate", "--num", "--depth", "--seed", "--windows",
    "--silent", "Foo", "--max-silent", "--trace-format", "itf", "event", "windows",
    "--max-mutants", "--property", "--type-invariant", "--no-deadlock", "--lib", "/",
    "--config", "--traces", "--allow-read", "--env", "X", "--", "-", "*", "*a*a*a*a*a*a*b",
    "check", "trace", "mutate", "grade", "parse",
]

FAILED_STATUS = {101: "panic"}


@dataclass
class Case:
    reader: str
    argv: list[str]
    files: dict[str, bytes]  # name in the run's folder -> content
    stdin: bytes | None
    hang_seconds: float


def mutate(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """A few random edits of `data`."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        at = rng.randint(0, len(out)) if out else 0
        if choice < 0.35:
            token = rng.choice(TOKENS)
            out[at:at] = token * (1 if rng.random() < 0.8 else rng.randint(2, 20))
        elif choice < 0.55 and out:
            end = min(len(out), at + rng.randint(1, 64))
            del out[at:end]
        elif choice < 0.7 and out:
            end = min(len(out), at + rng.randint(1, 256))
            out[at:at] = out[at:end] * rng.randint(1, 50)
        elif choice < 0.85 and out:
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(out))
                out[i] = rng.randrange(256) if rng.random() < 0.3 else out[i] ^ (1 << rng.randrange(8))
        elif others:
            other = rng.choice(others)
            if other:
                start = rng.randrange(len(other))
                out[at:at] = other[start:start + rng.randint(1, 400)]
    return bytes(out)


def read(path: str) -> bytes:
    return (ROOT / path).read_bytes().replace(b"@ROOT@", str(ROOT).encode())


BUDGET = ["--max-seconds", "2", "--workers", "1"]


def make_case(rng: random.Random, reader: str) -> Case:
    hang = 10.0
    if reader == "tla":
        seed = rng.choice(TLA_SEEDS)
        text = mutate(read(seed), rng, [read(s) for s in TLA_SEEDS])
        name = Path(seed).name
        cfg = Path(seed).with_suffix(".cfg")
        files = {name: text}
        if (ROOT / cfg).exists():
            files[cfg.name] = read(str(cfg))
        cmd = rng.choice([["check", name, "--max-states", "3000"] + BUDGET, ["parse", name]])
        return Case(reader, cmd, files, None, hang)
    if reader == "cfg":
        spec, cfg = rng.choice(CFG_SEEDS)
        text = mutate(read(cfg), rng, [read(c) for _, c in CFG_SEEDS])
        files = {Path(spec).name: read(spec), "M.cfg": text}
        return Case(reader, ["check", Path(spec).name, "--config", "M.cfg", "--max-states", "3000"] + BUDGET, files, None, hang)
    if reader in TRACE_SEEDS:
        seed = rng.choice(TRACE_SEEDS[reader])
        text = mutate(read(seed), rng, [read(s) for s in TRACE_SEEDS[reader]])
        extra = ["--windows"] if reader == "windows" else []
        argv = ["trace", str(ROOT / LOCK[0]), "--config", str(ROOT / LOCK[1]), "t.ndjson",
                "--max-seconds", "2"] + extra
        return Case(reader, argv, {"t.ndjson": text}, None, hang)
    if reader == "mcp":
        lines = read(MCP_SEED).splitlines()
        chosen = lines[:2] + rng.sample(lines[2:], rng.randint(1, len(lines) - 2))
        if rng.random() < 0.8:
            i = rng.randrange(len(chosen))
            chosen[i] = mutate(chosen[i], rng, lines)
        if rng.random() < 0.2:
            chosen.append(b"[" + b",".join(chosen[2:]) + b"]")
        return Case(reader, ["mcp"], {}, b"\n".join(chosen) + b"\n", 40.0)
    # CLI flags: a seed command line with tokens replaced or inserted; a time budget last.
    line = rng.choice(read(FLAGS_SEED).decode().splitlines()).split()
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(line) + 1)
        if rng.random() < 0.5 or not line[1:]:
            line.insert(at, rng.choice(FLAG_TOKENS))
        elif at < len(line) and at > 0:
            line[at] = rng.choice(FLAG_TOKENS)
    if line[0] in ("check", "trace", "mutate", "grade"):
        line += ["--max-seconds", "2"]
    return Case("flags", line, {}, None, hang)


def run_case(binary: str, case: Case, keep: Path | None, index: int) -> tuple[str, str | None]:
    """Runs one case in a fresh folder: its exit status, and a description of the failure
    (or None)."""
    with tempfile.TemporaryDirectory(prefix="tlafid-fuzz-") as folder:
        for name, data in case.files.items():
            Path(folder, name).write_bytes(data)
        env = dict(os.environ, TLAFID_MAX_MEMORY="512M", NO_COLOR="1")
        start = time.monotonic()
        proc = subprocess.Popen([binary] + case.argv, cwd=folder, env=env,
                                stdin=subprocess.PIPE if case.stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)
        try:
            _, stderr = proc.communicate(case.stdin, timeout=case.hang_seconds)
            status = proc.returncode
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            status, stderr = None, b""
        elapsed = time.monotonic() - start
        if status is None:
            failure = f"hang (still running after {case.hang_seconds:.0f} s)"
        elif status < 0:
            failure = f"signal {-status} ({signal.Signals(-status).name})"
        elif status in FAILED_STATUS:
            failure = FAILED_STATUS[status]
        else:
            return str(status), None
        if keep:
            target = keep / f"{index:06d}-{case.reader}"
            shutil.copytree(folder, target, dirs_exist_ok=True)
            (target / "command").write_text(" ".join(case.argv) + "\n")
            if case.stdin is not None:
                (target / "stdin").write_bytes(case.stdin)
            (target / "stderr").write_bytes(stderr[-20000:])
        return failure, f"{case.reader} #{index}: {failure} after {elapsed:.1f} s: {' '.join(case.argv)[:200]}"


READERS = ["tla", "cfg", "event", "windows", "itf", "mcp", "flags"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / "target/release/tlafid"))
    parser.add_argument("--runs", type=int, default=None, help="stop after this many runs")
    parser.add_argument("--seconds", type=float, default=None, help="stop starting runs after this long")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=READERS, action="append", help="fuzz only these readers")
    parser.add_argument("--keep", type=Path, default=None, help="keep failing inputs here")
    args = parser.parse_args()
    if args.runs is None and args.seconds is None:
        parser.error("give --runs or --seconds")
    binary = str(Path(args.binary).resolve())
    readers = args.only or READERS
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds if args.seconds else None
    failures: list[str] = []
    counts = {r: 0 for r in readers}
    statuses: dict[str, int] = {}

    def record(outcome: tuple[str, str | None]) -> None:
        status, failure = outcome
        statuses[status] = statuses.get(status, 0) + 1
        if failure:
            failures.append(failure)
            print("FAIL", failure, flush=True)
    started = time.monotonic()

    def cases():
        index = 0
        while (args.runs is None or index < args.runs) and (deadline is None or time.monotonic() < deadline):
            reader = readers[index % len(readers)]
            yield index, make_case(rng, reader)
            index += 1

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = []
        for index, case in cases():
            counts[case.reader] += 1
            pending.append(pool.submit(run_case, binary, case, args.keep, index))
            if len(pending) >= args.jobs * 4:
                record(pending.pop(0).result())
        for future in pending:
            record(future.result())
    total = sum(counts.values())
    per_reader = ", ".join(f"{r} {n}" for r, n in counts.items())
    print(f"{total} runs in {time.monotonic() - started:.0f} s ({per_reader}): "
          f"{len(failures)} panics, aborts or hangs")
    print("exit statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
