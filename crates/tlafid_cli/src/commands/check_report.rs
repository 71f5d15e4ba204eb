//! What `tlafid check` prints: a TLC-style transcript for people, one JSON object for
//! machines, and the exit status.

use std::io::Write;
use std::sync::Arc;

use serde::Serialize;
use serde_json::json;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{Budget, Outcome, Progress, ProgressCallback, Report, Stats};
use tlafid_eval::{EvalError, State, Value};
use tlafid_model::{itf, Model, PostconditionFailure, TraceAction};

use crate::commands::check::CheckArgs;
use crate::commands::counterexample::{self, TraceDump};
use crate::exit::ExitStatus;
use crate::render::{self, Format};

/// How a check ended.
pub enum Finish {
    /// Bad flags or an unreadable spec.
    Usage,
    /// The spec does not parse or resolve.
    SpecError,
    /// The configuration is malformed or does not fit the spec.
    ConfigError,
    /// An `ASSUME` is false.
    AssumptionFalse,
    /// Evaluating an `ASSUME` failed.
    EvalError,
    /// The configuration names no behaviour; every `ASSUME` holds (TLC's success with no
    /// states).
    AssumptionsOnly,
    /// The explorer could not run.
    SystemError,
    /// The state space was explored (completely or not).
    Explored(Box<Explored>),
}

/// The result of an exploration, ready to print.
pub struct Explored {
    kind: &'static str,
    message: String,
    status: ExitStatus,
    violated: Option<String>,
    /// With `--requirements`: whether a requirement is violated (illegal model behaviour).
    illegal: bool,
    budget: Option<&'static str>,
    stats: Stats,
    elapsed_seconds: f64,
    workers: usize,
    trace: Vec<(Option<TraceAction>, State)>,
    /// For a temporal violation, the position in `trace` its last state steps back to
    /// forever (the last position: it stutters), with the action of that step.
    cycle: Option<(usize, Option<TraceAction>)>,
    /// What to print for each trace state: the variables, or the `ALIAS` record's fields.
    trace_lines: Vec<Vec<(String, Value)>>,
    dump: Option<TraceDump>,
    unchecked: Vec<serde_json::Value>,
    unchecked_text: Vec<String>,
}

/// The gist of a finished check, for commands that combine checks (`grade`).
pub(crate) struct Gist<'a> {
    /// The outcome, as JSON names it.
    pub outcome: &'static str,
    /// TLC's message, for an exploration.
    pub message: Option<&'a str>,
    /// The violated check.
    pub violated: Option<&'a str>,
    /// Distinct states found, for an exploration.
    pub distinct_states: Option<u64>,
    /// States in the counterexample.
    pub trace_states: usize,
}

impl Finish {
    /// The gist of this result.
    pub(crate) fn gist(&self) -> Gist<'_> {
        let explored = match self {
            Finish::Explored(e) => Some(e.as_ref()),
            _ => None,
        };
        Gist {
            outcome: self.outcome(),
            message: explored.map(|e| e.message.as_str()),
            violated: explored.and_then(|e| e.violated.as_deref()),
            distinct_states: explored.map(|e| e.stats.distinct_states),
            trace_states: explored.map_or(0, |e| e.trace.len()),
        }
    }

    /// The exit status.
    pub fn status(&self) -> ExitStatus {
        match self {
            Finish::Usage => ExitStatus::Usage,
            Finish::SpecError => ExitStatus::SpecError,
            Finish::ConfigError => ExitStatus::ConfigError,
            Finish::AssumptionFalse => ExitStatus::Assumption,
            Finish::EvalError => ExitStatus::EvalFailure,
            Finish::AssumptionsOnly => ExitStatus::Success,
            Finish::SystemError => ExitStatus::SystemError,
            Finish::Explored(e) => e.status,
        }
    }

    fn outcome(&self) -> &'static str {
        match self {
            Finish::Usage => "usage_error",
            Finish::SpecError => "spec_error",
            Finish::ConfigError => "config_error",
            Finish::AssumptionFalse => "assumption_violation",
            Finish::EvalError => "evaluation_error",
            Finish::AssumptionsOnly => "success",
            Finish::SystemError => "system_error",
            Finish::Explored(e) => e.kind,
        }
    }
}

/// The label of a violated requirement in JSON output.
pub(crate) const ILLEGAL_MODEL_BEHAVIOR: &str = "illegal_model_behavior";

/// Whether an outcome `kind` of a `--requirements` run is a violated requirement.
pub(crate) fn violates_requirement(args: &CheckArgs, kind: &str) -> bool {
    args.requirements.is_some()
        && matches!(
            kind,
            "invariant_violation" | "safety_violation" | "liveness_violation"
        )
}

/// The line that labels a violated requirement, after the violation's own.
pub(crate) fn write_illegal(
    out: &mut impl Write,
    args: &CheckArgs,
    violated: Option<&str>,
) -> std::io::Result<()> {
    match (&args.requirements, violated) {
        (Some(file), Some(name)) => writeln!(
            out,
            "Error: illegal model behavior: the model violates the requirement {name} of {}.",
            file.display()
        ),
        _ => Ok(()),
    }
}

/// Turns the explorer's report into a [`Finish`], rebuilding the trace's actions.
pub fn finish(
    args: &CheckArgs,
    sources: &SourceMap,
    model: &Model<'_>,
    report: Report<State, EvalError>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Finish {
    let (kind, status, violated, message, budget) = classify(sources, model, &report.outcome);
    if let Outcome::EvalError { error } = &report.outcome {
        diagnostics.push(error.to_diagnostic());
    }
    let (kind, status, violated, message) = match kind {
        "success" => postconditions(sources, model, &report, diagnostics)
            .unwrap_or((kind, status, violated, message)),
        _ => (kind, status, violated, message),
    };
    let incomplete_checks = !model.unchecked.is_empty() && kind == "success";
    let (kind, status, message) = if incomplete_checks {
        ("incomplete", ExitStatus::Incomplete, "The state space was explored and no error found, but some configured checks were not made.".to_string())
    } else {
        (kind, status, message)
    };
    let trace = rebuild_trace(model, report.trace.unwrap_or_default());
    let cycle = report
        .cycle
        .filter(|&at| at < trace.len())
        .map(|at| (at, back_action(model, &trace, at)));
    // As TLC, name every property the counterexample violates.
    let (violated, message) = match (&cycle, violated) {
        (Some((at, _)), Some(first)) => {
            let states: Vec<&State> = trace.iter().map(|(_, s)| s).collect();
            let mut names = model.violated_properties(&states, *at).unwrap_or_default();
            if names.is_empty() {
                names.push(first);
            }
            let message = temporal_message(&names);
            (names.into_iter().next(), message)
        }
        (_, violated) => (violated, message),
    };
    let trace_lines = trace
        .iter()
        .enumerate()
        .map(|(i, (_, state))| {
            let next = trace.get(i + 1).map_or(state, |(_, next)| next);
            model.trace_lines(state, next)
        })
        .collect();
    let steps: Vec<(Option<&TraceAction>, &State)> =
        trace.iter().map(|(a, s)| (a.as_ref(), s)).collect();
    let dump = TraceDump::new(model, &steps, &message, cycle.as_ref().map(|c| c.0));
    let unchecked = model
        .unchecked
        .iter()
        .map(|u| json!({ "name": u.name.as_str(), "reason": u.reason, "location": render::location(sources, u.span) }))
        .collect();
    let unchecked_text = model
        .unchecked
        .iter()
        .map(|u| {
            format!(
                "{} ({}): not checked: {}",
                u.name,
                sources.describe(u.span),
                u.reason
            )
        })
        .collect();
    Finish::Explored(Box::new(Explored {
        kind,
        message,
        status,
        illegal: violates_requirement(args, kind),
        violated,
        budget,
        stats: report.stats,
        elapsed_seconds: report.elapsed.as_secs_f64(),
        workers: args.workers.unwrap_or(0),
        trace,
        cycle,
        trace_lines,
        dump,
        unchecked,
        unchecked_text,
    }))
}

/// After a complete exploration that found nothing wrong, the `POSTCONDITION`s (as TLC):
/// the outcome of the first that does not hold, if one does not.
fn postconditions(
    sources: &SourceMap,
    model: &Model<'_>,
    report: &Report<State, EvalError>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(&'static str, ExitStatus, Option<String>, String)> {
    if model.postconditions.is_empty() {
        return None;
    }
    let stats = tlafid_eval::ExplorationStats {
        distinct: report.stats.distinct_states,
        initial: report.stats.initial_distinct_states,
        generated: report.stats.states_generated,
        diameter: u64::from(report.stats.depth),
        queue: report.stats.states_left_on_queue,
        duration_seconds: report.elapsed.as_secs(),
    };
    match model.check_postconditions(&stats).err()? {
        PostconditionFailure::False { name, span, .. } => Some((
            "postcondition_violation",
            ExitStatus::Assumption,
            Some(name.to_string()),
            format!(
                "Postcondition {name} at {} is false.",
                tlc_location(sources, span)
            ),
        )),
        PostconditionFailure::Error { name, error } => {
            let (kind, status, _, message, _) = classify(
                sources,
                model,
                &Outcome::EvalError {
                    error: error.clone(),
                },
            );
            diagnostics.push(error.to_diagnostic());
            Some((kind, status, Some(name.to_string()), message))
        }
    }
}

type Classified = (
    &'static str,
    ExitStatus,
    Option<String>,
    String,
    Option<&'static str>,
);

fn classify(sources: &SourceMap, model: &Model<'_>, outcome: &Outcome<EvalError>) -> Classified {
    match outcome {
        Outcome::Success => (
            "success",
            ExitStatus::Success,
            None,
            "Model checking completed. No error has been found.".into(),
            None,
        ),
        Outcome::InvariantViolation { invariant: id }
        | Outcome::InitialPropertyViolation { property: id }
        | Outcome::ActionPropertyViolation { property: id } => {
            // TLC names a property conjunct not reached through an operator by its place.
            let name = match model.violation_location(*id) {
                Some(span) => tlc_location(sources, span),
                None => model.violation_name(*id).to_string(),
            };
            let what = model.violation_label(*id);
            let kind = if model.violation_is_property(*id) {
                "safety_violation"
            } else {
                "invariant_violation"
            };
            (
                kind,
                ExitStatus::Safety,
                Some(name.clone()),
                format!("{what} {name} is violated."),
                None,
            )
        }
        Outcome::Deadlock => (
            "deadlock",
            ExitStatus::Deadlock,
            None,
            "Deadlock reached.".into(),
            None,
        ),
        Outcome::EvalError { error } if error.code == tlafid_eval::E_ASSERT => (
            "assertion_failure",
            ExitStatus::Assertion,
            None,
            format!("Assertion failed: {}", error.message),
            None,
        ),
        Outcome::EvalError { error }
            if error.code == tlafid_eval::E_UNSUPPORTED
                || error.code == tlafid_eval::E_ORDER_DEPENDENT =>
        {
            (
                "unsupported",
                ExitStatus::EvalFailure,
                None,
                format!("Unsupported: {}", error.message),
                None,
            )
        }
        Outcome::EvalError { error } => (
            "evaluation_error",
            ExitStatus::EvalFailure,
            None,
            format!("Evaluation failed: {}", error.message),
            None,
        ),
        Outcome::LivenessViolation { property } => {
            let name = model
                .liveness_name(*property)
                .unwrap_or("a temporal property")
                .to_string();
            (
                "liveness_violation",
                ExitStatus::Liveness,
                Some(name.clone()),
                format!("Temporal property {name} was violated."),
                None,
            )
        }
        Outcome::Incomplete { budget } => {
            let name = match budget {
                Budget::MaxStates => "max_states",
                Budget::MaxDepth => "max_depth",
                Budget::MaxDuration => "max_seconds",
                Budget::Cancelled => "cancelled",
            };
            (
                "incomplete",
                ExitStatus::Incomplete,
                None,
                format!("Incomplete: the {name} budget ran out; no verdict."),
                Some(name),
            )
        }
    }
}

fn rebuild_trace(
    model: &Model<'_>,
    steps: Vec<tlafid_check::TraceStep<State>>,
) -> Vec<(Option<TraceAction>, State)> {
    let mut trace: Vec<(Option<TraceAction>, State)> = Vec::with_capacity(steps.len());
    for step in steps {
        let action = trace
            .last()
            .and_then(|(_, prev)| model.action_between(prev, &step.state));
        trace.push((action, step.state));
    }
    trace
}

/// TLC's words: "Temporal property A was violated.", "Temporal properties A and B were
/// violated.", "Temporal properties A, B, and C were violated.".
fn temporal_message(names: &[String]) -> String {
    match names {
        [one] => format!("Temporal property {one} was violated."),
        [a, b] => format!("Temporal properties {a} and {b} were violated."),
        [init @ .., last] => format!(
            "Temporal properties {}, and {last} were violated.",
            init.join(", ")
        ),
        [] => "Temporal properties were violated.".to_string(),
    }
}

/// The action of the step from the trace's last state back to its state `at` (none when
/// the behaviour stutters there).
fn back_action(
    model: &Model<'_>,
    trace: &[(Option<TraceAction>, State)],
    at: usize,
) -> Option<TraceAction> {
    let (_, last) = trace.last()?;
    if at + 1 == trace.len() {
        return None;
    }
    model.action_between(last, &trace[at].1)
}

#[derive(Serialize)]
struct JsonReport<'a> {
    schema_version: u32,
    command: &'static str,
    spec: String,
    outcome: &'static str,
    complete: bool,
    message: Option<&'a str>,
    violated: Option<&'a str>,
    /// With `--requirements`: the requirements module checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    requirements: Option<String>,
    /// With `--requirements`, when one is violated: `"illegal_model_behavior"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    budget: Option<&'a str>,
    states_generated: Option<u64>,
    distinct_states: Option<u64>,
    states_left_on_queue: Option<u64>,
    depth: Option<u32>,
    /// What checking temporal properties cost, when there were some to check.
    #[serde(skip_serializing_if = "Option::is_none")]
    liveness: Option<serde_json::Value>,
    elapsed_seconds: Option<f64>,
    unchecked: Vec<serde_json::Value>,
    trace: Option<&'a serde_json::Value>,
    trace_actions: Vec<serde_json::Value>,
    /// For a temporal violation that loops back (rather than stutters): the action of the
    /// step from the trace's last state back to `trace.loop`.
    #[serde(skip_serializing_if = "Option::is_none")]
    loop_action: Option<serde_json::Value>,
    diagnostics: Vec<render::JsonDiagnostic>,
}

/// Prints the outcome in the chosen format, and writes `--dump-trace`.
pub fn print(args: &CheckArgs, sources: &SourceMap, diagnostics: &[Diagnostic], finish: &Finish) {
    let explored = match finish {
        Finish::Explored(e) => Some(e.as_ref()),
        _ => None,
    };
    // With no behaviour to explore, TLC reports success with no states.
    let zero = matches!(finish, Finish::AssumptionsOnly).then_some(0);
    counterexample::write(args, explored.and_then(|e| e.dump.as_ref()));
    match args.format {
        Format::Json => render::print_json(&JsonReport {
            schema_version: 1,
            command: "check",
            spec: args.file.display().to_string(),
            outcome: finish.outcome(),
            complete: finish.outcome() == "success",
            message: explored.map(|e| e.message.as_str()),
            violated: explored.and_then(|e| e.violated.as_deref()),
            requirements: args.requirements.as_ref().map(|r| r.display().to_string()),
            label: explored.and_then(|e| e.illegal.then_some(ILLEGAL_MODEL_BEHAVIOR)),
            budget: explored.and_then(|e| e.budget),
            states_generated: explored.map(|e| e.stats.states_generated).or(zero),
            distinct_states: explored.map(|e| e.stats.distinct_states).or(zero),
            states_left_on_queue: explored.map(|e| e.stats.states_left_on_queue).or(zero),
            depth: explored.map(|e| e.stats.depth),
            liveness: explored.and_then(liveness_json),
            elapsed_seconds: explored.map(|e| e.elapsed_seconds),
            unchecked: explored.map(|e| e.unchecked.clone()).unwrap_or_default(),
            trace: explored.and_then(|e| e.dump.as_ref()).map(|d| &d.itf),
            trace_actions: explored
                .map(|e| trace_actions_json(sources, e))
                .unwrap_or_default(),
            loop_action: explored
                .and_then(|e| e.cycle.as_ref())
                .and_then(|(_, a)| a.as_ref())
                .map(|a| action_json(sources, a)),
            diagnostics: render::json_diagnostics(sources, diagnostics),
        }),
        Format::Human => {
            render::print_human(sources, diagnostics);
            if let Some(e) = explored {
                print_transcript(args, sources, e);
            } else if zero.is_some() {
                println!("Every ASSUME holds; the configuration names no behaviour to explore.");
                println!("0 states generated, 0 distinct states found, 0 states left on queue.");
            }
        }
    }
}

fn trace_actions_json(sources: &SourceMap, e: &Explored) -> Vec<serde_json::Value> {
    e.trace
        .iter()
        .map(|(action, _)| match action {
            None => json!(null),
            Some(a) => action_json(sources, a),
        })
        .collect()
}

fn action_json(sources: &SourceMap, a: &TraceAction) -> serde_json::Value {
    json!({
        "name": a.name,
        "params": a.params.iter().map(|(n, v)| (n.clone(), itf::value(v))).collect::<serde_json::Map<_, _>>(),
        "location": render::location(sources, a.span),
    })
}

fn print_transcript(args: &CheckArgs, sources: &SourceMap, e: &Explored) {
    let out = std::io::stdout();
    let mut out = out.lock();
    let _ = write_transcript(&mut out, args, sources, e);
}

fn write_transcript(
    out: &mut impl Write,
    args: &CheckArgs,
    sources: &SourceMap,
    e: &Explored,
) -> std::io::Result<()> {
    let _ = e.workers;
    match e.status {
        ExitStatus::Success => {}
        ExitStatus::Incomplete => writeln!(out, "{}", e.message)?,
        _ => writeln!(out, "Error: {}", e.message)?,
    }
    if e.illegal {
        write_illegal(out, args, e.violated.as_deref())?;
    }
    if !e.trace.is_empty() {
        if e.cycle.is_some() {
            writeln!(out)?;
            writeln!(
                out,
                "Error: The following behavior constitutes a counter-example:"
            )?;
            writeln!(out)?;
        } else {
            writeln!(out, "Error: The behavior up to this point is:")?;
        }
        for (i, (action, _)) in e.trace.iter().enumerate() {
            match action {
                None => writeln!(out, "State {}: <Initial predicate>", i + 1)?,
                Some(a) => writeln!(out, "State {}: <{}>", i + 1, describe_action(sources, a))?,
            }
            write_state(out, &e.trace_lines[i])?;
            writeln!(out)?;
        }
        write_loop(out, sources, e)?;
    }
    for line in &e.unchecked_text {
        writeln!(out, "Warning: {line}")?;
    }
    if e.status == ExitStatus::Success {
        writeln!(out, "{}", e.message)?;
    }
    writeln!(
        out,
        "{} states generated, {} distinct states found, {} states left on queue.",
        e.stats.states_generated, e.stats.distinct_states, e.stats.states_left_on_queue
    )?;
    writeln!(
        out,
        "The depth of the complete state graph search is {}.",
        e.stats.depth
    )?;
    if let Some(live) = &e.stats.liveness {
        writeln!(
            out,
            "Temporal properties: {} edges, {} labels; the state graph took {} bytes ({:.1} per distinct state), the largest product search {} more.",
            live.edges,
            live.labels,
            live.graph_bytes,
            live.bytes_per_state(e.stats.distinct_states),
            live.search_bytes
        )?;
    }
    writeln!(out, "Finished in {:.2}s.", e.elapsed_seconds)
}

/// The liveness phase's figures as JSON (memory per distinct state among them).
fn liveness_json(e: &Explored) -> Option<serde_json::Value> {
    let live = e.stats.liveness.as_ref()?;
    Some(json!({
        "edges": live.edges,
        "labels": live.labels,
        "graph_bytes": live.graph_bytes,
        "graph_bytes_per_distinct_state": live.bytes_per_state(e.stats.distinct_states),
        "product_nodes": live.product_nodes,
        "search_bytes": live.search_bytes,
    }))
}

/// How a lasso closes, as TLC prints it: "State N: Stuttering" when the behaviour stays in
/// its last state, else "Back to state M: <action>" and a blank line.
fn write_loop(out: &mut impl Write, sources: &SourceMap, e: &Explored) -> std::io::Result<()> {
    let Some((at, action)) = &e.cycle else {
        return Ok(());
    };
    if at + 1 == e.trace.len() {
        return writeln!(out, "State {}: Stuttering", e.trace.len() + 1);
    }
    match action {
        Some(a) => writeln!(
            out,
            "Back to state {}: <{}>",
            at + 1,
            describe_action(sources, a)
        )?,
        None => writeln!(out, "Back to state {}", at + 1)?,
    }
    writeln!(out)
}

/// A place as TLC writes it: "line 22, col 17 to line 22, col 26 of module Queue".
pub(crate) fn tlc_location(sources: &SourceMap, span: tlafid_base::Span) -> String {
    let file = sources.get(span.file);
    let (start, end) = (
        file.line_col(span.start),
        file.line_col(span.end.saturating_sub(1)),
    );
    let module = std::path::Path::new(&file.name)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    format!(
        "line {}, col {} to line {}, col {} of module {module}",
        start.line, start.col, end.line, end.col
    )
}

pub(crate) fn describe_action(sources: &SourceMap, a: &TraceAction) -> String {
    let file = sources.get(a.span.file);
    let at = file.line_col(a.span.start);
    let module = std::path::Path::new(&file.name)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let params = if a.params.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = a.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        format!("({})", list.join(", "))
    };
    format!(
        "{}{params} line {}, col {} of module {module}",
        a.name, at.line, at.col
    )
}

pub(crate) fn write_state(out: &mut impl Write, lines: &[(String, Value)]) -> std::io::Result<()> {
    for (name, value) in lines {
        writeln!(out, "/\\ {name} = {value}")?;
    }
    Ok(())
}

/// A progress printer for long runs (standard error, people only).
pub fn progress_printer(format: Format) -> Option<ProgressCallback> {
    (format == Format::Human).then(|| {
        Arc::new(|p: &Progress| {
            eprintln!(
                "Progress({}) at {:.0}s: {} states generated, {} distinct states found, {} states left on queue.",
                p.depth,
                p.elapsed.as_secs_f64(),
                p.states_generated,
                p.distinct_states,
                p.states_on_queue
            );
        }) as ProgressCallback
    })
}
