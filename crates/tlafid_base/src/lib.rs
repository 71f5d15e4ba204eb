//! Foundation of tlafid: source files, byte spans, diagnostics as plain data, and the
//! [`Interrupt`] that stops a run from outside.
//!
//! Nothing here renders or prints: the CLI turns [`Diagnostic`]s into miette reports or JSON.
#![warn(missing_docs)]

mod diagnostic;
mod interrupt;
mod source;

pub use diagnostic::{Code, Diagnostic, Label, Severity};
pub use interrupt::{Interrupt, StopReason};
pub use source::{FileId, LineCol, SourceFile, SourceMap, Span};
