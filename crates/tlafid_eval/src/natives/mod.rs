//! Native implementations of standard and community-module operators, keyed by the module
//! that defines them and their name.

mod arith;
mod clocks;
mod community;
mod dyadic;
mod ext;
mod graphs;
mod io;
mod seqs;
mod tlc;

use tlafid_base::Span;
use tlafid_value::{Value, ValueResult};

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_TYPE};
use crate::frame::Arg;

pub(crate) use io::JsonFile;

/// A native operator.
pub(crate) enum Native {
    /// A zero-argument constant (`Nat`).
    Const(fn() -> Value),
    /// A one-argument operator on values.
    Unary(fn(&Value) -> ValueResult<Value>),
    /// A two-argument operator on values.
    Binary(fn(&Value, &Value) -> ValueResult<Value>),
    /// Any other operator (may call operator arguments).
    General(for<'a, 'p> fn(&mut Ctx<'a, 'p>, Vec<Arg>, Span) -> EvalResult<Value>),
    /// An operator that cannot be run, with the reason.
    Unsupported(&'static str),
}

/// The native implementation of `module`'s operator `name`, if there is one.
pub(crate) fn lookup(module: &str, name: &str) -> Option<Native> {
    match module {
        "Naturals" | "Integers" => arith::lookup(name),
        "Sequences" => seqs::lookup(name),
        "FiniteSets" | "Bags" | "TLC" | "TLCExt" => {
            ext::lookup(module, name).or_else(|| tlc::lookup(module, name))
        }
        "SequencesExt" | "FiniteSetsExt" | "Functions" | "Folds" => community::lookup(module, name),
        "Graphs" => graphs::lookup_directed(name),
        "UndirectedGraphs" => graphs::lookup_undirected(name),
        "DyadicRationals" => dyadic::lookup(name),
        "VectorClocks" => clocks::lookup(name),
        _ => ext::lookup(module, name),
    }
}

/// The `i`-th argument as a value.
pub(crate) fn value_arg(args: &[Arg], i: usize, span: Span) -> EvalResult<&Value> {
    match args.get(i) {
        Some(Arg::Val(v)) => Ok(v),
        Some(Arg::Op(_)) => Err(EvalError::new(
            E_TYPE,
            format!("argument {} is an operator, expected a value", i + 1),
            span,
        )),
        None => Err(EvalError::new(
            E_TYPE,
            format!("missing argument {}", i + 1),
            span,
        )),
    }
}

/// The `i`-th argument as an operator (or a value, called with no arguments).
pub(crate) fn op_arg(args: &[Arg], i: usize, span: Span) -> EvalResult<&Arg> {
    args.get(i)
        .ok_or_else(|| EvalError::new(E_TYPE, format!("missing argument {}", i + 1), span))
}

/// An integer argument that fits in 64 bits.
pub(crate) fn int_of(v: &Value) -> ValueResult<i64> {
    v.as_i64().ok_or_else(|| {
        tlafid_value::ValueError(format!(
            "expected an integer, found the {} {v}",
            v.kind_name()
        ))
    })
}

/// A boolean result of applying an operator argument.
pub(crate) fn truth(v: Value, span: Span) -> EvalResult<bool> {
    v.as_bool().ok_or_else(|| {
        EvalError::new(
            E_TYPE,
            format!("expected a boolean, found the {} {v}", v.kind_name()),
            span,
        )
    })
}

/// The elements of a finite set, owned, in order.
pub(crate) fn set_elems(v: &Value) -> ValueResult<Vec<Value>> {
    Ok(v.iter_set()?.map(std::borrow::Cow::into_owned).collect())
}

/// A failed value operation with a message.
pub(crate) fn fail<T>(message: impl Into<String>) -> ValueResult<T> {
    Err(tlafid_value::ValueError(message.into()))
}
