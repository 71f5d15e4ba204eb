//! What `tlafid check` prints: a TLC-style transcript for people, one JSON object for
//! machines.

use std::io::Write;
use std::sync::Arc;

use serde::Serialize;
use serde_json::json;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{Progress, ProgressCallback};
use tlafid_eval::Value;
use tlafid_model::{itf, TraceAction};
use tlafid_pipeline::run::{budget_name, Exhaustive};
use tlafid_pipeline::{Explored, OutcomeKind, Run};

use crate::commands::check::CheckArgs;
use crate::render::{self, Format};

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

/// The label of a violated requirement in JSON output.
pub(crate) const ILLEGAL_MODEL_BEHAVIOR: &str = "illegal_model_behavior";

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

/// Prints the run in the chosen format.
pub fn print(args: &CheckArgs, sources: &SourceMap, diagnostics: &[Diagnostic], run: &Run) {
    let explored = match &run.explored {
        Explored::Exhaustive(e) => Some(e.as_ref()),
        _ => None,
    };
    // With no behaviour to explore, TLC reports success with no states.
    let zero = matches!(run.explored, Explored::AssumptionsOnly).then_some(0);
    let kind = run.outcome.kind();
    match args.format {
        Format::Json => render::print_json(&JsonReport {
            schema_version: 1,
            command: "check",
            spec: args.model.file.display().to_string(),
            outcome: kind.name(),
            complete: kind == OutcomeKind::Success,
            message: explored.and(run.message.as_deref()),
            violated: explored.and(run.outcome.violated()),
            requirements: args.requirements.as_ref().map(|r| r.display().to_string()),
            label: explored.and(run.illegal_model_behavior.then_some(ILLEGAL_MODEL_BEHAVIOR)),
            budget: explored.and(run.outcome.budget().map(budget_name)),
            states_generated: explored.map(|e| e.stats.states_generated).or(zero),
            distinct_states: explored.map(|e| e.stats.distinct_states).or(zero),
            states_left_on_queue: explored.map(|e| e.stats.states_left_on_queue).or(zero),
            depth: explored.map(|e| e.stats.depth),
            liveness: explored.and_then(liveness_json),
            elapsed_seconds: explored.map(|e| e.elapsed.as_secs_f64()),
            unchecked: explored
                .map(|e| unchecked_json(sources, e))
                .unwrap_or_default(),
            trace: explored
                .and_then(|e| e.counterexample.dump.as_ref())
                .map(|d| &d.itf),
            trace_actions: explored
                .map(|e| trace_actions_json(sources, e))
                .unwrap_or_default(),
            loop_action: explored
                .and_then(|e| e.counterexample.cycle.as_ref())
                .and_then(|c| c.action.as_ref())
                .map(|a| action_json(sources, a)),
            diagnostics: render::json_diagnostics(sources, diagnostics),
        }),
        Format::Human => {
            render::print_human(sources, diagnostics);
            if let Some(e) = explored {
                print_transcript(args, sources, run, e);
            } else if zero.is_some() {
                println!("Every ASSUME holds; the configuration names no behaviour to explore.");
                println!("0 states generated, 0 distinct states found, 0 states left on queue.");
            }
        }
    }
}

fn unchecked_json(sources: &SourceMap, e: &Exhaustive) -> Vec<serde_json::Value> {
    e.unchecked
        .iter()
        .map(|u| json!({ "name": u.name.as_str(), "reason": u.reason, "location": render::location(sources, u.span) }))
        .collect()
}

fn trace_actions_json(sources: &SourceMap, e: &Exhaustive) -> Vec<serde_json::Value> {
    e.counterexample
        .states
        .iter()
        .map(|state| match &state.action {
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

fn print_transcript(args: &CheckArgs, sources: &SourceMap, run: &Run, e: &Exhaustive) {
    let out = std::io::stdout();
    let mut out = out.lock();
    let _ = write_transcript(&mut out, args, sources, run, e);
}

fn write_transcript(
    out: &mut impl Write,
    args: &CheckArgs,
    sources: &SourceMap,
    run: &Run,
    e: &Exhaustive,
) -> std::io::Result<()> {
    let kind = run.outcome.kind();
    let message = run.message.as_deref().unwrap_or_default();
    match kind {
        OutcomeKind::Success => {}
        OutcomeKind::Incomplete => writeln!(out, "{message}")?,
        _ => writeln!(out, "Error: {message}")?,
    }
    if run.illegal_model_behavior {
        write_illegal(out, args, run.outcome.violated())?;
    }
    let trace = &e.counterexample.states;
    if !trace.is_empty() {
        if e.counterexample.cycle.is_some() {
            writeln!(out)?;
            writeln!(
                out,
                "Error: The following behavior constitutes a counter-example:"
            )?;
            writeln!(out)?;
        } else {
            writeln!(out, "Error: The behavior up to this point is:")?;
        }
        write_states(out, sources, trace)?;
        write_loop(out, sources, e)?;
    }
    for u in &e.unchecked {
        writeln!(
            out,
            "Warning: {} ({}): not checked: {}",
            u.name,
            sources.describe(u.span),
            u.reason
        )?;
    }
    if kind == OutcomeKind::Success {
        writeln!(out, "{message}")?;
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
    writeln!(out, "Finished in {:.2}s.", e.elapsed.as_secs_f64())
}

/// Each state of a behaviour, as TLC prints it: "State N: <action>" and its lines.
pub(crate) fn write_states(
    out: &mut impl Write,
    sources: &SourceMap,
    trace: &[tlafid_pipeline::run::TraceState],
) -> std::io::Result<()> {
    for (i, state) in trace.iter().enumerate() {
        match &state.action {
            None => writeln!(out, "State {}: <Initial predicate>", i + 1)?,
            Some(a) => writeln!(out, "State {}: <{}>", i + 1, describe_action(sources, a))?,
        }
        write_state(out, &state.lines)?;
        writeln!(out)?;
    }
    Ok(())
}

/// The liveness phase's figures as JSON (memory per distinct state among them).
fn liveness_json(e: &Exhaustive) -> Option<serde_json::Value> {
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
fn write_loop(out: &mut impl Write, sources: &SourceMap, e: &Exhaustive) -> std::io::Result<()> {
    let Some(cycle) = &e.counterexample.cycle else {
        return Ok(());
    };
    let (at, length) = (cycle.back_to, e.counterexample.states.len());
    if at + 1 == length {
        return writeln!(out, "State {}: Stuttering", length + 1);
    }
    match &cycle.action {
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
