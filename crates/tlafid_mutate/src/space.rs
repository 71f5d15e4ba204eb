//! What a run gathers about the state space as it goes, independent of the order in which
//! threads meet the states: an order-independent summary of the set of fingerprints, and a
//! bounded, deterministic collection of the values each variable takes.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use tlafid_value::Value;

/// The distinct count, sum and xor of the fingerprints of the states met: two runs that meet
/// the same set of states have the same summary.
#[derive(Default)]
pub struct SpaceHash {
    count: AtomicU64,
    sum: AtomicU64,
    xor: AtomicU64,
}

/// A finished [`SpaceHash`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpaceSummary {
    /// Distinct states.
    pub count: u64,
    /// Wrapping sum of their fingerprints.
    pub sum: u64,
    /// Xor of their fingerprints.
    pub xor: u64,
}

impl SpaceHash {
    /// Adds one distinct state.
    pub fn add(&self, fingerprint: u64) {
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum.fetch_add(fingerprint, Ordering::Relaxed);
        self.xor.fetch_xor(fingerprint, Ordering::Relaxed);
    }

    /// The summary so far.
    pub fn summary(&self) -> SpaceSummary {
        SpaceSummary {
            count: self.count.load(Ordering::Relaxed),
            sum: self.sum.load(Ordering::Relaxed),
            xor: self.xor.load(Ordering::Relaxed),
        }
    }
}

/// How many values are kept per variable.
pub const VALUES_PER_VARIABLE: usize = 256;

/// For each variable, the values (at most [`VALUES_PER_VARIABLE`]) with the smallest
/// fingerprints among those it takes in the states met: the same set whatever the order.
pub struct ValueCollector {
    per_variable: Vec<Mutex<BTreeMap<u64, Value>>>,
    /// Per variable, the largest fingerprint kept once full (`u64::MAX` before): values
    /// above it are skipped without locking.
    ceiling: Vec<AtomicU64>,
}

impl ValueCollector {
    /// A collector for `variables` variables.
    pub fn new(variables: usize) -> ValueCollector {
        ValueCollector {
            per_variable: (0..variables)
                .map(|_| Mutex::new(BTreeMap::new()))
                .collect(),
            ceiling: (0..variables).map(|_| AtomicU64::new(u64::MAX)).collect(),
        }
    }

    /// Records the values of one state.
    pub fn add(&self, values: &[Value]) {
        for (i, value) in values.iter().enumerate().take(self.per_variable.len()) {
            let fingerprint = value.fingerprint();
            if fingerprint >= self.ceiling[i].load(Ordering::Relaxed) {
                continue;
            }
            let Ok(mut kept) = self.per_variable[i].lock() else {
                continue;
            };
            kept.entry(fingerprint).or_insert_with(|| value.clone());
            if kept.len() > VALUES_PER_VARIABLE {
                kept.pop_last();
            }
            if kept.len() == VALUES_PER_VARIABLE {
                if let Some((&largest, _)) = kept.last_key_value() {
                    self.ceiling[i].store(largest, Ordering::Relaxed);
                }
            }
        }
    }

    /// The values kept, per variable, in fingerprint order.
    pub fn values(&self) -> Vec<Vec<Value>> {
        self.per_variable
            .iter()
            .map(|m| {
                m.lock()
                    .map(|k| k.values().cloned().collect())
                    .unwrap_or_default()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_ignores_order() {
        let (a, b) = (SpaceHash::default(), SpaceHash::default());
        for fp in [5, 9, 1 << 63] {
            a.add(fp);
        }
        for fp in [1 << 63, 5, 9] {
            b.add(fp);
        }
        assert_eq!(a.summary(), b.summary());
        assert_eq!(a.summary().count, 3);
    }

    #[test]
    fn collector_keeps_the_smallest_fingerprints() {
        let collector = ValueCollector::new(1);
        for n in 0..1000 {
            collector.add(&[Value::from(n as i64)]);
        }
        let kept = collector.values();
        assert_eq!(kept[0].len(), VALUES_PER_VARIABLE);
        let again = ValueCollector::new(1);
        for n in (0..1000).rev() {
            again.add(&[Value::from(n as i64)]);
        }
        assert_eq!(kept, again.values());
    }
}
