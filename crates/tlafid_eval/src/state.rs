//! States: one value per variable, in declaration order, with a cached fingerprint.

use tlafid_value::{fingerprint_values, Fingerprint, Value};

/// A state of the model.
#[derive(Clone, Debug)]
pub struct State {
    values: Box<[Value]>,
    fingerprint: Fingerprint,
}

impl State {
    /// A state from its values (in [`Program::vars`](tlafid_sema::ir::Program) order).
    pub fn new(values: Box<[Value]>) -> State {
        let fingerprint = fingerprint_values(&values);
        State {
            values,
            fingerprint,
        }
    }

    /// A state rebuilt from its values and the fingerprint [`State::new`] gave them (as when a
    /// queued state is unpacked): nothing is hashed again. A wrong fingerprint makes the
    /// state another one for every fingerprinted set.
    pub fn with_fingerprint(values: Box<[Value]>, fingerprint: Fingerprint) -> State {
        State {
            values,
            fingerprint,
        }
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
