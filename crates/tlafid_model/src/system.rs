//! [`Model`] as a [`TransitionSystem`]: successors from the evaluator, invariants,
//! constraints, action properties, and fingerprints under `VIEW` and `SYMMETRY`.

use tlafid_check::{
    ActionId, AtomId, AtomValues, LivenessSpec, Successor, TransitionSystem, ViolationId,
};
use tlafid_eval::{ActionInfo, EvalError, OnState, State, Value, Worker};
use tlafid_sema::ir::{ExprKind, OpId};
use tlafid_value::fingerprint_values;

use crate::bind::{Check, Model};
use crate::temporal::{Atom, AtomForm};

/// Violation ids: invariants first, then initial properties, then action properties.
impl<'p> Model<'p> {
    /// A worker that answers `TLCGet("level")` with `state`'s level.
    fn worker_in(&self, state: &State) -> Worker<'_, 'p> {
        let mut worker = self.evaluator.worker();
        worker.set_level(state.level());
        worker
    }

    /// The configured name of the check a [`ViolationId`] stands for.
    pub fn violation_name(&self, id: ViolationId) -> &str {
        let i = id.0 as usize;
        let (inv, init) = (self.invariants.len(), self.initial_properties.len());
        if i < inv {
            &self.invariants[i].name
        } else if i < inv + init {
            &self.initial_properties[i - inv].name
        } else {
            &self.action_properties[i - inv - init].name
        }
    }

    /// The name of the temporal property a
    /// [`Outcome::LivenessViolation`](tlafid_check::Outcome::LivenessViolation) names.
    pub fn liveness_name(&self, property: usize) -> Option<&str> {
        self.liveness
            .obligations
            .get(property)
            .map(|o| o.name.as_str())
    }

    /// What the liveness atom `id` is, for tests and debugging: `"pred"`, `"<<A>>_v"` or
    /// `"ENABLED <<A>>_v"`, the span of its expression (of `A` for the last two), and the
    /// values bound in its environment, outermost frame first.
    pub fn liveness_atom(
        &self,
        id: AtomId,
    ) -> Option<(&'static str, tlafid_base::Span, Vec<Value>)> {
        let atom = self.atoms.get(id.0 as usize)?;
        let (label, span) = match atom.form {
            AtomForm::Pred(e) => ("pred", e.span),
            AtomForm::Angle { action, .. } => ("<<A>>_v", action.span),
            AtomForm::EnabledAngle { action, .. } => ("ENABLED <<A>>_v", action.span),
        };
        let values = atom
            .env
            .frames
            .iter()
            .flat_map(|f| &f.slots)
            .filter_map(|slot| match slot {
                tlafid_eval::EnvSlot::Val(v) => Some(v.clone()),
                _ => None,
            })
            .collect();
        Some((label, span, values))
    }

    /// Evaluates the state atoms `ids` on `state`, in one context (the definitions they
    /// share are evaluated once).
    fn eval_state_atoms(
        &self,
        ids: &[u32],
        state: &State,
        out: &mut AtomValues,
    ) -> Result<(), EvalError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut worker = self.worker_in(state);
        let mut on = worker.on_state(state.values(), None);
        for &id in ids {
            let value = state_atom(&mut on, &self.atoms[id as usize])?;
            out.set(AtomId(id), value);
        }
        Ok(())
    }

    /// Evaluates the action atoms `ids` on the step `state -> next`. As TLC: a step that
    /// leaves `v` unchanged is not `<<A>>_v`, whatever `A` says; so each `v` is evaluated
    /// on both states first (one context per state), and `A` only where `v` changed. With
    /// `state_values` (the state atoms of `state`), an `<<A>>_v` whose `ENABLED <<A>>_v`
    /// is false there is false without evaluation.
    fn eval_action_atoms(
        &self,
        ids: &[u32],
        state: &State,
        next: &State,
        state_values: Option<&AtomValues>,
        out: &mut AtomValues,
    ) -> Result<(), EvalError> {
        if ids.is_empty() {
            return Ok(());
        }
        // `<<A>>_v` is false on a stuttering step, and on every step from a state where its
        // `ENABLED <<A>>_v` is false.
        let stutter = state == next;
        let disabled = |atom: &Atom<'_>| match (atom.enabled_twin, state_values) {
            _ if stutter => true,
            (Some(twin), Some(values)) => !values.get(AtomId(twin)),
            _ => false,
        };
        // Where `v` is the whole state, it changes on this step (not a stuttering one):
        // it need not be evaluated.
        let unknown_change = |atom: &Atom<'_>| disabled(atom) || self.vars_is_state(atom);
        let mut worker = self.worker_in(state);
        let mut before = angle_vars(&mut worker, &self.atoms, ids, state, &unknown_change)?;
        let after = angle_vars(&mut worker, &self.atoms, ids, next, &unknown_change)?;
        for (k, &id) in ids.iter().enumerate() {
            let atom = &self.atoms[id as usize];
            if matches!(atom.form, AtomForm::Angle { .. })
                && !disabled(atom)
                && self.vars_is_state(atom)
            {
                // Any two different values: `v` changed.
                before[k] = Some(Value::Bool(true));
            }
        }
        let evaluated = |k: usize, atom: &Atom<'_>| match atom.form {
            AtomForm::Angle { action, .. } => before[k] != after[k] && !self.is_whole_next(action),
            _ => true,
        };
        let needs_step =
            (ids.iter().enumerate()).any(|(k, &id)| evaluated(k, &self.atoms[id as usize]));
        // The step's context, opened only if an atom is evaluated on it.
        let mut step = needs_step.then(|| worker.on_state(state.values(), Some(next.values())));
        for (k, &id) in ids.iter().enumerate() {
            let atom = &self.atoms[id as usize];
            let value = match (atom.form, step.as_mut()) {
                (AtomForm::Angle { .. }, _) if before[k] == after[k] => false,
                (AtomForm::Angle { action, .. }, _) if self.is_whole_next(action) => true,
                (AtomForm::Angle { action, .. } | AtomForm::Pred(action), Some(on)) => {
                    as_bool(on.eval_in(action, &atom.env)?, action)?
                }
                (AtomForm::EnabledAngle { action, vars }, Some(on)) => {
                    on.enabled_in(action, Some(vars), &atom.env)?
                }
                (_, None) => unreachable!("the step's context is opened for every atom evaluated"),
            };
            out.set(AtomId(id), value);
        }
        Ok(())
    }

    /// True if the atom is `<<A>>_v` with `v` a tuple of every variable ([`Atom::vars_is_state`]).
    fn vars_is_state(&self, atom: &Atom<'_>) -> bool {
        let AtomForm::Angle { vars, .. } = atom.form else {
            return false;
        };
        *atom
            .vars_is_state
            .get_or_init(|| self.is_every_variable(vars))
    }

    /// True if `vars` is a tuple of every variable ([`Model::only_variables`]): two states
    /// give it equal values exactly when they are equal.
    fn is_every_variable(&self, vars: &tlafid_sema::ir::Expr) -> bool {
        let mut covered = vec![false; self.program.vars.len()];
        self.only_variables(vars, &mut covered, 0) && covered.iter().all(|&c| c)
    }

    /// True if `atom` is `ENABLED <<Next>>_v` written in the root module, with `Next` the
    /// next-state relation itself and `v` every variable ([`Model::is_whole_next`]): on a
    /// state it says whether some successor the explorer generates differs from the state,
    /// which the state graph sets from those successors ([`LivenessSpec::stepping`]).
    pub(crate) fn is_stepping(&self, atom: &Atom<'_>) -> bool {
        let AtomForm::EnabledAngle { action, vars } = atom.form else {
            return false;
        };
        atom.env.instance.is_empty() && self.is_whole_next(action) && self.is_every_variable(vars)
    }

    /// True if `expr` is built of unprimed variables and tuples only, through calls of
    /// definitions without parameters that the configuration does not override; marks the
    /// variables it reads in `covered`. Two states then give it equal values exactly when
    /// they agree on those variables.
    fn only_variables(
        &self,
        expr: &tlafid_sema::ir::Expr,
        covered: &mut [bool],
        depth: usize,
    ) -> bool {
        match &expr.kind {
            _ if depth > 16 => false,
            ExprKind::Var { var, primed: false } => match covered.get_mut(var.0 as usize) {
                Some(c) => {
                    *c = true;
                    true
                }
                None => false,
            },
            ExprKind::Tuple(items) => items
                .iter()
                .all(|item| self.only_variables(item, covered, depth + 1)),
            ExprKind::Call(op, args) if args.is_empty() && !self.evaluator.is_overridden(*op) => {
                let def = self.program.op(*op);
                let plain = def.params.is_empty() && def.function.is_none() && !def.recursive;
                plain && self.only_variables(&def.body, covered, depth + 1)
            }
            _ => false,
        }
    }

    /// True if `action` is the next-state relation itself (`WF_vars(Next)`), so that every
    /// step the explorer asks about satisfies it: a successor the generator produced, or a
    /// stuttering step (which no `<<A>>_v` satisfies). Under `VIEW` or `SYMMETRY` a lasso's
    /// closing step may lead to another state of the successor's class, so `A` is then
    /// evaluated.
    fn is_whole_next(&self, action: &tlafid_sema::ir::Expr) -> bool {
        let Some(spec) = &self.spec else { return false };
        let plain = self.symmetry.is_empty() && self.view.is_none();
        matches!(&action.kind, ExprKind::Call(op, args) if args.is_empty() && *op == spec.next)
            && plain
    }

    /// For a property part TLC names by its place in the spec rather than by a name, that
    /// place: TLC prints "line L, col C to line L2, col C2 of module
    /// M" (end inclusive) instead of [`Model::violation_name`].
    pub fn violation_location(&self, id: ViolationId) -> Option<tlafid_base::Span> {
        let i = id.0 as usize;
        let (inv, init) = (self.invariants.len(), self.initial_properties.len());
        if i < inv {
            self.invariants[i].location
        } else if i < inv + init {
            self.initial_properties[i - inv].location
        } else {
            self.action_properties[i - inv - init].location
        }
    }

    /// How TLC names the kind of check: `Invariant`, `Property` (a state predicate of a
    /// property, checked on initial states) or `Action property`.
    pub fn violation_label(&self, id: ViolationId) -> &'static str {
        let i = id.0 as usize;
        if i < self.invariants.len() {
            "Invariant"
        } else if i < self.invariants.len() + self.initial_properties.len() {
            "Property"
        } else {
            "Action property"
        }
    }

    /// Is the violation a property (rather than an invariant)?
    pub fn violation_is_property(&self, id: ViolationId) -> bool {
        id.0 as usize >= self.invariants.len()
    }

    /// The first of `checks` that fails on `state`, or on the step `state -> next`; `after`
    /// (the parent's values and the variables changed since) is for state predicates on a
    /// successor (`Worker::first_false`).
    fn first_failing(
        &self,
        checks: &[Check<'_>],
        offset: usize,
        (state, after): (&State, Option<(&[Value], u64)>),
        next: Option<&State>,
    ) -> Result<Option<ViolationId>, EvalError> {
        // Called on every successor (action properties): no worker when there is nothing to do.
        if checks.is_empty() {
            return Ok(None);
        }
        let mut worker = self.worker_in(state);
        let Some(next) = next else {
            // State predicates: tested in one evaluation context (`Worker::first_false`).
            let exprs = checks.iter().map(|check| check.expr);
            let at = worker.first_false(exprs, state.values(), after)?;
            return Ok(at.map(|i| ViolationId((offset + i) as u32)));
        };
        // Action properties: checked in one evaluation context (`Worker::first_false_step`).
        let at = worker.first_false_step(
            checks.iter().map(|check| (check.expr, check.vars)),
            state,
            next,
        )?;
        Ok(at.map(|i| ViolationId((offset + i) as u32)))
    }

    fn all_hold(
        &self,
        ops: &[OpId],
        state: &State,
        next: Option<&State>,
    ) -> Result<bool, EvalError> {
        if ops.is_empty() {
            return Ok(true);
        }
        let mut worker = self.worker_in(state);
        for &op in ops {
            let value = worker.eval_op(op, state.values(), next.map(State::values))?;
            if !self.constraint_verdict(op, value)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the state constraints hold on `state`; with `after`, a successor of the state
    /// of those values, in the model, whose values differ from `state`'s at most in the
    /// variables of `after`'s mask: a constraint that reads none of them holds again
    /// (`Model::constraint_reads`), and a worker is made only for one that does. Tested as
    /// invariants are (`Model::constraint_bodies`) where they can be; an error there is
    /// raised again through the interpreter, so that it is the one a call of the operator
    /// gives (a constraint that is not a Boolean, `E081`).
    fn constraints_hold(
        &self,
        state: &State,
        after: Option<(&[Value], u64)>,
    ) -> Result<bool, EvalError> {
        if self.constraints.is_empty() {
            return Ok(true);
        }
        let Some(bodies) = &self.constraint_bodies else {
            return match after {
                Some((_, changed)) => self.constraints_hold_after(state, changed),
                None => self.all_hold(&self.constraints, state, None),
            };
        };
        if let Some((_, changed)) = after {
            let mut reads = self.constraint_reads.iter().flatten();
            if reads.all(|reads| reads & changed == 0) {
                return Ok(true);
            }
        }
        let mut worker = self.worker_in(state);
        let first = worker.first_false_constraint(bodies.iter().copied(), state.values(), after);
        drop(worker);
        match (first, after) {
            (Ok(first), _) => Ok(first.is_none()),
            (Err(_), Some((_, changed))) => self.constraints_hold_after(state, changed),
            (Err(_), None) => self.all_hold(&self.constraints, state, None),
        }
    }

    /// Whether the state constraints hold on `state`, a successor of a state in the model
    /// whose values differ from `state`'s at most in the variables `changed`, each called
    /// through the interpreter: a constraint that reads none of them holds again
    /// (`Model::constraint_reads`), and a worker is made only for one that does.
    fn constraints_hold_after(&self, state: &State, changed: u64) -> Result<bool, EvalError> {
        let mut worker = None;
        for (&op, reads) in self.constraints.iter().zip(&self.constraint_reads) {
            if reads.is_some_and(|reads| reads & changed == 0) {
                continue;
            }
            let worker = worker.get_or_insert_with(|| self.worker_in(state));
            let value = worker.eval_op(op, state.values(), None)?;
            if !self.constraint_verdict(op, value)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A constraint's value `value` as a verdict: an error if it is not a Boolean.
    fn constraint_verdict(&self, op: OpId, value: Value) -> Result<bool, EvalError> {
        match value {
            Value::Bool(holds) => Ok(holds),
            other => Err(EvalError::new(
                tlafid_eval::E_TYPE,
                format!("a constraint evaluated to {other}, not a Boolean"),
                self.program.op(op).span,
            )),
        }
    }

    /// The fingerprint of the state's view (the state itself without `VIEW`).
    fn view_fingerprint(&self, values: &[Value], level: Option<i64>) -> u64 {
        match self.view {
            None => fingerprint_values(values),
            Some(view) => match self.view_value(view, values, level) {
                Ok(v) => v.fingerprint(),
                // An error here shows again, with its position, when the state is checked.
                Err(_) => fingerprint_values(values),
            },
        }
    }

    /// [`TransitionSystem::fingerprint`] cannot fail, so a `VIEW` that cannot be evaluated
    /// falls back to the state's own fingerprint there; this reports the error (as TLC
    /// does) before the state is fingerprinted: from [`TransitionSystem::in_model`], so that
    /// the state is not counted as distinct.
    fn check_view(&self, state: &State) -> Result<(), EvalError> {
        let Some(view) = self.view else {
            return Ok(());
        };
        let canonical = self.symmetry.canonical(state.values());
        let values = canonical.as_deref().unwrap_or(state.values());
        self.view_value(view, values, state.level()).map(drop)
    }

    fn view_value(
        &self,
        view: OpId,
        values: &[Value],
        level: Option<i64>,
    ) -> Result<Value, EvalError> {
        let mut worker = self.evaluator.worker();
        worker.set_level(level);
        worker.eval_op(view, values, None)
    }

    /// Finds which action (with its parameters) leads from `from` to `to`, for traces.
    pub fn action_between(&self, from: &State, to: &State) -> Option<TraceAction> {
        let mut found = None;
        let target = self.fingerprint(to);
        let _ = self.evaluator.successors(from, &mut |info, succ| {
            if found.is_none() && self.fingerprint(&succ) == target {
                found = Some(info);
            }
        });
        found.map(|info| self.describe_action(&info))
    }

    fn describe_action(&self, info: &ActionInfo) -> TraceAction {
        let decl = &self.evaluator.actions()[info.index];
        // `\E p \in S : A(p)` binds `p` twice (the quantifier and A's parameter): keep one.
        let mut params: Vec<(String, Value)> = Vec::new();
        for (name, value) in info.params.iter() {
            if !params.iter().any(|(n, v)| n == name.as_str() && v == value) {
                params.push((name.to_string(), value.clone()));
            }
        }
        TraceAction {
            name: decl.name.to_string(),
            params,
            span: decl.span,
            body: decl.body,
            tlc: decl.tlc.clone(),
        }
    }
}

/// A predicate's value, or a type error if it is not a Boolean.
fn as_bool(value: Value, expr: &tlafid_sema::ir::Expr) -> Result<bool, EvalError> {
    match value {
        Value::Bool(b) => Ok(b),
        other => Err(EvalError::new(
            tlafid_eval::E_TYPE,
            format!("a temporal formula's predicate evaluated to {other}, not a Boolean"),
            expr.span,
        )),
    }
}

/// The value of `v` of each `<<A>>_v` among the atoms `ids` on `state` (`None` for the
/// other atoms, and for those `disabled` says are false), in one context opened only if
/// some `v` is evaluated.
fn angle_vars<'p>(
    worker: &mut Worker<'_, 'p>,
    atoms: &[Atom<'p>],
    ids: &[u32],
    state: &State,
    disabled: &dyn Fn(&Atom<'p>) -> bool,
) -> Result<Vec<Option<Value>>, EvalError> {
    let evaluated =
        |atom: &Atom<'p>| matches!(atom.form, AtomForm::Angle { .. }) && !disabled(atom);
    let any = ids.iter().any(|&id| evaluated(&atoms[id as usize]));
    let mut on = any.then(|| worker.on_state(state.values(), None));
    let mut found = Vec::with_capacity(ids.len());
    for &id in ids {
        let atom = &atoms[id as usize];
        found.push(match (atom.form, on.as_mut()) {
            (AtomForm::Angle { vars, .. }, Some(on)) if !disabled(atom) => {
                Some(on.eval_in(vars, &atom.env)?)
            }
            _ => None,
        });
    }
    Ok(found)
}

/// The value of one state atom.
fn state_atom<'p>(on: &mut OnState<'_, '_, '_, 'p>, atom: &Atom<'p>) -> Result<bool, EvalError> {
    match atom.form {
        AtomForm::Pred(expr) => as_bool(on.eval_in(expr, &atom.env)?, expr),
        // Through a refinement mapping (`INSTANCE M WITH y <- 2 * x`) an action may set a
        // primed expression (`(2 * x)' = ...`) that no successor assigns. TLC then treats the
        // abstract variable `y` as assignable when it computes ENABLED; tlafid's evaluator
        // cannot yet, and reports the unassigned read (an error, never a guessed verdict).
        AtomForm::EnabledAngle { action, vars } => on.enabled_in(action, Some(vars), &atom.env),
        // A step's atom is false on a state alone (no step).
        AtomForm::Angle { .. } => Ok(false),
    }
}

/// The action that produced a state of a trace.
#[derive(Clone, Debug)]
pub struct TraceAction {
    /// The action operator's name.
    pub name: String,
    /// Its parameters (`\E` variables and operator parameters), outermost first.
    pub params: Vec<(String, Value)>,
    /// Where the action is defined.
    pub span: tlafid_base::Span,
    /// The disjunct of the next-state relation it is (TLC's location in a behaviour).
    pub body: tlafid_base::Span,
    /// The action TLC sees it as, when that differs (under an `\E` whose domain depends on
    /// the state, which TLC does not split).
    pub tlc: Option<tlafid_eval::TlcAction>,
}

impl TransitionSystem for Model<'_> {
    type State = State;
    type Error = EvalError;

    /// Under `SYMMETRY`, TLC's canonical state: the least (variable by variable) of the
    /// state's images under the symmetry group (see [`crate::symmetry`]); under `VIEW`, the
    /// view of that canonical state, as in TLC.
    ///
    /// Without `VIEW`, the orbit's fingerprint is computed directly
    /// ([`crate::symmetry::Symmetry::orbit_fingerprint`]): it merges the same states, and
    /// builds no image.
    fn fingerprint(&self, state: &State) -> u64 {
        if self.symmetry.is_empty() && self.view.is_none() {
            return state.fingerprint();
        }
        if self.view.is_none() {
            if let Some(fp) = self.symmetry.orbit_fingerprint(state.values()) {
                return fp;
            }
        }
        match self.symmetry.canonical(state.values()) {
            Some(least) => self.view_fingerprint(&least, state.level()),
            None if self.view.is_none() => state.fingerprint(),
            None => self.view_fingerprint(state.values(), state.level()),
        }
    }

    /// Not with `TLCGet("level")` in the spec: the level is not fingerprinted, and the
    /// constraints and invariants of a state met again at another level may answer otherwise,
    /// so they are evaluated on every successor (as TLC does). A spilling run then decides
    /// exactly as the in-memory one, whether the state met again is in memory or on disk.
    fn fingerprint_is_exact(&self) -> bool {
        self.symmetry.is_empty() && self.view.is_none() && !self.evaluator.reads_level()
    }

    /// With `TLCGet("level")` in the spec, every state carries TLC's level: 1 for an initial
    /// state, its predecessor's plus one for a successor.
    fn initial_states(&self, emit: &mut dyn FnMut(State)) -> Result<(), EvalError> {
        self.initial_states_while(&mut |state| {
            emit(state);
            true
        })
    }

    /// Generates the initial states one at a time, stopping when `emit` says so.
    fn initial_states_while(&self, emit: &mut dyn FnMut(State) -> bool) -> Result<(), EvalError> {
        let levels = self.evaluator.reads_level();
        self.evaluator.init_states_while(&mut |mut state| {
            if levels {
                state.set_level(1);
            }
            emit(state)
        })
    }

    fn successors(
        &self,
        state: &State,
        emit: &mut dyn FnMut(ActionId, State),
    ) -> Result<(), EvalError> {
        if !self.evaluator.reads_level() {
            return self
                .evaluator
                .successors_indexed(state, &mut |index, succ| emit(ActionId(index as u32), succ));
        }
        let level = state.level_number().saturating_add(1);
        self.worker_in(state)
            .successors_indexed(state, &mut |index, mut succ| {
                succ.set_level(level);
                emit(ActionId(index as u32), succ)
            })
    }

    /// Without `VIEW`, `SYMMETRY` or `TLCGet("level")`, the fingerprint is the state's own
    /// ([`State::fingerprint`]): the evaluator computes it on the assigned values, and makes
    /// the state only if the explorer asks.
    fn successors_unmade(
        &self,
        state: &State,
        emit: &mut dyn FnMut(ActionId, Successor<'_, State>),
    ) -> Result<(), EvalError> {
        if !self.fingerprint_is_exact() {
            return self.successors(state, &mut |action, successor| {
                emit(action, Successor::Made(successor))
            });
        }
        self.evaluator
            .successors_unmade(state, &mut |index, fingerprint, make| {
                emit(
                    ActionId(index as u32),
                    Successor::Unmade { fingerprint, make },
                )
            })
    }

    fn checks_steps(&self) -> bool {
        !self.action_constraints.is_empty() || !self.action_properties.is_empty()
    }

    /// Packs the state's values ([`tlafid_value::PackTable`]): a state of nested functions
    /// takes tens of bytes instead of a heap node per sub-value. States with big integers or
    /// lazy sets are queued whole. The state's fingerprint follows its values (8 bytes), so
    /// that unpacking does not hash the state again.
    fn pack(&self, state: &State, out: &mut Vec<u8>) -> bool {
        if !self.packing.pack(state.values(), out) {
            return false;
        }
        out.extend_from_slice(&state.fingerprint().to_le_bytes());
        if self.evaluator.reads_level() {
            out.extend_from_slice(&state.level_number().to_le_bytes());
        }
        true
    }

    /// The packing table's leaves (strings and model values, by number).
    fn save_packing(&self, out: &mut Vec<u8>) -> bool {
        self.packing.save_leaves(out);
        true
    }

    fn restore_packing(&self, bytes: &[u8]) -> bool {
        self.packing.restore_leaves(bytes)
    }

    fn unpack(&self, bytes: &[u8]) -> Option<State> {
        let (bytes, level) = match self.evaluator.reads_level() {
            true => {
                let (rest, level) = bytes.split_last_chunk::<4>()?;
                (rest, u32::from_le_bytes(*level))
            }
            false => (bytes, 0),
        };
        let (values, fingerprint) = bytes.split_last_chunk::<8>()?;
        let values = self.packing.unpack(values)?;
        let fingerprint = u64::from_le_bytes(*fingerprint);
        let mut state = State::with_fingerprint(values.into_boxed_slice(), fingerprint);
        state.set_level(level);
        Some(state)
    }

    fn rebuilding(&self, rebuilding: bool) {
        self.evaluator.set_print_quiet(rebuilding);
    }

    fn observe_state(&self, state: &State) {
        let Some(values) = &self.variable_values else {
            return;
        };
        if let Ok(mut values) = values.lock() {
            values.resize_with(state.values().len(), Default::default);
            for (seen, value) in values.iter_mut().zip(state.values()) {
                if !seen.contains(value) {
                    seen.insert(value.clone());
                }
            }
        }
    }

    fn check_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.first_failing(&self.invariants, 0, (state, None), None)
    }

    fn check_invariants_after(
        &self,
        parent: &State,
        state: &State,
    ) -> Result<Option<ViolationId>, EvalError> {
        let changed = tlafid_eval::changed_variables(parent.values(), state.values());
        let after = changed.map(|changed| (parent.values(), changed));
        self.first_failing(&self.invariants, 0, (state, after), None)
    }

    fn check_initial_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        if !self.init_implied.contains(&true) {
            return self.check_invariants(state);
        }
        let mut worker = self.worker_in(state);
        for (i, check) in self.invariants.iter().enumerate() {
            let implied = self.init_implied.get(i).copied().unwrap_or(false);
            if !implied && !check.holds(&mut worker, state, None)? {
                return Ok(Some(ViolationId(i as u32)));
            }
        }
        Ok(None)
    }

    fn check_initial_properties(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        let offset = self.invariants.len();
        self.first_failing(&self.initial_properties, offset, (state, None), None)
    }

    fn in_model(&self, state: &State) -> Result<bool, EvalError> {
        let in_model = self.constraints.is_empty() || self.constraints_hold(state, None)?;
        if in_model {
            self.check_view(state)?;
        }
        Ok(in_model)
    }

    fn in_model_after(&self, parent: &State, state: &State) -> Result<bool, EvalError> {
        if self.constraints.is_empty() {
            return self.in_model(state);
        }
        let Some(changed) = tlafid_eval::changed_variables(parent.values(), state.values()) else {
            return self.in_model(state);
        };
        let in_model = self.constraints_hold(state, Some((parent.values(), changed)))?;
        if in_model {
            self.check_view(state)?;
        }
        Ok(in_model)
    }

    fn action_allowed(&self, from: &State, to: &State) -> Result<bool, EvalError> {
        self.all_hold(&self.action_constraints, from, Some(to))
    }

    fn check_action_properties(
        &self,
        from: &State,
        to: &State,
    ) -> Result<Option<ViolationId>, EvalError> {
        let offset = self.invariants.len() + self.initial_properties.len();
        self.first_failing(&self.action_properties, offset, (from, None), Some(to))
    }

    fn same_state(&self, a: &State, b: &State) -> Option<bool> {
        Some(a == b)
    }

    fn liveness(&self) -> Option<&LivenessSpec> {
        (!self.liveness.is_empty()).then_some(&self.liveness)
    }

    /// Evaluated on the state given (under `SYMMETRY` or `VIEW`, the one the explorer kept
    /// for its fingerprint), as TLC does.
    fn state_atoms(&self, state: &State, out: &mut AtomValues) -> Result<(), EvalError> {
        self.eval_state_atoms(&self.atoms_by_kind[0], state, out)
    }

    fn state_atoms_but_stepping(
        &self,
        state: &State,
        out: &mut AtomValues,
    ) -> Result<(), EvalError> {
        self.eval_state_atoms(&self.atoms_by_kind[2], state, out)
    }

    fn action_atoms(
        &self,
        from: &State,
        to: &State,
        out: &mut AtomValues,
    ) -> Result<(), EvalError> {
        self.eval_action_atoms(&self.atoms_by_kind[1], from, to, None, out)
    }

    fn action_atoms_from(
        &self,
        from: &State,
        to: &State,
        state_values: &AtomValues,
        out: &mut AtomValues,
    ) -> Result<(), EvalError> {
        let ids = &self.atoms_by_kind[1];
        self.eval_action_atoms(ids, from, to, Some(state_values), out)
    }
}
