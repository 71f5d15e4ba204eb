//! From what the runs found to verdicts: classifying mutants and judging each property.

use tlafid_base::Span;

use crate::domain::DomainSource;
use crate::mutant::Mutation;
use crate::mutant_run::MutantResult;
use crate::report::{
    MutantOutcome, MutantReport, MutationReport, PropertyReport, TautologyFinding, VacuousIn,
    Verdict,
};
use crate::space::SpaceSummary;

/// A judged property, as the model numbers its checks.
pub struct TargetInfo {
    pub name: String,
    pub action: bool,
    /// Its position among the model's checks (invariants, then action properties).
    pub check: usize,
    pub span: Span,
    pub is_type_invariant: bool,
}

/// What the model's own run found.
pub struct Judged {
    pub targets: Vec<TargetInfo>,
    pub vacuous: Vec<Vec<VacuousIn>>,
    pub tautology: (Vec<TautologyFinding>, DomainSource, usize),
    pub complete: bool,
    pub distinct_states: u64,
    pub space: SpaceSummary,
    pub type_invariant: Option<String>,
    pub subformulas_tried: Vec<usize>,
}

impl Judged {
    /// The report, once the mutants have run.
    pub fn finish(
        self,
        sites_found: usize,
        chosen: Vec<Mutation>,
        results: Vec<MutantResult>,
    ) -> MutationReport {
        let mutants: Vec<MutantReport> = chosen
            .into_iter()
            .zip(results)
            .map(|(mutation, result)| self.classify(mutation, result))
            .collect();
        let considered = mutants
            .iter()
            .filter(|m| {
                matches!(
                    m.outcome,
                    MutantOutcome::Killed
                        | MutantOutcome::KilledByTypeOrDeadlock
                        | MutantOutcome::Survived
                )
            })
            .count();
        let properties = self
            .targets
            .iter()
            .enumerate()
            .map(|(t, target)| {
                let kills = mutants.iter().filter(|m| m.killed_by.contains(&t)).count();
                let tautology = self.tautology.0[t];
                let vacuous_in = self.vacuous[t].clone();
                // An incomplete exploration never yields a definite verdict (the sampled
                // domain of the tautology question comes from the states it reached).
                let verdict = if !self.complete {
                    Verdict::Inconclusive
                } else if matches!(tautology, TautologyFinding::HoldsIn(_)) {
                    Verdict::Tautology
                } else if !vacuous_in.is_empty() {
                    Verdict::Vacuous
                } else if kills > 0 {
                    Verdict::LoadBearing
                } else if considered == 0 {
                    Verdict::Inconclusive
                } else {
                    Verdict::NotLoadBearing
                };
                PropertyReport {
                    name: target.name.clone(),
                    action: target.action,
                    span: target.span,
                    verdict,
                    vacuous_in,
                    subformulas_tried: self.subformulas_tried[t],
                    tautology,
                    kills,
                    mutants_considered: considered,
                }
            })
            .collect();
        MutationReport {
            distinct_states: self.distinct_states,
            complete: self.complete,
            type_invariant: self.type_invariant,
            domain: (self.tautology.1, self.tautology.2),
            properties,
            sites_found,
            mutants,
        }
    }

    fn classify(&self, mutation: Mutation, result: MutantResult) -> MutantReport {
        let killed_by: Vec<usize> = (self.targets.iter().enumerate())
            .filter(|(_, t)| result.kills.get(t.check).copied().unwrap_or(false))
            .map(|(i, _)| i)
            .collect();
        let by_property = killed_by
            .iter()
            .any(|&i| !self.targets[i].is_type_invariant);
        let apart = !killed_by.is_empty() || result.type_violated || result.deadlock;
        let outcome = if by_property {
            MutantOutcome::Killed
        } else if apart {
            MutantOutcome::KilledByTypeOrDeadlock
        } else if result.error.is_some() {
            MutantOutcome::Error
        } else if result.complete && self.complete && result.space == self.space {
            MutantOutcome::Equivalent
        } else if result.complete {
            MutantOutcome::Survived
        } else {
            MutantOutcome::Unknown
        };
        MutantReport {
            mutation,
            outcome,
            killed_by,
            type_violated: result.type_violated,
            deadlock: result.deadlock,
            distinct_states: result.space.count,
            error: result.error,
        }
    }
}
