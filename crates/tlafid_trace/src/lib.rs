//! Trace validation: does a model admit the traces recorded from the implementation, and if
//! not, where and why ("missed code behavior")?
//!
//! A trace is admitted when some behaviour of the model matches every step in order, one
//! model step per step. The search keeps the set of model states consistent with the prefix
//! read so far (deduplicated by fingerprint, bounded by [`Options::max_states`]), so partial
//! observations and non-determinism are handled exactly. A step's action name and arguments
//! narrow it; its `state` constrains the observables (model variables or zero-argument
//! operators) it logs, and leaves the others free.
//!
//! A step that names its action runs only that action, with the logged arguments fixed
//! ([`tlafid_eval::ActionProbe`]): no other action is tried and no fixed parameter's domain
//! is enumerated.
//!
//! Use: [`add_constant_probes`] on the program before binding it, then
//! [`probe_model_values`], [`Vocabulary::new`], [`Validator::new`] and
//! [`Validator::check_all`] over the traces' texts; [`Summary::of`] totals the reports.
//!
//! Invariant: no I/O; the caller reads the files. Bad trace input is a diagnostic
//! (`E100`-`E109`) with the file, line and field, and never stops the other traces.
#![warn(missing_docs)]

pub mod codes;
mod concurrent;
pub mod delta;
mod engine;
pub mod json;
mod layout;
mod loose;
mod miss;
mod parse;
mod reach;
mod shared;
mod validate;
mod verdict;
mod vocabulary;
mod wellformed;
mod windows;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use tlafid_eval::Evaluator;
use tlafid_sema::ir::{Expr, ExprKind, Level, OpDef, OpId, Program};

pub use json::ModelValues;
pub use parse::{
    Channel, NamedAction, Observation, Origin, ParsedTrace, PgoMapping, PgoVariable, Step,
    TraceFormat,
};
pub use validate::{Options, Search, TraceGroup, TraceInput, TraceInvariant, Validator};
pub use verdict::{
    ActionWindows, FailedWindow, FalseGuard, Location, Mismatch, MissedCodeBehavior, NearestMiss,
    PropertyViolation, TraceReport, Verdict, WindowFailure, WindowStats,
};
pub use vocabulary::{Observable, Vocabulary};

/// Adds to `program` one zero-argument operator per constant, so that the model values the
/// configuration gives can be found after binding. Call before `tlafid_model::bind`.
pub fn add_constant_probes(program: &mut Program) -> Vec<OpId> {
    let mut probes = Vec::new();
    for (i, decl) in program.consts.clone().iter().enumerate() {
        if decl.arity > 0 {
            continue;
        }
        program.ops.push(OpDef {
            name: format!("__tlafid_probe_{}", decl.name).into(),
            module: program.root.clone(),
            instance: "".into(),
            params: Vec::new(),
            captured: 0,
            body: Expr {
                kind: ExprKind::Const(tlafid_sema::ir::ConstId(i as u32)),
                span: decl.span,
            },
            function: None,
            recursive: false,
            level: Level::Constant,
            frame_size: 0,
            span: decl.span,
        });
        probes.push(OpId(program.ops.len() as u32 - 1));
    }
    probes
}

/// The model values in the constants' values (a constant that fails to evaluate is skipped:
/// the model check reports it).
pub fn probe_model_values(evaluator: &Evaluator<'_>, probes: &[OpId]) -> ModelValues {
    let mut found = ModelValues::new();
    for &probe in probes {
        if let Ok(value) = evaluator.eval_op(probe, &[], None) {
            vocabulary::collect_model_values(&value, &mut found);
        }
    }
    found
}

/// Totals over a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Traces admitted.
    pub admitted: usize,
    /// Traces the model cannot produce.
    pub missed: usize,
    /// Traces without a verdict (state, time or memory budget).
    pub out_of_budget: usize,
    /// Traces that could not be read or evaluated.
    pub invalid: usize,
    /// Traces whose states give an observable a value outside its declared type (a mapping
    /// error: no verdict).
    pub ill_typed: usize,
    /// Traces that violate a configured invariant (whatever their verdict).
    pub violating: usize,
    /// Traces in all.
    pub total: usize,
    /// Logged steps per action, over every trace.
    pub steps_per_action: BTreeMap<String, usize>,
    /// Actions of the model no trace step used, in the order of the next-state relation.
    pub unexercised: Vec<String>,
}

impl Summary {
    /// Totals `reports` for the model with `vocabulary`.
    pub fn of(reports: &[TraceReport], vocabulary: &Vocabulary) -> Summary {
        let mut summary = Summary {
            total: reports.len(),
            ..Summary::default()
        };
        for report in reports {
            match report.verdict {
                Verdict::Admitted => summary.admitted += 1,
                Verdict::Missed(_) => summary.missed += 1,
                Verdict::OutOfBudget { .. } | Verdict::Stopped(_) => summary.out_of_budget += 1,
                Verdict::Invalid => summary.invalid += 1,
                Verdict::IllTypedBinding => summary.ill_typed += 1,
            }
            summary.violating += usize::from(!report.violations.is_empty());
            for (action, count) in &report.action_counts {
                *summary.steps_per_action.entry(action.clone()).or_default() += count;
            }
        }
        summary.unexercised = vocabulary
            .action_order
            .iter()
            .filter(|a| !summary.steps_per_action.contains_key(*a))
            .cloned()
            .collect();
        summary
    }
}
