//! Frames: slots holding values, lazily evaluated `LET` values, and operator closures.

use std::sync::Arc;

use tlafid_sema::ir::{Expr, OpId};
use tlafid_value::Value;

/// An operator passed as an argument: a global operator with its leading (captured)
/// arguments already given.
#[derive(Debug)]
pub struct Closure {
    /// The operator.
    pub op: OpId,
    /// Its captured leading arguments.
    pub captured: Vec<Arg>,
}

/// An argument of an operator call: a value, or an operator (for parameters `F(_)`).
#[derive(Clone, Debug)]
pub enum Arg {
    /// A value.
    Val(Value),
    /// An operator.
    Op(Arc<Closure>),
}

/// One slot of a frame.
#[derive(Clone, Debug, Default)]
pub(crate) enum FrameSlot<'p> {
    /// Not bound yet.
    #[default]
    Empty,
    /// A value.
    Val(Value),
    /// An operator argument.
    Op(Arc<Closure>),
    /// A `LET` value not evaluated yet.
    Thunk(&'p Expr),
    /// A `LET` value evaluated in the current state (re-evaluated under a prime).
    Forced(&'p Expr, Value),
    /// An argument passed by name: its expression, evaluated in the caller's frame at `base`
    /// each time it is used (actions, and state expressions the callee primes).
    ByName {
        /// The argument as written.
        expr: &'p Expr,
        /// The caller's frame.
        base: usize,
        /// Its value in the current state, once computed (never for values that read the
        /// next state).
        cached: Option<Value>,
    },
}

impl From<Arg> for FrameSlot<'_> {
    fn from(arg: Arg) -> Self {
        match arg {
            Arg::Val(v) => FrameSlot::Val(v),
            Arg::Op(c) => FrameSlot::Op(c),
        }
    }
}
