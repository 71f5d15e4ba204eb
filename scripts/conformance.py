#!/usr/bin/env python3
"""Runs tlafid on the tlaplus/Examples models and compares its verdicts with TLC's.

Check mode (default): for each selected model, runs
    tlafid check MODULE.tla --config MODEL.cfg --lib LIB --allow-read MODEL_DIR --workers 1 --format json
with a timeout, several models at a time, and compares the outcome and the number of
distinct states with what the manifest records. Each model ends in one class:

    mismatch-outcome  tlafid gave a definite verdict that differs from TLC's (the worst:
                      a silent disagreement)
    mismatch-count    same verdict, different distinct-state count (or none reported)
    error             tlafid failed (a crash, no JSON, or outcome "error")
    timeout           no answer within --timeout seconds
    unsupported       tlafid said the model uses something it does not support
    incomplete        tlafid stopped before finishing (a budget ran out)
    no-reference      the manifest's result is "unknown": nothing to compare with
    matched           same verdict and, when the manifest records it, same count

Parse mode (--parse-only): runs `tlafid parse FILE --lib LIB` over every module the
manifests name (or every .tla file under specifications/ with --all-files) and reports
"parsed N of M"; exit status 0 from tlafid means the module parsed.

Exit status: 0 when no model disagrees silently (check) or every file parsed (parse),
1 otherwise, 2 on bad usage. Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import manifests  # noqa: E402  (the script's own folder is put on the path above)

REPO_ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------------------------------------
# THE MAPPING FROM tlafid's JSON TO THE MANIFEST'S VOCABULARY.
# This is the one place to edit when `tlafid check --format json` changes.
# ---------------------------------------------------------------------------------------------

#: tlafid's "outcome" values, mapped to the manifest's "result" values, or to one of the
#: classes "unsupported", "incomplete" and "error" that have no manifest counterpart.
OUTCOME_TO_RESULT = {
    "success": "success",
    "safety_violation": "safety failure",
    "invariant_violation": "safety failure",
    "action_property_violation": "safety failure",
    # A failed Assert(...) is TLC's exit status 14, which the Examples' CI does not map to any
    # manifest result: no model expects it, so reporting one is a disagreement.
    "assertion_violation": "assertion failure",
    "assertion_failure": "assertion failure",
    "liveness_violation": "liveness failure",
    "property_violation": "liveness failure",
    "deadlock": "deadlock failure",
    "assumption_violation": "assumption failure",
    "unsupported": "unsupported",
    "incomplete": "incomplete",
    "error": "error",
    "evaluation_error": "error",
    "spec_error": "error",
    "config_error": "error",
    "usage_error": "error",
    "system_error": "error",
}

#: When the JSON has no usable "outcome", the exit status decides (see tlafid_cli exit.rs:
#: TLC's codes where TLC has one).
EXIT_CODE_TO_RESULT = {
    0: "success",
    3: "incomplete",
    10: "assumption failure",
    11: "deadlock failure",
    12: "safety failure",
    13: "liveness failure",
    14: "assertion failure",
}


def interpret_check_output(report: dict | None, exit_code: int) -> tuple[str, int | None]:
    """(result, distinct states) from tlafid's JSON report and exit status.

    result is a manifest result ("success", "safety failure", ...) or one of "unsupported",
    "incomplete", "error". The distinct-state count is read from "distinct_states" (or,
    failing that, from "stats": {"distinct_states": N}); None when absent.
    """
    if report is None:
        return EXIT_CODE_TO_RESULT.get(exit_code, "error"), None
    outcome = str(report.get("outcome", "")).strip().lower()
    result = OUTCOME_TO_RESULT.get(outcome) or EXIT_CODE_TO_RESULT.get(exit_code, "error")
    distinct = report.get("distinct_states")
    if distinct is None and isinstance(report.get("stats"), dict):
        distinct = report["stats"].get("distinct_states")
    return result, distinct if isinstance(distinct, int) else None


# ---------------------------------------------------------------------------------------------
# Classification.
# ---------------------------------------------------------------------------------------------

#: Classes in the order the table lists them: silent disagreements first.
CLASS_ORDER = [
    "mismatch-outcome",
    "mismatch-count",
    "error",
    "timeout",
    "unsupported",
    "incomplete",
    "no-reference",
    "matched",
]


def classify(model: manifests.Model, result: str, distinct: int | None) -> str:
    """The class of one finished run (timeouts are classified by the caller)."""
    if result in ("unsupported", "incomplete", "error"):
        return result
    if model.result == "unknown":
        return "no-reference"
    if result != model.result:
        return "mismatch-outcome"
    # Like the Examples' own CI, counts are compared for successful exhaustive runs only (no
    # manifest records a count for a failing model).
    counted = model.result == "success" and model.mode == manifests.EXHAUSTIVE
    if counted and model.distinct_states is not None and distinct != model.distinct_states:
        return "mismatch-count"
    return "matched"


@dataclass
class Outcome:
    """What happened to one model (check mode) or one file (parse mode)."""

    label: str
    klass: str
    expected: str
    expected_states: int | None
    got: str
    got_states: int | None
    seconds: float
    detail: str = ""
    recorded_seconds: float | None = None  # TLC's runtime in the manifest (check mode)


# ---------------------------------------------------------------------------------------------
# Running tlafid.
# ---------------------------------------------------------------------------------------------


@dataclass
class Run:
    """A finished (or timed-out) tlafid process."""

    exit_code: int | None  # None on timeout
    stdout: str
    stderr: str
    seconds: float


def run_command(command: list[str], cwd: Path, timeout: float) -> Run:
    """Runs COMMAND in its own process group; on timeout the whole group is killed."""
    start = time.monotonic()
    try:
        process = subprocess.Popen(
            command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL, text=True, errors="replace", start_new_session=True,
        )
    except OSError as err:
        return Run(127, "", f"cannot run {command[0]}: {err}", 0.0)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        return Run(process.returncode, stdout, stderr, time.monotonic() - start)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = process.communicate()
        return Run(None, stdout, stderr, time.monotonic() - start)


def parse_json_report(stdout: str) -> dict | None:
    """The JSON object tlafid printed: the whole output, or else its last line that is one."""
    text = stdout.strip()
    candidates = [text] + [line for line in reversed(text.splitlines()) if line.startswith("{")]
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    return None


def report_message(report: dict) -> str:
    """The report's message, or else its first diagnostic's code and message."""
    if report.get("message"):
        return str(report["message"])[:160]
    diagnostics = report.get("diagnostics")
    if isinstance(diagnostics, list) and diagnostics and isinstance(diagnostics[0], dict):
        first = diagnostics[0]
        return f"{first.get('code', '')} {first.get('message', '')}".strip()[:160]
    return str(report.get("outcome", ""))


def first_line(*texts: str) -> str:
    """The first non-blank line of the first text that has one (for the detail column)."""
    for text in texts:
        for line in text.splitlines():
            if line.strip():
                return line.strip()[:160]
    return ""


def check_model(args: argparse.Namespace, model: manifests.Model) -> Outcome:
    """Runs tlafid check on one model and classifies the result."""
    root = args.examples.resolve()
    command = [str(args.tlafid), "check", str(root / model.module),
               "--config", str(root / model.config)]
    command += [part for lib in args.lib for part in ("--lib", str(lib))]
    # A trace spec reads its log from its own folder (EWD998ChanTrace), read-only.
    command += ["--allow-read", str((root / model.module).parent)]
    command += ["--workers", str(args.workers), "--format", "json", *args.extra_arg]
    recorded = model.runtime_seconds
    timeout = recorded if args.timeout_recorded and recorded is not None else args.timeout
    run = run_command(command, root, timeout)
    expected = (model.result, model.distinct_states)
    if run.exit_code is None:
        return Outcome(model.label(), "timeout", *expected, "timeout", None, run.seconds,
                       f"no answer within {timeout:g} s", recorded)
    report = parse_json_report(run.stdout)
    result, distinct = interpret_check_output(report, run.exit_code)
    detail = ""
    if report is None:
        detail = f"exit {run.exit_code}, no JSON: " + first_line(run.stderr, run.stdout)
    elif result in ("error", "unsupported", "incomplete"):
        detail = report_message(report) or first_line(run.stderr)
    elif distinct is None and model.distinct_states is not None and result == "success":
        detail = "no distinct_states in the report"
    return Outcome(model.label(), classify(model, result, distinct), *expected, result,
                   distinct, run.seconds, detail, recorded)


def parse_file(args: argparse.Namespace, module_path: str) -> Outcome:
    """Runs tlafid parse on one module; exit status 0 means it parsed."""
    root = args.examples.resolve()
    command = [str(args.tlafid), "parse", str(root / module_path)]
    command += [part for lib in args.lib for part in ("--lib", str(lib))]
    command += list(args.extra_arg)
    run = run_command(command, root, args.timeout)
    label = module_path.removeprefix("specifications/")
    if run.exit_code is None:
        return Outcome(label, "timeout", "parsed", None, "timeout", None, run.seconds,
                       f"no answer within {args.timeout:g} s")
    if run.exit_code == 0:
        return Outcome(label, "parsed", "parsed", None, "parsed", None, run.seconds)
    detail = first_line(run.stdout, run.stderr)
    return Outcome(label, "failed", "parsed", None, f"exit {run.exit_code}", None,
                   run.seconds, detail)


# ---------------------------------------------------------------------------------------------
# Selection.
# ---------------------------------------------------------------------------------------------


def select_models(args: argparse.Namespace) -> list[manifests.Model]:
    """The models the command-line filters keep, in manifest order."""
    wanted_mode = {"exhaustive": manifests.EXHAUSTIVE, "all": None}.get(args.mode, args.mode)
    only = re.compile(args.only) if args.only else None
    selected = []
    for model in manifests.all_models(args.examples):
        if wanted_mode is not None and model.mode != wanted_mode:
            continue
        if args.max_runtime is not None and (
            model.runtime_seconds is None or model.runtime_seconds > args.max_runtime
        ):
            continue
        if args.long and model.runtime_seconds is not None and model.runtime_seconds <= 60:
            continue
        if only and not only.search(model.config):
            continue
        if args.no_property:
            text = manifests.read_config(args.examples, model)
            if text is None or manifests.config_has_property(text):
                continue
        selected.append(model)
    return selected


def select_files(args: argparse.Namespace) -> list[str]:
    """The modules to parse: those the manifests name, or every .tla file with --all-files."""
    if args.all_files:
        root = args.examples.resolve()
        paths = sorted(
            p.relative_to(root).as_posix() for p in (root / "specifications").rglob("*.tla")
        )
    else:
        paths = manifests.all_module_paths(args.examples)
    only = re.compile(args.only) if args.only else None
    return [p for p in paths if not only or only.search(p)]


# ---------------------------------------------------------------------------------------------
# Reporting.
# ---------------------------------------------------------------------------------------------


def show_states(states: int | None) -> str:
    return "-" if states is None else str(states)


def print_table(outcomes: list[Outcome], order: list[str]) -> None:
    """One line per model or file, worst classes first, then by name."""
    rank = {klass: i for i, klass in enumerate(order)}
    rows = sorted(outcomes, key=lambda o: (rank.get(o.klass, len(order)), o.label))
    width = max([len(o.label) for o in rows] + [5])
    print(f"{'class':<16} {'model':<{width}} {'expected':<26} {'got':<26} {'secs':>7} "
          f"{'tlc s':>7}  detail")
    for o in rows:
        expected = f"{o.expected} {show_states(o.expected_states)}"
        got = f"{o.got} {show_states(o.got_states)}"
        recorded = "-" if o.recorded_seconds is None else f"{o.recorded_seconds:g}"
        print(f"{o.klass:<16} {o.label:<{width}} {expected:<26} {got:<26} "
              f"{o.seconds:7.1f} {recorded:>7}  {o.detail}")


def summarize_check(outcomes: list[Outcome]) -> dict:
    """Counts per class and the headline figures."""
    counts = {klass: sum(1 for o in outcomes if o.klass == klass) for klass in CLASS_ORDER}
    compared = len(outcomes) - counts["no-reference"]
    # Matched and no slower than TLC's runtime as the manifest records it.
    in_time = sum(1 for o in outcomes if o.klass == "matched" and o.recorded_seconds is not None
                  and o.seconds <= o.recorded_seconds)
    return {"matched": counts["matched"], "compared": compared, "total": len(outcomes),
            "matched_within_recorded_runtime": in_time, "classes": counts}


def print_check_summary(outcomes: list[Outcome], summary: dict) -> None:
    silent = sorted(o.label for o in outcomes if o.klass == "mismatch-outcome")
    print()
    if silent:
        print(f"SILENT DISAGREEMENTS ({len(silent)}):")
        for label in silent:
            print(f"  {label}")
    classes = ", ".join(f"{k} {v}" for k, v in summary["classes"].items() if v)
    print(f"matched {summary['matched']} of {summary['compared']}  ({classes})")
    print(f"matched within TLC's recorded runtime: "
          f"{summary['matched_within_recorded_runtime']} of {summary['compared']}")


def write_json(path: Path, mode: str, summary: dict, outcomes: list[Outcome]) -> None:
    results = []
    for outcome in sorted(outcomes, key=lambda o: o.label):
        record = asdict(outcome)
        record["class"] = record.pop("klass")
        results.append(record)
    data = {"mode": mode, "summary": summary, "results": results}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Entry point.
# ---------------------------------------------------------------------------------------------


def default_tlafid() -> Path:
    """The workspace's release build if there is one (timings mean nothing on a debug build),
    else its debug build, else `tlafid` on PATH."""
    for profile in ("release", "debug"):
        built = REPO_ROOT / "target" / profile / "tlafid"
        if built.exists():
            return built
    return Path("tlafid")


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--examples", type=Path, default=Path("/work/ext/Examples"),
                   help="root of a tlaplus/Examples checkout (holds specifications/)")
    p.add_argument("--lib", type=Path, action="append",
                   help="module folder passed to tlafid as --lib (repeatable; default: "
                        "/work/ext/CommunityModules/modules)")
    p.add_argument("--no-lib", action="store_true",
                   help="pass no --lib: tlafid then uses its built-in standard modules only")
    p.add_argument("--tlafid", type=lambda text: Path(text).resolve(), default=default_tlafid(),
                   help="the tlafid binary (default: target/release/tlafid, else target/debug)")
    p.add_argument("--mode", default="exhaustive",
                   help='"exhaustive" (default), "all", or a manifest mode such as "symbolic"')
    p.add_argument("--max-runtime", type=int, metavar="SECONDS",
                   help="keep models whose manifest runtime is known and at most this")
    p.add_argument("--long", action="store_true",
                   help="keep the long models: runtime over 60 s or unknown (with the default "
                        "--mode, the 30 exhaustive models the quick set leaves out)")
    p.add_argument("--timeout-recorded", action="store_true",
                   help="give each model TLC's recorded runtime as its timeout (--timeout "
                        "where the runtime is unknown): a timeout then means slower than TLC")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="tlafid's --workers (default 1)")
    p.add_argument("--no-property", action="store_true",
                   help="keep models whose config has no PROPERTY/PROPERTIES outside comments")
    p.add_argument("--only", metavar="REGEX", help="keep models (or files) whose path matches")
    p.add_argument("--timeout", type=float, default=90.0, help="seconds per model or file")
    p.add_argument("--jobs", type=int, default=2, help="tlafid processes at a time")
    p.add_argument("--json", type=Path, metavar="OUT", help="also write the results as JSON")
    p.add_argument("--parse-only", action="store_true", help="run tlafid parse instead")
    p.add_argument("--all-files", action="store_true",
                   help="with --parse-only: every .tla file, not just manifest modules")
    p.add_argument("--list", action="store_true", help="print the selection and stop")
    p.add_argument("--extra-arg", action="append", default=[], metavar="ARG",
                   help="an extra argument for every tlafid invocation (repeatable)")
    args = p.parse_args(argv)
    if args.no_lib:
        if args.lib:
            p.error("--no-lib and --lib exclude each other")
        args.lib = []
    elif args.lib is None:
        args.lib = [Path("/work/ext/CommunityModules/modules")]
    if args.jobs < 1 or args.timeout <= 0:
        p.error("--jobs must be at least 1 and --timeout positive")
    if args.all_files and not args.parse_only:
        p.error("--all-files needs --parse-only")
    return args


def run_all(args: argparse.Namespace, items: list, work) -> list[Outcome]:
    """Runs WORK(args, item) for every item, --jobs at a time; prints progress on stderr."""
    outcomes = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(work, args, item) for item in items]
        for done, future in enumerate(concurrent.futures.as_completed(futures), start=1):
            outcome = future.result()
            outcomes.append(outcome)
            print(f"[{done}/{len(items)}] {outcome.klass:<16} {outcome.label}",
                  file=sys.stderr, flush=True)
    return outcomes


def main_parse(args: argparse.Namespace) -> int:
    files = select_files(args)
    if args.list:
        print("\n".join(files))
        return 0
    outcomes = run_all(args, files, parse_file)
    failures = [o for o in outcomes if o.klass != "parsed"]
    if failures:
        print_table(failures, ["failed", "timeout"])
    parsed = sum(1 for o in outcomes if o.klass == "parsed")
    print(f"\nparsed {parsed} of {len(outcomes)}")
    if args.json:
        summary = {"parsed": parsed, "total": len(outcomes)}
        write_json(args.json, "parse", summary, outcomes)
    return 0 if parsed == len(outcomes) else 1


def main_check(args: argparse.Namespace) -> int:
    models = select_models(args)
    if args.list:
        for model in models:
            print(f"{model.label()}  {model.result}  {show_states(model.distinct_states)}")
        print(f"{len(models)} models")
        return 0
    outcomes = run_all(args, models, check_model)
    summary = summarize_check(outcomes)
    print_table(outcomes, CLASS_ORDER)
    print_check_summary(outcomes, summary)
    if args.json:
        write_json(args.json, "check", summary, outcomes)
    return 1 if summary["classes"]["mismatch-outcome"] else 0


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    return main_parse(args) if args.parse_only else main_check(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
