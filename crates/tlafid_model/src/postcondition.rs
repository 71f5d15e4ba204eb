//! `POSTCONDITION`s: constant-level predicates TLC evaluates once, after a complete
//! exploration, with the registers and statistics it ended with (trace harnesses check with
//! one that the whole log was matched).

use smol_str::SmolStr;
use tlafid_base::Span;
use tlafid_eval::{EvalError, ExplorationStats};

use crate::Model;

/// A `POSTCONDITION` that does not hold after exploration.
#[derive(Clone, Debug)]
pub enum PostconditionFailure {
    /// It is false.
    False {
        /// Its name in the configuration.
        name: SmolStr,
        /// Where the configuration names it.
        config_span: Span,
        /// Where it is defined.
        span: Span,
    },
    /// Evaluating it failed.
    Error {
        /// Its name in the configuration.
        name: SmolStr,
        /// The error.
        error: EvalError,
    },
}

impl Model<'_> {
    /// Ends exploration (from now on `TLCGet` reads the registers it accumulated and
    /// `TLCGet("stats")` gives `stats`) and evaluates each `POSTCONDITION` in configuration
    /// order: the first that does not hold. Call it only after a complete exploration that
    /// found nothing wrong, as TLC does.
    pub fn check_postconditions(
        &self,
        stats: &ExplorationStats,
    ) -> Result<(), PostconditionFailure> {
        self.evaluator.end_exploration(stats);
        let mut worker = self.evaluator.worker();
        worker.set_level(None);
        for check in &self.postconditions {
            match worker.eval_bool(check.expr, &[], None) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(PostconditionFailure::False {
                        name: check.name.clone(),
                        config_span: check.config_span,
                        span: check.expr.span,
                    })
                }
                Err(error) => {
                    return Err(PostconditionFailure::Error {
                        name: check.name.clone(),
                        error,
                    })
                }
            }
        }
        Ok(())
    }
}
