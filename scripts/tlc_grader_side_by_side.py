#!/usr/bin/env python3
"""Runs SysMoBench's TLC-driven grader code, unchanged, against TLC and against `tlafid tlc`.

SysMoBench (github.com/specula-org/SysMoBench) grades a model with three TLC runs: the
runtime check (`TLCRunner.run_model_checking`: `-config C -deadlock M`, exit code classified by
its error-statistics manager), the coverage phase (`CoverageEvaluator._run_tlc_with_coverage`:
`-tool -coverage 1 -deadlock`, message codes 2201/2202/2772/2773/2221 parsed) and the runtime
coverage phase (`RuntimeCoverageEvaluator._run_single_simulation`: `-tool -coverage 1
-simulate num=K -depth D -seed S -deadlock`). This script imports those classes from a
SysMoBench checkout and calls them twice per model: once with the real `java` and a
tla2tools.jar, once with scripts/tlc-shim first on PATH (so `java ... tlc2.TLC` runs
`tlafid tlc`). Nothing of SysMoBench is copied; it prints what each grader concluded.

usage: tlc_grader_side_by_side.py SYSMOBENCH TLA2TOOLS_JAR TLAFID MODEL.tla[:CONFIG.cfg]...
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def graders(sysmobench):
    sys.path.insert(0, str(sysmobench))
    import logging

    logging.disable(logging.CRITICAL)
    from tla_eval.evaluation.semantics import runtime_check, coverage_evaluator
    from tla_eval.evaluation.semantics import runtime_coverage_evaluator
    from tla_eval.core.verification import error_statistics_manager

    return runtime_check, coverage_evaluator, runtime_coverage_evaluator, error_statistics_manager


def with_path(shim, fn):
    """Calls fn with scripts/tlc-shim first on PATH when `shim`."""
    old = os.environ["PATH"]
    if shim:
        os.environ["PATH"] = f"{HERE / 'tlc-shim'}:{old}"
    try:
        return fn()
    finally:
        os.environ["PATH"] = old


def grade(mods, jar, model, config, shim):
    runtime_check, coverage_evaluator, runtime_cov, stats = mods
    work = Path(tempfile.mkdtemp(prefix="grader-"))
    spec = work / model.name
    cfg = work / (model.stem + ".cfg")
    shutil.copy(model, spec)
    shutil.copy(config, cfg)
    out = {}

    runner = runtime_check.TLCRunner(timeout=300)
    runner.tla_tools_path = jar
    ok, output, code = with_path(shim, lambda: runner.run_model_checking(str(spec), str(cfg)))
    info = stats.classify_and_record_tlc_result(code, output, "", context="runtime")
    violations, deadlock, states = runner.parse_tlc_output(output)
    out["runtime check"] = (
        f"success={ok} exit={code} class={info.category.value} "
        f"violations={len(violations)} deadlock={deadlock} states={states}"
    )

    cov = coverage_evaluator.CoverageEvaluator(tlc_timeout=300)
    cov.tlc_runner.tla_tools_path = jar
    data = with_path(shim, lambda: cov._run_tlc_with_coverage(str(spec), str(cfg), work))
    out["coverage: actions"] = " ".join(
        f"{name}={e}:{n}" for name, (e, n) in sorted(data.action_coverage.items())
    ) + f" init={sorted(data.init_coverage.items())}"
    out["coverage: summary"] = (
        f"total_actions={data.total_actions} successful_actions={data.successful_actions} "
        f"expressions={data.total_expressions} evaluations={data.total_evaluations}"
    )
    out["coverage: variables"] = " ".join(
        f"{name}={count}" for name, count in sorted(data.variable_coverage.items())
    )

    rc = runtime_cov.RuntimeCoverageEvaluator(
        num_simulations=3, simulation_depth=50, traces_per_simulation=50, tlc_timeout=120
    )
    rc.tla_tools_path = jar
    agg = runtime_cov.RuntimeCoverageData()
    for run_id, seed in enumerate([11, 22, 33], 1):
        run = with_path(shim, lambda: rc._run_single_simulation(spec, cfg, work, run_id, seed))
        rc._aggregate_coverage(agg, run)
        if run.error_info:
            rc._process_error(agg, run)
    score = agg.calculate_runtime_coverage()
    out["runtime coverage"] = (
        f"score={score:.2f} all={sorted(agg.all_actions)} covered={sorted(agg.covered_actions)} "
        f"error={sorted(agg.error_actions)}"
    )
    shutil.rmtree(work)
    return out


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    sysmobench, jar, tlafid = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    os.environ["TLAFID"] = tlafid
    mods = graders(sysmobench)
    for arg in sys.argv[4:]:
        model, _, config = arg.partition(":")
        model = Path(model)
        config = Path(config) if config else model.with_suffix(".cfg")
        tlc = grade(mods, jar, model, config, shim=False)
        ours = grade(mods, jar, model, config, shim=True)
        print(f"== {model}")
        for key in tlc:
            same = "same" if tlc[key] == ours[key] else "DIFFERS"
            print(f"  {key} [{same}]\n    TLC:    {tlc[key]}\n    tlafid: {ours[key]}")


if __name__ == "__main__":
    main()
