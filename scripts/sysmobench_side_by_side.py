#!/usr/bin/env python3
"""tlafid beside TLC on SysMoBench's PGo implementation traces (issue 13's closing note).

For each system (locksvc, dqueue, raftkvs), each model (the PGo reference, its badspecs,
the generated models under data/spec/<system>/) and each trace folder of
tla_eval/core/trace_generation/<system>/traces_found/, runs

* `tlafid trace MODEL --trace-format pgo --trace-map MAP TRACE_DIR` (one process per
  trace, so that wall and CPU time are per trace), and
* TLC on a trace spec this script writes for the same check: the model EXTENDed with a
  counter per process; a step takes the next committed record of a process whose vector
  clock says every record it depends on was taken, as the action its label names (with
  `self` bound) and with the record's reads (on the state before) and writes (folded over
  the state before, channels as bags or FIFOs) as constraints. `__NotDone` is violated
  exactly when some order consistent with the clocks is a behaviour of the model: TLC's
  counterexample is an admission, "no error" is a rejection (missed code behaviour).
  That is SysMoBench's all-orderings semantics (PGo's `__clock_check`, explored by TLC).

What is absent is skipped; nothing is fetched. The SysMoBench material is read where it
lies and never copied into the repository. Prints one markdown table.

  scripts/sysmobench_side_by_side.py --sysmobench /work/ext/SysMoBench \
      --tlafid target/release/tlafid --tlc /work/targets/tlc-jar/tlc \
      [--systems locksvc,dqueue,raftkvs] [--models reference,badspecs,generated]
      [--traces N] [--trace NAME] [--only TEXT] [--timeout SECONDS] [--no-tlc] [--pgo-validate] [--tlc-bfs] [--keep DIR]

`--pgo-validate` also runs, where SysMoBench ships one, PGo's own generated validation
spec (`<system>Validate.tla` in a trace folder) against the reference, as SysMoBench's
pipeline does before it swaps in a generated model (it needs the CommunityModules on
TLC's class path).
"""

import argparse
import bisect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Per system: the reference, the constants of its PGo validation config (SysMoBench's
# `<system>Validate.cfg`; a model gets those it declares), and the trace map written once
# per system: for the reference and its badspecs (PGo-compiled: labels are actions,
# variables are the archetypes' resources), and for generated models (which follow no PGo
# label: every label names no action, and only the variables in `observe`, whose meaning
# is the system's and not the model's, are observed; every other variable of the logs is
# not).
SYSTEMS = {
    "locksvc": {
        "overrides": {"NumClients": "5"},
        "map": {"variables": {"network": {"channel": "bag"}}},
        "badspec_maps": {"locksvc_tcp": {"variables": {"network": {"channel": "fifo"}}}},
        "generated_map": {
            "labels": None,  # every label of the logs: no action
            "observe": {"hasLock": {}},  # hasLock[self]: the client holds the lock
        },
        "self_binding": True,
    },
    "dqueue": {
        "overrides": {"BUFFER_SIZE": "99", "NUM_CONSUMERS": "1", "PRODUCER": "0"},
        "map": {
            "variables": {
                "net": {"as": "network", "channel": "fifo"},
                "proc": {"as": "processor", "global": True},
                "s": None,
            }
        },
        "badspec_maps": {},
        # pc[self]: the consumer's (c, c1, c2) and producer's (p, p1, p2) place in its loop,
        # the labels of the PGo source the models were written from
        "generated_map": {"labels": None, "observe": {".pc": {}}},
        "self_binding": False,
    },
    "raftkvs": {
        "overrides": {
            "Debug": "FALSE",
            "ExploreFail": "FALSE",
            "LogPop": '"log_pop"',
            "LogConcat": '"log_concat"',
            "LeaderTimeoutReset": "TRUE",
            "NumClients": "1",
            "NumServers": "1",
            "MaxNodeFail": "99",
            "MaxCommitIndex": "99",
            "NumRequests": "99",
            "MaxTerm": "99",
            "BufferSize": "99",
        },
        # AllStrings: the strings the trace holds, as PGo's tracegen gives (__all_strings).
        "all_strings": "AllStrings",
        "drop_constraint": True,
        "map": {
            "variables": {
                # the links: network[i].queue, a bag (ReliableFIFOLink over a bag)
                "net": {"as": "network", "channel": "bag", "at": ["queue"]},
                # other resources PGo reaches through mapping macros (buffer lengths,
                # failure detectors, persistent logs, channels, timers): not observed
                "netLen": None, "netEnabled": None, "fd": None,
                "plog": None, "appendEntriesCh": None, "becomeLeaderCh": None,
                "leaderTimeout": None, "reqCh": None, "respCh": None, "timeout": None,
                # archetype-local variables PlusCal renamed per process
                "AServerRequestVote.srvId": {"as": "srvId0"},
                "AServerAppendEntries.srvId": {"as": "srvId1"},
                "AServerAdvanceCommitIndex.srvId": {"as": "srvId2"},
                "AServerBecomeLeader.srvId": {"as": "srvId3"},
                "AServerRequestVote.idx": {"as": "idx0"},
                "AServerAppendEntries.idx": {"as": "idx1"},
                "AClient.leader": {"as": "leader0"},
            }
        },
        "badspec_maps": {},
        # Raft's own per-server variables: the server's role ("follower", "candidate",
        # "leader"), its term and its commit index
        "generated_map": {
            "labels": None,
            "observe": {"state": {}, "currentTerm": {}, "commitIndex": {}},
        },
        "self_binding": False,
    },
}
# raftkvs_tcp's links are sequences (a FIFO), not bags.
SYSTEMS["raftkvs"]["badspec_maps"]["raftkvs_tcp"] = {
    "variables": dict(SYSTEMS["raftkvs"]["map"]["variables"],
                      net={"as": "network", "channel": "fifo", "at": ["queue"]})
}


# ---------------------------------------------------------------- TLA+ and cfg reading

def strip_comments(text):
    text = re.sub(r"\(\*.*?\*\)", " ", text, flags=re.S)
    return re.sub(r"\\\*[^\n]*", "", text)


#: One declared name, an operator constant's arity `(_, _)`, and the comma that continues.
DECLARED = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)(\s*\([^)]*\))?\s*(,?)")


def declared_names(tla_text, keyword):
    """The names declared by KEYWORD(S) in the root module, in order: a declaration (which may
    span lines) ends at the first name not followed by a comma."""
    text = strip_comments(tla_text)
    names = []
    for m in re.finditer(rf"^\s*{keyword}S?\b", text, flags=re.M):
        for part in DECLARED.finditer(text, m.end()):
            names.append(part.group(1))
            if not part.group(3):
                break
    return list(dict.fromkeys(names))


def model_variables(tla_text):
    """The VARIABLE(S) of the root module."""
    return declared_names(tla_text, "VARIABLE")


def model_constants(tla_text):
    """The CONSTANT(S) of the root module (with an arity for operator constants)."""
    return set(declared_names(tla_text, "CONSTANT"))


_STRIPPED = {}  # model text -> (its text without comments, {action: match})


def action_params(tla_text, name):
    text, found = _STRIPPED.setdefault(tla_text, (strip_comments(tla_text), {}))
    if name not in found:
        found[name] = re.search(r"^\s*" + re.escape(name) + r"\s*(\(([^)]*)\))?\s*==", text, flags=re.M)
    m = found[name]
    if not m:
        return None
    if not m.group(2):
        return []
    return [p.strip() for p in m.group(2).split(",") if p.strip()]


CFG_KEYWORDS = re.compile(
    r"^(CONSTANTS?|INIT|NEXT|SPECIFICATION|INVARIANTS?|PROPERTY|PROPERTIES|CONSTRAINTS?|"
    r"ACTION_CONSTRAINTS?|SYMMETRY|VIEW|ALIAS|POSTCONDITION|CHECK_DEADLOCK)\b"
)


def read_cfg(text):
    """(constants as ordered (name, op, value) list, other sections as (keyword, rest) lines)."""
    constants, others, section = [], [], None
    for raw in strip_comments(text).splitlines():
        line = raw.strip()
        if not line:
            continue
        m = CFG_KEYWORDS.match(line)
        if m:
            section = m.group(1)
            line = line[m.end():].strip()
            if not section.startswith("CONSTANT"):
                others.append((section, line))
                continue
            if not line:
                continue
        if section and section.startswith("CONSTANT"):
            c = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*(=|<-)\s*(.*)$", line)
            if c:
                constants.append([c.group(1), c.group(2), c.group(3).strip()])
        elif section:
            others.append((section, line))
    return constants, others


def write_cfg(constants, others, overrides, drop=(), declared=None):
    """The configuration with `overrides`; one the config lacks is added only when the model
    declares it (`declared`, None: always)."""
    out = []
    seen = set()
    for name, op, value in constants:
        if name in overrides:
            op, value = "=", overrides[name]
        seen.add(name)
        out.append(f"CONSTANT {name} {op} {value}")
    for name, value in overrides.items():
        if name not in seen and (declared is None or name in declared):
            out.append(f"CONSTANT {name} = {value}")
    for section, rest in others:
        if section in drop:
            continue
        out.append(f"{section} {rest}".strip())
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- PGo logs

def read_pgo(folder):
    """{process: [committed record, ...]} with each record's own clock value."""
    procs = {}
    for log in sorted(Path(folder).glob("*.log")):
        for line in log.read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            key = f'{rec["archetypeName"]}({rec["self"]})'
            clock = {f"{a}({s})": n for (a, s), n in rec["clock"]}
            rec["_clock"] = clock
            rec["_own"] = clock[key]
            if rec.get("isAbort"):
                continue
            procs.setdefault(key, []).append(rec)
    for recs in procs.values():
        recs.sort(key=lambda r: r["_own"])
    return procs


def trace_strings(procs):
    strs = set()
    for recs in procs.values():
        for rec in recs:
            for e in rec["csElements"]:
                if e["name"]["name"] == ".pc":
                    continue
                for k in ("value", "oldValue"):
                    if k in e:
                        strs.update(re.findall(r'"((?:[^"\\]|\\.)*)"', e[k]))
    return "{" + ", ".join(json.dumps(s) for s in sorted(strs)) + "}"


def log_variables(procs):
    """Every variable the logs name, as `prefix.name` (or `.pc`)."""
    names = set()
    for recs in procs.values():
        for rec in recs:
            for e in rec["csElements"]:
                prefix, name = e["name"].get("prefix", ""), e["name"]["name"]
                names.add(f"{prefix}.{name}" if prefix and name != ".pc" else name)
    return names


def generated_mapping(conf_map, procs):
    """The system's map onto generated models for these logs: every label names no action,
    the `observe` variables are observed, every other variable of the logs is not."""
    observe = conf_map["observe"]
    variables = {}
    for key in sorted(log_variables(procs)):
        name = key.rsplit(".", 1)[-1] if key != ".pc" else key
        variables[key] = observe.get(name) if name in observe else None
    return {"labels": None, "variables": variables}


def label_of(rec):
    for e in rec["csElements"]:
        if e["name"]["name"] == ".pc" and e["tag"] == "read":
            return json.loads(e["value"])
    return None


def without_archetype(label):
    return label.split(".", 1)[1] if "." in label else label


# ---------------------------------------------------------------- the TLC trace spec

class Unsupported(Exception):
    pass


def variable_of(mapping, prefix, name):
    variables = mapping.get("variables", {})
    for key in (f"{prefix}.{name}" if prefix else name, name):
        if key in variables:
            return True, variables[key]
    return False, None


def record_step(rec, mapping, tla_text, variables, model_next):
    """The TLA+ formula for one record: its action, its reads and its writes."""
    self_text = rec["self"]
    label = label_of(rec)
    if label is None:
        raise Unsupported("a record without a .pc read")
    actions = mapping.get("actions", {})
    if mapping.get("labels", "default") is None:
        action = None
    elif label in actions:
        action = actions[label]
    else:
        action = without_archetype(label)
    if action is None:
        step = f"({model_next} \\/ UNCHANGED <<{', '.join(variables)}>>)"
    else:
        params = action_params(tla_text, action)
        if params is None:
            raise Unsupported(f"no action {action}")
        if not params:
            step = action
        elif len(params) == 1:
            step = f"{action}({self_text})"
        elif "self" in params:
            raise Unsupported(f"{action} has parameters beside self")
        else:
            raise Unsupported(f"{action} has several parameters, none self")
    conj = [step]
    deltas = {}  # observable -> [(path, kind, value)]
    for e in rec["csElements"]:
        name, prefix = e["name"]["name"], e["name"].get("prefix", "")
        found, spec = variable_of(mapping, prefix, name)
        if found and spec is None:
            continue
        spec = spec or {}
        observable = spec.get("as") or ("pc" if name == ".pc" else name)
        if observable not in variables:
            raise Unsupported(f"no variable {observable}")
        value = e["value"]
        if name == ".pc":
            value = json.dumps(without_archetype(json.loads(value)))
        if not e["indices"]:
            path = [] if spec.get("global") else [self_text]
        else:
            path = list(e["indices"])
        path += [json.dumps(k) if isinstance(k, str) else str(k) for k in spec.get("at", [])]
        channel = spec.get("channel")
        if e["tag"] == "write":
            kind = {None: "update", "bag": "bag_add", "fifo": "append"}[channel]
        elif channel:
            kind = {"bag": "bag_remove", "fifo": "remove_head"}[channel]
        else:
            kind = None
        if kind:
            deltas.setdefault(observable, []).append((path, kind, value))
            continue
        written = any(
            p[: len(path)] == path or path[: len(p)] == p for p, _, _ in deltas.get(observable, [])
        )
        if not written:
            conj.append(f"{observable}{index(path)} = ({value})")
    for observable, ds in deltas.items():
        lets, checks = [], []
        cur = observable
        for i, (path, kind, value) in enumerate(ds):
            nxt = f"__{observable}_{i}"
            if kind == "update":
                new = f"({value})"
            elif kind == "bag_add":
                new = f"@ (+) SetToBag({{({value})}})"
            elif kind == "bag_remove":
                new = f"@ (-) SetToBag({{({value})}})"
            elif kind == "append":
                new = f"Append(@, ({value}))"
            else:
                checks.append(f"{cur}{index(path)} # <<>>")
                checks.append(f"Head({cur}{index(path)}) = ({value})")
                new = "Tail(@)"
            if not path:
                if kind != "update":
                    new = new.replace("@", cur)
                lets.append(f"{nxt} == {new}")
            else:
                lets.append(f"{nxt} == [{cur} EXCEPT !{index(path)} = {new}]")
            cur = nxt
        body = " /\\ ".join(checks + [f"{observable}' = {cur}"])
        conj.append(f"LET {' '.join(lets)} IN {body}" if lets else body)
    return conj


def index(path):
    return "".join(f"[{p}]" for p in path)


def trace_spec(model_name, tla_text, procs, mapping, variables, model_next):
    keys = sorted(procs)
    ids = {k: i + 1 for i, k in enumerate(keys)}
    lines = [
        f"---- MODULE {model_name}_tv ----",
        f"EXTENDS {model_name}, Bags, Sequences, Naturals, TLC",
        "VARIABLE __done",
        "__Init == /\\ Init /\\ __done = [__p \\in 1.." + str(len(keys)) + " |-> 0]",
        "__NotDone == ~(__done = <<" + ", ".join(str(len(procs[k])) for k in keys) + ">>)",
    ]
    disjuncts = []
    owns = {k: [r["_own"] for r in procs[k]] for k in keys}
    for k in keys:
        p = ids[k]
        recs = procs[k]
        for i, rec in enumerate(recs):
            guards = [f"__done[{p}] = {i}"]
            for q, n in rec["_clock"].items():
                if q == k or q not in procs:
                    continue
                need = bisect.bisect_right(owns[q], n)
                if need:
                    guards.append(f"__done[{ids[q]}] >= {need}")
            conj = record_step(rec, mapping, tla_text, variables, model_next)
            name = f"__R{p}_{i + 1}"
            lines.append(f"\\* {k} record {i + 1} ({label_of(rec)})")
            lines.append(
                f"{name} == /\\ "
                + " /\\ ".join(guards + conj)
                + f" /\\ __done' = [__done EXCEPT ![{p}] = {i + 1}]"
            )
            disjuncts.append(name)
    # a bulleted disjunction list (one n-ary junction: no deep nesting for TLC to recurse on)
    lines.append("__Next ==" + ("".join(f"\n  \\/ {d}" for d in disjuncts) if disjuncts else " FALSE"))
    lines.append("====")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- running

def run(cmd, cwd, timeout, env=None):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)
    try:
        out, _ = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        timed_out = True
    wall = time.perf_counter() - start
    return out, proc.returncode, wall, timed_out


def cpu_of(before):
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def run_tlafid(args, model, cfg, trace, map_path, self_binding, work):
    cmd = [args.tlafid, "trace", str(model), "--config", str(cfg), "--trace-format", "pgo",
           "--trace-map", str(map_path), "--format", "json", "--max-seconds", str(args.timeout),
           "--max-candidates", str(args.max_candidates), str(trace)]
    if self_binding:
        cmd.insert(-1, "--self-binding")
    before = os.times()
    out, code, wall, timed_out = run(cmd, work, args.timeout + 30)
    cpu = cpu_of(before)
    verdict = "error"
    try:
        report = json.loads(out[out.index("{"):])
        traces = report.get("traces") or []
        verdict = traces[0].get("verdict", report.get("outcome")) if traces else report.get("outcome")
    except (ValueError, KeyError, IndexError, AttributeError):
        verdict = f"error (exit {code})"
    if timed_out:
        verdict = "incomplete"
    return verdict, wall, cpu


def tlc_env(args):
    """TLC in depth-first order, as PGo's `tlc --dfs` runs it (StateDeque), unless --tlc-bfs."""
    env = dict(os.environ)
    opts = ["-Xss64m"]
    if not args.tlc_bfs:
        opts.append("-Dtlc2.tool.queue.IStateQueue=StateDeque")
    env["JAVA_TOOL_OPTIONS"] = " ".join(opts)
    return env


def run_tlc(args, model, cfg_text, trace_dir, procs, mapping, work):
    tla_text = model.read_text()
    variables = model_variables(tla_text)
    name = model.stem
    try:
        spec = trace_spec(name, tla_text, procs, mapping, variables, "Next")
    except Unsupported as e:
        return f"not reproduced: {e}", None, None
    tv = work / "tlc"
    if tv.exists():
        shutil.rmtree(tv)
    tv.mkdir()
    for f in model.parent.glob("*.tla"):
        shutil.copy(f, tv / f.name)
    (tv / f"{name}_tv.tla").write_text(spec)
    constants, _ = read_cfg(cfg_text)
    cfg = write_cfg(constants, [("INIT", "__Init"), ("NEXT", "__Next"), ("INVARIANT", "__NotDone")], {})
    (tv / f"{name}_tv.cfg").write_text(cfg)
    cmd = [args.tlc, "-deadlock", "-workers", "1", "-cleanup", "-metadir", str(tv / "states"),
           "-config", f"{name}_tv.cfg", f"{name}_tv.tla"]
    out, code, wall, cpu, timed_out = tlc_process(args, cmd, tv)
    if args.keep:
        keep = Path(args.keep) / f"{model.parent.name}_{name}_{trace_dir.name}"
        shutil.rmtree(keep, ignore_errors=True)
        shutil.copytree(tv, keep, ignore=shutil.ignore_patterns("states"))
        (keep / "tlc.out").write_text(out)
    if timed_out:
        return "incomplete", wall, cpu
    if "Invariant __NotDone is violated" in out:
        return "admitted", wall, cpu
    if "No error has been found" in out:
        return "missed_code_behavior", wall, cpu
    return tlc_error(out, code), wall, cpu


def tlc_process(args, cmd, cwd):
    """TLC's output, exit status, wall and CPU seconds, and whether it timed out."""
    before = os.times()
    out, code, wall, timed_out = run(cmd, cwd, args.timeout, tlc_env(args))
    return out, code, wall, cpu_of(before), timed_out


def tlc_error(out, code):
    """A TLC run that gave no verdict: its first error line."""
    first = next((l for l in out.splitlines() if "rror" in l), f"exit {code}")
    return f"error: {first.strip()[:80]}"


def run_pgo_validate(args, system, model, trace, work):
    """PGo's own validation spec shipped in `trace` (if any), with `model` as the spec."""
    validate = trace / f"{system}Validate.tla"
    if not validate.exists():
        return None
    pv = work / "pgo"
    if pv.exists():
        shutil.rmtree(pv)
    shutil.copytree(trace, pv)
    shutil.copy(model, pv / f"{system}.tla")
    cmd = [args.tlc, "-workers", "1", "-cleanup", "-metadir", str(pv / "states"),
           "-config", f"{system}Validate.cfg", f"{system}Validate.tla"]
    out, code, wall, cpu, timed_out = tlc_process(args, cmd, pv)
    if timed_out:
        return "incomplete", wall, cpu
    if "No error has been found" in out:
        return "admitted", wall, cpu
    if "is violated" in out:
        return "missed_code_behavior", wall, cpu
    return tlc_error(out, code), wall, cpu


def models_of(root, system, which):
    base = root / "tla_eval/core/trace_generation" / system
    found = []
    if "reference" in which and (base / f"{system}.tla").exists():
        found.append(("reference", base / f"{system}.tla", base / f"{system}.cfg", "reference"))
    if "badspecs" in which:
        for f in sorted((base / "badspecs").glob("*.tla")):
            found.append((f"badspec {f.stem}", f, base / f"{system}.cfg", "badspec"))
    if "generated" in which:
        for f in sorted((root / "data/spec" / system).glob(f"**/{system}.tla")):
            label = "/".join(f.parent.relative_to(root / "data/spec" / system).parts)
            found.append((f"generated {label}", f, f.with_suffix(".cfg"), "generated"))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sysmobench", required=True, type=Path)
    ap.add_argument("--tlafid", required=True)
    ap.add_argument("--tlc")
    ap.add_argument("--systems", default="locksvc,dqueue,raftkvs")
    ap.add_argument("--models", default="reference,badspecs,generated")
    ap.add_argument("--traces", type=int, default=0, help="at most this many traces per system (0: all)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per check, per tool")
    ap.add_argument("--max-candidates", type=int, default=100000)
    ap.add_argument("--no-tlc", action="store_true")
    ap.add_argument("--only", help="only models whose label contains this text")
    ap.add_argument("--trace", action="append", help="only this trace folder name (may be repeated)")
    ap.add_argument("--pgo-validate", action="store_true")
    ap.add_argument("--tlc-bfs", action="store_true", help="TLC breadth-first (default: depth-first, as PGo)")
    ap.add_argument("--keep", help="keep each generated TLC trace spec and TLC's output in this folder")
    args = ap.parse_args()
    root = args.sysmobench
    rows = []
    pgo_rows = []
    with tempfile.TemporaryDirectory(prefix="sysmo-sbs-") as tmp:
        work = Path(tmp)
        for system in args.systems.split(","):
            conf = SYSTEMS[system]
            tdir = root / "tla_eval/core/trace_generation" / system / "traces_found"
            if not tdir.is_dir():
                print(f"skipped {system}: no {tdir}", file=sys.stderr)
                continue
            traces = sorted(p for p in tdir.iterdir() if p.is_dir())
            if args.trace:
                traces = [t for t in traces if t.name in args.trace]
            if args.traces:
                traces = traces[: args.traces]
            runs = []
            for label, model, cfg_path, kind in models_of(root, system, args.models.split(",")):
                if args.only and args.only not in label:
                    continue
                if not cfg_path.exists():
                    print(f"skipped {system} {label}: no {cfg_path}", file=sys.stderr)
                    continue
                if kind == "generated":
                    mapping = conf["generated_map"]
                    if mapping is None:
                        runs.append((label, model, cfg_path, kind, None, False, False))
                        continue
                    # the same check as TLC's, then tlafid's pruning assumption (TLC has none)
                    runs.append((label, model, cfg_path, kind, mapping, False, True))
                    if conf["self_binding"]:
                        runs.append((label, model, cfg_path, kind, mapping, True, False))
                else:
                    mapping = conf["badspec_maps"].get(model.stem, conf["map"])
                    runs.append((label, model, cfg_path, kind, mapping, False, True))
            for label, model, cfg_path, kind, mapping, self_binding, with_tlc in runs:
                if mapping is None:
                    rows.append((system, label, len(traces), "not run: no per-system mapping onto generated models", "", "", "", "", ""))
                    continue
                tallies = {"tlafid": {}, "tlc": {}}
                times = {"tlafid": [0.0, 0.0], "tlc": [0.0, 0.0]}
                disagree = []
                for trace in traces:
                    procs = read_pgo(trace)
                    trace_map = generated_mapping(mapping, procs) if "observe" in mapping else mapping
                    overrides = dict(conf["overrides"])
                    if conf.get("all_strings"):
                        overrides[conf["all_strings"]] = trace_strings(procs)
                    constants, others = read_cfg(cfg_path.read_text())
                    drop = ("CONSTRAINT", "CONSTRAINTS") if conf.get("drop_constraint") else ()
                    cfg_text = write_cfg(constants, others, overrides, drop,
                                         model_constants(model.read_text()))
                    cfg = work / f"{model.stem}.cfg"
                    cfg.write_text(cfg_text)
                    tlafid_map = dict(trace_map)
                    if tlafid_map.get("labels", "default") is None:
                        labels = {label_of(r) for rs in procs.values() for r in rs}
                        tlafid_map = {"actions": {l: None for l in sorted(labels)},
                                      "variables": trace_map["variables"]}
                    map_path = work / "map.json"
                    map_path.write_text(json.dumps(tlafid_map))
                    v1, w1, c1 = run_tlafid(args, model, cfg, trace, map_path, self_binding, work)
                    tallies["tlafid"][v1] = tallies["tlafid"].get(v1, 0) + 1
                    times["tlafid"][0] += w1
                    times["tlafid"][1] += c1
                    if with_tlc and args.tlc and not args.no_tlc:
                        v2, w2, c2 = run_tlc(args, model, cfg_text, trace, procs, trace_map, work)
                        tallies["tlc"][v2] = tallies["tlc"].get(v2, 0) + 1
                        if w2 is not None:
                            times["tlc"][0] += w2
                            times["tlc"][1] += c2
                        if v1 != v2:
                            disagree.append(f"{trace.name}: tlafid {v1}, TLC {v2}")
                    if args.pgo_validate and args.tlc and kind == "reference":
                        pv = run_pgo_validate(args, system, model, trace, work)
                        if pv:
                            pgo_rows.append((system, f"{label}, PGo's own {system}Validate.tla (TLC)", 1,
                                             "-", "-", "-", fmt({pv[0]: 1}), f"{pv[1]:.1f}", f"{pv[2]:.1f}"))
                    print(f"{system} {label} {trace.name}: tlafid {v1} ({w1:.2f}s)"
                          + (f", TLC {v2} ({w2 or 0:.2f}s)" if with_tlc and args.tlc and not args.no_tlc else ""),
                          file=sys.stderr, flush=True)
                rows.append((
                    system, label + (" (--self-binding)" if self_binding else ""), len(traces),
                    fmt(tallies["tlafid"]), f"{times['tlafid'][0]:.1f}", f"{times['tlafid'][1]:.1f}",
                    fmt(tallies["tlc"]) if tallies["tlc"] else "-",
                    f"{times['tlc'][0]:.1f}" if tallies["tlc"] else "-",
                    f"{times['tlc'][1]:.1f}" if tallies["tlc"] else "-",
                ))
                for d in disagree:
                    print(f"  disagreement {system} {label} {d}", file=sys.stderr)
    print("| system | model | traces | tlafid verdicts | tlafid wall s | tlafid CPU s | TLC verdicts | TLC wall s | TLC CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows + pgo_rows:
        print("| " + " | ".join(str(c) for c in row) + " |")


def fmt(tally):
    short = {"admitted": "admitted", "missed_code_behavior": "rejected", "incomplete": "incomplete"}
    return ", ".join(f"{n} {short.get(v, v)}" for v, n in sorted(tally.items(), key=lambda x: -x[1]))


if __name__ == "__main__":
    main()
