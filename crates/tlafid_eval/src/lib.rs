//! Evaluator of the resolved TLA+ IR ([`tlafid_sema::ir`]): expressions to [`Value`]s, actions
//! to successor states (TLC's way: conjunctions left to right, disjunctions and `\E` branch,
//! `x' = e` and `x' \in S` assign), and native implementations of the standard modules.
//!
//! Entry points: build an [`Evaluator`] over a [`Program`](tlafid_sema::ir::Program) with
//! [`ConstBinding`]s for its constants, then call [`Evaluator::init_states`],
//! [`Evaluator::successors`], [`Evaluator::eval_bool`] (or the same on a reusable
//! [`Worker`], which keeps its buffers between calls). Errors are [`EvalError`]s (codes
//! `E070`-`E089`) that convert to [`tlafid_base::Diagnostic`]s.
//!
//! No I/O: `Print`/`PrintT` output goes to a sink the caller supplies.
#![warn(missing_docs)]

mod action;
mod analysis;
mod builtins;
mod call;
mod ctx;
mod error;
mod evaluator;
mod exprs;
mod frame;
mod natives;
mod state;

pub use action::{ActionDecl, ActionInfo};
pub use error::*;
pub use evaluator::{ConstBinding, EvalOptions, Evaluator, PrintSink, Worker};
pub use frame::{Arg, Closure};
pub use state::State;
pub use tlafid_value::Value;
