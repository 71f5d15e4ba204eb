//! States: one value per variable, in declaration order, with a cached fingerprint.

use tlafid_value::{fingerprint_values, Fingerprint, Value};

/// A state of the model.
#[derive(Clone, Debug)]
pub struct State {
    values: Box<[Value]>,
    fingerprint: Fingerprint,
    /// TLC's level (1 for an initial state, one more than its predecessor's for a
    /// successor), when the explorer tracks it for `TLCGet("level")`; 0 when unknown. Not
    /// part of the state: equality and the fingerprint ignore it.
    level: u32,
}

impl State {
    /// A state from its values (in [`Program::vars`](tlafid_sema::ir::Program) order).
    pub fn new(values: Box<[Value]>) -> State {
        let fingerprint = fingerprint_values(&values);
        State {
            values,
            fingerprint,
            level: 0,
        }
    }

    /// A state rebuilt from its values and the fingerprint [`State::new`] gave them (as when a
    /// queued state is unpacked): nothing is hashed again. A wrong fingerprint makes the
    /// state another one for every fingerprinted set.
    pub fn with_fingerprint(values: Box<[Value]>, fingerprint: Fingerprint) -> State {
        State {
            values,
            fingerprint,
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
        self.fingerprint
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.fingerprint == other.fingerprint && self.values == other.values
    }
}

impl Eq for State {}
