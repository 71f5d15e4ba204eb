#!/usr/bin/env python3
"""What checking temporal properties costs: each model is run twice by `tlafid check`, as
configured and with its PROPERTY section removed, and the script prints the user CPU time
of both runs, their ratio (issue 4 asks for at most 3), and the extra memory per distinct
state (the difference of the two runs' peak resident set sizes, divided by the distinct
states). Both runs must find the same number of distinct states.

    scripts/liveness_cost.py                      # the default models, 1 worker
    scripts/liveness_cost.py --workers 2 --repeat 3
    scripts/liveness_cost.py --model specifications/CoffeeCan/CoffeeCan.tla:CoffeeCan1000Beans.cfg

Models are `FOLDER/MODULE.tla:CONFIG.cfg`, relative to the Examples checkout (`--examples`)
or to this workspace (`specs/...`). Standard library only; measure on a quiet machine.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MODELS = [
    "specifications/FiniteMonotonic/MCCRDT.tla:MCCRDT.cfg",
    "specifications/Disruptor/Disruptor_MPMC.tla:Disruptor_MPMC_liveliness.cfg",
    "specifications/CoffeeCan/CoffeeCan.tla:CoffeeCan1000Beans.cfg",
    "specs/Liveness/Baton.tla:Baton.cfg",
]
# Configuration keywords: a PROPERTY section ends at the next one.
KEYWORDS = re.compile(
    r"^\s*(SPECIFICATION|INIT|NEXT|CONSTANTS?|INVARIANTS?|PROPERT(Y|IES)|CONSTRAINTS?|"
    r"ACTION_CONSTRAINTS?|SYMMETRY|VIEW|ALIAS|POSTCONDITION|CHECK_DEADLOCK)\b"
)


def without_properties(config: str) -> str:
    """The configuration text with its PROPERTY sections (keyword and names) removed."""
    kept, skipping = [], False
    for line in config.splitlines():
        keyword = KEYWORDS.match(line)
        if keyword:
            skipping = keyword.group(1).startswith("PROPERT")
            if skipping:
                rest = line[keyword.end():].strip()
                if rest and not rest.startswith("\\*"):
                    continue
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def run(tlafid, folder, module, config, workers, lib):
    """User CPU seconds, peak RSS bytes and the JSON report of one run."""
    command = [tlafid, "check", module, "--config", config, "--workers", str(workers),
               "--format", "json"]
    for path in lib:
        command += ["--lib", path]
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        out.seek(0)
        text = out.read().decode()
    try:
        report = json.loads(text)
    except json.JSONDecodeError:
        report = json.loads(text.strip().splitlines()[-1])
    return usage.ru_utime, usage.ru_maxrss * 1024, report


def measure(args, model):
    """The figures of one model: the best of `repeat` runs each way."""
    path, config_name = model.split(":")
    base = ROOT if path.startswith("specs/") else args.examples
    folder, module = os.path.split(os.path.join(base, path))
    with open(os.path.join(folder, config_name)) as f:
        config = f.read()
    with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as plain:
        plain.write(without_properties(config))
    try:
        figures = {}
        for name, cfg in (("with", config_name), ("without", plain.name)):
            runs = [run(os.path.abspath(args.tlafid), folder, module, cfg, args.workers, args.lib)
                    for _ in range(args.repeat)]
            figures[name] = (min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2])
    finally:
        os.unlink(plain.name)
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tlafid", default=os.path.join(ROOT, "target/release/tlafid"))
    parser.add_argument("--examples", default="/work/ext/Examples")
    parser.add_argument("--lib", action="append",
                        default=["/work/ext/CommunityModules/modules"])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--model", action="append", help="FOLDER/MODULE.tla:CONFIG.cfg")
    args = parser.parse_args()
    print(f"{'model':<40} {'distinct':>9} {'user with':>10} {'without':>8} {'ratio':>6}"
          f" {'extra B/state':>13}  outcome")
    worst = 0.0
    for model in args.model or DEFAULT_MODELS:
        figures = measure(args, model)
        (cpu, rss, report), (cpu0, rss0, report0) = figures["with"], figures["without"]
        distinct = report.get("distinct_states") or 0
        if distinct != report0.get("distinct_states"):
            print(f"{model}: distinct states differ ({distinct} vs "
                  f"{report0.get('distinct_states')})", file=sys.stderr)
            return 1
        ratio = cpu / cpu0 if cpu0 else float("inf")
        worst = max(worst, ratio)
        extra = (rss - rss0) / distinct if distinct else 0.0
        name = os.path.basename(model.split(":")[1])
        print(f"{name:<40} {distinct:>9} {cpu:>9.2f}s {cpu0:>7.2f}s {ratio:>6.2f}"
              f" {extra:>13.0f}  {report.get('outcome')}")
    print(f"worst ratio: {worst:.2f} (at most 3 asked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
