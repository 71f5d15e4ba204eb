//! One run of the pipeline: where its files come from, the sources it read (for rendering
//! spans) and the diagnostics it found.

use tlafid_base::{Diagnostic, Interrupt, SourceMap};

use crate::files::{FileText, Files};

/// The state of one run: every file read is in `sources`, every problem in `diagnostics`,
/// in the order found. A front end renders both once the run returns.
pub struct Session<'f> {
    /// Where files come from.
    pub files: &'f mut dyn Files,
    /// Every file read, for rendering spans.
    pub sources: SourceMap,
    /// Problems found, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// Stops every run of the session from outside (a memory budget, a cancellation);
    /// each run adds its own deadline ([`crate::budget::run_interrupt`]).
    pub interrupt: Interrupt,
}

impl<'f> Session<'f> {
    /// A run reading through `files`, with nothing read yet.
    pub fn new(files: &'f mut dyn Files) -> Session<'f> {
        Session {
            files,
            sources: SourceMap::new(),
            diagnostics: Vec::new(),
            interrupt: Interrupt::new(),
        }
    }

    /// A fresh run through the same files (for a phase reported on its own, as `grade`'s).
    pub fn fork(&mut self) -> Session<'_> {
        let interrupt = self.interrupt.clone();
        Session {
            interrupt,
            ..Session::new(&mut *self.files)
        }
    }

    /// The text of a file the user named; `None` (with the diagnostic, after `hint` is
    /// added when there is one) when it cannot be read.
    pub(crate) fn read(&mut self, path: &std::path::Path, hint: Option<&str>) -> Option<String> {
        match self.files.read(path, &mut self.diagnostics) {
            FileText::Text(text) => Some(text),
            FileText::Missing(problem) | FileText::Unreadable(problem) => {
                let problem = match hint {
                    Some(hint) => problem.with_hint(hint),
                    None => problem,
                };
                self.diagnostics.push(problem);
                None
            }
        }
    }

    /// Whether an error has been found.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}
