#!/usr/bin/env python3
"""Validate real JSON reports against the committed JSON Schemas.

The schema test (`cargo test -p tlafid_pipeline --test schema`) proves that `docs/schema/` is
what the report structs generate; it does not prove that what the binary prints conforms to
it. This script does: it runs every CLI case in `tests/cli/*.args` of a command with a JSON report (asking for
`--format json` where the case does not choose a format), with the given binary, from the
repository root, and validates each JSON document it prints
(one document, or one per line for batch results) against the schema its `command` names.

Needs the `jsonschema` package (CI has it in the MCP SDK's virtual environment).

    python3 scripts/validate_reports.py --binary target/release/tlafid

Exit 0 when every report validates, 1 when one does not (each failure is listed with the case,
the JSON path and the schema's complaint), 2 on bad usage or a missing schema.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "docs" / "schema"

# The `command` field of a report, and the schema file that describes it.
SCHEMA_OF = {
    "check": "check.json",
    "simulate": "simulate.json",
    "trace": "trace.json",
    "grade": "grade.json",
    "mutate": "mutate.json",
    "parse": "parse.json",
}


# The commands whose reports `--format json` gives.
JSON_COMMANDS = {"check", "trace", "grade", "mutate", "parse"}


def json_documents(text: str) -> list[object]:
    """One JSON document, or one per non-empty line (batch results); [] when neither."""
    text = text.strip()
    if not text:
        return []
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        pass
    docs = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            docs.append(json.loads(line))
        except json.JSONDecodeError:
            return []
    return docs


def schema_for(doc: object, cache: dict[str, object]) -> tuple[str, object] | None:
    if not isinstance(doc, dict):
        return None
    if doc.get("command") == "check" and doc.get("mode") == "simulate":
        name = "simulate.json"
    elif "command" in doc:
        name = SCHEMA_OF.get(doc["command"])
    elif "id" in doc and "line" in doc:
        name = "grade_batch_result.json"  # a line of `grade --batch`'s results
    else:
        name = None
    if name is None:
        return None
    if name not in cache:
        path = SCHEMAS / name
        if not path.is_file():
            sys.exit(f"validate_reports: no schema {path}")
        cache[name] = json.loads(path.read_text())
    return name, cache[name]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, type=Path)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    binary = args.binary.resolve()
    if not binary.is_file():
        print(f"validate_reports: no binary {binary}", file=sys.stderr)
        return 2

    cache: dict[str, object] = {}
    cases = sorted((ROOT / "tests" / "cli").glob("*.args"))
    validated = 0
    failures: list[str] = []
    per_schema: dict[str, int] = {}
    for case in cases:
        argv = case.read_text().split()
        if not argv or argv[0] not in JSON_COMMANDS:
            continue
        if "--format" in argv or any(a.startswith("--format=") for a in argv):
            if "json" not in argv and "--format=json" not in argv:
                continue  # another format asked for on purpose
        else:
            # Every case of a command with a JSON report is run once more asking for it, so
            # the reports of all the cases' situations are validated, not only of those
            # whose expectation is JSON.
            argv = [*argv, "--format", "json"]
        with tempfile.TemporaryDirectory() as scratch:
            # Cases that write files (`--out x.jsonl`) write them from the repository root, as
            # the CLI test does; the scratch HOME keeps anything else off the checkout.
            proc = subprocess.run(
                [str(binary), *argv],
                cwd=ROOT,
                capture_output=True,
                text=True,
                env={"NO_COLOR": "1", "HOME": scratch, "PATH": "/usr/bin:/bin"},
                timeout=300,
            )
        docs = json_documents(proc.stdout)
        if args.verbose and not docs:
            print(f"{case.name}: no JSON on stdout (exit {proc.returncode})")
        for doc in docs:
            found = schema_for(doc, cache)
            if found is None:
                continue
            name, schema = found
            errors = sorted(
                jsonschema.Draft202012Validator(schema).iter_errors(doc),
                key=lambda e: list(e.absolute_path),
            )
            validated += 1
            per_schema[name] = per_schema.get(name, 0) + 1
            for err in errors[:5]:
                where = "/".join(str(p) for p in err.absolute_path) or "(root)"
                failures.append(f"{case.name}: {name} at {where}: {err.message[:300]}")
            if args.verbose:
                print(f"{case.name}: {name} {'ok' if not errors else 'INVALID'}")

    summary = ", ".join(f"{n} {k}" for k, n in sorted(per_schema.items()))
    print(f"validated {validated} reports against docs/schema ({summary})")
    for f in failures:
        print(f"  {f}")
    if validated == 0:
        print("validate_reports: no JSON report was produced; the cases or the binary are wrong")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
