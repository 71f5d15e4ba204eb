//! What the analysis returns, as plain data: a verdict per property, with the subformulas it
//! is vacuous in, the tautology finding and its mutant kills; and every mutant with its
//! outcome.

use tlafid_base::Span;

use crate::domain::DomainSource;
use crate::mutant::Mutation;
use crate::occurrence::Role;

/// The standing of one property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Kills some non-equivalent mutant and is vacuous in no subformula.
    LoadBearing,
    /// Some subformula can be replaced by its strongest value and the model still satisfies it.
    Vacuous,
    /// Holds in every state of the type domain (or of the sample) whatever the model does.
    Tautology,
    /// Kills no non-equivalent mutant.
    NotLoadBearing,
    /// A budget ran out (or nothing could be mutated) before the question could be decided.
    Inconclusive,
}

impl Verdict {
    /// The name used in reports (`load-bearing`, `not-load-bearing`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::LoadBearing => "load-bearing",
            Verdict::Vacuous => "vacuous",
            Verdict::Tautology => "tautology",
            Verdict::NotLoadBearing => "not-load-bearing",
            Verdict::Inconclusive => "inconclusive",
        }
    }
}

/// A subformula a property is vacuous in.
#[derive(Clone, Debug)]
pub struct VacuousIn {
    /// Where it is written.
    pub span: Span,
    /// What it is to the formula around it.
    pub role: Role,
    /// Replaced by FALSE (positive) or by TRUE (negative).
    pub positive: bool,
}

/// The tautology question's answer for one property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TautologyFinding {
    /// Not asked (the type invariant itself, or no states to try).
    NotChecked,
    /// Some state (or step) of the domain violates it.
    Refuted,
    /// It holds in all of them: this many states (or pairs of states, for an action property).
    HoldsIn(usize),
}

/// One property's report.
#[derive(Clone, Debug)]
pub struct PropertyReport {
    /// Its name in the configuration (or the definition TLC names it by).
    pub name: String,
    /// `[][A]_v` (an action property) rather than a state predicate.
    pub action: bool,
    /// The formula checked.
    pub span: Span,
    /// The verdict.
    pub verdict: Verdict,
    /// The outermost subformulas it is vacuous in, in source order.
    pub vacuous_in: Vec<VacuousIn>,
    /// How many subformula occurrences were tried.
    pub subformulas_tried: usize,
    /// The tautology question.
    pub tautology: TautologyFinding,
    /// Mutants it kills.
    pub kills: usize,
    /// Non-equivalent mutants (killed by anything, or explored completely and different).
    pub mutants_considered: usize,
}

/// What became of a mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutantOutcome {
    /// Some judged property other than the type invariant fails on it.
    Killed,
    /// Only the type invariant or a deadlock tells it from the model.
    KilledByTypeOrDeadlock,
    /// Explored completely; different from the model; no property fails.
    Survived,
    /// Its reachable state space equals the model's: it does not count.
    Equivalent,
    /// The budget ran out before anything killed it.
    Unknown,
    /// It could not be evaluated (an evaluation error on some state).
    Error,
}

impl MutantOutcome {
    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            MutantOutcome::Killed => "killed",
            MutantOutcome::KilledByTypeOrDeadlock => "killed-by-type-or-deadlock",
            MutantOutcome::Survived => "survived",
            MutantOutcome::Equivalent => "equivalent",
            MutantOutcome::Unknown => "unknown",
            MutantOutcome::Error => "error",
        }
    }
}

/// One mutant's report.
#[derive(Clone, Debug)]
pub struct MutantReport {
    /// The change made.
    pub mutation: Mutation,
    /// What became of it.
    pub outcome: MutantOutcome,
    /// The judged properties it violates (indices into [`MutationReport::properties`]).
    pub killed_by: Vec<usize>,
    /// The type invariant fails on it.
    pub type_violated: bool,
    /// It deadlocks.
    pub deadlock: bool,
    /// Distinct states it reached.
    pub distinct_states: u64,
    /// Why it could not be explored, if so.
    pub error: Option<String>,
}

/// The whole analysis.
#[derive(Clone, Debug)]
pub struct MutationReport {
    /// Distinct states of the model.
    pub distinct_states: u64,
    /// Whether the model's state space was explored completely.
    pub complete: bool,
    /// The type invariant used, if any.
    pub type_invariant: Option<String>,
    /// Where the tautology question's states came from, and how many there were.
    pub domain: (DomainSource, usize),
    /// Per judged property.
    pub properties: Vec<PropertyReport>,
    /// Mutation sites found (before `max_mutants`).
    pub sites_found: usize,
    /// The mutants explored.
    pub mutants: Vec<MutantReport>,
}
