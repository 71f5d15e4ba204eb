//! The run of the model itself: a [`TransitionSystem`] that delegates to the bound
//! [`Model`] and, on every state and step the model passes, also evaluates every strengthened
//! variant of the judged properties, recording which ones some state or step falsifies. It
//! also gathers the state-space summary and the values each variable takes.

use std::sync::atomic::{AtomicBool, Ordering};

use tlafid_check::{ActionId, TransitionSystem, ViolationId};
use tlafid_eval::{EvalError, State};
use tlafid_model::Model;
use tlafid_sema::ir::Expr;

use crate::space::{SpaceHash, ValueCollector};

/// The model with the strengthened variants of its properties.
pub struct ObservedRun<'p> {
    /// The model.
    pub model: Model<'p>,
    /// Per invariant of the model, its variants: (variant number, formula).
    invariant_variants: Vec<Vec<(usize, &'p Expr)>>,
    /// Per action property of the model, its variants.
    action_variants: Vec<Vec<(usize, &'p Expr)>>,
    /// Per variant, whether some state (or step) falsifies it.
    falsified: Vec<AtomicBool>,
    /// The distinct states met.
    pub space: SpaceHash,
    /// The values each variable takes.
    pub values: ValueCollector,
}

impl<'p> ObservedRun<'p> {
    /// Wraps `model`; `variants` lists, per variant, whether it strengthens an action property,
    /// the index of the invariant or action property, and its formula.
    pub fn new(model: Model<'p>, variants: &[(bool, usize, &'p Expr)]) -> ObservedRun<'p> {
        let mut invariant_variants = vec![Vec::new(); model.invariants.len()];
        let mut action_variants = vec![Vec::new(); model.action_properties.len()];
        for (number, &(action, check, formula)) in variants.iter().enumerate() {
            let list = if action {
                &mut action_variants[check]
            } else {
                &mut invariant_variants[check]
            };
            list.push((number, formula));
        }
        let values = ValueCollector::new(model.program.vars.len());
        ObservedRun {
            model,
            invariant_variants,
            action_variants,
            falsified: variants.iter().map(|_| AtomicBool::new(false)).collect(),
            space: SpaceHash::default(),
            values,
        }
    }

    /// Per variant, whether some reachable state or step falsifies it.
    pub fn falsified(&self) -> Vec<bool> {
        self.falsified
            .iter()
            .map(|f| f.load(Ordering::Relaxed))
            .collect()
    }

    fn evaluate(&self, variants: &[(usize, &'p Expr)], state: &State, next: Option<&State>) {
        let mut worker = self.model.evaluator.worker();
        for &(number, formula) in variants {
            if self.falsified[number].load(Ordering::Relaxed) {
                continue;
            }
            let holds = worker.eval_bool(formula, state.values(), next.map(State::values));
            if !matches!(holds, Ok(true)) {
                self.falsified[number].store(true, Ordering::Relaxed);
            }
        }
    }
}

impl TransitionSystem for ObservedRun<'_> {
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
        self.model.successors(state, emit)
    }

    fn check_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        if let Some(violated) = self.model.check_invariants(state)? {
            return Ok(Some(violated));
        }
        if self.model.constraints.is_empty() || self.model.in_model(state)? {
            self.space.add(self.model.fingerprint(state));
            self.values.add(state.values());
        }
        for variants in &self.invariant_variants {
            self.evaluate(variants, state, None);
        }
        Ok(None)
    }

    fn check_initial_properties(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.model.check_initial_properties(state)
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
        if let Some(violated) = self.model.check_action_properties(from, to)? {
            return Ok(Some(violated));
        }
        for (check, variants) in self.action_variants.iter().enumerate() {
            if variants.is_empty() {
                continue;
            }
            // A step that leaves `v` unchanged satisfies `[A]_v` and every strengthening.
            if let Some(vars) = self.model.action_properties[check].vars {
                let mut worker = self.model.evaluator.worker();
                let before = worker.eval(vars, from.values(), None);
                let after = worker.eval(vars, to.values(), None);
                if matches!((&before, &after), (Ok(a), Ok(b)) if a == b) {
                    continue;
                }
            }
            self.evaluate(variants, from, Some(to));
        }
        Ok(None)
    }
}
