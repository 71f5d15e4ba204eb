//! What `tlafid check --simulate` prints: the violation with its behaviour, or that none was
//! found, then the behaviours run, the states generated and how often each action was taken.

use std::io::Write;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_pipeline::report::SimulateReport;
use tlafid_pipeline::run::Simulated;
use tlafid_pipeline::{ModelInputs, OutcomeKind, Run};

use crate::commands::check::CheckArgs;
use crate::commands::check_report;
use crate::render::{self, Format};

/// Prints a simulated run in the chosen format.
pub fn print(
    args: &CheckArgs,
    inputs: &ModelInputs,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    run: &Run,
    s: &Simulated,
) {
    match args.format {
        Format::Json => {
            render::print_json(&SimulateReport::new(sources, diagnostics, inputs, run, s))
        }
        Format::Human => {
            render::print_human(sources, diagnostics);
            let _ = write_transcript(&mut crate::output::stdout(), sources, args, run, s);
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
        check_report::write_states(out, sources, &s.counterexample.states, args.diff_trace)?;
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
