//! Evaluation errors: a stable code, a message and the position of the expression at fault.

use tlafid_base::{Code, Diagnostic, Span};
use tlafid_value::ValueError;

/// `E070`: a value operation failed (wrong kind of operand, division by zero, ...).
pub const E_VALUE: Code = Code(70);
/// `E071`: a function was applied outside its domain.
pub const E_DOMAIN: Code = Code(71);
/// `E072`: a primed variable was read before the action assigned it.
pub const E_UNASSIGNED_READ: Code = Code(72);
/// `E073`: an action (or the initial predicate) left a variable unassigned.
pub const E_UNASSIGNED_AT_END: Code = Code(73);
/// `E074`: no arm of a `CASE` was true and there is no `OTHER`.
pub const E_CASE: Code = Code(74);
/// `E075`: a construct or operator the evaluator cannot run.
pub const E_UNSUPPORTED: Code = Code(75);
/// `E076`: `Assert` failed.
pub const E_ASSERT: Code = Code(76);
/// `E077`: `CHOOSE` found no element satisfying its predicate.
pub const E_CHOOSE: Code = Code(77);
/// `E078`: two values TLC cannot compare were compared.
pub const E_INCOMPARABLE: Code = Code(78);
/// `E079`: an infinite (or too large) set would have to be enumerated.
pub const E_ENUMERATE: Code = Code(79);
/// `E080`: a constant has no value (or the wrong kind of value) in the configuration.
pub const E_CONSTANT: Code = Code(80);
/// `E081`: a value of the wrong kind where a boolean, integer, set or function was needed.
pub const E_TYPE: Code = Code(81);
/// `E082`: evaluation nested deeper than the configured limit (runaway recursion).
pub const E_DEPTH: Code = Code(82);
/// `E083`: the model has no initial predicate or next-state relation to run.
pub const E_NO_SPEC: Code = Code(83);
/// `E084`: evaluation was stopped from outside (a time or memory budget ran out, or the run
/// was cancelled) in the middle of one state's work; the run is incomplete, not failed.
pub const E_INTERRUPTED: Code = Code(84);
/// `E111`: a spec reads a file (`ndJsonDeserialize`, `JsonDeserialize`) that no
/// `--allow-read` on the command line names.
pub const E_FILE_NOT_ALLOWED: Code = Code(111);
/// `E112`: a file a spec is allowed to read cannot be read (missing, not a regular file,
/// too large, not UTF-8).
pub const E_FILE_UNREADABLE: Code = Code(112);
/// `E113`: a file a spec reads does not hold what the operator reads (malformed JSON, a
/// `null`, a number that is not a 32-bit integer).
pub const E_FILE_CONTENT: Code = Code(113);
/// `E114`: a use of TLC's registers (`TLCSet`, `TLCGet`) or checker statistics whose result
/// would depend on the order in which states are explored (see the README's "TLC trace
/// harnesses" for the uses that do not).
pub const E_ORDER_DEPENDENT: Code = Code(114);

/// The `E084` error for a run stopped from outside.
#[cold]
pub fn interrupted(reason: tlafid_base::StopReason, span: Span) -> EvalError {
    use tlafid_base::StopReason;
    let why = match reason {
        StopReason::Deadline => "the time budget (--max-seconds) ran out",
        StopReason::Memory => "the memory budget (--max-memory) ran out",
        StopReason::Cancelled => "the run was cancelled",
    };
    EvalError::new(E_INTERRUPTED, format!("evaluation stopped: {why}"), span)
}

/// An error raised while evaluating: boxed, so that every [`EvalResult`] on the evaluator's
/// hot paths stays one word wider than its value (its fields are read through `Deref`).
#[derive(Clone, PartialEq, Eq)]
pub struct EvalError(Box<EvalErrorData>);

/// What an [`EvalError`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalErrorData {
    /// Stable code (`E070`-`E089`).
    pub code: Code,
    /// What went wrong.
    pub message: String,
    /// The expression at fault.
    pub span: Span,
    /// How to fix it, where known.
    pub hint: Option<String>,
}

impl EvalError {
    /// An error with a code, message and span.
    #[cold]
    pub fn new(code: Code, message: impl Into<String>, span: Span) -> EvalError {
        EvalError(Box::new(EvalErrorData {
            code,
            message: message.into(),
            span,
            hint: None,
        }))
    }

    /// `CASE` with no true arm and no `OTHER` arm (E_CASE), at `span`.
    #[cold]
    pub fn no_case_arm(span: Span) -> EvalError {
        EvalError::new(
            E_CASE,
            "no arm of this CASE is true and there is no OTHER arm",
            span,
        )
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> EvalError {
        self.hint = Some(hint.into());
        self
    }

    /// A failed value operation at `span` (out of line: the hot paths only test for it).
    #[cold]
    #[inline(never)]
    pub fn from_value(err: ValueError, span: Span) -> EvalError {
        let code = if err.0.contains("not in the domain") {
            E_DOMAIN
        } else if err.0.contains("enumerate") {
            E_ENUMERATE
        } else {
            E_VALUE
        };
        EvalError::new(code, err.0, span)
    }

    /// The error as a diagnostic.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let d = Diagnostic::error(self.code, self.message.clone(), self.span);
        match &self.hint {
            Some(h) => d.with_hint(h.clone()),
            None => d,
        }
    }
}

impl std::ops::Deref for EvalError {
    type Target = EvalErrorData;

    fn deref(&self) -> &EvalErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut EvalErrorData {
        &mut self.0
    }
}

impl std::fmt::Debug for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<EvalError> for Diagnostic {
    fn from(e: EvalError) -> Diagnostic {
        e.to_diagnostic()
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for EvalError {}

/// Results of evaluation.
pub type EvalResult<T> = Result<T, EvalError>;

/// Attaches a span to value-operation results.
pub(crate) trait AtSpan<T> {
    /// Converts a [`ValueError`] into an [`EvalError`] at `span`.
    fn at(self, span: Span) -> EvalResult<T>;
}

impl<T> AtSpan<T> for Result<T, ValueError> {
    fn at(self, span: Span) -> EvalResult<T> {
        self.map_err(|e| EvalError::from_value(e, span))
    }
}
