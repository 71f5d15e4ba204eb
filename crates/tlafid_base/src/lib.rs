//! Foundation of tlafid: source files, byte spans, and diagnostics as plain data.
//!
//! Nothing here renders or prints: the CLI turns [`Diagnostic`]s into miette reports or JSON.
#![warn(missing_docs)]

mod diagnostic;
mod source;

pub use diagnostic::{Code, Diagnostic, Label, Severity};
pub use source::{FileId, LineCol, SourceFile, SourceMap, Span};
