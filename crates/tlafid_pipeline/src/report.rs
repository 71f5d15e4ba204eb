//! What reports for machines are made of: diagnostics and places as JSON shows them.

use serde::Serialize;
use tlafid_base::{Diagnostic, Severity, SourceMap, Span};

/// A place in a file, as JSON shows it.
#[derive(Clone, Debug, Serialize)]
pub struct JsonLocation {
    file: String,
    line: u32,
    col: u32,
    end_line: u32,
    end_col: u32,
}

/// A diagnostic as JSON shows it.
#[derive(Clone, Debug, Serialize)]
pub struct JsonDiagnostic {
    code: String,
    severity: Severity,
    message: String,
    location: Option<JsonLocation>,
    hint: Option<String>,
    labels: Vec<JsonLabel>,
}

/// A secondary label as JSON shows it.
#[derive(Clone, Debug, Serialize)]
pub struct JsonLabel {
    message: String,
    location: JsonLocation,
}

/// The file, line and column of a span.
pub fn location(sources: &SourceMap, span: Span) -> JsonLocation {
    let file = sources.get(span.file);
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    JsonLocation {
        file: file.name.clone(),
        line: start.line,
        col: start.col,
        end_line: end.line,
        end_col: end.col,
    }
}

/// Diagnostics as JSON values.
pub fn json_diagnostics(sources: &SourceMap, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
    diagnostics
        .iter()
        .map(|d| JsonDiagnostic {
            code: d.code.to_string(),
            severity: d.severity,
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
