//! States: one value per variable, in declaration order, with a cached fingerprint.

use std::sync::atomic::{AtomicU64, Ordering};

use tlafid_value::{fingerprint_values, Fingerprint, Value};

/// A state of the model.
#[derive(Debug)]
pub struct State {
    values: Box<[Value]>,
    /// The fingerprint, computed when first asked for (0: not yet; a state whose fingerprint
    /// is 0 is hashed at each ask, which is only slower). Under `SYMMETRY` or a `VIEW` the
    /// seen set keys states by another fingerprint, and a successor already seen is never
    /// asked for this one.
    fingerprint: AtomicU64,
    /// TLC's level (1 for an initial state, one more than its predecessor's for a
    /// successor), when the explorer tracks it for `TLCGet("level")`; 0 when unknown. Not
    /// part of the state: equality and the fingerprint ignore it.
    level: u32,
}

impl State {
    /// A state from its values (in [`Program::vars`](tlafid_sema::ir::Program) order).
    pub fn new(values: Box<[Value]>) -> State {
        State {
            values,
            fingerprint: AtomicU64::new(0),
            level: 0,
        }
    }

    /// A state rebuilt from its values and the fingerprint [`State::new`] gave them (as when a
    /// queued state is unpacked): nothing is hashed again. A wrong fingerprint makes the
    /// state another one for every fingerprinted set.
    pub fn with_fingerprint(values: Box<[Value]>, fingerprint: Fingerprint) -> State {
        State {
            values,
            fingerprint: AtomicU64::new(fingerprint),
            level: 0,
        }
    }

    /// TLC's level of this state (what `TLCGet("level")` answers in it), if known.
    pub fn level(&self) -> Option<i64> {
        (self.level > 0).then_some(i64::from(self.level))
    }

    /// The raw level: 0 when unknown.
    pub fn level_number(&self) -> u32 {
        self.level
    }

    /// Sets TLC's level of this state (0: unknown).
    pub fn set_level(&mut self, level: u32) {
        self.level = level;
    }

    /// The values, in variable order.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The fingerprint (fixed seeds; equal states have equal fingerprints).
    pub fn fingerprint(&self) -> Fingerprint {
        match self.fingerprint.load(Ordering::Relaxed) {
            0 => {
                let fingerprint = fingerprint_values(&self.values);
                self.fingerprint.store(fingerprint, Ordering::Relaxed);
                fingerprint
            }
            fingerprint => fingerprint,
        }
    }
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            values: self.values.clone(),
            fingerprint: AtomicU64::new(self.fingerprint.load(Ordering::Relaxed)),
            level: self.level,
        }
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.fingerprint() == other.fingerprint() && self.values == other.values
    }
}

impl Eq for State {}
