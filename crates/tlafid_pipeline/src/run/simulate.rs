//! The simulated run: [`tlafid_check::Simulator`] on the bound model (deterministic for a
//! seed, whatever the worker count), its report turned into a [`Run`].

use tlafid_check::{
    ActionId, SimulationOutcome, SimulationReport, Simulator, TransitionSystem, ViolationId,
};
use tlafid_eval::{EvalError, State};
use tlafid_model::Model;

use super::outcome::{self, tlc_location};
use super::{
    ActionCount, Counterexample, Explored, Run, RunOptions, RunOutcome, Simulated,
    SimulationOptions,
};
use crate::session::Session;

pub(super) fn simulate(
    session: &mut Session<'_>,
    model: &Model<'_>,
    options: &RunOptions,
    simulation: SimulationOptions,
    check_deadlock: bool,
) -> Run {
    let simulator_options = tlafid_check::SimulationOptions {
        workers: options.workers,
        depth: simulation.depth,
        behaviours: Some(simulation.behaviours),
        seed: simulation.seed,
        check_deadlock,
        max_duration: crate::budget::duration(options.max_seconds),
        cancel: options.cancel.clone(),
        interrupt: Some(model.evaluator.interrupt().clone()),
    };
    let report = match Simulator::new(Borrowed(model), simulator_options).run() {
        Ok(report) => report,
        Err(problem) => {
            session.diagnostics.push(problem);
            return Run::stopped(RunOutcome::SystemError);
        }
    };
    let (outcome, message) = classify(session, model, &report);
    let actions = model
        .evaluator
        .actions()
        .iter()
        .enumerate()
        .map(|(i, decl)| ActionCount {
            name: decl.name.to_string(),
            location: tlc_location(&session.sources, decl.span),
            count: report.action_counts.get(i).copied().unwrap_or(0),
        })
        .collect();
    // A run stopped inside a state's work (E084) is incomplete: no behaviour to show.
    let stopped = matches!(outcome, RunOutcome::Incomplete { .. });
    let states: Vec<State> = report
        .trace
        .filter(|_| !stopped)
        .unwrap_or_default()
        .into_iter()
        .map(|s| s.state)
        .collect();
    // Describing the behaviour evaluates its steps again: they printed once already.
    model.evaluator.set_print_quiet(true);
    let trace = super::trace_states(model, &states);
    let dump = super::dump(
        model,
        (&trace, &states),
        &message,
        None,
        &mut session.diagnostics,
    );
    // What was generated and is no action's successor: the initial states, drawn from.
    let successors: u64 = report.action_generated.iter().sum();
    let initial = report.states_generated.saturating_sub(successors);
    let coverage = crate::coverage::coverage(&session.sources, model, (initial, initial), |i| {
        let at = |counts: &[u64]| counts.get(i).copied().unwrap_or(0);
        (at(&report.action_counts), at(&report.action_generated))
    });
    Run {
        outcome,
        message: Some(message),
        illegal_model_behavior: false,
        explored: Explored::Simulated(Box::new(Simulated {
            options: simulation,
            behaviours: report.behaviours,
            states_generated: report.states_generated,
            actions,
            elapsed: report.elapsed,
            counterexample: Counterexample {
                states: trace,
                cycle: None,
                dump,
            },
            coverage,
        })),
    }
}

fn classify(
    session: &mut Session<'_>,
    model: &Model<'_>,
    report: &SimulationReport<State, EvalError>,
) -> (RunOutcome, String) {
    let violation = |id: ViolationId| outcome::violation(&session.sources, model, id);
    match &report.outcome {
        SimulationOutcome::NoViolation => (
            RunOutcome::Success,
            format!(
                "{} behaviours simulated; no error has been found.",
                report.behaviours
            ),
        ),
        SimulationOutcome::Stopped { budget } => (
            RunOutcome::Incomplete {
                budget: Some(*budget),
            },
            format!(
                "Stopped by the {} budget after {} behaviours; no error has been found.",
                outcome::budget_name(*budget),
                report.behaviours
            ),
        ),
        SimulationOutcome::InvariantViolation { invariant: id } => violation(*id),
        SimulationOutcome::InitialPropertyViolation { property: id }
        | SimulationOutcome::ActionPropertyViolation { property: id } => {
            let (found, message) = violation(*id);
            // A property's initial or action part is a safety property, whatever its id.
            let name = found.violated().unwrap_or_default().to_string();
            (RunOutcome::SafetyViolation { name }, message)
        }
        SimulationOutcome::Deadlock => (RunOutcome::Deadlock, "Deadlock reached.".into()),
        SimulationOutcome::EvalError { error } => {
            if let Some(budget) = crate::budget::stopped_by(error, model.evaluator.interrupt()) {
                return (
                    RunOutcome::Incomplete {
                        budget: Some(budget),
                    },
                    format!(
                        "Stopped by the {} budget after {} behaviours; no error has been found.",
                        outcome::budget_name(budget),
                        report.behaviours
                    ),
                );
            }
            session.diagnostics.push(error.to_diagnostic());
            outcome::evaluation_failed(error)
        }
    }
}

/// The model, lent to the simulator so that the trace can be described afterwards.
struct Borrowed<'m, 'p>(&'m Model<'p>);

impl TransitionSystem for Borrowed<'_, '_> {
    type State = State;
    type Error = EvalError;

    fn fingerprint(&self, state: &State) -> u64 {
        self.0.fingerprint(state)
    }

    fn initial_states(&self, emit: &mut dyn FnMut(State)) -> Result<(), EvalError> {
        self.0.initial_states(emit)
    }

    fn initial_states_while(&self, emit: &mut dyn FnMut(State) -> bool) -> Result<(), EvalError> {
        self.0.initial_states_while(emit)
    }

    fn successors(
        &self,
        state: &State,
        emit: &mut dyn FnMut(ActionId, State),
    ) -> Result<(), EvalError> {
        self.0.successors(state, emit)
    }

    fn check_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_invariants(state)
    }

    fn check_initial_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_initial_invariants(state)
    }

    fn check_initial_properties(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_initial_properties(state)
    }

    fn in_model(&self, state: &State) -> Result<bool, EvalError> {
        self.0.in_model(state)
    }

    fn action_allowed(&self, from: &State, to: &State) -> Result<bool, EvalError> {
        self.0.action_allowed(from, to)
    }

    fn check_action_properties(
        &self,
        from: &State,
        to: &State,
    ) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_action_properties(from, to)
    }
}
