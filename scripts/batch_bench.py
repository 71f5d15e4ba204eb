#!/usr/bin/env python3
"""Batch grading at scale: a job file from this repository's models x traces x requirements
(repeated over runtime seeds), graded once unsharded and once as N shards run at once and
merged; prints the wall time of each and whether the results and leaderboards are the same
bytes.

Run: scripts/batch_bench.py [--tlafid target/release/tlafid] [--seeds 3] [--shards 4]
                            [--jobs 4] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lock_jobs(seed: int) -> list[dict]:
    """The lock service's three models against its correct runs (all, and two alone), with
    and without the reviewed requirements."""
    jobs = []
    requirements = str(ROOT / "invariants/lock_service/LockServiceRequirements.tla")
    for model in ["LockService", "LockServicePermissive", "LockServiceRestrictive"]:
        spec = str(ROOT / f"specs/LockService/{model}.tla")
        for traces in ["contention-*.ndjson", "contention-1.ndjson", "contention-2.ndjson"]:
            job = {"system": "lock_service", "model": model, "spec": spec, "seed": seed,
                   "traces": [str(ROOT / "traces/lock_service" / traces)]}
            jobs.append(job)
            jobs.append({**job, "requirements": requirements})
    return jobs


def kv_jobs(seed: int) -> list[dict]:
    """The key-value store's three models against its correct runs (all, and two alone),
    and its requirements once per model."""
    jobs = []
    trace_cfg = str(ROOT / "specs/KvReplication/KvReplicationTrace.cfg")
    requirements = str(ROOT / "invariants/kv_replication/KvReplicationRequirements.tla")
    for model in ["KvReplication", "KvReplicationPermissive", "KvReplicationRestrictive"]:
        spec = str(ROOT / f"specs/KvReplication/{model}.tla")
        for traces in ["steady-*.ndjson", "failover-3.ndjson", "steady-1.ndjson"]:
            jobs.append({"system": "kv_replication", "model": model, "spec": spec,
                         "seed": seed, "trace_config": trace_cfg,
                         "traces": [str(ROOT / "traces/kv_replication" / traces)]})
        if seed == 0:
            jobs.append({"system": "kv_replication", "model": model, "spec": spec,
                         "requirements": requirements})
    return jobs


def plain_jobs(seed: int) -> list[dict]:
    """Models without traces or requirements: syntax and runtime only."""
    names = ["DieHard/DieHard", "Bakery/Bakery", "Peterson/Peterson", "Errors/ParseError",
             "Philosophers/Philosophers", "TwoPhaseCommit/TwoPhaseCommit",
             "RiverCrossing/RiverCrossing", "Elevator/Elevator"]
    return [{"system": "examples", "model": name.split("/")[1],
             "spec": str(ROOT / f"specs/{name}.tla"), "seed": seed, "behaviours": 50}
            for name in names]


def job_file(seeds: int) -> str:
    jobs = []
    for seed in range(seeds):
        for job in lock_jobs(seed) + kv_jobs(seed) + plain_jobs(seed):
            jobs.append({"id": f"{len(jobs):04d}-{job['model']}-s{seed}", **job})
    return "".join(json.dumps(job) + "\n" for job in jobs)


def timed(commands: list[list[str]]) -> float:
    """Runs the commands at once; the wall time until the last ends."""
    start = time.monotonic()
    running = [subprocess.Popen(c, stderr=subprocess.DEVNULL) for c in commands]
    for process in running:
        process.wait()
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tlafid", default=str(ROOT / "target/release/tlafid"))
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=4, help="processes at once, in all")
    parser.add_argument("--out", default="/tmp/tlafid-batch-bench")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.jsonl"):
        old.unlink()
    jobs = out / "jobs.jsonl"
    jobs.write_text(job_file(args.seeds))
    count = len(jobs.read_text().splitlines())
    grade = [args.tlafid, "grade", "--batch", str(jobs)]
    one = timed([grade + ["--jobs", str(args.jobs), "--out", str(out / "one.jsonl")]])
    per_shard = max(1, args.jobs // args.shards)
    shards = [out / f"shard-{i}.jsonl" for i in range(args.shards)]
    sharded = timed([grade + ["--shard", f"{i}/{args.shards}", "--jobs", str(per_shard),
                              "--out", str(path)] for i, path in enumerate(shards)])
    merged = out / "merged.jsonl"
    subprocess.run([args.tlafid, "grade", "--merge", *map(str, shards), "--out", str(merged)],
                   check=True, stderr=subprocess.DEVNULL)
    boards = {}
    for name in ["one", "merged"]:
        for fmt in ["md", "csv", "html"]:
            page = out / f"{name}.{fmt}"
            subprocess.run([args.tlafid, "grade", "--leaderboard", str(out / f"{name}.jsonl"),
                            "--leaderboard-format", fmt, "--out", str(page)], check=True)
            boards[(name, fmt)] = page.read_bytes()
    same_results = (out / "one.jsonl").read_bytes() == merged.read_bytes()
    same_boards = all(boards[("one", f)] == boards[("merged", f)] for f in ["md", "csv", "html"])
    outcomes: dict[str, int] = {}
    for line in (out / "one.jsonl").read_text().splitlines():
        outcome = json.loads(line)["outcome"]
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    print(f"jobs: {count} ({', '.join(f'{n} {o}' for o, n in sorted(outcomes.items()))})")
    print(f"unsharded, --jobs {args.jobs}: {one:.1f} s")
    print(f"{args.shards} shards at once, --jobs {per_shard} each, then merged: {sharded:.1f} s")
    print(f"merged results identical to the unsharded run: {same_results}")
    print(f"leaderboards (md, csv, html) identical: {same_boards}")
    print(f"files in {out}")
    return 0 if same_results and same_boards else 1


if __name__ == "__main__":
    sys.exit(main())
