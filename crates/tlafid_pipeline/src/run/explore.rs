//! The exhaustive run: [`tlafid_check::Explorer`] on the bound model, its report turned into
//! a [`Run`] (outcome, TLC's message, the counterexample rebuilt with its actions).

use std::sync::{Arc, Mutex};
use std::time::Instant;

use tlafid_check::{
    errors, CheckpointOptions, Explorer, LevelCallback, Options, Outcome, Report, Stats, Violation,
    ViolationKind,
};
use tlafid_eval::{EvalError, State};
use tlafid_model::{Model, PostconditionFailure, TraceAction};

use super::outcome;
use super::{
    ContinuedViolation, Counterexample, CoverageEvery, Cycle, Exhaustive, Explored, Milestone,
    PeriodicCoverage, Run, RunOptions, RunOutcome, StateGraph,
};
use crate::coverage::{variable_counts, variable_lines, Template};
use crate::session::Session;

pub(super) fn explore(
    session: &mut Session<'_>,
    mut model: Model<'_>,
    options: &RunOptions,
    check_deadlock: bool,
) -> Run {
    let interrupt = model.evaluator.interrupt().clone();
    if options.variable_coverage {
        model.variable_values = Some(Default::default());
    }
    let defaults = Options::default();
    let explorer_options = Options {
        workers: options.workers,
        check_deadlock,
        max_states: options.max_states,
        max_depth: options.max_depth,
        max_duration: crate::budget::duration(options.max_seconds),
        cancel: options.cancel.clone(),
        interrupt: Some(interrupt),
        progress: options.progress.clone(),
        progress_interval: options
            .progress_interval
            .unwrap_or(defaults.progress_interval),
        continue_after_violations: options.continue_after_violations,
        observe_states: options.variable_coverage,
        after_level: after_level(
            options
                .periodic_coverage
                .as_ref()
                .map(|periodic| coverage_reporter(session, &model, periodic)),
            options.milestones.clone(),
        ),
        spill: options.spill.clone(),
        checkpoint: options
            .checkpoint
            .clone()
            .map(|checkpoint| CheckpointOptions {
                model: model_identity(session, options, check_deadlock),
                ..checkpoint
            }),
        ..defaults
    };
    if let Some(milestones) = &options.milestones {
        milestones(&Milestone::ComputingInitialStates);
    }
    let explorer = Explorer::new(model, explorer_options);
    let run = match explorer.run() {
        Ok(report) => {
            let counted = report.stats.distinct_states;
            let mut run = finish(session, explorer.system(), report);
            if let (true, Explored::Exhaustive(e)) = (options.dump_graph, &mut run.explored) {
                e.graph = state_graph(session, explorer.system(), counted);
            }
            run
        }
        Err(problem) => {
            // The folders the user named for spilling or checkpoints are input, not the system;
            // options the explorer refuses (`--checkpoint` with temporal properties) are a
            // refused flag combination, a usage error like those the command line refuses.
            let outcome = match problem.code {
                errors::INVALID_OPTIONS
                | errors::STORAGE_FAILED
                | errors::CHECKPOINT_UNUSABLE
                | errors::CHECKPOINT_OTHER_MODEL => RunOutcome::UsageError,
                _ => RunOutcome::SystemError,
            };
            session.diagnostics.push(problem);
            Run::stopped(outcome)
        }
    };
    // Not with spilling: its storage (a private temporary folder) is removed when dropped.
    if options.leave_to_exit && options.spill.is_none() {
        std::mem::forget(explorer);
    }
    run
}

/// Names the way states are fingerprinted: a checkpoint's seen set holds fingerprints, so
/// one written by a build that fingerprinted otherwise must not be resumed. Change it with
/// any fingerprint (the symmetry's orbit fingerprint included).
const FINGERPRINT_SCHEME: &[u8] = b"fingerprints 2: orbit hashes fixed parts by fingerprint";

/// What a checkpoint must match to be resumed: the fingerprint scheme, every source read
/// (model, configuration, modules, requirements), in the order read, and the options that
/// shape the state space.
fn model_identity(session: &Session<'_>, options: &RunOptions, check_deadlock: bool) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut add = |bytes: &[u8]| {
        for &byte in bytes.iter().chain(&[0xff]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    add(FINGERPRINT_SCHEME);
    for (_, file) in session.sources.files() {
        add(file.text.as_bytes());
    }
    add(&[u8::from(check_deadlock), u8::from(options.run_only)]);
    add(&options.max_depth.unwrap_or(u32::MAX).to_le_bytes());
    hash
}

/// Turns the explorer's report into a [`Run`], rebuilding the trace's actions.
fn finish(session: &mut Session<'_>, model: &Model<'_>, report: Report<State, EvalError>) -> Run {
    let (outcome, message) = classify(session, model, &report.outcome);
    let (outcome, message) = match outcome {
        RunOutcome::Success => {
            postconditions(session, model, &report).unwrap_or((outcome, message))
        }
        _ => (outcome, message),
    };
    // What follows evaluates again what the search evaluated (the counterexample's actions
    // and `ALIAS`, a `-dump` graph): a spec's `Print` printed it once already.
    model.evaluator.set_print_quiet(true);
    let (outcome, message) = if !model.unchecked.is_empty() && outcome == RunOutcome::Success {
        (
            RunOutcome::Incomplete { budget: None },
            "The state space was explored and no error found, but some configured checks were not made.".to_string(),
        )
    } else {
        (outcome, message)
    };
    // A run stopped inside a state's work (E084) is incomplete: no behaviour to show.
    let stopped = matches!(outcome, RunOutcome::Incomplete { .. });
    let states: Vec<State> = report
        .trace
        .filter(|_| !stopped)
        .unwrap_or_default()
        .into_iter()
        .map(|step| step.state)
        .collect();
    let trace = super::trace_states(model, &states);
    let cycle = report.cycle.filter(|&at| at < trace.len()).map(|at| Cycle {
        back_to: at,
        action: back_action(model, &states, at),
    });
    // As TLC, name every property the counterexample violates.
    let (outcome, message) = match (&cycle, outcome) {
        (Some(cycle), RunOutcome::LivenessViolation { names: first }) => {
            let shown: Vec<&State> = states.iter().collect();
            let mut names = model
                .violated_properties(&shown, cycle.back_to)
                .unwrap_or_default();
            if names.is_empty() {
                names = first;
            }
            let message = outcome::temporal_message(&names);
            (RunOutcome::LivenessViolation { names }, message)
        }
        (_, outcome) => (outcome, message),
    };
    let dump = super::dump(
        model,
        (&trace, &states),
        &message,
        cycle.as_ref().map(|c| c.back_to),
        &mut session.diagnostics,
    );
    let violations = continued(session, model, &report.violations);
    let stats = report.stats;
    let mut coverage = crate::coverage::coverage(
        &session.sources,
        model,
        (
            stats.initial_distinct_states,
            stats.initial_states_generated,
        ),
        |i| {
            stats
                .per_action
                .get(i)
                .map_or((0, 0), |a| (a.distinct, a.generated))
        },
    );
    let variables = model.variable_values.as_ref().map(variable_counts);
    coverage.variables = variable_lines(&session.sources, model, variables.as_deref());
    Run {
        outcome,
        message: Some(message),
        illegal_model_behavior: false,
        explored: Explored::Exhaustive(Box::new(Exhaustive {
            stats,
            elapsed: report.elapsed,
            counterexample: Counterexample {
                states: trace,
                cycle,
                dump,
            },
            unchecked: model.unchecked.clone(),
            coverage,
            violations,
            graph: None,
        })),
    }
}

/// The first `counted` states in breadth-first order and the steps between them.
fn state_graph(session: &mut Session<'_>, model: &Model<'_>, counted: u64) -> Option<StateGraph> {
    let dump = match tlafid_check::graph_dump(model, counted) {
        Ok(dump) => dump,
        Err(error) => {
            session.diagnostics.push(error.to_diagnostic());
            return None;
        }
    };
    let actions = model.evaluator.actions();
    let name = |id: tlafid_check::ActionId| {
        actions.get(id.0 as usize).map_or_else(String::new, |a| {
            a.tlc.as_ref().map_or(&a.name, |t| &t.name).to_string()
        })
    };
    Some(StateGraph {
        states: dump
            .states
            .iter()
            .map(|(state, level)| (model.trace_lines(state, state), *level))
            .collect(),
        edges: dump
            .edges
            .iter()
            .map(|&(from, to, action)| (from, to, name(action)))
            .collect(),
        cut: dump.cut,
    })
}

/// The explorer's end-of-level callback that reports coverage when it is due.
/// What runs after each complete level: [`Milestone::InitialStatesDone`] after the initial
/// states' (the only level of depth 1), then the periodic coverage.
fn after_level(
    coverage: Option<LevelCallback>,
    milestones: Option<super::MilestoneCallback>,
) -> Option<LevelCallback> {
    let Some(milestones) = milestones else {
        return coverage;
    };
    Some(Arc::new(move |stats: &Stats| {
        if stats.depth == 1 {
            milestones(&Milestone::InitialStatesDone {
                distinct: stats.initial_distinct_states,
            });
        }
        if let Some(coverage) = &coverage {
            coverage(stats);
        }
    }))
}

fn coverage_reporter(
    session: &Session<'_>,
    model: &Model<'_>,
    periodic: &PeriodicCoverage,
) -> LevelCallback {
    let template = Template::new(&session.sources, model);
    let values = model.variable_values.clone();
    let periodic = periodic.clone();
    let last = Mutex::new((Instant::now(), 0u32));
    Arc::new(move |stats: &Stats| {
        let Ok(mut last) = last.lock() else { return };
        last.1 += 1;
        let due = match periodic.every {
            CoverageEvery::Time(every) => last.0.elapsed() >= every,
            CoverageEvery::Levels(every) => last.1 >= every.max(1),
        };
        if !due {
            return;
        }
        *last = (Instant::now(), 0);
        let per_action = |i: usize| {
            stats
                .per_action
                .get(i)
                .map_or((0, 0), |a| (a.distinct, a.generated))
        };
        let init = (
            stats.initial_distinct_states,
            stats.initial_states_generated,
        );
        let variables = values.as_ref().map(variable_counts);
        (periodic.report)(&template.fill(init, per_action, variables.as_deref()));
    })
}

/// The violations a `-continue` run went on after, each with its behaviour.
fn continued(
    session: &mut Session<'_>,
    model: &Model<'_>,
    violations: &[Violation<State>],
) -> Vec<ContinuedViolation> {
    let mut cut = Vec::new();
    let continued = violations
        .iter()
        .map(|violation| {
            let id = match violation.kind {
                ViolationKind::Invariant(id) | ViolationKind::ActionProperty(id) => id,
            };
            let (outcome, message) = outcome::violation(&session.sources, model, id);
            let states: Vec<State> = violation.trace.iter().map(|s| s.state.clone()).collect();
            let trace = super::trace_states(model, &states);
            let dump = super::dump(model, (&trace, &states), &message, None, &mut cut);
            ContinuedViolation {
                outcome,
                message,
                counterexample: Counterexample {
                    states: trace,
                    cycle: None,
                    dump,
                },
            }
        })
        .collect();
    session.diagnostics.extend(cut);
    continued
}

/// After a complete exploration that found nothing wrong, the `POSTCONDITION`s (as TLC):
/// the outcome of the first that does not hold, if one does not.
fn postconditions(
    session: &mut Session<'_>,
    model: &Model<'_>,
    report: &Report<State, EvalError>,
) -> Option<(RunOutcome, String)> {
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
        PostconditionFailure::False { name, span, .. } => {
            let at = outcome::tlc_location(&session.sources, span);
            Some((
                RunOutcome::PostconditionViolation {
                    name: name.to_string(),
                },
                format!("Postcondition {name} at {at} is false."),
            ))
        }
        PostconditionFailure::Error { error, .. } => {
            session.diagnostics.push(error.to_diagnostic());
            Some(outcome::evaluation_failed(&error))
        }
    }
}

fn classify(
    session: &mut Session<'_>,
    model: &Model<'_>,
    outcome: &Outcome<EvalError>,
) -> (RunOutcome, String) {
    match outcome {
        Outcome::Success => (
            RunOutcome::Success,
            "Model checking completed. No error has been found.".into(),
        ),
        Outcome::InvariantViolation { invariant: id }
        | Outcome::InitialPropertyViolation { property: id }
        | Outcome::ActionPropertyViolation { property: id } => {
            outcome::violation(&session.sources, model, *id)
        }
        Outcome::Deadlock => (RunOutcome::Deadlock, "Deadlock reached.".into()),
        Outcome::EvalError { error } => {
            if let Some(budget) = crate::budget::stopped_by(error, model.evaluator.interrupt()) {
                return outcome::incomplete(budget);
            }
            session.diagnostics.push(error.to_diagnostic());
            outcome::evaluation_failed(error)
        }
        Outcome::LivenessViolation { property } => {
            let name = model
                .liveness_name(*property)
                .unwrap_or("a temporal property")
                .to_string();
            let message = format!("Temporal property {name} was violated.");
            (RunOutcome::LivenessViolation { names: vec![name] }, message)
        }
        Outcome::Incomplete { budget } => outcome::incomplete(*budget),
    }
}

/// The action of the step from the trace's last state back to its state `at` (none when
/// the behaviour stutters there).
fn back_action(model: &Model<'_>, states: &[State], at: usize) -> Option<TraceAction> {
    let last = states.last()?;
    if at + 1 == states.len() {
        return None;
    }
    model.action_between(last, &states[at])
}
