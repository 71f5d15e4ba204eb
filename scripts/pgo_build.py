#!/usr/bin/env python3
"""Builds tlafid with profile-guided optimisation, trained on the bundled models only.

    python3 scripts/pgo_build.py [--out target/pgo/tlafid] [--keep-profile DIR]

Three steps, all under `target/`:
1. an instrumented build (`cargo build --profile dist` with `-Cprofile-generate`);
2. training runs of that build over this repository's own models (`specs/`, the training
   configurations in `scripts/pgo/`, and the recorded traces in `traces/`): model checking
   with and without symmetry, a view, constraints, liveness, errors, one and two workers,
   and trace validation. Nothing from outside the repository is used, so the profile cannot
   favour the benchmark's models;
3. the optimised build (`-Cprofile-use`), copied to `--out`.

`llvm-profdata` must match rustc's LLVM: the script uses the one of rustup's `llvm-tools`
component and installs it with rustup when it is missing. Every training run must exit as
the model says (0, or a violation's status for the bundled error models); a run that dies by a
signal or panics (101) stops the build, since a profile from a broken binary is worthless.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRAINING = ROOT / "scripts" / "pgo"

# (model, configuration in scripts/pgo/, extra flags): each ends on its own, well under a
# minute with the instrumented build.
CHECKS = [
    ("specs/Paxos/Paxos.tla", "PaxosBallots3", ["--workers", "1", "--max-states", "250000"]),
    ("specs/Paxos/Paxos.tla", "PaxosBallots3", ["--workers", "2", "--max-states", "120000"]),
    ("specs/Paxos/Paxos.tla", "PaxosSym", ["--workers", "1"]),
    ("specs/RaftElection/RaftElection.tla", "RaftElection4", ["--workers", "1"]),
    ("specs/Bakery/Bakery.tla", "Bakery4", ["--workers", "1"]),
    ("specs/TwoPhaseCommit/TwoPhaseCommit.tla", "TwoPhaseCommit6", ["--workers", "1"]),
    ("specs/Philosophers/Philosophers.tla", "Philosophers7", ["--workers", "1"]),
    ("specs/KvReplication/KvReplication.tla", "KvReplication3", ["--workers", "1"]),
    ("specs/Elevator/Elevator.tla", "Elevator7", ["--workers", "1"]),
]

TRACES = [
    ("specs/LockService/LockService.tla", "specs/LockService/LockServiceTrace.cfg",
     "traces/lock_service/*.ndjson"),
    ("specs/KvReplication/KvReplication.tla", "specs/KvReplication/KvReplicationTrace.cfg",
     "traces/kv_replication/*[0-9].ndjson"),
]


def run(cmd: list[str], env: dict[str, str] | None = None, quiet: bool = False) -> int:
    print("+", " ".join(cmd), flush=True)
    out = subprocess.DEVNULL if quiet else None
    return subprocess.run(cmd, cwd=ROOT, env=env, stdout=out, stderr=out, check=False).returncode


def llvm_profdata() -> str:
    sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True, text=True,
                             check=True).stdout.strip()
    found = glob.glob(os.path.join(sysroot, "lib", "rustlib", "*", "bin", "llvm-profdata"))
    if not found:
        if run(["rustup", "component", "add", "llvm-tools"]) != 0:
            sys.exit("pgo_build: llvm-profdata not found and `rustup component add llvm-tools` failed")
        found = glob.glob(os.path.join(sysroot, "lib", "rustlib", "*", "bin", "llvm-profdata"))
    if not found:
        sys.exit("pgo_build: llvm-profdata not found in rustc's sysroot")
    return found[0]


def build(target_dir: Path, rustflags: str) -> Path:
    env = dict(os.environ)
    env["RUSTFLAGS"] = (env.get("RUSTFLAGS", "") + " " + rustflags).strip()
    code = run(["cargo", "build", "--profile", "dist", "-p", "tlafid_cli",
                "--target-dir", str(target_dir)], env=env)
    if code != 0:
        sys.exit(f"pgo_build: cargo build failed ({code})")
    return target_dir / "dist" / "tlafid"


def train(binary: Path) -> None:
    """Runs the instrumented binary; a panic or a signal stops the build."""
    def checked(cmd: list[str]) -> None:
        code = run(cmd, quiet=True)
        if code < 0 or code == 101:
            sys.exit(f"pgo_build: training run failed with status {code}: {' '.join(cmd)}")

    for model, cfg, flags in CHECKS:
        checked([str(binary), "check", model, "--config", str(TRAINING / f"{cfg}.cfg"), *flags])
    # Every bundled model with each of its configurations, errors and liveness included.
    for cfg in sorted(ROOT.glob("specs/*/*.cfg")):
        model = cfg.with_suffix(".tla")
        if not model.exists():
            continue
        checked([str(binary), "check", str(model.relative_to(ROOT)), "--config",
                 str(cfg.relative_to(ROOT)), "--workers", "1", "--max-seconds", "10"])
    for model, cfg, pattern in TRACES:
        logs = sorted(glob.glob(str(ROOT / pattern)))
        checked([str(binary), "trace", model, "--config", cfg, *logs])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="target/pgo/tlafid", help="where the optimised binary goes")
    parser.add_argument("--keep-profile", help="also copy the merged profile here")
    args = parser.parse_args()

    profdata = llvm_profdata()
    raw = ROOT / "target" / "pgo-raw"
    shutil.rmtree(raw, ignore_errors=True)
    raw.mkdir(parents=True)
    instrumented = build(ROOT / "target" / "pgo-gen", f"-Cprofile-generate={raw}")
    train(instrumented)
    merged = ROOT / "target" / "pgo.profdata"
    if run([profdata, "merge", "-o", str(merged), str(raw)]) != 0:
        sys.exit("pgo_build: llvm-profdata merge failed")
    optimised = build(ROOT / "target" / "pgo-use", f"-Cprofile-use={merged}")
    out = ROOT / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(optimised, out)
    if args.keep_profile:
        shutil.copy2(merged, Path(args.keep_profile))
    print(f"pgo_build: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


if __name__ == "__main__":
    main()
