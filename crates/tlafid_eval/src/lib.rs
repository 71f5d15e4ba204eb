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
//! No I/O: `Print`/`PrintT` output goes to a sink the caller supplies; `IOEnv` shows the
//! variables the caller gives and the JSON deserializers read files only through the
//! caller's [`FileReader`] ([`SpecInputs`]).
//!
//! How actions run (as TLC's `getNextStates`): `/\` left to right; `\/`, `\E` and `\A`
//! branch (`\A` as a conjunction over its bindings); `x' = e`, `x' \in S`,
//! `x' \subseteq S` and `UNCHANGED` assign an unassigned `x'` and test it otherwise; calls of
//! defined operators are inlined with their arguments passed by name when they depend on the
//! state; `IF`/`CASE`/`LET`/`=>` are followed; non-constant function definitions applied in an
//! action run their body; once every variable is assigned the remaining conjuncts are only
//! tested. These rules decide TLC's "states generated" count, which this crate reproduces
//! (except for `A \cdot B`, whose middle states TLC also counts as generated: see
//! `compose.rs`).
//!
//! Threads: one [`Evaluator`] is shared (`Sync`); each thread uses its own [`Worker`].
//! Dropped workers return their buffers to the evaluator, to a stripe of their thread's own
//! (boxed: a pointer moves), so the one-shot methods of [`Evaluator`] allocate no per-call
//! buffers either and threads do not meet on a lock for them. Reads of state variables and of their
//! applications and fields (`network[q][p]`, `m.type`) borrow from the state rather than
//! clone each container on the way.
//!
//! Compiled expressions (`compile/`): operator bodies, conjuncts, assigned values and
//! `EXCEPT` updates are also compiled once into node trees that skip the interpreter's
//! dispatch (borrowed state reads, frameless natives, constant subexpressions kept); every
//! node falls back to the interpreter for what it does not cover, so results and errors are
//! the interpreter's.
//!
//! Caches (none changes a result): zero-parameter constant operators and closed constant
//! `LET` values once per evaluator; pure zero-parameter state-level operators once per call
//! (one current state), and a state-level function definition is built whole once it is
//! applied several times in one call (falling back to per-argument application if building
//! fails).
//! Recursion uses the native stack, grown on demand (the `stacker` crate), and is bounded by
//! [`EvalOptions::max_depth`].
#![warn(missing_docs)]

mod action;
mod analysis;
mod builtins;
mod call;
mod compile;
mod compose;
mod ctx;
mod env;
mod error;
mod evaluator;
mod exprs;
mod frame;
mod inputs;
mod memo;
mod natives;
mod probe;
mod registers;
mod shadow;
mod state;

pub use action::{ActionDecl, ActionInfo, TlcAction};
pub use env::{Env, EnvFrame, EnvSlot, OnState};
pub use error::*;
pub use evaluator::{
    changed_variables, variable_mask, ConstBinding, EvalOptions, Evaluator, ExplorationStats,
    PrintSink, UnmadeSink, Worker,
};
pub use frame::{Arg, Closure};
pub use inputs::{FileReader, FileRefusal, SpecInputs};
pub use probe::{ActionProbe, FalseConjunct};
pub use state::State;
pub use tlafid_value::Value;
