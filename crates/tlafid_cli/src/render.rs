//! Renders diagnostics for people (miette, with the source line and a caret) and for
//! machines (JSON objects with file, line and column).

use std::fmt;

use miette::{LabeledSpan, NamedSource, SourceSpan};
use serde::Serialize;
use tlafid_base::{Diagnostic, Severity, SourceMap, Span};

/// Output format chosen with `--format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Text for people.
    #[default]
    Human,
    /// One JSON object on standard output.
    Json,
}

/// The most diagnostics printed for people; the rest are counted in one line (a malformed
/// file can yield thousands, and each drawing costs a scan of its file).
pub const MAX_SHOWN_DIAGNOSTICS: usize = 100;

/// Source lines longer than this (in bytes) are not drawn: the diagnostic names the place
/// (`file:line:col`) instead. miette cannot draw columns past 65,535, and nobody reads a
/// caret under a line that long.
const MAX_DRAWN_LINE: usize = 1000;

/// Prints diagnostics to standard error, for people: at most [`MAX_SHOWN_DIAGNOSTICS`].
pub fn print_human(sources: &SourceMap, diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics.iter().take(MAX_SHOWN_DIAGNOSTICS) {
        let report = miette::Report::new(Rendered::new(sources, diagnostic));
        eprintln!("{report:?}");
    }
    if diagnostics.len() > MAX_SHOWN_DIAGNOSTICS {
        eprintln!(
            "... and {} more diagnostics not shown (the first {MAX_SHOWN_DIAGNOSTICS} are)",
            diagnostics.len() - MAX_SHOWN_DIAGNOSTICS
        );
    }
}

/// Is the text around `span` (its lines) too long to draw, or the span outside the text?
fn undrawable(text: &str, span: Span) -> bool {
    let (start, end) = (span.start as usize, span.end as usize);
    if start > end
        || end > text.len()
        || !text.is_char_boundary(start)
        || !text.is_char_boundary(end)
    {
        return true;
    }
    let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |n| end + n);
    line_end - line_start > MAX_DRAWN_LINE
}

/// A diagnostic with its source text attached, as miette wants it.
#[derive(Debug)]
struct Rendered {
    diagnostic: Diagnostic,
    source: Option<NamedSource<String>>,
    labels: Vec<LabeledSpan>,
}

impl Rendered {
    fn new(sources: &SourceMap, diagnostic: &Diagnostic) -> Rendered {
        let Some(primary) = diagnostic.span else {
            return Rendered {
                diagnostic: diagnostic.clone(),
                source: None,
                labels: Vec::new(),
            };
        };
        let file = sources.get(primary.file);
        if undrawable(&file.text, primary) {
            let at = file.line_col(primary.start);
            let mut diagnostic = diagnostic.clone();
            diagnostic.message = format!(
                "{}\n  at {}:{}:{} (the line is too long to show)",
                diagnostic.message, file.name, at.line, at.col
            );
            return Rendered {
                diagnostic,
                source: None,
                labels: Vec::new(),
            };
        }
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            None,
            source_span(primary),
        )];
        // miette draws labels from one source only: keep secondary labels in the same file.
        for label in diagnostic
            .labels
            .iter()
            .filter(|l| l.span.file == primary.file && !undrawable(&file.text, l.span))
        {
            labels.push(LabeledSpan::new_with_span(
                Some(label.message.clone()),
                source_span(label.span),
            ));
        }
        Rendered {
            diagnostic: diagnostic.clone(),
            source: Some(NamedSource::new(file.name.clone(), file.text.clone())),
            labels,
        }
    }
}

fn source_span(span: Span) -> SourceSpan {
    SourceSpan::new(
        (span.start as usize).into(),
        (span.end - span.start) as usize,
    )
}

impl fmt::Display for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl std::error::Error for Rendered {}

impl miette::Diagnostic for Rendered {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.diagnostic.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic
            .hint
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
}

/// Prints one JSON object on standard output, at most
/// [`tlafid_pipeline::output::MAX_DOCUMENT_BYTES`]: past that, without indentation, and then
/// with its counterexample shortened and an `E009` warning in its `diagnostics` saying what was cut.
pub fn print_json(value: &impl Serialize) {
    use tlafid_pipeline::output::{capped, within, MAX_DOCUMENT_BYTES};
    // Straight from the report first: its fields in their order.
    if let Some(text) = within(value, true, MAX_DOCUMENT_BYTES) {
        return outln!("{text}");
    }
    let mut json = match serde_json::to_value(value) {
        Ok(json) => json,
        Err(err) => return eprintln!("error: cannot serialise the report: {err}"),
    };
    // A check report's counterexample is an ITF document (its `states`); others list steps.
    let pointer = ["/trace/states", "/trace"]
        .into_iter()
        .find(|p| json.pointer(p).is_some_and(serde_json::Value::is_array))
        .unwrap_or("/trace");
    let (text, cut) = capped(&json, pointer, MAX_DOCUMENT_BYTES);
    let Some(note) = cut else {
        return outln!("{text}");
    };
    eprintln!("warning[E009]: {note}");
    if let Some(diagnostics) = json.get_mut("diagnostics").and_then(|d| d.as_array_mut()) {
        diagnostics.push(serde_json::json!({
            "code": tlafid_pipeline::codes::OUTPUT_CUT.to_string(),
            "severity": "warning",
            "message": note,
            "labels": [],
        }));
    }
    outln!("{}", capped(&json, pointer, MAX_DOCUMENT_BYTES).0);
}
