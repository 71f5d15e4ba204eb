//! The exhaustive run: [`tlafid_check::Explorer`] on the bound model, its report turned into
//! a [`Run`] (outcome, TLC's message, the counterexample rebuilt with its actions).

use tlafid_check::{Explorer, Options, Outcome, Report};
use tlafid_eval::{EvalError, State};
use tlafid_model::{Model, PostconditionFailure, TraceAction};

use super::outcome;
use super::{Counterexample, Cycle, Exhaustive, Explored, Run, RunOptions, RunOutcome};
use crate::session::Session;

pub(super) fn explore(
    session: &mut Session<'_>,
    model: Model<'_>,
    options: &RunOptions,
    check_deadlock: bool,
) -> Run {
    let interrupt = model.evaluator.interrupt().clone();
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
        ..defaults
    };
    let explorer = Explorer::new(model, explorer_options);
    match explorer.run() {
        Ok(report) => finish(session, explorer.system(), report),
        Err(problem) => {
            session.diagnostics.push(problem);
            Run::stopped(RunOutcome::SystemError)
        }
    }
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
    let stats = report.stats;
    let coverage = crate::coverage::coverage(
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
        })),
    }
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
