//! The report of `parse`: whether the module and everything it uses parse and resolve.

use schemars::JsonSchema;
use serde::Serialize;
use tlafid_base::{Diagnostic, SourceMap};

use super::{json_diagnostics, JsonDiagnostic, SCHEMA_VERSION};
use crate::load::LoadFailure;
use crate::run::OutcomeKind;

/// What `parse` reports.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ParseReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// `parse`.
    pub command: &'static str,
    /// The root module's file.
    pub file: String,
    /// `success`, `spec_error` or `usage_error` (the file cannot be read).
    pub outcome: OutcomeKind,
    /// Every file read.
    pub modules: Vec<String>,
    /// Problems found.
    pub diagnostics: Vec<JsonDiagnostic>,
}

impl ParseReport {
    /// The report of loading `file`.
    pub fn new(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        file: &std::path::Path,
        loaded: Result<(), LoadFailure>,
    ) -> ParseReport {
        ParseReport {
            schema_version: SCHEMA_VERSION,
            command: "parse",
            file: file.display().to_string(),
            outcome: match loaded {
                Ok(()) => OutcomeKind::Success,
                Err(LoadFailure::Usage) => OutcomeKind::UsageError,
                Err(LoadFailure::Spec) => OutcomeKind::SpecError,
                Err(LoadFailure::Config) => OutcomeKind::ConfigError,
            },
            modules: sources.files().map(|(_, f)| f.name.clone()).collect(),
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }
}
