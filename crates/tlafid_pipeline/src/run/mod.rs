//! Running a model: load, bind, check the `ASSUME`s, then explore every state (as TLC) or
//! simulate random behaviours (as TLC's `-simulate`), one [`Run`] either way.

mod explore;
mod ill_typed;
mod outcome;
mod simulate;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{ProgressCallback, Stats};
use tlafid_config::Named;
use tlafid_eval::{PrintSink, Value};
use tlafid_model::{Model, TraceAction, Unchecked};

pub use outcome::{budget_name, tlc_location, without_parens, OutcomeKind, RunOutcome};

use crate::counterexample::TraceDump;
use crate::coverage::Coverage;
use crate::load::{self, LoadFailure, ModelInputs};
use crate::session::Session;

/// How to explore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every reachable state, breadth-first.
    Exhaustive,
    /// Random behaviours (TLC's `-simulate`).
    Simulate(SimulationOptions),
}

/// What `--simulate` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimulationOptions {
    /// The most steps in one behaviour (TLC's `-depth`).
    pub depth: u32,
    /// How many behaviours (TLC's `-simulate num=K`).
    pub behaviours: u64,
    /// The seed of the random choices (TLC's `-seed`).
    pub seed: u64,
}

impl Default for SimulationOptions {
    fn default() -> SimulationOptions {
        SimulationOptions {
            depth: 100,
            behaviours: 1000,
            seed: 0,
        }
    }
}

/// How to run a model.
#[derive(Clone)]
pub struct RunOptions {
    /// Exhaustive or simulated.
    pub mode: Mode,
    /// Worker threads (at least 1). Results do not depend on it.
    pub workers: usize,
    /// Stop (incomplete) after this many distinct states.
    pub max_states: Option<u64>,
    /// Stop (incomplete) after this many breadth-first levels.
    pub max_depth: Option<u32>,
    /// Stop (incomplete) after this many seconds (a positive number).
    pub max_seconds: Option<f64>,
    /// Do not report deadlocks (TLC's `-deadlock`).
    pub no_deadlock: bool,
    /// Check none of the configuration's invariants and properties, only that the model
    /// runs (`grade`'s runtime phase).
    pub run_only: bool,
    /// Set to `true` from elsewhere to stop the run (incomplete).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Called with progress snapshots during an exhaustive run.
    pub progress: Option<ProgressCallback>,
    /// How often progress comes (default: the explorer's).
    pub progress_interval: Option<Duration>,
    /// TLC's `-continue`: go on exploring after an invariant or action-property violation
    /// and report each ([`Exhaustive::violations`]). Exhaustive runs only.
    pub continue_after_violations: bool,
    /// Coverage reported while an exhaustive run goes on (TLC's `-coverage N`).
    pub periodic_coverage: Option<PeriodicCoverage>,
    /// Also build the state graph of the states the run counted ([`Exhaustive::graph`]).
    pub dump_graph: bool,
    /// Count each variable's distinct values for the coverage (TLC's 2779 lines) in an
    /// exhaustive run.
    pub variable_coverage: bool,
    /// Spill the seen set and the queue to files past these sizes (exhaustive runs).
    pub spill: Option<tlafid_check::SpillOptions>,
    /// Save checkpoints, or resume from one (exhaustive runs); the model's identity is
    /// filled in by the run (a hash of every source read and the options that shape the
    /// state space).
    pub checkpoint: Option<tlafid_check::CheckpointOptions>,
    /// Receives what the spec's `Print` and `PrintT` write, one call per evaluation (its
    /// text, TLC's, may span lines), from whichever worker evaluates it; `None` discards it.
    /// Only the evaluation of `Print` touches it.
    pub print: Option<PrintSink>,
    /// Told when the run passes the points a TLC transcript marks, so that a front end can
    /// print its messages between the lines the spec prints.
    pub milestones: Option<MilestoneCallback>,
    /// The process ends after this run (a command line's one model): what the exhaustive run
    /// built (the bound model with its constants' values, the explorer's tables) is left to
    /// the process's exit rather than freed value by value. CoffeeCan's million-record
    /// initial set took 0.3 G instructions to free.
    pub leave_to_exit: bool,
}

/// A point of a run that TLC's transcript marks, in the order they come.
#[derive(Debug)]
pub enum Milestone<'a> {
    /// The model is loaded and bound; its `ASSUME`s are checked next.
    Loaded {
        /// The sources read.
        sources: &'a SourceMap,
        /// The diagnostics found so far (warnings).
        diagnostics: &'a [Diagnostic],
    },
    /// The initial states are computed next (exhaustive runs).
    ComputingInitialStates,
    /// Every initial state is in, this many distinct, and the search goes on (exhaustive
    /// runs; not when the initial states end the run, nor after resuming a checkpoint).
    InitialStatesDone {
        /// Distinct initial states.
        distinct: u64,
    },
}

/// Called at each [`Milestone`] of a run.
pub type MilestoneCallback = Arc<dyn Fn(&Milestone<'_>) + Send + Sync>;

/// Coverage reported while an exhaustive run goes on, at the end of a breadth-first level
/// (so the figures are those of complete levels and do not depend on the workers).
#[derive(Clone)]
pub struct PeriodicCoverage {
    /// How often.
    pub every: CoverageEvery,
    /// Called with the coverage so far.
    pub report: Arc<dyn Fn(&Coverage) + Send + Sync>,
}

/// How often [`PeriodicCoverage`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageEvery {
    /// At the first level's end after this much time since the start or the last report.
    Time(Duration),
    /// At the end of every this-many levels (deterministic: what tests use).
    Levels(u32),
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            mode: Mode::Exhaustive,
            workers: 1,
            max_states: None,
            max_depth: None,
            max_seconds: None,
            no_deadlock: false,
            run_only: false,
            cancel: None,
            progress: None,
            progress_interval: None,
            continue_after_violations: false,
            periodic_coverage: None,
            dump_graph: false,
            variable_coverage: false,
            spill: None,
            checkpoint: None,
            print: None,
            milestones: None,
            leave_to_exit: false,
        }
    }
}

/// The result of running a model.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub outcome: RunOutcome,
    /// TLC's words for it, for a run that explored.
    pub message: Option<String>,
    /// With requirements: a requirement is violated (illegal model behaviour).
    pub illegal_model_behavior: bool,
    /// What was explored.
    pub explored: Explored,
}

impl Run {
    fn stopped(outcome: RunOutcome) -> Run {
        Run {
            outcome,
            message: None,
            illegal_model_behavior: false,
            explored: Explored::Nothing,
        }
    }
}

/// What a run explored.
#[derive(Debug)]
pub enum Explored {
    /// Nothing: it stopped before (see the diagnostics).
    Nothing,
    /// The configuration names no behaviour; every `ASSUME` holds (TLC's success with no
    /// states).
    AssumptionsOnly,
    /// The state space, breadth-first (completely or not).
    Exhaustive(Box<Exhaustive>),
    /// Random behaviours.
    Simulated(Box<Simulated>),
}

/// The figures and counterexample of an exhaustive run.
#[derive(Debug)]
pub struct Exhaustive {
    /// The explorer's counts.
    pub stats: Stats,
    /// How long the exploration took.
    pub elapsed: Duration,
    /// The shortest behaviour reaching the violation (empty for none).
    pub counterexample: Counterexample,
    /// Configured checks that were not made.
    pub unchecked: Vec<Unchecked>,
    /// Per action, the states it generated and the distinct states it found first.
    pub coverage: Coverage,
    /// With `-continue`: every violation met, in breadth-first order (the run's outcome and
    /// counterexample are the first unless something else stopped the run).
    pub violations: Vec<ContinuedViolation>,
    /// With [`RunOptions::dump_graph`]: the states the run counted and the steps between them.
    pub graph: Option<StateGraph>,
}

/// A state graph to write (TLC's `-dump`), in breadth-first order.
#[derive(Debug, Default)]
pub struct StateGraph {
    /// Each state's lines (as a trace shows them) and breadth-first level (initial: 1).
    pub states: Vec<(Vec<(String, Value)>, u32)>,
    /// Each step: from, to (indices into `states`) and the action's name, as TLC names it.
    pub edges: Vec<(u32, u32, String)>,
    /// The search was stopped at the run's count: later states are left out.
    pub cut: bool,
}

/// A violation a `-continue` run met and went on after.
#[derive(Debug)]
pub struct ContinuedViolation {
    /// What was violated ([`RunOutcome::InvariantViolation`] or
    /// [`RunOutcome::SafetyViolation`]).
    pub outcome: RunOutcome,
    /// TLC's words for it.
    pub message: String,
    /// A shortest behaviour to it.
    pub counterexample: Counterexample,
}

/// The figures and counterexample of a simulation.
#[derive(Debug)]
pub struct Simulated {
    /// The options it ran with.
    pub options: SimulationOptions,
    /// Behaviours run, up to and including the one reported.
    pub behaviours: u64,
    /// Initial states plus successors generated.
    pub states_generated: u64,
    /// Every action of the next-state relation, with how often it was taken.
    pub actions: Vec<ActionCount>,
    /// How long the simulation took.
    pub elapsed: Duration,
    /// The behaviour that violates a check (empty for none).
    pub counterexample: Counterexample,
    /// Per action, the steps it took and the successors it generated (as TLC's
    /// `-coverage` counts them in a simulation).
    pub coverage: Coverage,
}

/// An action of the next-state relation and how often a simulation took it.
#[derive(Clone, Debug)]
pub struct ActionCount {
    /// The action's name.
    pub name: String,
    /// Where it is defined, as TLC writes it.
    pub location: String,
    /// How often it was taken.
    pub count: u64,
}

/// A behaviour to show: its states, how it loops back, and the files it can be written as.
#[derive(Debug, Default)]
pub struct Counterexample {
    /// Each state with the action into it (none for an initial state) and what to show.
    pub states: Vec<TraceState>,
    /// For a temporal violation: where the last state steps back to forever.
    pub cycle: Option<Cycle>,
    /// The behaviour as ITF and as an event log.
    pub dump: Option<TraceDump>,
}

/// One state of a behaviour.
#[derive(Clone, Debug)]
pub struct TraceState {
    /// The action that reached it (none for an initial state).
    pub action: Option<TraceAction>,
    /// What to show of it: the variables, or the `ALIAS` record's fields.
    pub lines: Vec<(String, Value)>,
}

/// How a lasso closes.
#[derive(Clone, Debug)]
pub struct Cycle {
    /// The position in the behaviour the last state steps back to (the last position: it
    /// stutters).
    pub back_to: usize,
    /// The action of that step (none when it stutters).
    pub action: Option<TraceAction>,
}

/// Loads, binds and runs the model as `options` say.
pub fn run(session: &mut Session<'_>, inputs: &ModelInputs, options: &RunOptions) -> Run {
    run_skipping(session, inputs, options, &[])
}

/// The census of the model's action plans and of its invariants' compiled forms
/// (`Evaluator::plan_census`), or how loading stopped: a developer's tool (`tlafid check
/// --plan-census`) for sizing a native back end; its text is no interface.
#[doc(hidden)]
pub fn plan_census(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &RunOptions,
) -> Result<String, Run> {
    with_model(session, inputs, options, &[], |_, model, _, _| {
        let checks: Vec<(&str, &tlafid_sema::ir::Expr)> = model
            .invariants
            .iter()
            .map(|check| (check.name.as_str(), check.expr))
            .collect();
        model.evaluator.plan_census(&checks)
    })
}

/// [`run`], leaving out the named requirements.
pub(crate) fn run_skipping(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &RunOptions,
    skip: &[String],
) -> Run {
    let ran = with_model(
        session,
        inputs,
        options,
        skip,
        |session, mut model, deadlock, types| {
            let interrupt = crate::budget::run_interrupt(&session.interrupt, options.max_seconds);
            model.evaluator.set_interrupt(interrupt);
            let mut run = match options.mode {
                Mode::Exhaustive => explore::explore(session, model, options, deadlock),
                Mode::Simulate(simulation) => {
                    simulate::simulate(session, &model, options, simulation, deadlock)
                }
            };
            run.illegal_model_behavior =
                inputs.requirements.is_some() && run.outcome.kind().is_violation();
            ill_typed::recognise(session, &mut run, types);
            run
        },
    );
    ran.unwrap_or_else(|stopped| stopped)
}

/// Loads, binds and checks the `ASSUME`s of the model, then hands it to `then` with whether
/// deadlock is checked; or says how it stopped (with the diagnostics in the session).
pub(crate) fn with_model<R>(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &RunOptions,
    skip: &[String],
    then: impl FnOnce(&mut Session<'_>, Model<'_>, bool, &[Named]) -> R,
) -> Result<R, Run> {
    if !options_valid(options, session) {
        return Err(Run::stopped(RunOutcome::UsageError));
    }
    let loaded = load::load(session, inputs, skip).map_err(|failure| {
        Run::stopped(match failure {
            LoadFailure::Usage => RunOutcome::UsageError,
            LoadFailure::Config => RunOutcome::ConfigError,
            LoadFailure::Spec => RunOutcome::SpecError,
        })
    })?;
    let (mut program, mut config) = (loaded.program, loaded.config);
    let types = loaded.requirements.map(|r| r.types).unwrap_or_default();
    if options.run_only {
        config.invariants.clear();
        config.properties.clear();
    }
    let bound = tlafid_model::prepare(&mut program, &config)
        .and_then(|spec| tlafid_model::bind(&program, &config, spec));
    let mut model = match bound {
        Ok(model) => model,
        Err(problems) => {
            session.diagnostics.extend(problems);
            return Err(Run::stopped(RunOutcome::ConfigError));
        }
    };
    session.diagnostics.append(&mut model.warnings);
    if inputs.requirements.is_some() {
        model.rename_checks(tlafid_model::requirements::original_name);
    }
    let deadlock = check_deadlock(inputs, options, &model);
    model
        .evaluator
        .set_tlc_config(tlc_config(options, deadlock));
    let Some(reads) = load::spec_inputs(session, &inputs.reads) else {
        return Err(Run::stopped(RunOutcome::UsageError));
    };
    model.evaluator.set_inputs(reads);
    model.evaluator.set_print(options.print.clone());
    if let Some(milestones) = &options.milestones {
        milestones(&Milestone::Loaded {
            sources: &session.sources,
            diagnostics: &session.diagnostics,
        });
    }
    if let Err(error) = model.evaluator.check_assumes() {
        let assumption_false = error.code == tlafid_eval::E_ASSERT;
        session.diagnostics.push(error.to_diagnostic());
        return Err(Run::stopped(if assumption_false {
            RunOutcome::AssumptionViolation
        } else {
            RunOutcome::EvaluationError
        }));
    }
    if model.spec.is_none() {
        return Err(Run {
            explored: Explored::AssumptionsOnly,
            ..Run::stopped(RunOutcome::Success)
        });
    }
    Ok(then(session, model, deadlock, &types))
}

/// The options every run shares: between 1 and [`crate::budget::MAX_WORKERS`] workers, and
/// a time budget that is a positive number. False (with the diagnostic pushed) when they are not.
fn options_valid(options: &RunOptions, session: &mut Session<'_>) -> bool {
    match crate::budget::flags_problem(options.workers, options.max_seconds) {
        Some(problem) => {
            session.diagnostics.push(problem);
            false
        }
        None => true,
    }
}

/// Whether deadlock is checked: the configuration's `CHECK_DEADLOCK` and `no_deadlock`;
/// never with requirements (a deadlock is the model's business, not a requirement's).
fn check_deadlock(inputs: &ModelInputs, options: &RunOptions, model: &Model<'_>) -> bool {
    model.check_deadlock && !options.no_deadlock && inputs.requirements.is_none()
}

/// `TLCGet("config")`: the fields of TLC's record that have a meaning here (TLC adds its
/// installation path and fingerprint seed, which do not).
fn tlc_config(options: &RunOptions, deadlock: bool) -> Value {
    let mut fields = vec![
        ("deadlock", Value::Bool(deadlock)),
        ("worker", Value::Int(options.workers as i64)),
    ];
    match options.mode {
        Mode::Simulate(simulation) => {
            fields.push(("mode", Value::str("simulate")));
            fields.push(("seed", Value::str(&simulation.seed.to_string())));
            fields.push(("traces", Value::Int(simulation.behaviours as i64)));
            fields.push(("depth", Value::Int(i64::from(simulation.depth))));
        }
        Mode::Exhaustive => fields.push(("mode", Value::str("bfs"))),
    }
    Value::record(
        fields
            .into_iter()
            .map(|(k, v)| (tlafid_value::Text::new(k), v))
            .collect(),
    )
}

/// Each state of `states` with the action into it and what to show of it.
fn trace_states(model: &Model<'_>, states: &[tlafid_eval::State]) -> Vec<TraceState> {
    states
        .iter()
        .enumerate()
        .map(|(i, state)| {
            let action = i
                .checked_sub(1)
                .and_then(|p| model.action_between(&states[p], state));
            let next = states.get(i + 1).unwrap_or(state);
            TraceState {
                action,
                lines: model.trace_lines(state, next),
            }
        })
        .collect()
}

/// The dump of a behaviour whose states and actions are given; a behaviour too large for
/// the output cap gets an `E009` warning in `diagnostics` (its JSON report and ITF trace
/// keep the states that fit).
fn dump(
    model: &Model<'_>,
    (trace, states): (&[TraceState], &[tlafid_eval::State]),
    message: &str,
    cycle: Option<usize>,
    diagnostics: &mut Vec<tlafid_base::Diagnostic>,
) -> Option<TraceDump> {
    let steps: Vec<(Option<&TraceAction>, &tlafid_eval::State)> = trace
        .iter()
        .zip(states)
        .map(|(t, state)| (t.action.as_ref(), state))
        .collect();
    let dump = TraceDump::new(model, &steps, message, cycle)?;
    if let Some(cut) = &dump.itf_cut {
        let mut warning = tlafid_base::Diagnostic::error_nowhere(crate::codes::OUTPUT_CUT, cut);
        warning.severity = tlafid_base::Severity::Warning;
        diagnostics.push(warning);
    }
    Some(dump)
}
