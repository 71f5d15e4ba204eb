//! Exit statuses: TLC's where TLC has one, so graders built on TLC can switch.

/// How the process ends. The numbers are documented in the README and never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitStatus {
    /// Every requested check was made and passed.
    Success,
    /// A budget (states, depth, time) ran out or a check could not be made: not a pass.
    Incomplete,
    /// Bad command-line usage, or an input file that cannot be read.
    Usage,
    /// `tlafid mutate`: some property is vacuous, a tautology or not load-bearing.
    WeakProperty,
    /// `tlafid grade`: some phase failed.
    PhaseFailed,
    /// An `ASSUME` is false (TLC: 10).
    Assumption,
    /// A reachable state has no successor (TLC: 11).
    Deadlock,
    /// An invariant or action property is violated (TLC: 12), or a trace is not admitted.
    Safety,
    /// A temporal property (liveness, fairness, refinement) is violated (TLC: 13).
    Liveness,
    /// An `Assert` failed (TLC: 14).
    Assertion,
    /// Evaluating the spec failed, or it uses a construct tlafid does not support (TLC: 75).
    EvalFailure,
    /// The spec does not parse or resolve (TLC: 150).
    SpecError,
    /// The configuration is malformed or names what the spec does not define (TLC: 151).
    ConfigError,
    /// An internal error (TLC: 153).
    SystemError,
    /// The reader of standard output (or error) closed it early, as `| head` does: 141,
    /// the status of a program stopped by SIGPIPE.
    BrokenPipe,
}

impl ExitStatus {
    /// The process exit code.
    pub fn code(self) -> i32 {
        match self {
            ExitStatus::Success => 0,
            ExitStatus::Usage => 2,
            ExitStatus::Incomplete => 3,
            ExitStatus::WeakProperty => 4,
            ExitStatus::PhaseFailed => 5,
            ExitStatus::Assumption => 10,
            ExitStatus::Deadlock => 11,
            ExitStatus::Safety => 12,
            ExitStatus::Liveness => 13,
            ExitStatus::Assertion => 14,
            ExitStatus::EvalFailure => 75,
            ExitStatus::SpecError => 150,
            ExitStatus::ConfigError => 151,
            ExitStatus::SystemError => 153,
            ExitStatus::BrokenPipe => 141,
        }
    }
}

impl From<tlafid_pipeline::OutcomeKind> for ExitStatus {
    /// The status of a run that ended so: TLC's where TLC has one.
    fn from(kind: tlafid_pipeline::OutcomeKind) -> ExitStatus {
        use tlafid_pipeline::OutcomeKind as Kind;
        match kind {
            Kind::Success => ExitStatus::Success,
            Kind::InvariantViolation | Kind::SafetyViolation => ExitStatus::Safety,
            Kind::LivenessViolation => ExitStatus::Liveness,
            Kind::Deadlock => ExitStatus::Deadlock,
            Kind::AssertionFailure => ExitStatus::Assertion,
            Kind::EvaluationError | Kind::Unsupported => ExitStatus::EvalFailure,
            Kind::Incomplete => ExitStatus::Incomplete,
            Kind::UsageError => ExitStatus::Usage,
            Kind::SpecError => ExitStatus::SpecError,
            Kind::ConfigError | Kind::IllTypedBinding => ExitStatus::ConfigError,
            Kind::AssumptionViolation | Kind::PostconditionViolation => ExitStatus::Assumption,
            Kind::SystemError => ExitStatus::SystemError,
        }
    }
}
