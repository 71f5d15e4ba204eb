//! The TLA+ binding of the explorer: a resolved [`Program`] plus a TLC [`Config`] becomes a
//! [`Model`], which implements [`tlafid_check::TransitionSystem`].
//!
//! Binding checks what TLC checks before it explores: every constant has a value, every name
//! the configuration mentions is defined with the right level, the `SPECIFICATION` has the
//! shape `Init /\ [][Next]_v /\ fairness`, and properties are split into what the safety
//! search checks (initial predicates, `[]P` and `[][A]_v`) and temporal parts, which are
//! translated with the specification's fairness into liveness obligations for the explorer
//! (`temporal`; an unsupported temporal construct is an error, never skipped).
//!
//! Reductions and output follow TLC: `SYMMETRY` stands for the group its permutations
//! generate ([`symmetry`]), `VIEW` is evaluated on the symmetry representative, and `ALIAS`
//! gives the lines of trace states ([`Model::trace_lines`]).
//!
//! Invariant: no I/O; every problem is a [`Diagnostic`] with a span in the spec or the config.
#![warn(missing_docs)]

pub mod alias;
mod bind;
pub mod codes;
mod constants;
pub mod itf;
mod lasso;
mod postcondition;
pub mod requirements;
mod spec;
pub mod symmetry;
mod system;
mod temporal;
mod unroll;

pub use bind::{prepare, Check, Model, SpecOps, Unchecked, VariableValues};
pub use postcondition::PostconditionFailure;
pub use system::TraceAction;

use tlafid_base::Diagnostic;
use tlafid_config::Config;
use tlafid_sema::ir::Program;

/// Binds `program` and `config` into a checkable model, or says why it cannot; `spec` comes
/// from [`prepare`].
pub fn bind<'p>(
    program: &'p Program,
    config: &Config,
    spec: Option<SpecOps>,
) -> Result<Model<'p>, Vec<Diagnostic>> {
    bind::bind(program, config, spec)
}
