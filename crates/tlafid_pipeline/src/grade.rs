//! A benchmark grader's scorecard for one model, in SysMoBench's phases: syntax (it parses,
//! resolves and binds), runtime (random behaviours run without error), conformance
//! (recorded traces are admitted) and invariants (each reviewed requirement holds).
//! Deterministic and LLM-free: the same model and inputs give the same scorecard.

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::load::{self, ModelInputs};
use crate::report::grade::{PhaseDetails, RequirementEntry, RequirementVerdict as Requirement};
use crate::report::json_diagnostics;
use crate::run::{self, Explored, Mode, OutcomeKind, Run, RunOptions, SimulationOptions};
use crate::session::Session;
use crate::trace::{self, TraceOptions, TraceOutcome};

/// How to grade.
#[derive(Clone, Debug)]
pub struct GradeOptions {
    /// Recorded traces for the conformance phase (files, folders, globs).
    pub traces: Vec<String>,
    /// The configuration for trace validation (default: the model's).
    pub trace_config: Option<PathBuf>,
    /// How PGo logs map onto the model (see [`TraceOptions::trace_map`]).
    pub trace_map: Option<PathBuf>,
    /// Runtime phase: behaviours to simulate.
    pub behaviours: u64,
    /// Runtime phase: the most steps in one behaviour.
    pub depth: u32,
    /// Runtime phase: the seed of the random choices.
    pub seed: u64,
    /// Invariants phase: distinct states per exploration.
    pub max_states: Option<u64>,
    /// Runtime and invariants phases: seconds per run.
    pub max_seconds: Option<f64>,
    /// Worker threads (at least 1). Results do not depend on it.
    pub workers: usize,
    /// Whose rules the phases follow.
    pub profile: GradeProfile,
}

/// Whose rules the phases follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GradeProfile {
    /// tlafid's: the runtime phase simulates random behaviours (deadlock checked where the
    /// configuration checks it, the model's own invariants not), and a budget that runs out
    /// is incomplete.
    #[default]
    Default,
    /// SysMoBench's runtime phase: an exhaustive run as TLC's with `-deadlock` (deadlock not
    /// checked), the configuration's invariants and properties checked, stopped after
    /// [`SYSMOBENCH_SECONDS`] (or `max_seconds`, `max_states`); a run stopped by its budget
    /// with nothing found is a pass, as SysMoBench counts a TLC timeout.
    Sysmobench,
}

/// SysMoBench's TLC timeout in the runtime phase (`create_runtime_check_evaluator`).
pub const SYSMOBENCH_SECONDS: f64 = 60.0;

impl Default for GradeOptions {
    fn default() -> GradeOptions {
        GradeOptions {
            traces: Vec::new(),
            trace_config: None,
            trace_map: None,
            behaviours: 100,
            depth: 50,
            seed: 0,
            max_states: None,
            max_seconds: None,
            workers: 1,
            profile: GradeProfile::Default,
        }
    }
}

/// How a phase (or the scorecard) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PhaseVerdict {
    /// It passed.
    Pass,
    /// It failed.
    Fail,
    /// No verdict: a budget ran out.
    Incomplete,
    /// Not run (nothing to run it on, or the model does not load).
    Skipped,
}

impl PhaseVerdict {
    /// The verdict's name, as reports spell it.
    pub fn name(self) -> &'static str {
        match self {
            PhaseVerdict::Pass => "pass",
            PhaseVerdict::Fail => "fail",
            PhaseVerdict::Incomplete => "incomplete",
            PhaseVerdict::Skipped => "skipped",
        }
    }
}

/// One phase of the scorecard.
#[derive(Clone, Debug)]
pub struct Phase {
    /// `syntax`, `runtime`, `conformance` or `invariants`.
    pub name: &'static str,
    /// How it ended.
    pub verdict: PhaseVerdict,
    /// One line for people.
    pub summary: String,
    /// The phase's figures for machines.
    pub details: PhaseDetails,
}

/// The scorecard: the four phases in order.
#[derive(Clone, Debug)]
pub struct Scorecard {
    /// Syntax, runtime, conformance, invariants.
    pub phases: Vec<Phase>,
}

impl Phase {
    /// Its score, from 0 to 1, when it ran and decided: 1 for a pass, 0 for a fail, the
    /// admitted share of the traces, the share of requirements that hold.
    pub fn score(&self) -> Option<f64> {
        let share = |n: usize, of: usize| (of > 0).then(|| n as f64 / of as f64);
        match (&self.details, self.verdict) {
            (_, PhaseVerdict::Skipped | PhaseVerdict::Incomplete) => None,
            (
                PhaseDetails::Conformance {
                    admitted, total, ..
                },
                _,
            ) => share(*admitted, *total),
            (PhaseDetails::Invariants { holds, total, .. }, _) => share(*holds, *total),
            (_, PhaseVerdict::Pass) => Some(1.0),
            (_, PhaseVerdict::Fail) => Some(0.0),
        }
    }

    /// What failed in it, by name: the traces not admitted, the requirements violated (or
    /// whose run failed or ran out of budget).
    pub fn failing(&self) -> Vec<String> {
        match &self.details {
            PhaseDetails::Conformance { not_admitted, .. } => not_admitted.clone(),
            PhaseDetails::Invariants { requirements, .. } => requirements
                .iter()
                .filter(|r| r.verdict != Requirement::Holds)
                .map(|r| format!("{} ({})", r.name, requirement_word(r.verdict)))
                .collect(),
            _ => Vec::new(),
        }
    }
}

fn requirement_word(verdict: Requirement) -> &'static str {
    match verdict {
        Requirement::Holds => "holds",
        Requirement::Violated => "violated",
        Requirement::Incomplete => "incomplete",
        Requirement::Error => "error",
    }
}

impl Scorecard {
    /// The overall score, from 0 to 1: the mean of the scores of the phases that ran and
    /// decided (none: no score).
    pub fn score(&self) -> Option<f64> {
        let scores: Vec<f64> = self.phases.iter().filter_map(Phase::score).collect();
        (!scores.is_empty()).then(|| scores.iter().sum::<f64>() / scores.len() as f64)
    }

    /// Fail when a phase failed; else incomplete when one is; else pass.
    pub fn verdict(&self) -> PhaseVerdict {
        if self.phases.iter().any(|p| p.verdict == PhaseVerdict::Fail) {
            PhaseVerdict::Fail
        } else if self
            .phases
            .iter()
            .any(|p| p.verdict == PhaseVerdict::Incomplete)
        {
            PhaseVerdict::Incomplete
        } else {
            PhaseVerdict::Pass
        }
    }
}

/// Grades the model: `inputs` names the model, its observation module (for traces and
/// requirements) and the requirements (for the invariants phase). The session holds the
/// syntax phase's sources and diagnostics; each later phase reports its own in `details`.
pub fn grade(session: &mut Session<'_>, inputs: &ModelInputs, options: &GradeOptions) -> Scorecard {
    let syntax = syntax(session, inputs, options);
    let later = |name| Phase {
        name,
        verdict: PhaseVerdict::Skipped,
        summary: "not run: the model does not load".into(),
        details: PhaseDetails::Skipped,
    };
    let phases = if syntax.verdict == PhaseVerdict::Pass {
        vec![
            syntax,
            runtime(&mut session.fork(), inputs, options),
            conformance(&mut session.fork(), inputs, options),
            invariants(&mut session.fork(), inputs, options),
        ]
    } else {
        vec![
            syntax,
            later("runtime"),
            later("conformance"),
            later("invariants"),
        ]
    };
    Scorecard { phases }
}

/// The model alone: no observation module, no requirements.
fn model_only(inputs: &ModelInputs) -> ModelInputs {
    ModelInputs {
        observe: None,
        requirements: None,
        ..inputs.clone()
    }
}

fn exhaustive(options: &GradeOptions) -> RunOptions {
    RunOptions {
        workers: options.workers,
        max_states: options.max_states,
        max_seconds: options.max_seconds,
        ..RunOptions::default()
    }
}

/// Syntax: the model parses and resolves, its configuration binds, its `ASSUME`s hold, and
/// it names a behaviour.
fn syntax(session: &mut Session<'_>, inputs: &ModelInputs, options: &GradeOptions) -> Phase {
    let loaded = run::with_model(
        session,
        &model_only(inputs),
        &exhaustive(options),
        &[],
        |_, _, _, _| (),
    );
    let (verdict, summary) = match loaded {
        Ok(()) => (PhaseVerdict::Pass, "parses, resolves and binds".to_string()),
        Err(stopped) => (
            PhaseVerdict::Fail,
            format!("{} (see the diagnostics)", stopped.outcome.kind().name()),
        ),
    };
    let errors = session.diagnostics.iter().filter(|d| d.is_error()).count();
    Phase {
        name: "syntax",
        verdict,
        summary,
        details: PhaseDetails::Syntax { errors },
    }
}

/// Runtime: random behaviours run without an evaluation error, a failed `Assert` or (where
/// the configuration checks it) a deadlock. The model's own invariants and properties are not
/// the grader's business: reviewed requirements are (the invariants phase).
fn runtime(session: &mut Session<'_>, inputs: &ModelInputs, options: &GradeOptions) -> Phase {
    if options.profile == GradeProfile::Sysmobench {
        return sysmobench_runtime(session, inputs, options);
    }
    let run_options = RunOptions {
        mode: Mode::Simulate(SimulationOptions {
            depth: options.depth,
            behaviours: options.behaviours,
            seed: options.seed,
        }),
        run_only: true,
        ..exhaustive(options)
    };
    let run = run::run(session, &model_only(inputs), &run_options);
    let kind = run.outcome.kind();
    let (summary, behaviours) = match &run.explored {
        Explored::Simulated(simulated) => (
            run.message.clone().unwrap_or_default(),
            simulated.behaviours,
        ),
        // The simulator could not run: its problem is the last diagnostic.
        Explored::Nothing if kind == OutcomeKind::SystemError => (
            session
                .diagnostics
                .last()
                .map(|d| d.message.clone())
                .unwrap_or_default(),
            0,
        ),
        _ => (kind.name().to_string(), 0),
    };
    Phase {
        name: "runtime",
        verdict: verdict_of(kind),
        summary,
        details: PhaseDetails::Runtime {
            outcome: kind,
            behaviours,
            depth: options.depth,
            seed: options.seed,
            profile: options.profile,
            budget_exhausted: false,
            diagnostics: json_diagnostics(&session.sources, &session.diagnostics),
        },
    }
}

/// Runtime by SysMoBench's rules (see [`GradeProfile::Sysmobench`]).
fn sysmobench_runtime(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &GradeOptions,
) -> Phase {
    let run_options = RunOptions {
        no_deadlock: true,
        max_seconds: options.max_seconds.or(Some(SYSMOBENCH_SECONDS)),
        ..exhaustive(options)
    };
    let run = run::run(session, &model_only(inputs), &run_options);
    let kind = run.outcome.kind();
    let distinct = match &run.explored {
        Explored::Exhaustive(report) => report.stats.distinct_states,
        _ => 0,
    };
    let budget_exhausted = kind == OutcomeKind::Incomplete;
    let (verdict, summary) = match kind {
        OutcomeKind::Success => (
            PhaseVerdict::Pass,
            format!("exhaustive run complete ({distinct} distinct states), nothing violated"),
        ),
        OutcomeKind::Incomplete => (
            PhaseVerdict::Pass,
            format!(
                "the budget ran out after {distinct} distinct states with nothing violated: SysMoBench counts this as a pass (the default profile says incomplete)"
            ),
        ),
        _ => (
            PhaseVerdict::Fail,
            run.message.clone().unwrap_or_else(|| kind.name().to_string()),
        ),
    };
    Phase {
        name: "runtime",
        verdict,
        summary,
        details: PhaseDetails::Runtime {
            outcome: kind,
            behaviours: 0,
            depth: 0,
            seed: 0,
            profile: options.profile,
            budget_exhausted,
            diagnostics: json_diagnostics(&session.sources, &session.diagnostics),
        },
    }
}

fn verdict_of(kind: OutcomeKind) -> PhaseVerdict {
    match kind {
        OutcomeKind::Success => PhaseVerdict::Pass,
        OutcomeKind::Incomplete => PhaseVerdict::Incomplete,
        _ => PhaseVerdict::Fail,
    }
}

/// Conformance: every recorded trace is admitted (and violates no configured invariant).
fn conformance(session: &mut Session<'_>, inputs: &ModelInputs, options: &GradeOptions) -> Phase {
    if options.traces.is_empty() {
        return skipped("conformance", "no --traces given");
    }
    let trace_inputs = ModelInputs {
        config: options
            .trace_config
            .clone()
            .or_else(|| inputs.config.clone()),
        requirements: None,
        ..inputs.clone()
    };
    let trace_options = TraceOptions {
        traces: options.traces.clone(),
        trace_map: options.trace_map.clone(),
        max_seconds: options.max_seconds,
        ..TraceOptions::default()
    };
    match trace::validate(session, &trace_inputs, &trace_options) {
        Ok(validated) => {
            let s = &validated.summary;
            let verdict = match validated.outcome {
                TraceOutcome::Admitted => PhaseVerdict::Pass,
                TraceOutcome::Incomplete => PhaseVerdict::Incomplete,
                TraceOutcome::InvalidInput
                | TraceOutcome::IllTypedBinding
                | TraceOutcome::MissedCodeBehavior
                | TraceOutcome::PropertyViolated => PhaseVerdict::Fail,
            };
            let rate = if s.total == 0 {
                0.0
            } else {
                s.admitted as f64 / s.total as f64
            };
            let not_admitted: Vec<String> = validated
                .reports
                .iter()
                .filter(|r| !matches!(r.verdict, tlafid_trace::Verdict::Admitted))
                .map(|r| r.name.clone())
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
                details: PhaseDetails::Conformance {
                    admitted: s.admitted,
                    total: s.total,
                    pass_rate: rate,
                    violating: s.violating,
                    not_admitted,
                },
            }
        }
        Err(_) => Phase {
            name: "conformance",
            verdict: PhaseVerdict::Fail,
            summary: "the traces could not be validated (see the diagnostics)".into(),
            details: failed(session),
        },
    }
}

/// Invariants: each reviewed requirement, checked by exhaustive exploration. After a
/// violation, the others are checked again without it, so each gets its own verdict.
fn invariants(session: &mut Session<'_>, inputs: &ModelInputs, options: &GradeOptions) -> Phase {
    if inputs.requirements.is_none() {
        return skipped("invariants", "no --requirements given");
    }
    let names: Vec<String> = match load::load(session, inputs, &[]).map(|l| l.requirements) {
        Ok(Some(r)) => r
            .invariants
            .iter()
            .chain(&r.properties)
            .map(|n| n.name.to_string())
            .collect(),
        Ok(None) | Err(_) => {
            return Phase {
                name: "invariants",
                verdict: PhaseVerdict::Fail,
                summary: "the requirements could not be bound to the model (see the diagnostics)"
                    .into(),
                details: failed(session),
            }
        }
    };
    let mut results = requirement_verdicts(session, inputs, options, &names);
    results.sort_by_key(|r| names.iter().position(|n| *n == r.name));
    let holds = results
        .iter()
        .filter(|r| r.verdict == Requirement::Holds)
        .count();
    let verdict = if results
        .iter()
        .any(|r| matches!(r.verdict, Requirement::Violated | Requirement::Error))
    {
        PhaseVerdict::Fail
    } else if results.iter().any(|r| r.verdict == Requirement::Incomplete) {
        PhaseVerdict::Incomplete
    } else {
        PhaseVerdict::Pass
    };
    Phase {
        name: "invariants",
        verdict,
        summary: format!("{holds} of {} requirement(s) hold", names.len()),
        details: PhaseDetails::Invariants {
            holds,
            total: names.len(),
            requirements: results,
        },
    }
}

/// Each requirement's verdict with its figures, from explorations that leave out the
/// requirements already found violated.
fn requirement_verdicts(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &GradeOptions,
    names: &[String],
) -> Vec<RequirementEntry> {
    let mut results: Vec<RequirementEntry> = Vec::new();
    let mut violated: Vec<String> = Vec::new();
    loop {
        let run = run::run_skipping(&mut session.fork(), inputs, &exhaustive(options), &violated);
        let newly_violated = run
            .outcome
            .violated()
            .filter(|_| run.outcome.kind().is_violation())
            .filter(|name| names.iter().any(|n| n == name) && !violated.iter().any(|v| v == name));
        if let Some(name) = newly_violated {
            results.push(RequirementEntry {
                name: name.to_string(),
                verdict: Requirement::Violated,
                counterexample_states: Some(counterexample_states(&run)),
                label: Some(crate::report::Label::IllegalModelBehavior),
                distinct_states: None,
                outcome: None,
                message: None,
            });
            violated.push(name.to_string());
            if violated.len() == names.len() {
                break;
            }
            continue;
        }
        let kind = run.outcome.kind();
        let verdict = match kind {
            OutcomeKind::Success => Requirement::Holds,
            OutcomeKind::Incomplete => Requirement::Incomplete,
            _ => Requirement::Error,
        };
        let distinct_states = match &run.explored {
            Explored::Exhaustive(e) => Some(e.stats.distinct_states),
            _ => None,
        };
        for name in names.iter().filter(|n| !violated.contains(n)) {
            results.push(RequirementEntry {
                name: name.clone(),
                verdict,
                counterexample_states: None,
                label: None,
                distinct_states: Some(distinct_states),
                outcome: Some(kind),
                message: Some(run.message.clone()),
            });
        }
        break;
    }
    results
}

fn failed(session: &Session<'_>) -> PhaseDetails {
    PhaseDetails::Failed {
        diagnostics: json_diagnostics(&session.sources, &session.diagnostics),
    }
}

fn counterexample_states(run: &Run) -> usize {
    match &run.explored {
        Explored::Exhaustive(e) => e.counterexample.states.len(),
        _ => 0,
    }
}

fn skipped(name: &'static str, why: &str) -> Phase {
    Phase {
        name,
        verdict: PhaseVerdict::Skipped,
        summary: why.to_string(),
        details: PhaseDetails::Skipped,
    }
}
