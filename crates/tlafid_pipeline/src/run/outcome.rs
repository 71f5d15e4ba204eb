//! How a run ends: one outcome for exhaustive and simulated exploration alike, and for the
//! runs that stop before exploring.

use schemars::JsonSchema;
use serde::Serialize;
use tlafid_base::SourceMap;
use tlafid_check::{Budget, ViolationId};
use tlafid_eval::EvalError;
use tlafid_model::Model;

/// What kind of outcome a run had: the word every report uses for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeKind {
    /// Every requested check was made and passed.
    Success,
    /// An invariant is violated.
    InvariantViolation,
    /// A safety property (its initial part, `[][A]_v` or `[]P`) is violated.
    SafetyViolation,
    /// A temporal property is violated.
    LivenessViolation,
    /// A reachable state has no successor.
    Deadlock,
    /// An `Assert` failed.
    AssertionFailure,
    /// Evaluating the spec failed.
    EvaluationError,
    /// The spec uses a construct tlafid does not support.
    Unsupported,
    /// A budget ran out, or a configured check could not be made: no verdict.
    Incomplete,
    /// An input or option cannot be used.
    UsageError,
    /// The spec does not parse or resolve.
    SpecError,
    /// The configuration is malformed or does not fit the spec.
    ConfigError,
    /// An `ASSUME` is false.
    AssumptionViolation,
    /// A `POSTCONDITION` is false after a complete exploration.
    PostconditionViolation,
    /// The explorer could not run.
    SystemError,
    /// A requirement's observable is bound to a model value outside its declared type
    /// (`TypeOf_<name>`): the binding means something else here, so no verdict.
    IllTypedBinding,
}

impl OutcomeKind {
    /// The kind's name, as reports spell it.
    pub fn name(self) -> &'static str {
        match self {
            OutcomeKind::Success => "success",
            OutcomeKind::InvariantViolation => "invariant_violation",
            OutcomeKind::SafetyViolation => "safety_violation",
            OutcomeKind::LivenessViolation => "liveness_violation",
            OutcomeKind::Deadlock => "deadlock",
            OutcomeKind::AssertionFailure => "assertion_failure",
            OutcomeKind::EvaluationError => "evaluation_error",
            OutcomeKind::Unsupported => "unsupported",
            OutcomeKind::Incomplete => "incomplete",
            OutcomeKind::UsageError => "usage_error",
            OutcomeKind::SpecError => "spec_error",
            OutcomeKind::ConfigError => "config_error",
            OutcomeKind::AssumptionViolation => "assumption_violation",
            OutcomeKind::PostconditionViolation => "postcondition_violation",
            OutcomeKind::SystemError => "system_error",
            OutcomeKind::IllTypedBinding => "ill_typed_binding",
        }
    }

    /// Whether a check (invariant, property, requirement) is violated.
    pub fn is_violation(self) -> bool {
        matches!(
            self,
            OutcomeKind::InvariantViolation
                | OutcomeKind::SafetyViolation
                | OutcomeKind::LivenessViolation
        )
    }
}

/// How a run of a model ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// Every requested check was made and passed (with no behaviour configured: every
    /// `ASSUME` holds).
    Success,
    /// An invariant is violated.
    InvariantViolation {
        /// Its name (TLC names a conjunct not reached through an operator by its place).
        name: String,
    },
    /// A safety property is violated.
    SafetyViolation {
        /// Its name (or place).
        name: String,
    },
    /// Temporal properties are violated by the counterexample lasso.
    LivenessViolation {
        /// Every property the lasso violates, the first found first.
        names: Vec<String>,
    },
    /// A reachable state has no successor.
    Deadlock,
    /// An `Assert` failed.
    AssertionFailure,
    /// Evaluating the spec failed.
    EvaluationError,
    /// The spec uses a construct tlafid does not support.
    Unsupported,
    /// No verdict: the named budget ran out, or (`None`) some configured check was not made.
    Incomplete {
        /// The budget that ran out.
        budget: Option<Budget>,
    },
    /// An input or option cannot be used.
    UsageError,
    /// The spec does not parse or resolve.
    SpecError,
    /// The configuration is malformed or does not fit the spec.
    ConfigError,
    /// An `ASSUME` is false.
    AssumptionViolation,
    /// A `POSTCONDITION` is false after a complete exploration.
    PostconditionViolation {
        /// Its name in the configuration.
        name: String,
    },
    /// The explorer could not run.
    SystemError,
    /// A reachable state gives a requirement's observable a value outside its declared type.
    IllTypedBinding {
        /// The observable.
        observable: String,
    },
}

impl RunOutcome {
    /// The outcome's kind.
    pub fn kind(&self) -> OutcomeKind {
        match self {
            RunOutcome::Success => OutcomeKind::Success,
            RunOutcome::InvariantViolation { .. } => OutcomeKind::InvariantViolation,
            RunOutcome::SafetyViolation { .. } => OutcomeKind::SafetyViolation,
            RunOutcome::LivenessViolation { .. } => OutcomeKind::LivenessViolation,
            RunOutcome::Deadlock => OutcomeKind::Deadlock,
            RunOutcome::AssertionFailure => OutcomeKind::AssertionFailure,
            RunOutcome::EvaluationError => OutcomeKind::EvaluationError,
            RunOutcome::Unsupported => OutcomeKind::Unsupported,
            RunOutcome::Incomplete { .. } => OutcomeKind::Incomplete,
            RunOutcome::UsageError => OutcomeKind::UsageError,
            RunOutcome::SpecError => OutcomeKind::SpecError,
            RunOutcome::ConfigError => OutcomeKind::ConfigError,
            RunOutcome::AssumptionViolation => OutcomeKind::AssumptionViolation,
            RunOutcome::PostconditionViolation { .. } => OutcomeKind::PostconditionViolation,
            RunOutcome::SystemError => OutcomeKind::SystemError,
            RunOutcome::IllTypedBinding { .. } => OutcomeKind::IllTypedBinding,
        }
    }

    /// The violated check (the first, for a temporal violation).
    pub fn violated(&self) -> Option<&str> {
        match self {
            RunOutcome::InvariantViolation { name }
            | RunOutcome::SafetyViolation { name }
            | RunOutcome::PostconditionViolation { name } => Some(name),
            RunOutcome::LivenessViolation { names } => names.first().map(String::as_str),
            _ => None,
        }
    }

    /// The budget that ran out.
    pub fn budget(&self) -> Option<Budget> {
        match self {
            RunOutcome::Incomplete { budget } => *budget,
            _ => None,
        }
    }
}

/// The outcome and message of a run a budget cut short.
pub(crate) fn incomplete(budget: Budget) -> (RunOutcome, String) {
    (
        RunOutcome::Incomplete {
            budget: Some(budget),
        },
        match budget {
            Budget::LivenessSpill => "Incomplete: the seen set passed its in-memory share \
                (--spill-after, or --max-memory with --spill) and would spill, but the state \
                graph of temporal properties does not spill; no verdict."
                .to_string(),
            Budget::Cancelled => "Incomplete: the run was cancelled (SIGINT or SIGTERM, or an \
                MCP client's cancellation); no verdict."
                .to_string(),
            _ => format!(
                "Incomplete: the {} budget ran out; no verdict.",
                budget_name(budget)
            ),
        },
    )
}

/// A budget's name, as reports spell it.
pub fn budget_name(budget: Budget) -> &'static str {
    match budget {
        Budget::MaxStates => "max_states",
        Budget::MaxDepth => "max_depth",
        Budget::MaxDuration => "max_seconds",
        Budget::Cancelled => "cancelled",
        Budget::MaxMemory => "max_memory",
        Budget::LivenessSpill => "liveness_spill",
    }
}

/// A violated invariant or safety property, named as TLC names it, with TLC's message.
pub(crate) fn violation(
    sources: &SourceMap,
    model: &Model<'_>,
    id: ViolationId,
) -> (RunOutcome, String) {
    // TLC names a property conjunct not reached through an operator by its place.
    let name = match model.violation_location(id) {
        Some(span) => tlc_location(sources, span),
        None => model.violation_name(id).to_string(),
    };
    let message = format!("{} {name} is violated.", model.violation_label(id));
    let outcome = if model.violation_is_property(id) {
        RunOutcome::SafetyViolation { name }
    } else {
        RunOutcome::InvariantViolation { name }
    };
    (outcome, message)
}

/// An evaluation error ending a run, with TLC's message.
pub(crate) fn evaluation_failed(error: &EvalError) -> (RunOutcome, String) {
    if error.code == tlafid_eval::E_ASSERT {
        (
            RunOutcome::AssertionFailure,
            format!("Assertion failed: {}", error.message),
        )
    } else if error.code == tlafid_eval::E_UNSUPPORTED
        || error.code == tlafid_eval::E_ORDER_DEPENDENT
    {
        (
            RunOutcome::Unsupported,
            format!("Unsupported: {}", error.message),
        )
    } else {
        (
            RunOutcome::EvaluationError,
            format!("Evaluation failed: {}", error.message),
        )
    }
}

/// A place as TLC writes it: "line 22, col 17 to line 22, col 26 of module Queue".
pub fn tlc_location(sources: &SourceMap, span: tlafid_base::Span) -> String {
    let file = sources.get(span.file);
    let (start, end) = (
        file.line_col(span.start),
        file.line_col(span.end.saturating_sub(1)),
    );
    let module = std::path::Path::new(&file.name)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    format!(
        "line {}, col {} to line {}, col {} of module {module}",
        start.line, start.col, end.line, end.col
    )
}

/// `span` without the parentheses around its whole text (`(\E m \in S : A(m))`), as TLC
/// places an expression.
pub fn without_parens(sources: &SourceMap, span: tlafid_base::Span) -> tlafid_base::Span {
    let text = &sources.get(span.file).text;
    let (mut start, mut end) = (span.start as usize, span.end as usize);
    while let Some(inner) = text.get(start..end).filter(|t| wrapped(t)) {
        let trimmed = inner[1..inner.len() - 1].trim_start();
        start = end - 1 - trimmed.len();
        end = start + trimmed.trim_end().len();
    }
    tlafid_base::Span::new(span.file, start as u32, end as u32)
}

/// Whether the parenthesis opening `text` is the one closing it.
fn wrapped(text: &str) -> bool {
    if !(text.starts_with('(') && text.ends_with(')')) {
        return false;
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return i == text.len() - 1;
        }
    }
    false
}

/// TLC's words: "Temporal property A was violated.", "Temporal properties A and B were
/// violated.", "Temporal properties A, B, and C were violated.".
pub(crate) fn temporal_message(names: &[String]) -> String {
    match names {
        [one] => format!("Temporal property {one} was violated."),
        [a, b] => format!("Temporal properties {a} and {b} were violated."),
        [init @ .., last] => format!(
            "Temporal properties {}, and {last} were violated.",
            init.join(", ")
        ),
        [] => "Temporal properties were violated.".to_string(),
    }
}
