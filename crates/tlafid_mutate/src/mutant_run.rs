//! Exploring one mutant: a [`TransitionSystem`] over the mutated model that never stops at a
//! violation but records which checks some state or step violates (and deadlocks, and the
//! type invariant), so one exploration tells every property that kills the mutant.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use tlafid_check::{ActionId, Budget, Explorer, Options, Outcome, TransitionSystem, ViolationId};
use tlafid_config::Config;
use tlafid_eval::{EvalError, State};
use tlafid_model::{Model, SpecOps};
use tlafid_sema::ir::{OpId, Program};

use crate::mutant::{apply, Mutation};
use crate::space::{SpaceHash, SpaceSummary};
use crate::MutateOptions;

/// The mutated model and what its exploration found.
struct MutantRun<'p> {
    model: Model<'p>,
    type_invariant: Option<OpId>,
    /// Invariants, then action properties.
    kills: Vec<AtomicBool>,
    killed: AtomicUsize,
    type_violated: AtomicBool,
    deadlock: AtomicBool,
    space: SpaceHash,
    cancel: Arc<AtomicBool>,
}

impl MutantRun<'_> {
    fn kill(&self, check: usize) {
        if !self.kills[check].swap(true, Ordering::Relaxed)
            && self.killed.fetch_add(1, Ordering::Relaxed) + 1 == self.kills.len()
        {
            // Every check is violated: nothing more to learn from this mutant.
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

impl TransitionSystem for MutantRun<'_> {
    type State = State;
    type Error = EvalError;

    fn fingerprint(&self, state: &State) -> u64 {
        self.model.fingerprint(state)
    }

    fn initial_states(&self, emit: &mut dyn FnMut(State)) -> Result<(), EvalError> {
        self.model.initial_states(emit)
    }

    fn initial_states_while(&self, emit: &mut dyn FnMut(State) -> bool) -> Result<(), EvalError> {
        self.model.initial_states_while(emit)
    }

    fn successors(
        &self,
        state: &State,
        emit: &mut dyn FnMut(ActionId, State),
    ) -> Result<(), EvalError> {
        let mut emitted = 0usize;
        self.model.successors(state, &mut |action, next| {
            emitted += 1;
            emit(action, next)
        })?;
        if emitted == 0 && self.model.check_deadlock {
            self.deadlock.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    fn check_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        let mut worker = self.model.evaluator.worker();
        for (i, check) in self.model.invariants.iter().enumerate() {
            if !self.kills[i].load(Ordering::Relaxed)
                && !worker.eval_bool(check.expr, state.values(), None)?
            {
                self.kill(i);
            }
        }
        if let Some(op) = self.type_invariant {
            if !self.type_violated.load(Ordering::Relaxed) {
                let holds = worker.eval_op(op, state.values(), None)?;
                if holds.as_bool() != Some(true) {
                    self.type_violated.store(true, Ordering::Relaxed);
                }
            }
        }
        if self.model.constraints.is_empty() || self.model.in_model(state)? {
            self.space.add(self.model.fingerprint(state));
        }
        Ok(None)
    }

    fn in_model(&self, state: &State) -> Result<bool, EvalError> {
        self.model.in_model(state)
    }

    fn action_allowed(&self, from: &State, to: &State) -> Result<bool, EvalError> {
        self.model.action_allowed(from, to)
    }

    fn check_action_properties(
        &self,
        from: &State,
        to: &State,
    ) -> Result<Option<ViolationId>, EvalError> {
        let offset = self.model.invariants.len();
        let mut worker = self.model.evaluator.worker();
        for (j, check) in self.model.action_properties.iter().enumerate() {
            if self.kills[offset + j].load(Ordering::Relaxed) {
                continue;
            }
            if !check.holds(&mut worker, from, Some(to))? {
                self.kill(offset + j);
            }
        }
        Ok(None)
    }
}

/// What exploring a mutant found.
#[derive(Clone, Debug)]
pub struct MutantResult {
    /// Per check of the model (invariants, then action properties): violated by the mutant.
    pub kills: Vec<bool>,
    /// The type invariant fails in some state of the mutant.
    pub type_violated: bool,
    /// Some reachable state of the mutant has no successor (and the model checks deadlock).
    pub deadlock: bool,
    /// The whole state space was explored.
    pub complete: bool,
    /// Its state space.
    pub space: SpaceSummary,
    /// Why the mutant could not be explored, if it could not.
    pub error: Option<String>,
}

/// The budget of one exploration.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunBudget {
    /// Distinct states.
    pub max_states: Option<u64>,
    /// Wall-clock time.
    pub max_duration: Option<std::time::Duration>,
}

impl RunBudget {
    /// The signal one exploration's evaluation obeys: `outer`, and the time budget from now.
    pub fn interrupt(&self, outer: &tlafid_base::Interrupt) -> tlafid_base::Interrupt {
        outer.with_deadline(self.max_duration.map(|d| std::time::Instant::now() + d))
    }
}

/// Applies `mutation` to `program` and explores the result with one worker.
pub fn run_mutant(
    program: &Program,
    config: &Config,
    spec: SpecOps,
    mutation: &Mutation,
    type_invariant: Option<OpId>,
    budget: RunBudget,
    options: &MutateOptions,
) -> MutantResult {
    let interrupt = budget.interrupt(&options.interrupt);
    let failed = |why: String| MutantResult {
        kills: Vec::new(),
        type_violated: false,
        deadlock: false,
        complete: false,
        space: SpaceHash::default().summary(),
        error: Some(why),
    };
    let Some(mutated) = apply(program, mutation) else {
        return failed("the change could not be applied".into());
    };
    let mut model = match tlafid_model::bind(&mutated, config, Some(spec)) {
        Ok(model) => model,
        Err(problems) => {
            let why = problems
                .first()
                .map_or(String::new(), |d| d.message.clone());
            return failed(why);
        }
    };
    model.evaluator.set_interrupt(interrupt.clone());
    model.evaluator.set_inputs(options.inputs.clone());
    let checks = model.invariants.len() + model.action_properties.len();
    let cancel = Arc::new(AtomicBool::new(false));
    let run = MutantRun {
        model,
        type_invariant,
        kills: (0..checks).map(|_| AtomicBool::new(false)).collect(),
        killed: AtomicUsize::new(0),
        type_violated: AtomicBool::new(false),
        deadlock: AtomicBool::new(false),
        space: SpaceHash::default(),
        cancel: cancel.clone(),
    };
    let options = Options {
        workers: 1,
        check_deadlock: false,
        max_states: budget.max_states,
        max_duration: budget.max_duration,
        cancel: Some(cancel),
        interrupt: Some(interrupt),
        ..Options::default()
    };
    let explorer = Explorer::new(run, options);
    let (complete, error) = match explorer.run() {
        Ok(report) => match report.outcome {
            Outcome::Success => (true, None),
            Outcome::Incomplete {
                budget: Budget::Cancelled,
            } => (false, None),
            Outcome::EvalError { error } if error.code == tlafid_eval::E_INTERRUPTED => {
                (false, None)
            }
            Outcome::EvalError { error } => (false, Some(error.message.clone())),
            Outcome::Incomplete { .. } => (false, None),
            _ => (false, None),
        },
        Err(problem) => (false, Some(problem.message)),
    };
    let run = explorer.system();
    MutantResult {
        kills: run
            .kills
            .iter()
            .map(|k| k.load(Ordering::Relaxed))
            .collect(),
        type_violated: run.type_violated.load(Ordering::Relaxed),
        deadlock: run.deadlock.load(Ordering::Relaxed),
        complete,
        space: run.space.summary(),
        error,
    }
}
