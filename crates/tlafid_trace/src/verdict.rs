//! What validating one trace yields: a verdict, and for a trace the model cannot produce, where
//! and why (the nearest misses).

use std::collections::BTreeMap;

use tlafid_base::{Diagnostic, Span};
use tlafid_value::Value;

use crate::parse::TraceFormat;

/// Where in a trace a step is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file, in a trace of several files (a multi-process log).
    pub file: Option<String>,
    /// The line of the file (NDJSON formats).
    pub line: Option<u32>,
    /// The step number: 1 for the first step; for ITF the index of the state in `states`.
    pub step: usize,
}

/// An observable whose logged value no successor of the action produces.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// The observable's name.
    pub observable: String,
    /// The value the trace logged.
    pub logged: Value,
    /// Values the model produces there instead (distinct, at most a few).
    pub model: Vec<Value>,
}

/// For one action that could have been meant, how close the model came.
#[derive(Clone, Debug, PartialEq)]
pub struct NearestMiss {
    /// The action's name (`pre_state` when the window's pre-state matched no candidate).
    pub action: String,
    /// The parameters of the closest successor, or the logged arguments when the action is
    /// not enabled.
    pub params: Vec<(String, Value)>,
    /// Whether the action (with the logged arguments) is enabled in some candidate state.
    pub enabled: bool,
    /// The observables the closest successor gets wrong (empty when not enabled).
    pub mismatches: Vec<Mismatch>,
    /// When not enabled: the guard conjunct that was false (in the candidate state where
    /// the action got furthest, with the logged arguments).
    pub guard: Option<FalseGuard>,
}

/// The conjunct of an action that no way of running it got past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FalseGuard {
    /// The conjunct in the model's source (for a logged argument outside its `\E` domain:
    /// the binder).
    pub span: Span,
    /// A logged argument is outside the domain its `\E` ranges over.
    pub outside_domain: bool,
}

/// A step the model cannot take: the label "missed code behavior".
#[derive(Clone, Debug, PartialEq)]
pub struct MissedCodeBehavior {
    /// The first step no candidate could take.
    pub location: Location,
    /// The action the trace names there, if any.
    pub action: Option<String>,
    /// Steps admitted before it.
    pub admitted_prefix: usize,
    /// Model states consistent with the prefix (the candidates for this step).
    pub candidates: usize,
    /// The nearest misses, closest first.
    pub misses: Vec<NearestMiss>,
    /// In a multi-process log: every event no linearization could extend (the events
    /// enabled by the clocks at the furthest cuts reached, which no candidate state could
    /// take), by process and position. Empty for other traces.
    pub blocked: Vec<Location>,
}

/// The outcome for one trace.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Some behaviour of the model matches every step.
    Admitted,
    /// No behaviour does.
    Missed(MissedCodeBehavior),
    /// The candidate states exceeded the budget at this step: no verdict.
    OutOfBudget {
        /// The step where the budget ran out.
        location: Location,
        /// How many candidates there were.
        candidates: usize,
    },
    /// Evaluation was stopped from outside (a time or memory budget, a cancellation) before
    /// the trace had a verdict: no verdict.
    Stopped(tlafid_base::StopReason),
    /// The trace could not be read, or the model failed to evaluate on it.
    Invalid,
    /// A trace state gives an observable a value outside its declared type: the model
    /// binds the name to something else. A mapping error, not a verdict (set by whoever
    /// checks the types, whatever the search found).
    IllTypedBinding,
}

/// Why a window of `--windows` mode did not pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowFailure {
    /// No reachable state of the model shows the window's `pre_state` (rejected).
    PreStateUnreachable,
    /// Reachable states show `pre_state`, but from none of them does the action reach a
    /// state showing `post_state` (rejected).
    PostStateUnreachable,
    /// The state budget cut the reachable states before one that passes the window was
    /// found: no verdict.
    Inconclusive,
}

impl WindowFailure {
    /// The label in reports.
    pub fn label(self) -> &'static str {
        match self {
            WindowFailure::PreStateUnreachable => "pre_state unreachable",
            WindowFailure::PostStateUnreachable => "post_state unreachable",
            WindowFailure::Inconclusive => "inconclusive",
        }
    }
}

/// One window of `--windows` mode that did not pass.
#[derive(Clone, Debug, PartialEq)]
pub struct FailedWindow {
    /// Its line.
    pub location: Location,
    /// The action it names (`(none)` when it names none).
    pub action: String,
    /// Why it did not pass.
    pub failure: WindowFailure,
    /// The reachable states found that show its `pre_state`.
    pub matching: usize,
    /// How close the model came (for a rejected window): for an unreachable `pre_state`,
    /// the reachable state closest to it (labelled `pre_state`); otherwise the action
    /// instances closest to `post_state`.
    pub misses: Vec<NearestMiss>,
}

/// The windows of one action: how many passed, were rejected, or got no verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionWindows {
    /// Windows the model reproduces.
    pub passed: usize,
    /// Windows the model cannot reproduce.
    pub rejected: usize,
    /// Windows without a verdict (state budget).
    pub inconclusive: usize,
}

impl ActionWindows {
    /// Windows checked.
    pub fn total(&self) -> usize {
        self.passed + self.rejected + self.inconclusive
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &ActionWindows) {
        self.passed += other.passed;
        self.rejected += other.rejected;
        self.inconclusive += other.inconclusive;
    }
}

/// Per-action results of `--windows` mode.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WindowStats {
    /// Per action name, its windows' results.
    pub per_action: BTreeMap<String, ActionWindows>,
    /// Every window that did not pass (rejected or inconclusive), in order.
    pub failed: Vec<FailedWindow>,
}

/// A configured invariant that the trace violates: every behaviour of the model that matches
/// the trace up to `location` violates it there. The implementation breaks the property, or
/// the property forbids what the implementation may do (it is over-restrictive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyViolation {
    /// The invariant's name in the configuration.
    pub property: String,
    /// The first step where it is violated.
    pub location: Location,
}

/// The report on one trace.
#[derive(Clone, Debug)]
pub struct TraceReport {
    /// The trace's name (its file).
    pub name: String,
    /// Its format.
    pub format: TraceFormat,
    /// Its number of steps (0 when it could not be read).
    pub steps: usize,
    /// The verdict (for `--windows`: admitted when every window passed).
    pub verdict: Verdict,
    /// Problems with the trace (bad input) or the model's evaluation on it.
    pub diagnostics: Vec<Diagnostic>,
    /// Logged steps per action (for steps that name none, the action that took them when
    /// the model's candidates agree on one).
    pub action_counts: BTreeMap<String, usize>,
    /// `--windows` mode only.
    pub windows: Option<WindowStats>,
    /// The configured invariants the trace violates, each at its first violation, in the
    /// order found (behaviours only, not `--windows`).
    pub violations: Vec<PropertyViolation>,
}
