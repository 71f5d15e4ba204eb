//! Reports for machines: one serde struct per command, built from the pipeline's typed
//! results, with their JSON Schema generated from them (`docs/schema/`). One vocabulary in
//! all of them: every report has `schema_version` and `outcome` (a snake_case word), places
//! are [`Location`]s, and TLA+ values (states, parameters, logged and model values) are
//! written in the Informal Trace Format (ITF), as `tlafid_model::itf::value` writes them.

pub mod batch;
pub mod check;
pub mod grade;
pub mod mutate;
mod parse;
pub mod trace;

use schemars::JsonSchema;
use serde::Serialize;
use tlafid_base::{Diagnostic, Severity, SourceMap, Span};

pub use check::{CheckReport, Label, SimulateReport};
pub use grade::GradeReport;
pub use mutate::{explain, source_text, MutateReport};
pub use parse::ParseReport;
pub use trace::{closest_diff, guard_place, pass_rate, windows_per_action, TraceReport};

/// The version of every report's shape; it changes whenever a field's meaning or a word of
/// the vocabulary does.
pub const SCHEMA_VERSION: u32 = 2;

/// An ITF value (a JSON value with `#set`, `#tup`, `#map`, `#bigint` for what JSON lacks).
pub type ItfValue = serde_json::Value;

/// A place in a file.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Location {
    /// The file's name (its path, as given).
    pub file: String,
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub col: u32,
    /// The line of the end.
    pub end_line: u32,
    /// The column of the end.
    pub end_col: u32,
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportSeverity {
    /// The input cannot be used as it is.
    Error,
    /// Worth knowing; the run goes on.
    Warning,
}

/// A diagnostic: a stable code (`docs/diagnostics.md`), a message, where, and a hint.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct JsonDiagnostic {
    /// `E` and three digits.
    pub code: String,
    /// Error or warning.
    pub severity: ReportSeverity,
    /// What is wrong.
    pub message: String,
    /// Where, when it is somewhere in a file.
    pub location: Option<Location>,
    /// How to fix it.
    pub hint: Option<String>,
    /// Other places that explain it.
    pub labels: Vec<JsonLabel>,
}

/// A secondary place of a diagnostic.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct JsonLabel {
    /// What is there.
    pub message: String,
    /// Where.
    pub location: Location,
}

/// The old name of [`Location`].
pub type JsonLocation = Location;

/// The file, line and column of a span.
pub fn location(sources: &SourceMap, span: Span) -> Location {
    let file = sources.get(span.file);
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    Location {
        file: file.name.clone(),
        line: start.line,
        col: start.col,
        end_line: end.line,
        end_col: end.col,
    }
}

/// Diagnostics as reports show them.
pub fn json_diagnostics(sources: &SourceMap, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
    diagnostics
        .iter()
        .map(|d| JsonDiagnostic {
            code: d.code.to_string(),
            severity: match d.severity {
                Severity::Error => ReportSeverity::Error,
                Severity::Warning => ReportSeverity::Warning,
            },
            message: d.message.clone(),
            location: d.span.map(|s| location(sources, s)),
            hint: d.hint.clone(),
            labels: d
                .labels
                .iter()
                .map(|l| JsonLabel {
                    message: l.message.clone(),
                    location: location(sources, l.span),
                })
                .collect(),
        })
        .collect()
}

/// Every report's schema, by the name of its file under `docs/schema/`.
pub fn schemas() -> Vec<(&'static str, schemars::Schema)> {
    vec![
        ("check.json", schemars::schema_for!(CheckReport)),
        ("simulate.json", schemars::schema_for!(SimulateReport)),
        ("trace.json", schemars::schema_for!(TraceReport)),
        ("mutate.json", schemars::schema_for!(MutateReport)),
        ("grade.json", schemars::schema_for!(GradeReport)),
        ("parse.json", schemars::schema_for!(ParseReport)),
        (
            "grade_batch_result.json",
            schemars::schema_for!(batch::JobResult),
        ),
    ]
}
