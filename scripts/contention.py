#!/usr/bin/env python3
"""How much of a 2-worker run waits on shared cache lines, measurable on a busy machine.

    scripts/contention.py PERF_DATA BINARY

PERF_DATA comes from `perf record -F 1999 -e cpu-clock --sample-cpu -o PERF_DATA -- BINARY
check M.tla --workers 2` (software clock: it works where hardware counters do not). Each
sample of the two busiest threads is counted as "both" when the other thread has a sample
within half a millisecond (both on a core at once), else "alone"; for each group the script
prints the share of user-space samples that sit just after a `lock`-prefixed instruction
(a stalled reference count or compare-and-swap). Contention shows as a higher share in
"both" than in "alone"; wall times on a loaded machine cannot show it, as the two workers
then seldom run at the same moment. Needs perf and objdump; standard library only.
"""

from __future__ import annotations

import bisect
import collections
import re
import subprocess
import sys

WINDOW = 0.0005


def samples(data: str) -> list[tuple[int, float, int]]:
    out = subprocess.run(["perf", "script", "-i", data, "-F", "tid,time,ip"],
                         capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            rows.append((int(parts[0]), float(parts[1].rstrip(":")), int(parts[2], 16)))
    return rows


def text_mapping(data: str, binary: str) -> tuple[int, int, int]:
    """(start, size, file offset) of the binary's executable mapping."""
    out = subprocess.run(["perf", "script", "-i", data, "--show-mmap-events"],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "r-xp" in line and line.rstrip().endswith(binary):
            m = re.search(r"\[0x([0-9a-f]+)\(0x([0-9a-f]+)\) @ 0x([0-9a-f]+)", line)
            if m:
                return int(m[1], 16), int(m[2], 16), int(m[3], 16)
    sys.exit(f"no executable mapping of {binary} in {data}")


def text_delta(binary: str) -> int:
    """Virtual address minus file offset of the binary's executable segment."""
    out = subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if parts[:1] == ["LOAD"] and "E" in parts[-3:-1]:
            return int(parts[2], 16) - int(parts[1], 16)
    return 0


def after_lock(binary: str, addresses: set[int]) -> set[int]:
    """The addresses among `addresses` whose preceding instruction is `lock`-prefixed."""
    found, previous = set(), ""
    proc = subprocess.Popen(["objdump", "-d", "--no-show-raw-insn", "-M", "intel", binary],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        head, _, instruction = line.partition(":")
        try:
            address = int(head.strip(), 16)
        except ValueError:
            continue
        if address in addresses and previous.startswith("lock"):
            found.add(address)
        previous = instruction.strip()
    return found


def main() -> None:
    data, binary = sys.argv[1], sys.argv[2]
    rows = samples(data)
    workers = [tid for tid, _ in collections.Counter(r[0] for r in rows).most_common(2)]
    times = {w: sorted(t for tid, t, _ in rows if tid == w) for w in workers}
    start, size, offset = text_mapping(data, binary)
    delta = text_delta(binary)
    groups: dict[str, collections.Counter[int]] = {"both": collections.Counter(),
                                                   "alone": collections.Counter()}
    for tid, t, ip in rows:
        if tid not in workers or not start <= ip < start + size:
            continue
        other = times[workers[1] if tid == workers[0] else workers[0]]
        i = bisect.bisect_left(other, t - WINDOW)
        both = i < len(other) and other[i] <= t + WINDOW
        groups["both" if both else "alone"][ip - start + offset + delta] += 1
    locked = after_lock(binary, set(groups["both"]) | set(groups["alone"]))
    for name, counts in groups.items():
        total = sum(counts.values())
        on_lock = sum(n for address, n in counts.items() if address in locked)
        print(f"{name}: {total} user samples, {on_lock} after a lock-prefixed instruction "
              f"({100 * on_lock / max(total, 1):.1f}%)")


if __name__ == "__main__":
    main()
