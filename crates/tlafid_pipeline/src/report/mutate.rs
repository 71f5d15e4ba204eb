//! The report of `mutate`: per property its verdict and the subformulas it is vacuous in,
//! per mutant its outcome.

use schemars::JsonSchema;
use serde::Serialize;
use tlafid_base::{Diagnostic, SourceMap, Span};
use tlafid_mutate::domain::DomainSource;
use tlafid_mutate::occurrence::Role;
use tlafid_mutate::{MutantOutcome, MutationReport, TautologyFinding, VacuousIn, Verdict};

use super::{json_diagnostics, JsonDiagnostic, SCHEMA_VERSION};
use crate::load::{LoadFailure, ModelInputs};
use crate::mutate::{overall, Overall};

/// How judging ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MutateOutcome {
    /// Every property is load-bearing.
    LoadBearing,
    /// Some property is vacuous, a tautology or not load-bearing.
    Weak,
    /// None is weak, but some verdict is inconclusive.
    Inconclusive,
    /// An option or a file the user named cannot be used.
    UsageError,
    /// The spec does not parse or resolve.
    SpecError,
    /// The configuration is malformed or does not fit.
    ConfigError,
}

/// One property's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PropertyVerdict {
    /// It kills mutants and is vacuous in nothing.
    LoadBearing,
    /// Some subformula never matters.
    Vacuous,
    /// It holds whatever the model does.
    Tautology,
    /// It kills no mutant.
    NotLoadBearing,
    /// A budget ran out first.
    Inconclusive,
}

/// One mutant's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MutantVerdict {
    /// A judged property is violated.
    Killed,
    /// Only the type invariant or deadlock detects it.
    KilledByTypeOrDeadlock,
    /// Nothing detects it.
    Survived,
    /// Its reachable states are the model's.
    Equivalent,
    /// A budget ran out first.
    Unknown,
    /// It fails to evaluate.
    Error,
}

/// Where the tautology check's states came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TautologyStates {
    /// Every state of the type invariant's finite domain.
    TypeDomain,
    /// A seeded sample near the reachable values.
    Sample,
}

/// What `mutate` reports.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MutateReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// `mutate`.
    pub command: &'static str,
    /// The model's root module.
    pub spec: String,
    /// How judging ended.
    pub outcome: MutateOutcome,
    /// The model's exploration (none when nothing was judged).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelFigures>,
    /// Each property judged.
    pub properties: Vec<PropertyEntry>,
    /// Mutation sites found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mutation_sites: Option<usize>,
    /// Each mutant explored.
    pub mutants: Vec<MutantEntry>,
    /// Problems found.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// The model's own exploration.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ModelFigures {
    /// Its distinct states.
    pub distinct_states: u64,
    /// Whether it was explored completely.
    pub complete: bool,
    /// The type invariant used.
    pub type_invariant: Option<String>,
    /// States the tautology check evaluated properties on.
    pub tautology_states: usize,
    /// Where they came from.
    pub tautology_states_from: TautologyStates,
}

/// One property's judgement.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertyEntry {
    /// Its configured name.
    pub name: String,
    /// `invariant` or `action`.
    pub kind: &'static str,
    /// Where it is defined (`file:line:col`).
    pub location: String,
    /// Its verdict.
    pub verdict: PropertyVerdict,
    /// Mutants it kills.
    pub kills: usize,
    /// Non-equivalent mutants considered.
    pub mutants_considered: usize,
    /// Subformulas strengthened.
    pub subformulas_tried: usize,
    /// For a tautology: the states it holds in.
    pub tautology_holds_in: Option<usize>,
    /// The subformulas that never matter.
    pub vacuous_in: Vec<VacuousEntry>,
}

/// A subformula that never matters.
#[derive(Debug, Serialize, JsonSchema)]
pub struct VacuousEntry {
    /// Where (`file:line:col`).
    pub location: String,
    /// Its text on one line.
    pub subformula: String,
    /// The value it was replaced by.
    pub replaced_by: bool,
    /// Why it never matters, in a sentence.
    pub explanation: String,
}

/// One mutant.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MutantEntry {
    /// The change made.
    pub change: String,
    /// Where (`file:line:col`).
    pub location: String,
    /// The text changed.
    pub original: String,
    /// What became of it.
    pub outcome: MutantVerdict,
    /// The properties that kill it.
    pub killed_by: Vec<String>,
    /// Whether the type invariant is violated.
    pub type_violated: bool,
    /// Whether it deadlocks.
    pub deadlock: bool,
    /// Its distinct states.
    pub distinct_states: u64,
    /// Its evaluation error.
    pub error: Option<String>,
}

impl MutateReport {
    /// The report of a judgement.
    pub fn new(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        report: &MutationReport,
    ) -> MutateReport {
        let properties = (report.properties.iter())
            .map(|p| PropertyEntry {
                name: p.name.clone(),
                kind: if p.action { "action" } else { "invariant" },
                location: sources.describe(p.span),
                verdict: match p.verdict {
                    Verdict::LoadBearing => PropertyVerdict::LoadBearing,
                    Verdict::Vacuous => PropertyVerdict::Vacuous,
                    Verdict::Tautology => PropertyVerdict::Tautology,
                    Verdict::NotLoadBearing => PropertyVerdict::NotLoadBearing,
                    Verdict::Inconclusive => PropertyVerdict::Inconclusive,
                },
                kills: p.kills,
                mutants_considered: p.mutants_considered,
                subformulas_tried: p.subformulas_tried,
                tautology_holds_in: match p.tautology {
                    TautologyFinding::HoldsIn(n) => Some(n),
                    _ => None,
                },
                vacuous_in: (p.vacuous_in.iter())
                    .map(|v| VacuousEntry {
                        location: sources.describe(v.span),
                        subformula: source_text(sources, v.span),
                        replaced_by: !v.positive,
                        explanation: explain(sources, v, p.action),
                    })
                    .collect(),
            })
            .collect();
        let mutants = (report.mutants.iter())
            .map(|m| MutantEntry {
                change: m.mutation.change.describe(),
                location: sources.describe(m.mutation.span),
                original: source_text(sources, m.mutation.span),
                outcome: match m.outcome {
                    MutantOutcome::Killed => MutantVerdict::Killed,
                    MutantOutcome::KilledByTypeOrDeadlock => MutantVerdict::KilledByTypeOrDeadlock,
                    MutantOutcome::Survived => MutantVerdict::Survived,
                    MutantOutcome::Equivalent => MutantVerdict::Equivalent,
                    MutantOutcome::Unknown => MutantVerdict::Unknown,
                    MutantOutcome::Error => MutantVerdict::Error,
                },
                killed_by: (m.killed_by.iter())
                    .map(|&i| report.properties[i].name.clone())
                    .collect(),
                type_violated: m.type_violated,
                deadlock: m.deadlock,
                distinct_states: m.distinct_states,
                error: m.error.clone(),
            })
            .collect();
        MutateReport {
            schema_version: SCHEMA_VERSION,
            command: "mutate",
            spec: inputs.model.display().to_string(),
            outcome: match overall(report) {
                Overall::LoadBearing => MutateOutcome::LoadBearing,
                Overall::Weak => MutateOutcome::Weak,
                Overall::Inconclusive => MutateOutcome::Inconclusive,
            },
            model: Some(ModelFigures {
                distinct_states: report.distinct_states,
                complete: report.complete,
                type_invariant: report.type_invariant.clone(),
                tautology_states: report.domain.1,
                tautology_states_from: match report.domain.0 {
                    DomainSource::TypeDomain => TautologyStates::TypeDomain,
                    DomainSource::Sample => TautologyStates::Sample,
                },
            }),
            properties,
            mutation_sites: Some(report.sites_found),
            mutants,
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }

    /// The report of a model that could not be judged.
    pub fn failed(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        failure: LoadFailure,
    ) -> MutateReport {
        MutateReport {
            schema_version: SCHEMA_VERSION,
            command: "mutate",
            spec: inputs.model.display().to_string(),
            outcome: match failure {
                LoadFailure::Usage => MutateOutcome::UsageError,
                LoadFailure::Spec => MutateOutcome::SpecError,
                LoadFailure::Config => MutateOutcome::ConfigError,
            },
            model: None,
            properties: Vec::new(),
            mutation_sites: None,
            mutants: Vec::new(),
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }
}

/// The source text of a span on one line, shortened past 60 characters.
pub fn source_text(sources: &SourceMap, span: Span) -> String {
    let file = sources.get(span.file);
    let raw = file.text.get(span.range()).unwrap_or("");
    let flat = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 60 {
        format!("{}...", flat.chars().take(57).collect::<String>())
    } else {
        flat
    }
}

/// The plain sentence that explains why a subformula never matters.
pub fn explain(sources: &SourceMap, vacuous: &VacuousIn, action: bool) -> String {
    let what = if action { "step" } else { "state" };
    let it = source_text(sources, vacuous.span);
    match vacuous.role {
        Role::Consequent { antecedent } => format!(
            "`{it}` never matters: the antecedent `{}` is true in no reachable {what}, so this \
             implication holds vacuously",
            source_text(sources, antecedent)
        ),
        Role::Antecedent { consequent } => format!(
            "`{it}` never matters: the consequent `{}` holds in every reachable {what}, so the \
             implication holds whatever `{it}` is",
            source_text(sources, consequent)
        ),
        Role::Disjunct if vacuous.positive => {
            format!("`{it}` never matters: the other disjuncts hold in every reachable {what}")
        }
        Role::Branch => format!(
            "`{it}` never matters: this branch is taken in no reachable {what} where it could fail"
        ),
        _ => format!(
            "`{it}` never matters: the property still holds in every reachable {what} with it \
             replaced by {}",
            if vacuous.positive { "FALSE" } else { "TRUE" }
        ),
    }
}
