//! `tlafid tlc ARGS...`: TLC's command line, transcript, `-tool` message codes and exit
//! statuses, so that a script written for `java -cp tla2tools.jar tlc2.TLC ARGS...` runs
//! unchanged. The run itself is the pipeline's, as for `tlafid check`.

mod args;
mod dump;
mod transcript;

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::Progress;
use tlafid_model::TraceAction;
use tlafid_pipeline::coverage::Coverage;
use tlafid_pipeline::run::{
    tlc_location, without_parens, ContinuedViolation, Counterexample, PeriodicCoverage, TraceState,
};
use tlafid_pipeline::{
    Explored, Milestone, MilestoneCallback, Mode, ModelInputs, OutcomeKind, Run, RunOptions,
    RunOutcome, Session, SimulationOptions,
};

use self::args::{ArgsError, TlcOptions, Workers};
use self::transcript::{code, Class, Transcript};
use crate::files::DiskFiles;

/// Arguments of `tlafid tlc`: TLC's own, read by [`args::parse`].
#[derive(clap::Args)]
pub struct TlcArgs {
    /// TLC's options and spec, as `tlc2.TLC` takes them (`-config M.cfg -workers 2 M.tla`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "TLC ARGS"
    )]
    pub args: Vec<String>,
}

/// TLC's exit statuses (`tlc2.output.EC.ExitStatus`).
mod status {
    pub const SUCCESS: i32 = 0;
    pub const BAD_ARGUMENTS: i32 = 1;
    pub const VIOLATION_ASSUMPTION: i32 = 10;
    pub const VIOLATION_DEADLOCK: i32 = 11;
    pub const VIOLATION_SAFETY: i32 = 12;
    pub const VIOLATION_LIVENESS: i32 = 13;
    pub const VIOLATION_ASSERT: i32 = 14;
    pub const FAILURE_SPEC_EVAL: i32 = 75;
    pub const ERROR_SPEC_PARSE: i32 = 150;
    pub const ERROR_CONFIG_PARSE: i32 = 151;
    pub const ERROR_SYSTEM: i32 = 153;
}

/// Runs `tlafid tlc`; the process exit code, TLC's.
pub fn run(args: &TlcArgs) -> i32 {
    let options = match args::parse(&args.args) {
        Ok(options) => options,
        Err(error) => return refuse(&error),
    };
    // Not locked for the whole run: progress and periodic coverage come from worker threads
    // (the capped standard output takes its lock for each write).
    let mut out = Transcript::new(crate::output::stdout(), options.tool);
    check(&mut out, &options)
}

/// What TLC prints for a command line it does not take, and its status.
fn refuse(error: &ArgsError) -> i32 {
    match error {
        ArgsError::Help => {
            outln!("{}", usage());
        }
        ArgsError::Invalid(message) => outln!("Error: {message}"),
        ArgsError::Unsupported { option, reason } => {
            outln!("Error: tlafid tlc does not support {option}: {reason}.")
        }
    }
    status::BAD_ARGUMENTS
}

fn usage() -> String {
    let mut text = String::from(
        "tlafid tlc [options] SPEC: TLC's command line, run by tlafid.\n\
         Honoured: -config FILE, -workers N|auto, -deadlock, -simulate [num=K], -depth N,\n\
         -seed N, -tool, -coverage N, -difftrace, -dumpTrace json|tla|dot FILE, -nowarning,\n\
         -continue (exhaustive runs; exit status of the first violation, never 0 after one),\n\
         -dump [dot[,colorize,actionlabels]] FILE (states numbered in breadth-first order).\n\
         Accepted without effect on the result:",
    );
    for (name, _, reason) in args::NO_EFFECT {
        text.push_str(&format!("\n  {name}: {reason}"));
    }
    text.push_str(
        "\nExit statuses (TLC's): 0 success, 1 bad command line, 10 assumption or \
         postcondition false, 11 deadlock, 12 invariant violated, 13 temporal or action \
         property violated, 14 Assert failed, 75 evaluation error, 150 parse error, \
         151 configuration error, 153 no verdict (an unsupported construct, a budget).",
    );
    text
}

fn check(out: &mut Transcript<impl Write>, options: &TlcOptions) -> i32 {
    let workers = match options.workers {
        Workers::Auto => crate::args::workers(None),
        Workers::Count(n) => n,
    };
    let cores = crate::args::workers(None);
    let plural = if workers == 1 { "" } else { "s" };
    out.message(
        code::VERSION,
        Class::None,
        &format!("TLC2 Version tlafid {}", env!("CARGO_PKG_VERSION")),
    );
    let seed = options.seed.unwrap_or(0);
    match options.simulate {
        Some(_) => out.message(
            code::MODE_SIMU,
            Class::None,
            &format!("Running Random Simulation with seed {seed} with {workers} worker{plural} on {cores} cores (tlafid)."),
        ),
        None => out.message(
            code::MODE_MC,
            Class::None,
            &format!("Running breadth-first search Model-Checking with {workers} worker{plural} on {cores} cores (tlafid)."),
        ),
    }
    out.message(code::SANY_START, Class::None, "Starting SANY...");
    let inputs = ModelInputs {
        model: options.spec.clone(),
        config: options.config.clone(),
        libs: Vec::new(),
        observe: None,
        requirements: None,
        reads: tlafid_pipeline::SpecReads {
            env: options.env.clone(),
            allow_read: options.allow_read.clone(),
        },
    };
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let progress = progress_printer(out.tool(), options.simulate.is_some());
    let live = Arc::new(Mutex::new(Live::default()));
    let run_options = RunOptions {
        mode: match options.simulate {
            Some(simulate) => Mode::Simulate(SimulationOptions {
                depth: options.depth,
                behaviours: simulate.behaviours.unwrap_or(u64::MAX),
                seed: seed as u64,
            }),
            None => Mode::Exhaustive,
        },
        workers,
        no_deadlock: !options.check_deadlock,
        progress: Some(progress),
        progress_interval: Some(Duration::from_secs(60)),
        continue_after_violations: options.continue_after_violations,
        dump_graph: options.dump.is_some(),
        variable_coverage: options.coverage && options.simulate.is_none(),
        periodic_coverage: options
            .coverage_every
            .filter(|_| options.simulate.is_none())
            .map(|every| PeriodicCoverage {
                every,
                report: coverage_printer(out.tool()),
            }),
        print: crate::output::print_sink(crate::output::PrintTo::Stdout),
        milestones: Some(milestone_printer(Arc::clone(&live), options)),
        leave_to_exit: true,
        ..RunOptions::default()
    };
    let run = tlafid_pipeline::run(&mut session, &inputs, &run_options);
    let live = std::mem::take(&mut *live.lock().unwrap_or_else(|p| p.into_inner()));
    let kind = run.outcome.kind();
    if live.diagnostics_shown.is_none() {
        parsed(out, &session.sources);
        if matches!(kind, OutcomeKind::SpecError | OutcomeKind::UsageError) {
            diagnostics(out, &session.sources, &session.diagnostics, options);
            started(out);
            out.message(
                code::PARSING_FAILED,
                Class::Error,
                "Parsing or semantic analysis failed.",
            );
            finished(out, Duration::ZERO);
            return status::ERROR_SPEC_PARSE;
        }
        started(out);
    }
    // A false ASSUME is the verdict, said TLC's way, not one more diagnostic.
    let shown = live.diagnostics_shown.unwrap_or(0);
    let (assumptions, others): (Vec<&Diagnostic>, Vec<&Diagnostic>) = session.diagnostics
        [shown.min(session.diagnostics.len())..]
        .iter()
        .partition(|d| {
            run.outcome == RunOutcome::AssumptionViolation && d.code == tlafid_eval::E_ASSERT
        });
    diagnostics(out, &session.sources, others, options);
    if let Some(span) = assumptions.first().and_then(|d| d.span) {
        let text = format!(
            "Assumption {} is false.",
            tlc_location(
                &session.sources,
                assumption_expression(&session.sources, span)
            )
        );
        out.message(code::ASSUMPTION_FALSE, Class::Error, &text);
    }
    report(out, &session.sources, &run, options, &live);
    exit_status(&run)
}

/// Where TLC places a false `ASSUME` written at `span`: at its expression, after the
/// keyword and a name (`ASSUME Big == N > 5`), inside the parentheses around it.
fn assumption_expression(sources: &SourceMap, span: tlafid_base::Span) -> tlafid_base::Span {
    let text = &sources.get(span.file).text;
    let Some(written) = text.get(span.start as usize..span.end as usize) else {
        return span;
    };
    let mut rest = ["ASSUMPTION", "ASSUME", "AXIOM"]
        .iter()
        .find_map(|keyword| written.strip_prefix(keyword))
        .unwrap_or(written)
        .trim_start();
    let name = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if let Some(body) = rest[name..]
        .trim_start()
        .strip_prefix("==")
        .filter(|_| name > 0)
    {
        rest = body.trim_start();
    }
    let start = span.end - rest.len() as u32;
    without_parens(sources, tlafid_base::Span::new(span.file, start, span.end))
}

/// The transcript's messages printed while the run went on (between the lines the spec
/// prints), so that they are not printed again after it.
#[derive(Debug, Default)]
struct Live {
    /// The run reached its `ASSUME`s: the files parsed, the diagnostics so far (this many),
    /// "SANY finished." and "Starting..." are printed.
    diagnostics_shown: Option<usize>,
    /// "Computing initial states..." is printed.
    computing_initial: bool,
    /// "Finished computing initial states: ..." is printed.
    initial_done: bool,
}

/// Prints the transcript's messages at the run's milestones, as TLC prints them before
/// what the spec's `ASSUME`s, initial predicate and next-state relation print.
fn milestone_printer(live: Arc<Mutex<Live>>, options: &TlcOptions) -> MilestoneCallback {
    let options = options.clone();
    Arc::new(move |milestone: &Milestone<'_>| {
        let mut live = live.lock().unwrap_or_else(|p| p.into_inner());
        let mut out = Transcript::new(crate::output::stdout(), options.tool);
        match milestone {
            Milestone::Loaded {
                sources,
                diagnostics: found,
            } => {
                parsed(&mut out, sources);
                diagnostics(&mut out, sources, *found, &options);
                started(&mut out);
                live.diagnostics_shown = Some(found.len());
            }
            Milestone::ComputingInitialStates => {
                computing_initial(&mut out);
                live.computing_initial = true;
            }
            Milestone::InitialStatesDone { distinct } => {
                initial_done(&mut out, *distinct);
                live.initial_done = true;
            }
        }
    })
}

/// "Parsing file ..." for each module read.
fn parsed(out: &mut Transcript<impl Write>, sources: &SourceMap) {
    for (_, file) in sources.files() {
        if file.name.ends_with(".tla") {
            out.line(&format!("Parsing file {}", file.name));
        }
    }
}

/// "SANY finished." and "Starting...".
fn started(out: &mut Transcript<impl Write>) {
    out.message(code::SANY_END, Class::None, "SANY finished.");
    out.message(
        code::STARTING,
        Class::None,
        &format!("Starting... ({})", transcript::now()),
    );
}

/// The warnings and errors found, as TLC's general messages.
fn diagnostics<'d>(
    out: &mut Transcript<impl Write>,
    sources: &SourceMap,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    options: &TlcOptions,
) {
    for d in diagnostics {
        if !d.is_error() && options.no_warnings {
            continue;
        }
        let place = d
            .span
            .map(|span| format!("{}: ", sources.describe(span)))
            .unwrap_or_default();
        let class = if d.is_error() {
            Class::Error
        } else {
            Class::Warning
        };
        out.message(
            code::GENERAL,
            class,
            &format!("{place}{} [{}]", d.message, d.code),
        );
    }
}

fn report(
    out: &mut Transcript<impl Write>,
    sources: &SourceMap,
    run: &Run,
    options: &TlcOptions,
    live: &Live,
) {
    match &run.explored {
        Explored::Exhaustive(e) => {
            init_done(out, e.stats.initial_distinct_states, live);
            for violation in &e.violations {
                continued(out, sources, violation, options);
            }
            if e.violations.is_empty() || !is_continued(&run.outcome) {
                outcome(out, sources, run, &e.counterexample, options);
            } else {
                let count = e.violations.len();
                let plural = if count == 1 { "" } else { "s" };
                out.message(
                    code::GENERAL,
                    Class::Error,
                    &format!(
                        "Model checking completed. {count} violation{plural} found (-continue)."
                    ),
                );
                for (format, file) in &options.dump_traces {
                    dump::write(out, *format, file, sources, &e.counterexample);
                }
            }
            if options.coverage {
                coverage(out, &e.coverage);
            }
            let s = &e.stats;
            out.message(
                code::STATS,
                Class::None,
                &format!(
                    "{} states generated, {} distinct states found, {} states left on queue.",
                    s.states_generated, s.distinct_states, s.states_left_on_queue
                ),
            );
            out.message(
                code::SEARCH_DEPTH,
                Class::None,
                &format!(
                    "The depth of the complete state graph search is {}.",
                    s.depth
                ),
            );
            let completed = run.outcome == RunOutcome::Success
                || (!e.violations.is_empty() && is_continued(&run.outcome));
            if completed {
                if let Some(o) = s.outdegree_summary() {
                    out.message(
                        code::STATE_GRAPH_OUTDEGREE,
                        Class::None,
                        &format!(
                            "The average outdegree of the complete state graph is {} (minimum is {}, the maximum {} and the 95th percentile is {}).",
                            (o.mean + 0.5).floor() as i64, o.min, o.max, o.percentile_95
                        ),
                    );
                }
            }
            if let (Some(dump), Some(graph)) = (&options.dump, &e.graph) {
                match dump.dot {
                    Some(style) => crate::commands::graph::write_dot(&dump.file, graph, style),
                    None => crate::commands::graph::write_states(&dump.file, graph),
                }
            }
            finished(out, e.elapsed);
        }
        Explored::Simulated(s) => {
            outcome(out, sources, run, &s.counterexample, options);
            if options.coverage {
                coverage(out, &s.coverage);
            }
            out.message(
                code::STATS_SIMU,
                Class::None,
                &format!(
                    "The number of states generated: {}\nSimulation using seed {} and aril 0",
                    s.states_generated,
                    options.seed.unwrap_or(0)
                ),
            );
            finished(out, s.elapsed);
        }
        Explored::AssumptionsOnly => {
            init_done(out, 0, live);
            outcome(out, sources, run, &Counterexample::default(), options);
            finished(out, Duration::ZERO);
        }
        Explored::Nothing => {
            outcome(out, sources, run, &Counterexample::default(), options);
            finished(out, Duration::ZERO);
        }
    }
}

/// TLC's two messages around the computation of the initial states, those not printed yet.
fn init_done(out: &mut Transcript<impl Write>, initial: u64, live: &Live) {
    if !live.computing_initial {
        computing_initial(out);
    }
    if !live.initial_done {
        initial_done(out, initial);
    }
}

fn computing_initial(out: &mut Transcript<impl Write>) {
    out.message(
        code::COMPUTING_INIT,
        Class::None,
        "Computing initial states...",
    );
}

fn initial_done(out: &mut Transcript<impl Write>, initial: u64) {
    let plural = if initial == 1 { "" } else { "s" };
    out.message(
        code::INIT_GENERATED1,
        Class::None,
        &format!(
            "Finished computing initial states: {initial} distinct state{plural} generated at {}.",
            transcript::now()
        ),
    );
}

fn finished(out: &mut Transcript<impl Write>, took: Duration) {
    let text = format!(
        "Finished in {} at ({})",
        transcript::elapsed(took, out.tool()),
        transcript::now()
    );
    out.message(code::FINISHED, Class::None, &text);
}

/// The verdict, TLC's way, with the behaviour that shows it.
fn outcome(
    out: &mut Transcript<impl Write>,
    sources: &SourceMap,
    run: &Run,
    counterexample: &Counterexample,
    options: &TlcOptions,
) {
    let message = run.message.as_deref().unwrap_or_default();
    let states = &counterexample.states;
    match &run.outcome {
        RunOutcome::Success => {
            if options.simulate.is_none() && !matches!(run.explored, Explored::AssumptionsOnly) {
                out.message(
                    code::SUCCESS,
                    Class::None,
                    "Model checking completed. No error has been found.",
                );
            }
            return;
        }
        RunOutcome::InvariantViolation { name } if states.len() == 1 => {
            let text = format!(
                "Invariant {name} is violated by the initial state:\n{}",
                lines(&states[0].lines, None)
            );
            out.message(code::INVARIANT_VIOLATED_INITIAL, Class::Error, &text);
            return;
        }
        RunOutcome::InvariantViolation { .. } => {
            out.message(code::INVARIANT_VIOLATED_BEHAVIOR, Class::Error, message)
        }
        RunOutcome::SafetyViolation { name } if message.starts_with("Property") => {
            let initial = states
                .first()
                .map(|s| lines(&s.lines, None))
                .unwrap_or_default();
            let text = format!("Property {name} is violated by the initial state:\n{initial}");
            out.message(code::PROPERTY_VIOLATED_INITIAL, Class::Error, &text);
            return;
        }
        RunOutcome::SafetyViolation { .. } => out.message(
            code::ACTION_PROPERTY_VIOLATED_BEHAVIOR,
            Class::Error,
            message,
        ),
        RunOutcome::LivenessViolation { .. } => {
            out.message(code::TEMPORAL_PROPERTY_VIOLATED, Class::Error, message)
        }
        RunOutcome::Deadlock => out.message(code::DEADLOCK_REACHED, Class::Error, message),
        RunOutcome::AssertionFailure => {
            out.message(code::VALUE_ASSERT_FAILED, Class::Error, message)
        }
        RunOutcome::AssumptionViolation => {}
        RunOutcome::PostconditionViolation { .. } => {
            out.message(code::POSTCONDITION_FALSE, Class::Error, message)
        }
        RunOutcome::Incomplete { .. } | RunOutcome::Unsupported => out.message(
            code::GENERAL,
            Class::Error,
            &format!("tlafid could not decide this model, so it gives no verdict: {message}"),
        ),
        RunOutcome::EvaluationError => out.message(code::GENERAL, Class::Error, message),
        RunOutcome::ConfigError | RunOutcome::UsageError | RunOutcome::SpecError => {}
        RunOutcome::IllTypedBinding { .. } => out.message(code::GENERAL, Class::Error, message),
        RunOutcome::SystemError => out.message(
            code::GENERAL,
            Class::Error,
            "tlafid could not run the model.",
        ),
    }
    if states.is_empty() {
        return;
    }
    match counterexample.cycle {
        Some(_) => out.message(
            code::COUNTER_EXAMPLE,
            Class::Error,
            "The following behavior constitutes a counter-example:\n",
        ),
        None => out.message(
            code::BEHAVIOR_UP_TO_THIS_POINT,
            Class::Error,
            "The behavior up to this point is:",
        ),
    }
    behaviour(out, sources, counterexample, options.diff_trace);
    for (format, file) in &options.dump_traces {
        dump::write(out, *format, file, sources, counterexample);
    }
}

/// Whether a run that ends so, with `-continue`, ended as its first recorded violation.
fn is_continued(outcome: &RunOutcome) -> bool {
    matches!(
        outcome,
        RunOutcome::InvariantViolation { .. } | RunOutcome::SafetyViolation { .. }
    )
}

/// A violation a `-continue` run went on after, TLC's way: the message, then the behaviour.
fn continued(
    out: &mut Transcript<impl Write>,
    sources: &SourceMap,
    violation: &ContinuedViolation,
    options: &TlcOptions,
) {
    let states = &violation.counterexample.states;
    if let (RunOutcome::InvariantViolation { name }, [initial]) = (&violation.outcome, &states[..])
    {
        let text = format!(
            "Invariant {name} is violated by the initial state:\n{}",
            lines(&initial.lines, None)
        );
        out.message(code::INVARIANT_VIOLATED_INITIAL, Class::Error, &text);
        return;
    }
    let code = match violation.outcome {
        RunOutcome::InvariantViolation { .. } => code::INVARIANT_VIOLATED_BEHAVIOR,
        _ => code::ACTION_PROPERTY_VIOLATED_BEHAVIOR,
    };
    out.message(code, Class::Error, &violation.message);
    out.message(
        code::BEHAVIOR_UP_TO_THIS_POINT,
        Class::Error,
        "The behavior up to this point is:",
    );
    behaviour(out, sources, &violation.counterexample, options.diff_trace);
}

/// The states of a behaviour, TLC's way (`-difftrace`: only what each step changes).
fn behaviour(
    out: &mut Transcript<impl Write>,
    sources: &SourceMap,
    counterexample: &Counterexample,
    diff: bool,
) {
    let states = &counterexample.states;
    let mut before: Option<&TraceState> = None;
    for (i, state) in states.iter().enumerate() {
        let label = match &state.action {
            None => "<Initial predicate>".to_string(),
            Some(a) => label(sources, a),
        };
        let shown = lines(&state.lines, before.filter(|_| diff));
        out.message(
            code::STATE_PRINT2,
            Class::State,
            &format!("{}: {label}\n{shown}", i + 1),
        );
        before = Some(state);
    }
    if let Some(cycle) = &counterexample.cycle {
        if cycle.back_to + 1 == states.len() {
            out.message(
                code::STATE_PRINT3,
                Class::State,
                &format!("{}: Stuttering", states.len() + 1),
            );
        } else {
            let to = match &cycle.action {
                Some(a) => format!(": {}", label(sources, a)),
                None => String::new(),
            };
            let text = if out.tool() {
                format!("{}: Back to state{to}\n", cycle.back_to + 1)
            } else {
                format!("Back to state {}{to}\n", cycle.back_to + 1)
            };
            out.message(code::BACK_TO_STATE, Class::None, &text);
        }
    }
}

/// TLC's label of a step: `<FillBig line 16, col 14 to line 16, col 39 of module DieHard>`.
fn label(sources: &SourceMap, action: &TraceAction) -> String {
    let (name, body) = tlc_action(sources, action);
    format!("<{name} {}>", tlc_location(sources, body))
}

/// The name and place TLC gives a step's action: under an `\E` whose domain depends on the
/// state, which TLC does not split, the operator holding the `\E`, at the `\E`.
fn tlc_action<'a>(sources: &SourceMap, action: &'a TraceAction) -> (&'a str, tlafid_base::Span) {
    match &action.tlc {
        Some(tlc) => (&tlc.name, without_parens(sources, tlc.body)),
        None => (&action.name, action.body),
    }
}

/// A state's lines, or only those that differ from `before`'s, as TLC prints them.
fn lines(state: &[(String, tlafid_eval::Value)], before: Option<&TraceState>) -> String {
    crate::commands::graph::tlc_state_text(state, before.map(|b| b.lines.as_slice()))
}

/// Coverage, as TLC's `-coverage` prints it.
fn coverage(out: &mut Transcript<impl Write>, coverage: &Coverage) {
    out.message(
        code::COVERAGE_START,
        Class::None,
        &format!(
            "The coverage statistics at {} (see https://explain.tlapl.us/module-coverage-statistics for how to interpret the following statistics).",
            transcript::now()
        ),
    );
    for variable in &coverage.variables {
        out.message(code::COVERAGE_VAR, Class::None, &variable.tlc());
    }
    if let Some(init) = &coverage.init {
        out.message(code::COVERAGE_INIT, Class::None, &init.tlc());
    }
    for action in &coverage.tlc_actions {
        out.message(code::COVERAGE_NEXT, Class::None, &action.tlc());
    }
    out.message(code::COVERAGE_END, Class::None, "End of statistics.");
}

/// Coverage printed during the run (`-coverage N`), as at the end.
fn coverage_printer(tool: bool) -> Arc<dyn Fn(&Coverage) + Send + Sync> {
    let out = Mutex::new(Transcript::new(std::io::stdout(), tool));
    Arc::new(move |figures: &Coverage| {
        if let Ok(mut out) = out.lock() {
            coverage(&mut out, figures);
        }
    })
}

/// TLC's progress lines, every minute.
fn progress_printer(tool: bool, simulation: bool) -> tlafid_check::ProgressCallback {
    let out = Arc::new(Mutex::new(Transcript::new(crate::output::stdout(), tool)));
    Arc::new(move |p: &Progress| {
        let minutes = p.elapsed.as_secs_f64() / 60.0;
        let per_minute = |n: u64| transcript::thousands((n as f64 / minutes.max(1e-9)) as u64);
        let text = if simulation {
            format!(
                "Progress({}) at {}: {} states generated, -1 distinct states found, -1 states left on queue.",
                p.depth,
                transcript::now(),
                transcript::thousands(p.states_generated)
            )
        } else {
            format!(
                "Progress({}) at {}: {} states generated ({} s/min), {} distinct states found ({} ds/min), {} states left on queue.",
                p.depth,
                transcript::now(),
                transcript::thousands(p.states_generated),
                per_minute(p.states_generated),
                transcript::thousands(p.distinct_states),
                per_minute(p.distinct_states),
                transcript::thousands(p.states_on_queue)
            )
        };
        let code = if simulation {
            code::PROGRESS_SIMU
        } else {
            code::PROGRESS_STATS
        };
        if let Ok(mut out) = out.lock() {
            out.message(code, Class::None, &text);
        }
    })
}

/// TLC's exit status for the run.
fn exit_status(run: &Run) -> i32 {
    match &run.outcome {
        RunOutcome::Success => status::SUCCESS,
        RunOutcome::InvariantViolation { .. } => status::VIOLATION_SAFETY,
        // TLC counts action properties and properties of the initial state as temporal.
        RunOutcome::SafetyViolation { .. } | RunOutcome::LivenessViolation { .. } => {
            status::VIOLATION_LIVENESS
        }
        RunOutcome::Deadlock => status::VIOLATION_DEADLOCK,
        RunOutcome::AssertionFailure => status::VIOLATION_ASSERT,
        RunOutcome::AssumptionViolation | RunOutcome::PostconditionViolation { .. } => {
            status::VIOLATION_ASSUMPTION
        }
        RunOutcome::EvaluationError => status::FAILURE_SPEC_EVAL,
        RunOutcome::SpecError | RunOutcome::UsageError => status::ERROR_SPEC_PARSE,
        RunOutcome::ConfigError | RunOutcome::IllTypedBinding { .. } => status::ERROR_CONFIG_PARSE,
        // No verdict is not the model's fault: TLC's "system error", never a pass.
        RunOutcome::Incomplete { .. } | RunOutcome::Unsupported | RunOutcome::SystemError => {
            status::ERROR_SYSTEM
        }
    }
}

/// The spec's module name, as TLC's `-dumpTrace tla` names the module it writes.
fn module_name(file: &Path) -> String {
    file.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}
