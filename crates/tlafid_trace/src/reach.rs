//! The model's reachable states for `--windows`: explored breadth-first from the initial
//! states once per run (on first demand), bounded by `--max-states`, and indexed by the
//! observables windows' `pre_state`s give.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use tlafid_eval::{EvalError, Evaluator, State};

use crate::engine::{fingerprints, Stepper};
use crate::parse::Observation;

type FixedHasher = ahash::RandomState;

fn fixed_hasher() -> FixedHasher {
    ahash::RandomState::with_seeds(21, 22, 23, 24)
}

/// States by the hash of the values of one set of observables.
type ShapeIndex = HashMap<u64, Vec<u32>, FixedHasher>;

/// The reachable states of a run, explored on first demand (at most once).
pub struct LazyReachable<'e, 'p> {
    evaluator: &'e Evaluator<'p>,
    max_states: usize,
    cell: OnceLock<Result<Reachable, EvalError>>,
}

impl<'e, 'p> LazyReachable<'e, 'p> {
    /// Nothing explored yet; at most `max_states` states will be.
    pub fn new(evaluator: &'e Evaluator<'p>, max_states: usize) -> Self {
        LazyReachable {
            evaluator,
            max_states,
            cell: OnceLock::new(),
        }
    }

    /// The reachable states (explored now if not yet).
    pub fn get(&self) -> Result<&Reachable, EvalError> {
        self.cell
            .get_or_init(|| Reachable::explore(self.evaluator, self.max_states))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The exploration, if some window needed it.
    pub fn explored(&self) -> Option<&Reachable> {
        self.cell.get().and_then(|r| r.as_ref().ok())
    }
}

/// The reachable states explored, in breadth-first order.
pub struct Reachable {
    /// The states, initial states first, each once.
    pub states: Vec<State>,
    /// Fingerprint to index in `states`.
    by_fingerprint: HashMap<u64, u32, FixedHasher>,
    /// Whether every reachable state is in `states` (the budget did not cut the search).
    pub complete: bool,
    /// Per set of observables (sorted indices), the states by the hash of their values.
    shapes: Mutex<BTreeMap<Vec<usize>, Arc<ShapeIndex>>>,
}

impl Reachable {
    /// Explores breadth-first from the initial states, keeping at most `max_states` states.
    pub fn explore(evaluator: &Evaluator<'_>, max_states: usize) -> Result<Reachable, EvalError> {
        let mut worker = evaluator.worker();
        let mut seen = fingerprints();
        let mut states = Vec::new();
        let mut complete = true;
        worker.init_states_while(&mut |state| {
            if seen.insert(state.fingerprint()) {
                states.push(state);
            }
            states.len() <= max_states
        })?;
        if states.len() > max_states {
            states.truncate(max_states);
            complete = false;
        }
        let mut next = 0;
        while next < states.len() && complete {
            let mut found = Vec::new();
            worker.successors(&states[next], &mut |_, succ| {
                if seen.insert(succ.fingerprint()) {
                    found.push(succ);
                }
            })?;
            next += 1;
            for state in found {
                if states.len() == max_states {
                    complete = false;
                    break;
                }
                states.push(state);
            }
        }
        let mut by_fingerprint = HashMap::with_hasher(fixed_hasher());
        for (index, state) in states.iter().enumerate() {
            by_fingerprint.insert(state.fingerprint(), index as u32);
        }
        Ok(Reachable {
            states,
            by_fingerprint,
            complete,
            shapes: Mutex::new(BTreeMap::new()),
        })
    }

    /// The explored state equal to `state`, if any.
    pub fn find(&self, state: &State) -> Option<&State> {
        let index = *self.by_fingerprint.get(&state.fingerprint())?;
        let found = &self.states[index as usize];
        (found == state).then_some(found)
    }

    /// The explored states that show `observed`, in breadth-first order.
    pub fn matching(
        &self,
        stepper: &mut Stepper<'_, '_, '_>,
        observed: &Observation,
    ) -> Result<Vec<State>, EvalError> {
        let shape: Vec<usize> = observed.iter().map(|(index, _)| *index).collect();
        let index = self.shape_index(stepper, &shape)?;
        let key = hash_values(observed.iter().map(|(_, v)| v));
        let mut kept = Vec::new();
        for &at in index.get(&key).map(Vec::as_slice).unwrap_or_default() {
            let state = &self.states[at as usize];
            if stepper.matches(state, observed)? {
                kept.push(state.clone());
            }
        }
        Ok(kept)
    }

    /// The index of the states by the values of the observables `shape` (built once).
    fn shape_index(
        &self,
        stepper: &mut Stepper<'_, '_, '_>,
        shape: &[usize],
    ) -> Result<Arc<ShapeIndex>, EvalError> {
        let mut shapes = self.shapes.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(index) = shapes.get(shape) {
            return Ok(index.clone());
        }
        let mut index = ShapeIndex::with_hasher(fixed_hasher());
        for (at, state) in self.states.iter().enumerate() {
            let mut values = Vec::with_capacity(shape.len());
            for &observable in shape {
                values.push(stepper.observe(state, observable)?);
            }
            index
                .entry(hash_values(values.iter()))
                .or_default()
                .push(at as u32);
        }
        let index = Arc::new(index);
        shapes.insert(shape.to_vec(), index.clone());
        Ok(index)
    }
}

/// A fixed-seed hash of a list of values.
fn hash_values<'v>(values: impl Iterator<Item = &'v tlafid_value::Value>) -> u64 {
    let mut hasher = fixed_hasher().build_hasher();
    for value in values {
        value.hash(&mut hasher);
    }
    hasher.finish()
}
