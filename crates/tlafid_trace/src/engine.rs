//! The search: the set of model states consistent with the trace prefix read so far,
//! advanced one model step per trace step and deduplicated by fingerprint.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};

use tlafid_eval::{ActionInfo, ActionProbe, EvalError, Evaluator, State, Worker};
use tlafid_value::Value;

use crate::delta;
use crate::loose;
use crate::parse::{NamedAction, Observation, Step};
use crate::vocabulary::{Observable, Vocabulary};

pub(crate) type Fingerprints = HashSet<u64, ahash::RandomState>;

/// Evaluates observations and steps for one thread.
pub struct Stepper<'w, 'e, 'p> {
    pub(crate) evaluator: &'e Evaluator<'p>,
    pub(crate) worker: Worker<'w, 'p>,
    pub(crate) vocabulary: &'w Vocabulary,
    pub(crate) kinds: &'w [Observable],
    /// Each action of the next-state relation on its own, in the vocabulary's action order.
    pub(crate) probes: &'w [ActionProbe<'e, 'p>],
    /// With self binding: the identities (`self`) of every process of the trace.
    pub(crate) self_binding: Option<Vec<Value>>,
    /// Per variable observable, the last observed value and state value found to fit:
    /// along a trace both sides keep the same allocation while the variable is unchanged,
    /// so a large value (a growing log) is compared once, not at every step.
    pub(crate) fitted: Vec<Option<(Value, Value)>>,
}

/// A successor that fits a step: the action's name, its parameters and the state.
pub type Fitting = (String, ActionInfo, State);

/// The states after one step, and the actions that took them there.
pub struct Advance {
    /// The new candidates, in generation order, without duplicates.
    pub states: Vec<State>,
    /// Names of the actions that produced them (stuttering is not an action).
    pub actions: Vec<String>,
    /// The budget ran out: `states` is incomplete.
    pub over_budget: bool,
}

impl<'w, 'e: 'w, 'p> Stepper<'w, 'e, 'p> {
    /// The value of observable `index` in `state`.
    pub fn observe(&mut self, state: &State, index: usize) -> Result<Value, EvalError> {
        match self.kinds[index] {
            Observable::Var(var) => Ok(state.values()[var].clone()),
            Observable::Op(op) => self.worker.eval_op(op, state.values(), None),
        }
    }

    /// Does `state` show every observed value?
    pub fn matches(&mut self, state: &State, observed: &Observation) -> Result<bool, EvalError> {
        for (index, value) in observed {
            let equal = match self.kinds[*index] {
                Observable::Var(var) => self.fits_var(*index, value, &state.values()[var]),
                Observable::Op(op) => {
                    loose::fits(value, &self.worker.eval_op(op, state.values(), None)?)
                }
            };
            if !equal {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// [`loose::fits`] of a variable observable's `observed` value and `value`, without
    /// comparing the parts that are the allocations last found to fit at the same place
    /// ([`loose::fits_beside`]).
    fn fits_var(&mut self, index: usize, observed: &Value, value: &Value) -> bool {
        let fits = match self.fitted.get(index) {
            Some(Some((was_observed, was_value))) => {
                loose::fits_beside(observed, value, was_observed, was_value)
            }
            _ => loose::fits(observed, value),
        };
        if fits {
            if let Some(slot) = self.fitted.get_mut(index) {
                *slot = Some((observed.clone(), value.clone()));
            }
        }
        fits
    }

    /// What a successor of `candidate` must show after `step`: the logged observables, and
    /// those the step's updates make of `candidate`'s values; `None` when `candidate` does
    /// not show the step's `pre_state` or reads, or an update cannot apply to it.
    pub fn expected_post<'s>(
        &mut self,
        candidate: &State,
        step: &'s Step,
    ) -> Result<Option<Cow<'s, Observation>>, EvalError> {
        if let Some(pre) = &step.pre {
            if !self.matches(candidate, pre)? {
                return Ok(None);
            }
        }
        for read in &step.reads {
            let value = self.observe(candidate, read.observable)?;
            if !delta::at_path(&value, &read.path).is_some_and(|v| loose::fits(&read.value, v)) {
                return Ok(None);
            }
        }
        if step.deltas.is_empty() {
            return Ok(Some(Cow::Borrowed(&step.post)));
        }
        let mut failure = None;
        let post = delta::effective_post(&step.post, &step.deltas, |index| {
            self.observe(candidate, index)
                .map_err(|e| failure = Some(e))
                .ok()
        });
        match failure {
            Some(error) => Err(error),
            None => Ok(post.map(Cow::Owned)),
        }
    }

    /// The initial states that show `observed`, each once.
    pub fn initial(&mut self, observed: Option<&Observation>) -> Result<Vec<State>, EvalError> {
        Ok(self.initial_within(observed, usize::MAX)?.0)
    }

    /// The initial states that show `observed`, each once, generated only until more than
    /// `max_states` are kept (the flag then says the set outgrew the budget: a huge initial
    /// predicate is not enumerated to the end).
    pub fn initial_within(
        &mut self,
        observed: Option<&Observation>,
        max_states: usize,
    ) -> Result<(Vec<State>, bool), EvalError> {
        let mut kept = Vec::new();
        let mut seen = fingerprints();
        let mut failure = None;
        let evaluator = self.evaluator;
        evaluator.init_states_while(&mut |state| {
            let fits = match observed {
                Some(observed) => self.matches(&state, observed),
                None => Ok(true),
            };
            match fits {
                Ok(true) if seen.insert(state.fingerprint()) => kept.push(state),
                Ok(_) => {}
                Err(error) => {
                    failure = Some(error);
                    return false;
                }
            }
            kept.len() <= max_states
        })?;
        if let Some(error) = failure {
            return Err(error);
        }
        let over_budget = kept.len() > max_states;
        Ok((kept, over_budget))
    }

    /// The successors of `state` whose action fits the step's named action, if any (only
    /// that action is run, with the logged arguments fixed).
    pub fn fitting_successors(
        &mut self,
        state: &State,
        named: Option<&NamedAction>,
    ) -> Result<Vec<Fitting>, EvalError> {
        let mut all = Vec::new();
        let Some(named) = named else {
            self.worker
                .successors(state, &mut |info, succ| all.push((info, succ)))?;
            let actions = self.evaluator.actions();
            return Ok(all
                .into_iter()
                .map(|(info, succ)| (actions[info.index].name.to_string(), info, succ))
                .collect());
        };
        let Some(probe) = self.probe(&named.name) else {
            return Ok(Vec::new());
        };
        // An ambiguous argument (a string naming a model value) is not fixed: the action
        // enumerates it, and the argument is checked below.
        let fixed: Vec<(String, Value)> = named
            .args
            .iter()
            .filter(|(_, v)| !loose::holds_ambiguous(v))
            .cloned()
            .collect();
        probe.successors(state, &fixed, &mut |info, succ| all.push((info, succ)))?;
        // Arguments passed through expressions (not bare `\E` variables) are checked here.
        let fits = |info: &ActionInfo| {
            named.args.iter().all(|(param, value)| {
                info.params
                    .iter()
                    .any(|(p, v)| p.as_str() == param && loose::fits(value, v))
            })
        };
        Ok(all
            .into_iter()
            .filter(|(info, _)| fits(info))
            .map(|(info, succ)| (named.name.clone(), info, succ))
            .collect())
    }

    /// The probe of the action `name`.
    pub fn probe(&self, name: &str) -> Option<&'w ActionProbe<'e, 'p>> {
        self.probes.iter().find(|p| p.name() == name)
    }

    /// Every candidate's successors that fit `step`; a step naming no action may also
    /// stutter when `may_stutter`.
    pub fn advance(
        &mut self,
        candidates: &[State],
        step: &Step,
        may_stutter: bool,
        max_states: usize,
    ) -> Result<Advance, EvalError> {
        let mut out = Advance {
            states: Vec::new(),
            actions: Vec::new(),
            over_budget: false,
        };
        let mut seen = fingerprints();
        for candidate in candidates {
            let Some(post) = self.expected_post(candidate, step)? else {
                continue;
            };
            if may_stutter
                && step.action.is_none()
                && self.matches(candidate, &post)?
                && seen.insert(candidate.fingerprint())
            {
                out.states.push(candidate.clone());
            }
            for (name, info, succ) in self.fitting_successors(candidate, step.action.as_ref())? {
                if !self.taken_by_actor(step, &info) || !self.matches(&succ, &post)? {
                    continue;
                }
                if !out.actions.contains(&name) {
                    out.actions.push(name);
                }
                if seen.insert(succ.fingerprint()) {
                    out.states.push(succ);
                }
            }
            if out.states.len() > max_states {
                out.over_budget = true;
                break;
            }
        }
        Ok(out)
    }

    /// With self binding, may the action instance `info` be the step of the process that
    /// logged `step` (which names no action)? Not when a parameter names another process
    /// of the trace and none names this one.
    pub(crate) fn taken_by_actor(&self, step: &Step, info: &ActionInfo) -> bool {
        let (Some(selves), Some(actor), None) = (&self.self_binding, &step.actor, &step.action)
        else {
            return true;
        };
        let names = |value: &Value| loose::fits(value, actor);
        let names_other =
            |value: &Value| selves.iter().any(|s| s != actor && loose::fits(s, value));
        info.params.iter().any(|(_, v)| names(v))
            || !info.params.iter().any(|(_, v)| names_other(v))
    }

    /// `candidates` closed under up to `max_steps` steps of the `silent` actions (the
    /// implementation does not log them), deduplicated by fingerprint; the flag says the
    /// closure outgrew `max_states` and is incomplete.
    pub fn close_silent(
        &mut self,
        candidates: Vec<State>,
        silent: &[String],
        max_steps: usize,
        max_states: usize,
    ) -> Result<(Vec<State>, bool), EvalError> {
        let mut seen = fingerprints();
        let mut all: Vec<State> = Vec::with_capacity(candidates.len());
        for state in candidates {
            if seen.insert(state.fingerprint()) {
                all.push(state);
            }
        }
        let probes: Vec<_> = silent.iter().filter_map(|name| self.probe(name)).collect();
        let mut frontier = 0..all.len();
        for _ in 0..max_steps {
            let mut found = Vec::new();
            for index in frontier.clone() {
                for probe in &probes {
                    probe.successors(&all[index], &[], &mut |_, succ| {
                        if seen.insert(succ.fingerprint()) {
                            found.push(succ);
                        }
                    })?;
                }
                if all.len() + found.len() > max_states {
                    all.append(&mut found);
                    return Ok((all, true));
                }
            }
            if found.is_empty() {
                break;
            }
            frontier = all.len()..all.len() + found.len();
            all.append(&mut found);
        }
        Ok((all, false))
    }

    /// The full state a window's `pre_state` gives, or the names of the variables it leaves
    /// out.
    pub fn full_state(&self, observed: &Observation) -> Result<State, Vec<String>> {
        let mut values: Vec<Option<Value>> = vec![None; self.vocabulary.var_count];
        for (index, value) in observed {
            if let Observable::Var(var) = self.kinds[*index] {
                values[var] = Some(value.clone());
            }
        }
        let missing: Vec<String> = self
            .vocabulary
            .observable_names
            .iter()
            .zip(self.kinds)
            .filter(|(_, kind)| matches!(kind, Observable::Var(v) if values[*v].is_none()))
            .map(|(name, _)| name.clone())
            .collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        Ok(State::new(values.into_iter().flatten().collect()))
    }

    /// Counts, per action name, the values of `named`'s action (for reports).
    pub fn count_action(counts: &mut BTreeMap<String, usize>, step: &Step, taken: &[String]) {
        let name = match (&step.action, taken) {
            (Some(named), _) => named.name.clone(),
            (None, [only]) => only.clone(),
            _ => return,
        };
        *counts.entry(name).or_default() += 1;
    }
}

/// A fingerprint set with fixed seeds (iteration order never reaches the output).
pub fn fingerprints() -> Fingerprints {
    HashSet::with_hasher(ahash::RandomState::with_seeds(11, 12, 13, 14))
}
