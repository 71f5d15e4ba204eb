//! A seeded sample of states near the reachable ones: each variable takes one of the values
//! it takes somewhere in the reachable space, and half of the time a small perturbation of it
//! (an integer one off, a Boolean negated, one point of a function given another value that
//! occurs, a set with an element removed or another set's elements added), so that a property
//! about one variable can fail on the sample too.

use std::collections::BTreeSet;

use tlafid_eval::{State, Value};

/// How many states are sampled.
pub const SAMPLE_SIZE: usize = 20_000;

/// A fixed-seed generator (splitmix64), so samples are the same on every run.
pub struct Rng(u64);

impl Rng {
    /// A generator with this seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number below `bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// Up to [`SAMPLE_SIZE`] distinct states drawn from `reachable` (per variable, the values it
/// takes); empty when some variable has no value.
pub fn sample(reachable: &[Vec<Value>]) -> Vec<State> {
    if reachable.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    let mut rng = Rng::new(0x71AF_1D5E_ED00_0001);
    let mut seen = BTreeSet::new();
    let mut states = Vec::new();
    for _ in 0..SAMPLE_SIZE * 4 {
        if states.len() == SAMPLE_SIZE {
            break;
        }
        let values: Vec<Value> = reachable
            .iter()
            .map(|pool| {
                let value = &pool[rng.below(pool.len())];
                if rng.below(2) == 0 {
                    perturb(value, pool, &mut rng)
                } else {
                    value.clone()
                }
            })
            .collect();
        let state = State::new(values.into_boxed_slice());
        if seen.insert(state.fingerprint()) {
            states.push(state);
        }
    }
    states
}

/// A value near `value`; `pool` holds other values the same variable takes.
fn perturb(value: &Value, pool: &[Value], rng: &mut Rng) -> Value {
    if let Some(b) = value.as_bool() {
        return Value::from(!b);
    }
    if let Some(n) = value.as_i64() {
        let delta = if rng.below(2) == 0 { 1 } else { -1 };
        return n
            .checked_add(delta)
            .map_or_else(|| value.clone(), Value::from);
    }
    if value.is_fcn() {
        return perturb_point(value, pool, rng).unwrap_or_else(|| value.clone());
    }
    if value.is_set() {
        return perturb_set(value, pool, rng).unwrap_or_else(|| value.clone());
    }
    value.clone()
}

/// The function with one point given another value: one it takes elsewhere, one the same
/// point has in another value of the pool, or a perturbation of its own.
fn perturb_point(value: &Value, pool: &[Value], rng: &mut Rng) -> Option<Value> {
    let pairs = value.fn_pairs().ok()?;
    if pairs.is_empty() {
        return None;
    }
    let (key, old) = &pairs[rng.below(pairs.len())];
    let new = match rng.below(3) {
        0 => pairs[rng.below(pairs.len())].1.clone(),
        1 => match pool.get(rng.below(pool.len())) {
            Some(other) => other
                .apply(key)
                .ok()
                .cloned()
                .unwrap_or_else(|| old.clone()),
            None => old.clone(),
        },
        _ => perturb(old, &[], rng),
    };
    value.except(key, new).ok()
}

/// The set with one element removed, or with the elements of another value of the pool added.
fn perturb_set(value: &Value, pool: &[Value], rng: &mut Rng) -> Option<Value> {
    let elems: Vec<Value> = value.iter_set().ok()?.map(|v| v.into_owned()).collect();
    if !elems.is_empty() && rng.below(2) == 0 {
        let gone = Value::set(vec![elems[rng.below(elems.len())].clone()]);
        return value.minus(&gone).ok();
    }
    let other = pool.get(rng.below(pool.len()))?;
    value.union(other).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_are_deterministic_and_leave_the_reachable_values() {
        let pool = vec![vec![Value::from(0i64), Value::from(1i64)]];
        let a = sample(&pool);
        let b = sample(&pool);
        assert_eq!(
            a.iter().map(State::fingerprint).collect::<Vec<_>>(),
            b.iter().map(State::fingerprint).collect::<Vec<_>>()
        );
        let ints: BTreeSet<i64> = a.iter().filter_map(|s| s.values()[0].as_i64()).collect();
        assert_eq!(ints, BTreeSet::from([-1, 0, 1, 2]));
    }

    #[test]
    fn nested_functions_are_perturbed_without_a_pool() {
        let inner = Value::function(vec![(Value::from(2i64), Value::from(3i64))]);
        let outer = Value::function(vec![(Value::from(1i64), inner)]);
        let states = sample(&[vec![outer]]);
        assert!(states.len() > 1);
    }
}
