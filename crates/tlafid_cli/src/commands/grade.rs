//! `tlafid grade`: a benchmark grader's scorecard for one model, in SysMoBench's phases:
//! syntax (it parses, resolves and binds), runtime (random behaviours run without error),
//! conformance (recorded traces are admitted) and invariants (each reviewed requirement
//! holds). Deterministic and LLM-free: the same model and inputs give the same scorecard.

use std::path::PathBuf;

use serde_json::{json, Value as Json};
use tlafid_base::{Diagnostic, SourceMap};

use crate::commands::check::{self, CheckArgs};
use crate::commands::requirements::ModelFiles;
use crate::commands::simulate;
use crate::commands::trace::{self, TraceArgs};
use crate::exit::ExitStatus;
use crate::inputs::InputArgs;
use crate::render::{self, Format};

/// Arguments of `tlafid grade`.
#[derive(clap::Args)]
pub struct GradeArgs {
    /// The model's root module.
    pub file: PathBuf,
    /// The configuration (default: the `.cfg` file beside the model with the same name).
    #[arg(long, value_name = "C.cfg")]
    pub config: Option<PathBuf>,
    /// A folder to search for modules (after the spec's own folder); may be repeated.
    #[arg(long = "lib", value_name = "DIR")]
    pub libs: Vec<PathBuf>,
    /// Recorded traces for the conformance phase (files, folders or globs); may be repeated.
    #[arg(long = "traces", value_name = "TRACE")]
    pub traces: Vec<String>,
    /// The configuration for trace validation (default: --config).
    #[arg(long, value_name = "C.cfg")]
    pub trace_config: Option<PathBuf>,
    /// Reviewed requirements for the invariants phase (`R.cfg` beside it lists them).
    #[arg(long, value_name = "R.tla")]
    pub requirements: Option<PathBuf>,
    /// An observation module that EXTENDS the model and defines the observables the model
    /// lacks (for traces and requirements).
    #[arg(long, value_name = "Obs.tla")]
    pub observe: Option<PathBuf>,
    /// Runtime phase: behaviours to simulate.
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub behaviours: u64,
    /// Runtime phase: the most steps in one behaviour.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub depth: u32,
    /// Runtime phase: the seed of the random choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Invariants phase: stop each exploration (incomplete) after this many distinct states.
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Runtime and invariants phases: stop each run (incomplete) after this many seconds.
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// What the spec may read: `--allow-read`, `--env`.
    #[command(flatten)]
    pub inputs: InputArgs,
}

/// How a phase ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Pass,
    Fail,
    Incomplete,
    Skipped,
}

impl Verdict {
    fn name(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Incomplete => "incomplete",
            Verdict::Skipped => "skipped",
        }
    }
}

/// One phase of the scorecard.
struct Phase {
    name: &'static str,
    verdict: Verdict,
    /// One line for people.
    summary: String,
    /// The phase's figures for machines.
    details: Json,
}

/// Runs `tlafid grade`.
pub fn run(args: &GradeArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let syntax = syntax(args, &mut sources, &mut diagnostics);
    let later = |name| Phase {
        name,
        verdict: Verdict::Skipped,
        summary: "not run: the model does not load".into(),
        details: Json::Null,
    };
    let phases = if syntax.verdict == Verdict::Pass {
        vec![syntax, runtime(args), conformance(args), invariants(args)]
    } else {
        vec![
            syntax,
            later("runtime"),
            later("conformance"),
            later("invariants"),
        ]
    };
    print(args, &sources, &diagnostics, &phases);
    status_of(&phases)
}

/// 0 when every phase that ran passed; 3 when none failed but one is incomplete; 5 when
/// one failed.
fn status_of(phases: &[Phase]) -> ExitStatus {
    if phases.iter().any(|p| p.verdict == Verdict::Fail) {
        ExitStatus::PhaseFailed
    } else if phases.iter().any(|p| p.verdict == Verdict::Incomplete) {
        ExitStatus::Incomplete
    } else {
        ExitStatus::Success
    }
}

fn check_args(args: &GradeArgs) -> CheckArgs {
    CheckArgs {
        file: args.file.clone(),
        config: args.config.clone(),
        libs: args.libs.clone(),
        workers: args.workers,
        format: Format::Json,
        max_states: args.max_states,
        max_depth: None,
        max_seconds: args.max_seconds,
        no_deadlock: false,
        dump_trace: None,
        requirements: None,
        observe: None,
        skip_requirements: Vec::new(),
        run_only: false,
        simulate: false,
        depth: args.depth,
        num: args.behaviours,
        seed: args.seed,
        inputs: args.inputs.clone(),
    }
}

/// Syntax: the model parses and resolves, its configuration binds, its `ASSUME`s hold, and
/// it names a behaviour.
fn syntax(args: &GradeArgs, sources: &mut SourceMap, diagnostics: &mut Vec<Diagnostic>) -> Phase {
    let loaded = check::with_model(&check_args(args), sources, diagnostics, |_, _, _| ());
    let (verdict, summary) = match loaded {
        Ok(()) => (Verdict::Pass, "parses, resolves and binds".to_string()),
        Err(finish) => (
            Verdict::Fail,
            format!("{} (see the diagnostics)", finish.gist().outcome),
        ),
    };
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    Phase {
        name: "syntax",
        verdict,
        summary,
        details: json!({ "errors": errors }),
    }
}

/// Runtime: random behaviours run without an evaluation error, a failed `Assert` or (where
/// the configuration checks it) a deadlock. The model's own invariants and properties are not
/// the grader's business: reviewed requirements are (the invariants phase).
fn runtime(args: &GradeArgs) -> Phase {
    let check_args = CheckArgs {
        simulate: true,
        run_only: true,
        ..check_args(args)
    };
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let simulated = check::with_model(
        &check_args,
        &mut sources,
        &mut diagnostics,
        |model, src, diags| simulate::simulate(&check_args, src, &model, diags),
    );
    let (verdict, outcome, summary, behaviours) = match simulated {
        Ok(Ok(s)) => {
            let (kind, message, behaviours) = s.gist();
            (verdict_of(kind), kind, message.to_string(), behaviours)
        }
        Ok(Err(problem)) => (Verdict::Fail, "system_error", problem.message, 0),
        Err(finish) => {
            let gist = finish.gist();
            (
                verdict_of(gist.outcome),
                gist.outcome,
                gist.outcome.to_string(),
                0,
            )
        }
    };
    Phase {
        name: "runtime",
        verdict,
        summary,
        details: json!({
            "outcome": outcome, "behaviours": behaviours, "depth": args.depth, "seed": args.seed,
            "diagnostics": render::json_diagnostics(&sources, &diagnostics),
        }),
    }
}

fn verdict_of(outcome: &str) -> Verdict {
    match outcome {
        "success" => Verdict::Pass,
        "incomplete" => Verdict::Incomplete,
        _ => Verdict::Fail,
    }
}

/// Conformance: every recorded trace is admitted (and violates no configured invariant).
fn conformance(args: &GradeArgs) -> Phase {
    if args.traces.is_empty() {
        return skipped("conformance", "no --traces given");
    }
    let trace_args = TraceArgs {
        file: args.file.clone(),
        traces: args.traces.clone(),
        config: args.trace_config.clone().or_else(|| args.config.clone()),
        libs: args.libs.clone(),
        format: Format::Json,
        observe: args.observe.clone(),
        requirements: None,
        trace_format: None,
        windows: false,
        max_states: 100_000,
        silent: Vec::new(),
        max_silent: 1,
        inputs: args.inputs.clone(),
    };
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    match trace::validate(&trace_args, &mut sources, &mut diagnostics) {
        Ok(validated) => {
            let s = &validated.summary;
            let verdict = match validated.status {
                ExitStatus::Success => Verdict::Pass,
                ExitStatus::Incomplete => Verdict::Incomplete,
                _ => Verdict::Fail,
            };
            let rate = if s.total == 0 {
                0.0
            } else {
                s.admitted as f64 / s.total as f64
            };
            let missed: Vec<&str> = validated
                .reports
                .iter()
                .filter(|r| !matches!(r.verdict, tlafid_trace::Verdict::Admitted))
                .map(|r| r.name.as_str())
                .collect();
            Phase {
                name: "conformance",
                verdict,
                summary: format!(
                    "admitted {} of {} trace(s){}",
                    s.admitted,
                    s.total,
                    if s.violating > 0 {
                        format!("; {} violate a configured invariant", s.violating)
                    } else {
                        String::new()
                    }
                ),
                details: json!({
                    "admitted": s.admitted, "total": s.total, "pass_rate": rate,
                    "violating": s.violating, "not_admitted": missed,
                }),
            }
        }
        Err(_) => Phase {
            name: "conformance",
            verdict: Verdict::Fail,
            summary: "the traces could not be validated (see the diagnostics)".into(),
            details: json!({ "diagnostics": render::json_diagnostics(&sources, &diagnostics) }),
        },
    }
}

/// Invariants: each reviewed requirement, checked by exhaustive exploration. After a
/// violation, the others are checked again without it, so each gets its own verdict.
fn invariants(args: &GradeArgs) -> Phase {
    let Some(file) = &args.requirements else {
        return skipped("invariants", "no --requirements given");
    };
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let files = ModelFiles {
        model: &args.file,
        config: args.config.as_deref(),
        observe: args.observe.as_deref(),
        libs: &args.libs,
        skip: &[],
    };
    let loaded = files.load(Some(file), &mut sources, &mut diagnostics);
    let names: Vec<String> = match loaded.map(|l| l.requirements) {
        Ok(Some(r)) => r
            .invariants
            .iter()
            .chain(&r.properties)
            .map(|n| n.name.to_string())
            .collect(),
        Ok(None) | Err(_) => {
            return Phase {
                name: "invariants",
                verdict: Verdict::Fail,
                summary: "the requirements could not be bound to the model (see the diagnostics)"
                    .into(),
                details: json!({ "diagnostics": render::json_diagnostics(&sources, &diagnostics) }),
            }
        }
    };
    let mut results = requirement_verdicts(args, file, &names);
    results.sort_by_key(|(name, ..)| names.iter().position(|n| n == name));
    let holds = results.iter().filter(|(_, v, _)| *v == "holds").count();
    let verdict = if results
        .iter()
        .any(|(_, v, _)| *v == "violated" || *v == "error")
    {
        Verdict::Fail
    } else if results.iter().any(|(_, v, _)| *v == "incomplete") {
        Verdict::Incomplete
    } else {
        Verdict::Pass
    };
    Phase {
        name: "invariants",
        verdict,
        summary: format!("{holds} of {} requirement(s) hold", names.len()),
        details: json!({
            "holds": holds, "total": names.len(),
            "requirements": results.iter().map(|(name, verdict, more)| {
                let mut entry = json!({ "name": name, "verdict": verdict });
                if let (Some(entry), Json::Object(more)) = (entry.as_object_mut(), more) {
                    entry.extend(more.clone());
                }
                entry
            }).collect::<Vec<_>>(),
        }),
    }
}

/// Each requirement's verdict (`holds`, `violated`, `incomplete`, `error`) with its figures,
/// from explorations that leave out the requirements already found violated.
fn requirement_verdicts(
    args: &GradeArgs,
    file: &std::path::Path,
    names: &[String],
) -> Vec<(String, &'static str, Json)> {
    let mut results: Vec<(String, &'static str, Json)> = Vec::new();
    let mut violated: Vec<String> = Vec::new();
    loop {
        let check_args = CheckArgs {
            requirements: Some(file.to_path_buf()),
            observe: args.observe.clone(),
            skip_requirements: violated.clone(),
            ..check_args(args)
        };
        let mut sources = SourceMap::new();
        let mut diagnostics = Vec::new();
        let finish = check::with_model(
            &check_args,
            &mut sources,
            &mut diagnostics,
            |model, src, diags| check::explore(&check_args, src, model, diags),
        )
        .unwrap_or_else(|failed| failed);
        let gist = finish.gist();
        let remaining = names.iter().filter(|n| !violated.contains(n));
        match (gist.outcome, gist.violated) {
            ("invariant_violation" | "safety_violation" | "liveness_violation", Some(name))
                if names.iter().any(|n| n == name) && !violated.iter().any(|v| v == name) =>
            {
                results.push((
                    name.to_string(),
                    "violated",
                    json!({ "counterexample_states": gist.trace_states, "label": "illegal_model_behavior" }),
                ));
                violated.push(name.to_string());
                if violated.len() == names.len() {
                    break;
                }
            }
            (outcome, _) => {
                let verdict = match outcome {
                    "success" => "holds",
                    "incomplete" => "incomplete",
                    _ => "error",
                };
                let more = json!({
                    "distinct_states": gist.distinct_states, "outcome": outcome, "message": gist.message,
                });
                for name in remaining {
                    results.push((name.clone(), verdict, more.clone()));
                }
                break;
            }
        }
    }
    results
}

fn skipped(name: &'static str, why: &str) -> Phase {
    Phase {
        name,
        verdict: Verdict::Skipped,
        summary: why.to_string(),
        details: Json::Null,
    }
}

fn print(args: &GradeArgs, sources: &SourceMap, diagnostics: &[Diagnostic], phases: &[Phase]) {
    match args.format {
        Format::Json => render::print_json(&json!({
            "schema_version": 1,
            "command": "grade",
            "spec": args.file.display().to_string(),
            "phases": phases.iter().map(|p| json!({
                "phase": p.name, "verdict": p.verdict.name(), "summary": p.summary, "details": p.details,
            })).collect::<Vec<_>>(),
            "diagnostics": render::json_diagnostics(sources, diagnostics),
        })),
        Format::Human => {
            render::print_human(sources, diagnostics);
            for phase in phases {
                println!(
                    "{:<12} {:<10} {}",
                    phase.name,
                    phase.verdict.name(),
                    phase.summary
                );
            }
        }
    }
}
