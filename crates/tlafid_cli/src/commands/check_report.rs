//! What `tlafid check` prints: a TLC-style transcript for people, one JSON object for
//! machines.

use std::io::Write;
use std::sync::Arc;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{Progress, ProgressCallback};
use tlafid_eval::Value;
use tlafid_model::TraceAction;
use tlafid_pipeline::coverage::Coverage;
use tlafid_pipeline::report::CheckReport;
use tlafid_pipeline::run::Exhaustive;
use tlafid_pipeline::{Explored, ModelInputs, OutcomeKind, Run, RunOutcome};

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

/// Prints the run in the chosen format.
pub fn print(
    args: &CheckArgs,
    inputs: &ModelInputs,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    run: &Run,
) {
    match args.format {
        Format::Json => render::print_json(&CheckReport::new(sources, diagnostics, inputs, run)),
        Format::Human => {
            render::print_human(sources, diagnostics);
            match &run.explored {
                Explored::Exhaustive(e) => print_transcript(args, sources, run, e),
                Explored::AssumptionsOnly => {
                    // With no behaviour to explore, TLC reports success with no states.
                    outln!("Every ASSUME holds; the configuration names no behaviour to explore.");
                    outln!("0 states generated, 0 distinct states found, 0 states left on queue.");
                }
                Explored::Nothing | Explored::Simulated(_) => {}
            }
        }
    }
}

fn print_transcript(args: &CheckArgs, sources: &SourceMap, run: &Run, e: &Exhaustive) {
    let _ = write_transcript(&mut crate::output::stdout(), args, sources, run, e);
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
    for violation in &e.violations {
        writeln!(out, "Error: {}", violation.message)?;
        writeln!(out, "Error: The behavior up to this point is:")?;
        write_states(
            out,
            sources,
            &violation.counterexample.states,
            args.diff_trace,
        )?;
    }
    // With --continue, a run that went on to the end ends as its first violation, shown above.
    let ended_continued = !e.violations.is_empty()
        && matches!(
            run.outcome,
            RunOutcome::InvariantViolation { .. } | RunOutcome::SafetyViolation { .. }
        );
    match kind {
        _ if ended_continued => {
            let count = e.violations.len();
            let plural = if count == 1 { "" } else { "s" };
            writeln!(
                out,
                "Error: {count} violation{plural} found; the search went on after each (--continue)."
            )?;
        }
        OutcomeKind::Success => {}
        OutcomeKind::Incomplete => writeln!(out, "{message}")?,
        _ => writeln!(out, "Error: {message}")?,
    }
    if run.illegal_model_behavior {
        write_illegal(out, args, run.outcome.violated())?;
    }
    let trace = &e.counterexample.states;
    if !trace.is_empty() && !ended_continued {
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
        write_states(out, sources, trace, args.diff_trace)?;
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
    if args.coverage {
        write_coverage(out, &e.coverage)?;
    }
    if let Some(live) = e.stats.liveness.as_ref().filter(|_| args.liveness_stats) {
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

/// Each state of a behaviour in TLC's layout: "State N: <action>" and its `/\ x = 1` lines
/// (with `diff`, as TLC's `-difftrace`: after the first state, only the lines a step
/// changes). tlafid's own text keeps each value on one line and the `/\ ` also for a single
/// variable, one line per variable to read or grep; `tlafid tlc` prints TLC's exact text
/// (`graph::tlc_state_text`).
pub(crate) fn write_states(
    out: &mut impl Write,
    sources: &SourceMap,
    trace: &[tlafid_pipeline::run::TraceState],
    diff: bool,
) -> std::io::Result<()> {
    let mut before: Option<&[(String, Value)]> = None;
    for (i, state) in trace.iter().enumerate() {
        match &state.action {
            None => writeln!(out, "State {}: <Initial predicate>", i + 1)?,
            Some(a) => writeln!(out, "State {}: <{}>", i + 1, describe_action(sources, a))?,
        }
        for (name, value) in &state.lines {
            let same = before.is_some_and(|b| b.iter().any(|(n, v)| n == name && v == value));
            if !same {
                writeln!(out, "/\\ {name} = {value}")?;
            }
        }
        writeln!(out)?;
        before = Some(&state.lines).filter(|_| diff).map(Vec::as_slice);
    }
    Ok(())
}

/// Each action's coverage, as TLC's `-coverage` lists it: the initial predicate, then each
/// action with the distinct states it found first and the states it generated.
pub(crate) fn write_coverage(out: &mut impl Write, coverage: &Coverage) -> std::io::Result<()> {
    writeln!(out, "Coverage (distinct states found : states generated):")?;
    let lines = coverage.init.iter().chain(&coverage.actions);
    for line in lines {
        writeln!(out, "  {}", line.tlc())?;
    }
    if !coverage.variables.is_empty() {
        writeln!(out, "Variables (distinct values):")?;
        for variable in &coverage.variables {
            writeln!(out, "  {}", variable.tlc())?;
        }
    }
    Ok(())
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

/// A progress printer for long runs (standard error, people only): TLC's line with rates,
/// thousands separators and, once the level's queue is seen to shrink, an estimate of the
/// time left in the level.
pub fn progress_printer(format: Format) -> Option<ProgressCallback> {
    (format == Format::Human).then(|| {
        let pace = crate::commands::progress::Pace::default();
        Arc::new(move |p: &Progress| eprintln!("{}", pace.line(p))) as ProgressCallback
    })
}
