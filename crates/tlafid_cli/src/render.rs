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

/// Prints diagnostics to standard error, for people.
pub fn print_human(sources: &SourceMap, diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics {
        let report = miette::Report::new(Rendered::new(sources, diagnostic));
        eprintln!("{report:?}");
    }
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
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            None,
            source_span(primary),
        )];
        // miette draws labels from one source only: keep secondary labels in the same file.
        for label in diagnostic
            .labels
            .iter()
            .filter(|l| l.span.file == primary.file)
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

pub use tlafid_pipeline::report::{json_diagnostics, location, JsonDiagnostic};

/// Prints one JSON object on standard output.
pub fn print_json(value: &impl Serialize) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(err) => eprintln!("error: cannot serialise the report: {err}"),
    }
}
