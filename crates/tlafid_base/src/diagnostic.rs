//! Diagnostics: a stable code, a message, a primary span, secondary labels and a hint.

use serde::Serialize;

use crate::Span;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input can be used, but something looks wrong.
    Warning,
}

/// A stable diagnostic code. The numbers never change meaning once released;
/// `docs/diagnostics.md` lists them all.
///
/// Ranges: `E00x` input and usage, `E01x` lexing, `E02x`-`E03x` parsing,
/// `E04x`-`E05x` name resolution and levels, `E06x` configuration,
/// `E07x`-`E08x` evaluation, `E09x` exploration, `E10x` traces, `E11x` mutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Code(pub u16);

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "E{:03}", self.0)
    }
}

/// A secondary location with a short note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What about it.
    pub message: String,
}

/// One user-facing problem, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable code, such as `E021`.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Where it is wrong, if it has a place in a source file.
    pub span: Option<Span>,
    /// Other places that explain it.
    pub labels: Vec<Label>,
    /// How to fix it, where that is known.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error with a code, a message and a primary span.
    pub fn error(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            labels: Vec::new(),
            hint: None,
        }
    }

    /// An error that has no place in a source file (a missing file, a bad flag).
    pub fn error_nowhere(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            span: None,
            labels: Vec::new(),
            hint: None,
        }
    }

    /// A warning with a code, a message and a primary span.
    pub fn warning(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, span)
        }
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
