//! What `tlafid check --simulate` prints: the violation with its behaviour, or that none was
//! found, then the behaviours run, the states generated and how often each action was taken.

use std::io::Write;

use serde::Serialize;
use serde_json::json;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_pipeline::run::Simulated;
use tlafid_pipeline::{OutcomeKind, Run};

use crate::commands::check::CheckArgs;
use crate::commands::check_report;
use crate::render::{self, Format};

#[derive(Serialize)]
struct JsonReport<'a> {
    schema_version: u32,
    command: &'static str,
    mode: &'static str,
    spec: String,
    outcome: &'static str,
    message: &'a str,
    violated: Option<&'a str>,
    /// With `--requirements`: the requirements module checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    requirements: Option<String>,
    /// With `--requirements`, when one is violated: `"illegal_model_behavior"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    seed: u64,
    depth: u32,
    behaviours: u64,
    states_generated: u64,
    actions: Vec<serde_json::Value>,
    elapsed_seconds: f64,
    trace: Option<&'a serde_json::Value>,
    diagnostics: Vec<render::JsonDiagnostic>,
}

/// Prints a simulated run in the chosen format.
pub fn print(
    args: &CheckArgs,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    run: &Run,
    s: &Simulated,
) {
    match args.format {
        Format::Json => render::print_json(&JsonReport {
            schema_version: 1,
            command: "check",
            mode: "simulate",
            spec: args.model.file.display().to_string(),
            outcome: run.outcome.kind().name(),
            message: run.message.as_deref().unwrap_or_default(),
            violated: run.outcome.violated(),
            requirements: args.requirements.as_ref().map(|r| r.display().to_string()),
            label: run
                .illegal_model_behavior
                .then_some(check_report::ILLEGAL_MODEL_BEHAVIOR),
            seed: s.options.seed,
            depth: s.options.depth,
            behaviours: s.behaviours,
            states_generated: s.states_generated,
            actions: s
                .actions
                .iter()
                .map(|a| json!({ "name": a.name, "location": a.location, "count": a.count }))
                .collect(),
            elapsed_seconds: s.elapsed.as_secs_f64(),
            trace: s.counterexample.dump.as_ref().map(|d| &d.itf),
            diagnostics: render::json_diagnostics(sources, diagnostics),
        }),
        Format::Human => {
            render::print_human(sources, diagnostics);
            let out = std::io::stdout();
            let _ = write_transcript(&mut out.lock(), sources, args, run, s);
        }
    }
}

fn write_transcript(
    out: &mut impl Write,
    sources: &SourceMap,
    args: &CheckArgs,
    run: &Run,
    s: &Simulated,
) -> std::io::Result<()> {
    let success = run.outcome.kind() == OutcomeKind::Success;
    let message = run.message.as_deref().unwrap_or_default();
    if !success {
        writeln!(out, "Error: {message}")?;
    }
    if run.illegal_model_behavior {
        check_report::write_illegal(out, args, run.outcome.violated())?;
    }
    if !s.counterexample.states.is_empty() {
        writeln!(out, "Error: The behavior up to this point is:")?;
        check_report::write_states(out, sources, &s.counterexample.states)?;
    }
    if success {
        writeln!(out, "{message}")?;
    }
    writeln!(
        out,
        "{} behaviours, {} states generated.",
        s.behaviours, s.states_generated
    )?;
    writeln!(out, "Actions taken:")?;
    for a in &s.actions {
        writeln!(out, "<{} {}>: {}", a.name, a.location, a.count)?;
    }
    writeln!(
        out,
        "Simulation using seed {} and depth {}.",
        s.options.seed, s.options.depth
    )?;
    writeln!(out, "Finished in {:.2}s.", s.elapsed.as_secs_f64())
}
