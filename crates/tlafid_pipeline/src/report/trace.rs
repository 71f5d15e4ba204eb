//! The report of `trace`: per trace its verdict, where and why a rejected one is rejected,
//! the invariants it violates; the totals.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Map;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_model::itf;
use tlafid_trace::{ActionWindows, FalseGuard, Location, NearestMiss, Verdict, WindowFailure};
use tlafid_value::{Diff, Difference, Value};

use super::check::itf_params;
use super::{json_diagnostics, ItfValue, JsonDiagnostic, SCHEMA_VERSION};
use crate::load::ModelInputs;
use crate::trace::{TraceFailure, TraceOutcome, Validated};

/// How validating the traces ended, in order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TraceReportOutcome {
    /// Every trace is admitted and violates nothing.
    Admitted,
    /// A trace file could not be read, or a trace is malformed.
    InvalidInput,
    /// A trace is not admitted.
    MissedCodeBehavior,
    /// A trace violates a configured invariant (every trace is admitted).
    PropertyViolated,
    /// Some trace has no verdict (a budget ran out).
    Incomplete,
    /// Under `--requirements`, a trace state gives a requirement's observable a value
    /// outside its declared type: a mapping error, no verdict.
    IllTypedBinding,
    /// An option or a file the user named cannot be used.
    UsageError,
    /// The spec does not parse or resolve.
    SpecError,
    /// The configuration is malformed or does not fit.
    ConfigError,
    /// An `ASSUME` is false or fails to evaluate.
    AssumptionViolation,
}

/// One trace's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TraceVerdict {
    /// Some behaviour of the model matches every step.
    Admitted,
    /// No behaviour does.
    MissedCodeBehavior,
    /// A budget ran out: no verdict.
    Incomplete,
    /// The trace could not be read, or the model failed to evaluate on it.
    InvalidInput,
    /// A trace state gives a requirement's observable a value outside its declared type: a
    /// mapping error, no verdict.
    IllTypedBinding,
}

/// Why a window did not pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WindowOutcome {
    /// No reachable state shows the window's `pre_state` (rejected).
    PreStateUnreachable,
    /// From no reachable state showing `pre_state` does the action reach `post_state`
    /// (rejected).
    PostStateUnreachable,
    /// The state budget cut the search: no verdict.
    Inconclusive,
}

/// What `trace` reports.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TraceReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// `trace`.
    pub command: &'static str,
    /// The model's root module.
    pub spec: String,
    /// What the verdicts add up to (or why there are none).
    pub outcome: TraceReportOutcome,
    /// The totals (none when the traces could not be validated).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Totals>,
    /// One entry per trace, in the order given.
    pub traces: Vec<TraceEntry>,
    /// Seconds the validation took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_seconds: Option<f64>,
    /// Problems found.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// The totals over every trace.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Totals {
    /// Traces admitted.
    pub admitted: usize,
    /// Traces not admitted.
    pub missed: usize,
    /// Traces without a verdict.
    pub out_of_budget: usize,
    /// Traces that violate a configured invariant.
    pub violating: usize,
    /// Traces that could not be read or evaluated.
    pub invalid: usize,
    /// Traces whose states give a requirement's observable a value outside its declared
    /// type (a mapping error: no verdict).
    pub ill_typed: usize,
    /// Traces in all.
    pub total: usize,
    /// Logged steps per action.
    pub steps_per_action: BTreeMap<String, usize>,
    /// Actions no trace exercised, in the order of the next-state relation.
    pub unexercised_actions: Vec<String>,
    /// With `windows`: per action, its windows' results.
    pub windows_per_action: Option<BTreeMap<String, WindowCounts>>,
    /// With `windows`: the reachable states explored (null when every window followed
    /// without exploring the model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reachable_states: Option<Option<Reachable>>,
}

/// The windows of one action.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WindowCounts {
    /// Passed.
    pub passed: usize,
    /// Rejected.
    pub rejected: usize,
    /// Without a verdict.
    pub inconclusive: usize,
    /// All of them.
    pub total: usize,
    /// Passed of all, from 0 to 1.
    pub pass_rate: f64,
}

/// The reachable states `windows` explored.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Reachable {
    /// How many.
    pub explored: usize,
    /// Whether that is all of them.
    pub complete: bool,
}

/// Where in a trace.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StepPlace {
    /// The file, in a multi-process trace (several logs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The file's line (NDJSON formats).
    pub line: Option<u32>,
    /// The step: 1 for the first; for ITF the index of the state.
    pub step: usize,
}

/// One trace's report.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TraceEntry {
    /// The trace's file.
    pub file: String,
    /// Its format: `event`, `windows` or `itf`.
    pub format: &'static str,
    /// Its steps.
    pub steps: usize,
    /// Its verdict.
    pub verdict: TraceVerdict,
    /// Logged steps per action.
    pub action_counts: BTreeMap<String, usize>,
    /// The invariants it violates, each where first violated.
    pub violations: Vec<ViolationEntry>,
    /// Where it is rejected, or where its budget ran out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<StepPlace>,
    /// The action the trace names where it is rejected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<Option<String>>,
    /// Steps admitted before it is rejected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admitted_prefix: Option<usize>,
    /// Model states consistent with the prefix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<usize>,
    /// How close the model came, closest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nearest_misses: Option<Vec<MissEntry>>,
    /// In a multi-process trace: every event no linearization could extend, by process and
    /// position (the step is the event's position in its process).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked_events: Option<Vec<StepPlace>>,
    /// With `windows`: every window that did not pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed_windows: Option<Vec<WindowEntry>>,
}

/// A configured invariant a trace violates.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ViolationEntry {
    /// Its name.
    pub property: String,
    /// The line where every matching behaviour first violates it.
    pub line: Option<u32>,
    /// The step.
    pub step: usize,
}

/// A window that did not pass.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WindowEntry {
    /// Its line.
    pub line: Option<u32>,
    /// The action it names.
    pub action: String,
    /// Why it did not pass.
    pub outcome: WindowOutcome,
    /// Reachable states showing its `pre_state`.
    pub matching_states: usize,
    /// How close the model came.
    pub nearest_misses: Vec<MissEntry>,
}

/// For one action that could have been meant, how close the model came.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MissEntry {
    /// The action (`pre_state` for a window's unreachable pre-state).
    pub action: String,
    /// The parameters of the closest successor (or the logged arguments), as ITF values.
    pub params: Map<String, ItfValue>,
    /// Whether the action is enabled in some candidate state.
    pub enabled: bool,
    /// When not enabled: the guard conjunct that was false.
    pub guard: Option<GuardEntry>,
    /// The observables the closest successor gets wrong.
    pub mismatches: Vec<MismatchEntry>,
}

/// A false guard conjunct.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GuardEntry {
    /// Its file.
    pub file: String,
    /// Its line.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// Its text on one line (shortened past 100 characters).
    pub text: String,
    /// A logged argument is outside the domain its `\E` ranges over.
    pub outside_domain: bool,
}

/// An observable the model gets wrong.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MismatchEntry {
    /// Its name.
    pub observable: String,
    /// What the trace logged, as an ITF value.
    pub logged: ItfValue,
    /// What the model gives there instead, as ITF values.
    pub model: Vec<ItfValue>,
    /// Where the logged value and the closest of the model's differ, part by part (empty
    /// when they are not both records, functions, sequences or sets).
    pub differences: Vec<DifferenceEntry>,
}

/// One part where a logged value and the model's differ.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DifferenceEntry {
    /// The path into the value (`[4].term`, `["n1"]`; empty for the value itself).
    pub path: String,
    /// The logged part (absent: the log has no such field, key or index); for sets, the
    /// elements only the log has.
    pub logged: Option<ItfValue>,
    /// The model's part (absent: the model has none there); for sets, the elements only the
    /// model has.
    pub model: Option<ItfValue>,
}

/// The structural differences between `logged` and the closest of `model` (the one with
/// the fewest), when the values have parts to compare.
pub fn closest_diff(logged: &Value, model: &[Value]) -> Option<Diff> {
    let composite = |v: &Value| {
        matches!(v, Value::Record(_) | Value::Seq(_) | Value::Fcn(_)) || v.is_finite_set()
    };
    model
        .iter()
        .filter(|m| composite(logged) && composite(m))
        .map(|m| tlafid_value::diff(logged, m))
        .min_by_key(|d| d.differences.len() + d.more)
}

fn difference_entries(logged: &Value, model: &[Value]) -> Vec<DifferenceEntry> {
    let Some(diff) = closest_diff(logged, model) else {
        return Vec::new();
    };
    diff.differences
        .iter()
        .map(|d| match d {
            Difference::Changed { path, left, right } => DifferenceEntry {
                path: path.clone(),
                logged: left.as_ref().map(itf::value),
                model: right.as_ref().map(itf::value),
            },
            Difference::Sets {
                path,
                only_left,
                only_right,
            } => DifferenceEntry {
                path: path.clone(),
                logged: Some(itf::value(&Value::set(only_left.clone()))),
                model: Some(itf::value(&Value::set(only_right.clone()))),
            },
        })
        .collect()
}

impl TraceReport {
    /// The report of a validation.
    pub fn new(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        windows: bool,
        validated: &Validated,
    ) -> TraceReport {
        let summary = &validated.summary;
        let windows_per_action = windows.then(|| {
            windows_per_action(&validated.reports)
                .into_iter()
                .map(|(action, c)| {
                    let counts = WindowCounts {
                        passed: c.passed,
                        rejected: c.rejected,
                        inconclusive: c.inconclusive,
                        total: c.total(),
                        pass_rate: pass_rate(&c),
                    };
                    (action, counts)
                })
                .collect()
        });
        let reachable = windows.then(|| {
            validated
                .reachable
                .map(|(explored, complete)| Reachable { explored, complete })
        });
        TraceReport {
            schema_version: SCHEMA_VERSION,
            command: "trace",
            spec: inputs.model.display().to_string(),
            outcome: match validated.outcome {
                TraceOutcome::Admitted => TraceReportOutcome::Admitted,
                TraceOutcome::InvalidInput => TraceReportOutcome::InvalidInput,
                TraceOutcome::MissedCodeBehavior => TraceReportOutcome::MissedCodeBehavior,
                TraceOutcome::PropertyViolated => TraceReportOutcome::PropertyViolated,
                TraceOutcome::Incomplete => TraceReportOutcome::Incomplete,
                TraceOutcome::IllTypedBinding => TraceReportOutcome::IllTypedBinding,
            },
            summary: Some(Totals {
                admitted: summary.admitted,
                missed: summary.missed,
                out_of_budget: summary.out_of_budget,
                violating: summary.violating,
                invalid: summary.invalid,
                ill_typed: summary.ill_typed,
                total: summary.total,
                steps_per_action: summary.steps_per_action.clone(),
                unexercised_actions: summary.unexercised.clone(),
                windows_per_action,
                reachable_states: reachable,
            }),
            traces: validated
                .reports
                .iter()
                .map(|r| entry(r, sources))
                .collect(),
            elapsed_seconds: Some(validated.elapsed),
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }

    /// The report of traces that could not be validated.
    pub fn failed(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        failure: TraceFailure,
    ) -> TraceReport {
        TraceReport {
            schema_version: SCHEMA_VERSION,
            command: "trace",
            spec: inputs.model.display().to_string(),
            outcome: match failure {
                TraceFailure::Usage => TraceReportOutcome::UsageError,
                TraceFailure::Spec => TraceReportOutcome::SpecError,
                TraceFailure::Config => TraceReportOutcome::ConfigError,
                TraceFailure::Assumption => TraceReportOutcome::AssumptionViolation,
            },
            summary: None,
            traces: Vec::new(),
            elapsed_seconds: None,
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }
}

fn entry(report: &tlafid_trace::TraceReport, sources: &SourceMap) -> TraceEntry {
    let mut entry = TraceEntry {
        file: report.name.clone(),
        format: report.format.name(),
        steps: report.steps,
        verdict: match report.verdict {
            Verdict::Admitted => TraceVerdict::Admitted,
            Verdict::Missed(_) => TraceVerdict::MissedCodeBehavior,
            Verdict::OutOfBudget { .. } | Verdict::Stopped(_) => TraceVerdict::Incomplete,
            Verdict::Invalid => TraceVerdict::InvalidInput,
            Verdict::IllTypedBinding => TraceVerdict::IllTypedBinding,
        },
        action_counts: report.action_counts.clone(),
        violations: report
            .violations
            .iter()
            .map(|v| ViolationEntry {
                property: v.property.clone(),
                line: v.location.line,
                step: v.location.step,
            })
            .collect(),
        location: None,
        action: None,
        admitted_prefix: None,
        candidates: None,
        nearest_misses: None,
        blocked_events: None,
        failed_windows: None,
    };
    match &report.verdict {
        Verdict::Missed(missed) => {
            entry.location = Some(place(&missed.location));
            if !missed.blocked.is_empty() {
                entry.blocked_events = Some(missed.blocked.iter().map(place).collect());
            }
            entry.action = Some(missed.action.clone());
            entry.admitted_prefix = Some(missed.admitted_prefix);
            entry.candidates = Some(missed.candidates);
            entry.nearest_misses = Some(missed.misses.iter().map(|m| miss(m, sources)).collect());
        }
        Verdict::OutOfBudget {
            location,
            candidates,
        } => {
            entry.location = Some(place(location));
            entry.candidates = Some(*candidates);
        }
        _ => {}
    }
    if let Some(windows) = &report.windows {
        entry.failed_windows = Some(
            windows
                .failed
                .iter()
                .map(|w| WindowEntry {
                    line: w.location.line,
                    action: w.action.clone(),
                    outcome: match w.failure {
                        WindowFailure::PreStateUnreachable => WindowOutcome::PreStateUnreachable,
                        WindowFailure::PostStateUnreachable => WindowOutcome::PostStateUnreachable,
                        WindowFailure::Inconclusive => WindowOutcome::Inconclusive,
                    },
                    matching_states: w.matching,
                    nearest_misses: w.misses.iter().map(|m| miss(m, sources)).collect(),
                })
                .collect(),
        );
    }
    entry
}

fn place(location: &Location) -> StepPlace {
    StepPlace {
        file: location.file.clone(),
        line: location.line,
        step: location.step,
    }
}

fn miss(miss: &NearestMiss, sources: &SourceMap) -> MissEntry {
    MissEntry {
        action: miss.action.clone(),
        params: itf_params(&miss.params),
        enabled: miss.enabled,
        guard: miss.guard.as_ref().map(|guard| {
            let (file, line, column, text) = guard_place(guard, sources);
            GuardEntry {
                file,
                line,
                column,
                text,
                outside_domain: guard.outside_domain,
            }
        }),
        mismatches: miss
            .mismatches
            .iter()
            .map(|m| MismatchEntry {
                observable: m.observable.clone(),
                logged: itf::value(&m.logged),
                model: m.model.iter().map(itf::value).collect(),
                differences: difference_entries(&m.logged, &m.model),
            })
            .collect(),
    }
}

/// Where a false guard is (`file`, line, column) and its text on one line.
pub fn guard_place(guard: &FalseGuard, sources: &SourceMap) -> (String, u32, u32, String) {
    let file = sources.get(guard.span.file);
    let at = file.line_col(guard.span.start);
    let text = file
        .text
        .get(guard.span.start as usize..guard.span.end as usize)
        .unwrap_or("");
    let mut text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > 100 {
        text = text.chars().take(97).collect::<String>() + "...";
    }
    (file.name.clone(), at.line, at.col, text)
}

/// Passed of checked, from 0 to 1 (0 for none checked).
pub fn pass_rate(counts: &ActionWindows) -> f64 {
    if counts.total() == 0 {
        0.0
    } else {
        counts.passed as f64 / counts.total() as f64
    }
}

/// Per action, its windows' results over every trace.
pub fn windows_per_action(
    reports: &[tlafid_trace::TraceReport],
) -> BTreeMap<String, ActionWindows> {
    let mut totals: BTreeMap<String, ActionWindows> = BTreeMap::new();
    for stats in reports.iter().filter_map(|r| r.windows.as_ref()) {
        for (action, counts) in &stats.per_action {
            totals.entry(action.clone()).or_default().add(counts);
        }
    }
    totals
}
