//! Random simulation, as TLC's `-simulate`: behaviours from random initial states, each step a
//! random successor, checking invariants and action properties on the way.
//!
//! Behaviour `i` draws from its own generator seeded by `(seed, i)`, and behaviours run in
//! fixed-size batches, so a seed gives the same result for any number of workers: the reported
//! violation is the one of the lowest-numbered behaviour that has one.
//!
//! Differences from TLC, by design: every successor of a state is generated and checked (TLC
//! generates only those of the actions it tries), and the random choices come from our own
//! generator, so the behaviours differ from TLC's for the same seed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use tlafid_base::{Code, Diagnostic};

use crate::errors::{invalid_options, threads_unavailable};
use crate::report::{Budget, TraceStep};
use crate::rng::SplitMix64;
use crate::{ActionId, TransitionSystem, ViolationId};

/// `E093`: no initial state satisfies the constraints, so nothing can be simulated.
pub const NO_INITIAL_STATE: Code = Code(93);

/// Behaviours run per batch (fixed, so results do not depend on the worker count).
const BATCH: u64 = 64;

/// How a simulation runs.
#[derive(Clone, Debug)]
pub struct SimulationOptions {
    /// Worker threads (at least 1).
    pub workers: usize,
    /// Most steps in one behaviour (TLC's `-depth`, default 100).
    pub depth: u32,
    /// Behaviours to run (TLC's `-num`); `None` runs until `max_duration`.
    pub behaviours: Option<u64>,
    /// Seed of the random choices (TLC's `-seed`).
    pub seed: u64,
    /// Report a state without successors inside the constraints as a deadlock.
    pub check_deadlock: bool,
    /// Stop after about this much time (checked between batches of behaviours).
    pub max_duration: Option<Duration>,
    /// Set to `true` from elsewhere to stop.
    pub cancel: Option<Arc<AtomicBool>>,
    /// A stop signal from outside (deadline, memory, cancellation).
    pub interrupt: Option<tlafid_base::Interrupt>,
}

impl Default for SimulationOptions {
    fn default() -> SimulationOptions {
        SimulationOptions {
            workers: 1,
            depth: 100,
            behaviours: Some(1000),
            seed: 0,
            check_deadlock: true,
            max_duration: None,
            cancel: None,
            interrupt: None,
        }
    }
}

/// How a simulation ended.
#[derive(Debug)]
pub enum SimulationOutcome<E> {
    /// All requested behaviours ran without a violation (which proves nothing in general).
    NoViolation,
    /// The time budget or cancellation stopped the simulation first, without a violation.
    Stopped {
        /// Which budget.
        budget: Budget,
    },
    /// A state of a behaviour violates an invariant.
    InvariantViolation {
        /// The first invariant violated.
        invariant: ViolationId,
    },
    /// An initial state violates the initial part of a property.
    InitialPropertyViolation {
        /// The first property violated.
        property: ViolationId,
    },
    /// A step of a behaviour violates an action property.
    ActionPropertyViolation {
        /// The first action property violated.
        property: ViolationId,
    },
    /// A behaviour reached a state without successors inside the constraints.
    Deadlock,
    /// The system failed to evaluate something.
    EvalError {
        /// The system's error.
        error: E,
    },
}

/// The result of [`Simulator::run`].
#[derive(Debug)]
pub struct SimulationReport<S, E> {
    /// How it ended.
    pub outcome: SimulationOutcome<E>,
    /// Behaviours run, up to and including the one reported.
    pub behaviours: u64,
    /// Initial states plus successors generated in those behaviours.
    pub states_generated: u64,
    /// How often each action was taken in those behaviours, indexed by [`ActionId`]`.0`.
    pub action_counts: Vec<u64>,
    /// How many successors each action generated in those behaviours (TLC's `-coverage`
    /// figure in a simulation), indexed likewise.
    pub action_generated: Vec<u64>,
    /// The behaviour that violated something, ending in the offending state.
    pub trace: Option<Vec<TraceStep<S>>>,
    /// Wall-clock time taken (not deterministic).
    pub elapsed: Duration,
}

/// Runs random behaviours of a [`TransitionSystem`].
pub struct Simulator<T: TransitionSystem> {
    system: T,
    options: SimulationOptions,
}

/// What one behaviour produced.
struct Behaviour<S, E> {
    generated: u64,
    action_counts: Vec<u64>,
    action_generated: Vec<u64>,
    ending: Option<(SimulationOutcome<E>, Vec<TraceStep<S>>)>,
}

type ReportOf<T> = SimulationReport<<T as TransitionSystem>::State, <T as TransitionSystem>::Error>;
type BehaviourOf<T> = Behaviour<<T as TransitionSystem>::State, <T as TransitionSystem>::Error>;
/// A violation in the middle of a step, with the offending successor if there is one.
type StepFailure<T> = (
    SimulationOutcome<<T as TransitionSystem>::Error>,
    Option<TraceStep<<T as TransitionSystem>::State>>,
);
type Ending<T> = (
    SimulationOutcome<<T as TransitionSystem>::Error>,
    Vec<TraceStep<<T as TransitionSystem>::State>>,
);

impl<T: TransitionSystem> Simulator<T> {
    /// A simulator of `system`.
    pub fn new(system: T, options: SimulationOptions) -> Simulator<T> {
        Simulator { system, options }
    }

    /// Runs behaviours until one violates something, all requested ran, or time is up.
    pub fn run(&self) -> Result<ReportOf<T>, Diagnostic> {
        let options = &self.options;
        if options.workers == 0 {
            return Err(invalid_options("at least one worker is needed"));
        }
        if options.behaviours.is_none() && options.max_duration.is_none() {
            return Err(invalid_options(
                "a simulation needs a number of behaviours or a time budget",
            ));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.workers)
            .stack_size(crate::WORKER_STACK_BYTES)
            .build()
            .map_err(threads_unavailable)?;
        pool.install(|| self.run_batches())
    }

    fn run_batches(&self) -> Result<ReportOf<T>, Diagnostic> {
        let started = Instant::now();
        let mut report = SimulationReport {
            outcome: SimulationOutcome::NoViolation,
            behaviours: 0,
            states_generated: 0,
            action_counts: Vec::new(),
            action_generated: Vec::new(),
            trace: None,
            elapsed: Duration::ZERO,
        };
        let initial = match self.initial_states(&mut report.states_generated) {
            Ok(initial) => initial,
            Err((outcome, trace)) => return Ok(finish(report, outcome, Some(trace), started)),
        };
        if initial.is_empty() {
            return Err(Diagnostic::error_nowhere(
                NO_INITIAL_STATE,
                "no initial state satisfies the constraints: nothing to simulate",
            ));
        }
        let limit = self.options.behaviours.unwrap_or(u64::MAX);
        while report.behaviours < limit {
            if let Some(budget) = self.exhausted(started) {
                return Ok(finish(
                    report,
                    SimulationOutcome::Stopped { budget },
                    None,
                    started,
                ));
            }
            let batch_end = (report.behaviours + BATCH).min(limit);
            let results: Vec<BehaviourOf<T>> = (report.behaviours..batch_end)
                .into_par_iter()
                .map(|index| self.behaviour(&initial, index))
                .collect();
            for behaviour in results {
                report.behaviours += 1;
                report.states_generated += behaviour.generated;
                add_counts(&mut report.action_counts, &behaviour.action_counts);
                add_counts(&mut report.action_generated, &behaviour.action_generated);
                if let Some((outcome, trace)) = behaviour.ending {
                    return Ok(finish(report, outcome, Some(trace), started));
                }
            }
        }
        // The last batch may have been cut by the stop signal: never a pass then.
        if let Some(reason) = self.options.interrupt.as_ref().and_then(|i| i.check()) {
            return Ok(finish(
                report,
                SimulationOutcome::Stopped {
                    budget: Budget::of_stop(reason),
                },
                None,
                started,
            ));
        }
        Ok(finish(
            report,
            SimulationOutcome::NoViolation,
            None,
            started,
        ))
    }

    fn exhausted(&self, started: Instant) -> Option<Budget> {
        if let Some(cancel) = &self.options.cancel {
            if cancel.load(Ordering::Relaxed) {
                return Some(Budget::Cancelled);
            }
        }
        if let Some(reason) = self.options.interrupt.as_ref().and_then(|i| i.check()) {
            return Some(Budget::of_stop(reason));
        }
        match self.options.max_duration {
            Some(limit) if started.elapsed() >= limit => Some(Budget::MaxDuration),
            _ => None,
        }
    }

    /// All initial states, each checked; those inside the constraints are returned.
    fn initial_states(&self, generated: &mut u64) -> Result<Vec<T::State>, Ending<T>> {
        let mut all = Vec::new();
        let result = self.system.initial_states(&mut |state| all.push(state));
        *generated += all.len() as u64;
        if let Err(error) = result {
            return Err((SimulationOutcome::EvalError { error }, Vec::new()));
        }
        let mut kept = Vec::new();
        for state in all {
            match self.check_initial(&state) {
                Ok(true) => kept.push(state),
                Ok(false) => {}
                Err(outcome) => {
                    return Err((
                        outcome,
                        vec![TraceStep {
                            action: None,
                            state,
                        }],
                    ))
                }
            }
        }
        Ok(kept)
    }

    /// Runs behaviour `index`.
    fn behaviour(&self, initial: &[T::State], index: u64) -> BehaviourOf<T> {
        let mut rng = SplitMix64::for_behaviour(self.options.seed, index);
        let start = initial[rng.below(initial.len())].clone();
        let mut trace = vec![TraceStep {
            action: None,
            state: start,
        }];
        let mut behaviour = Behaviour {
            generated: 0,
            action_counts: Vec::new(),
            action_generated: Vec::new(),
            ending: None,
        };
        for step in 0..self.options.depth {
            // A long behaviour of short steps: the stop signal is polled here too (the run
            // then ends as stopped, after this batch).
            let interrupt = self.options.interrupt.as_ref();
            if step % 1024 == 1023 && interrupt.is_some_and(|i| i.check().is_some()) {
                return behaviour;
            }
            let current = &trace[trace.len() - 1].state;
            let successors = match self.checked_successors(
                current,
                &mut behaviour.generated,
                &mut behaviour.action_generated,
            ) {
                Ok(successors) => successors,
                Err((outcome, last)) => {
                    trace.extend(last);
                    behaviour.ending = Some((outcome, trace));
                    return behaviour;
                }
            };
            if successors.is_empty() {
                if self.options.check_deadlock {
                    behaviour.ending = Some((SimulationOutcome::Deadlock, trace));
                }
                return behaviour;
            }
            let (action, state) = choose(successors, &mut rng);
            add_counts(&mut behaviour.action_counts, &one_count(action));
            trace.push(TraceStep {
                action: Some(action),
                state,
            });
        }
        behaviour
    }

    /// Every successor of `state`, checked; those inside the constraints are returned. On a
    /// violation, the outcome and the offending successor (if any).
    fn checked_successors(
        &self,
        state: &T::State,
        generated: &mut u64,
        per_action: &mut Vec<u64>,
    ) -> Result<Vec<(ActionId, T::State)>, StepFailure<T>> {
        let system = &self.system;
        let mut all = Vec::new();
        let result = system.successors(state, &mut |action, successor| {
            all.push((action, successor))
        });
        *generated += all.len() as u64;
        for (action, _) in &all {
            let at = action.0 as usize;
            if per_action.len() <= at {
                per_action.resize(at + 1, 0);
            }
            per_action[at] += 1;
        }
        if let Err(error) = result {
            return Err((SimulationOutcome::EvalError { error }, None));
        }
        let mut kept = Vec::with_capacity(all.len());
        for (action, successor) in all {
            match self.check_step(state, &successor) {
                Ok(true) => kept.push((action, successor)),
                Ok(false) => {}
                Err(outcome) => {
                    let step = TraceStep {
                        action: Some(action),
                        state: successor,
                    };
                    return Err((outcome, Some(step)));
                }
            }
        }
        Ok(kept)
    }

    /// Checks one initial state; `Ok(true)` if it is inside the constraints.
    fn check_initial(&self, state: &T::State) -> Result<bool, SimulationOutcome<T::Error>> {
        let system = &self.system;
        let eval = |error| SimulationOutcome::EvalError { error };
        if let Some(invariant) = system.check_initial_invariants(state).map_err(eval)? {
            return Err(SimulationOutcome::InvariantViolation { invariant });
        }
        if let Some(property) = system.check_initial_properties(state).map_err(eval)? {
            return Err(SimulationOutcome::InitialPropertyViolation { property });
        }
        system.in_model(state).map_err(eval)
    }

    /// Checks one step; `Ok(true)` if the successor is inside the constraints.
    fn check_step(
        &self,
        from: &T::State,
        to: &T::State,
    ) -> Result<bool, SimulationOutcome<T::Error>> {
        let system = &self.system;
        let eval = |error| SimulationOutcome::EvalError { error };
        if let Some(invariant) = system.check_invariants(to).map_err(eval)? {
            return Err(SimulationOutcome::InvariantViolation { invariant });
        }
        if let Some(property) = system.check_action_properties(from, to).map_err(eval)? {
            return Err(SimulationOutcome::ActionPropertyViolation { property });
        }
        Ok(system.in_model(to).map_err(eval)? && system.action_allowed(from, to).map_err(eval)?)
    }
}

/// Picks a random enabled action (in order of first appearance), then a random successor of it.
fn choose<S>(successors: Vec<(ActionId, S)>, rng: &mut SplitMix64) -> (ActionId, S) {
    let mut actions: Vec<ActionId> = Vec::new();
    for (action, _) in &successors {
        if !actions.contains(action) {
            actions.push(*action);
        }
    }
    let action = actions[rng.below(actions.len())];
    let count = successors.iter().filter(|(a, _)| *a == action).count();
    let pick = rng.below(count);
    let chosen = successors
        .into_iter()
        .filter(|(a, _)| *a == action)
        .nth(pick);
    chosen.expect("pick is below the number of successors of the chosen action")
}

fn one_count(action: ActionId) -> Vec<u64> {
    let mut counts = vec![0; action.0 as usize + 1];
    counts[action.0 as usize] = 1;
    counts
}

fn add_counts(total: &mut Vec<u64>, more: &[u64]) {
    if total.len() < more.len() {
        total.resize(more.len(), 0);
    }
    for (sum, count) in total.iter_mut().zip(more) {
        *sum += count;
    }
}

fn finish<S, E>(
    mut report: SimulationReport<S, E>,
    outcome: SimulationOutcome<E>,
    trace: Option<Vec<TraceStep<S>>>,
    started: Instant,
) -> SimulationReport<S, E> {
    report.outcome = outcome;
    report.trace = trace;
    report.elapsed = started.elapsed();
    report
}
