//! What `tlafid mutate` prints: a summary per property and per mutant for people, one JSON
//! object for machines.

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_mutate::domain::DomainSource;
use tlafid_mutate::{
    MutantOutcome, MutantReport, MutationReport, PropertyReport, TautologyFinding, Verdict,
};
use tlafid_pipeline::report::{explain, source_text as text, MutateReport};
use tlafid_pipeline::ModelInputs;

use crate::render::{self, Format};

/// Prints the report in the chosen format.
pub fn print(
    format: Format,
    inputs: &ModelInputs,
    sources: &SourceMap,
    report: &MutationReport,
    diagnostics: &[Diagnostic],
) {
    match format {
        Format::Human => {
            render::print_human(sources, diagnostics);
            print_human(sources, report);
        }
        Format::Json => {
            render::print_json(&MutateReport::new(sources, diagnostics, inputs, report))
        }
    }
}

fn domain_words(report: &MutationReport) -> String {
    match report.domain {
        (DomainSource::TypeDomain, n) => format!("the {n} states of the type domain"),
        (DomainSource::Sample, n) => format!("{n} sampled states"),
    }
}

fn verdict_line(sources: &SourceMap, report: &MutationReport, p: &PropertyReport) -> String {
    let detail = match p.verdict {
        Verdict::LoadBearing => format!(
            "kills {} of {} mutants, vacuous in nothing",
            p.kills, p.mutants_considered
        ),
        Verdict::Vacuous => format!(
            "{} subformula(s) never matter (kills {} of {} mutants)",
            p.vacuous_in.len(),
            p.kills,
            p.mutants_considered
        ),
        Verdict::Tautology => match (report.domain.0, p.tautology) {
            (DomainSource::TypeDomain, TautologyFinding::HoldsIn(n)) => {
                format!("holds in every one of the {n} states of the type domain, whatever the model does")
            }
            (_, TautologyFinding::HoldsIn(n)) => {
                format!("no counterexample in {n} sampled states near the reachable ones")
            }
            _ => String::new(),
        },
        Verdict::NotLoadBearing => format!(
            "kills none of the {} non-equivalent mutants",
            p.mutants_considered
        ),
        Verdict::Inconclusive => "a budget ran out before this could be decided".into(),
    };
    let kind = if p.action {
        "action property"
    } else {
        "invariant"
    };
    format!(
        "{} ({kind}, {}): {}: {detail}",
        p.name,
        sources.describe(p.span),
        p.verdict.name()
    )
}

fn mutant_line(sources: &SourceMap, report: &MutationReport, m: &MutantReport) -> String {
    let by: Vec<&str> = (m.killed_by.iter())
        .map(|&i| report.properties[i].name.as_str())
        .collect();
    let mut outcome = m.outcome.name().to_string();
    if !by.is_empty() {
        outcome.push_str(&format!(" by {}", by.join(", ")));
    }
    if m.outcome == MutantOutcome::KilledByTypeOrDeadlock && by.is_empty() {
        let what: Vec<&str> = [
            (m.type_violated, "type invariant"),
            (m.deadlock, "deadlock"),
        ]
        .iter()
        .filter(|(yes, _)| *yes)
        .map(|(_, w)| *w)
        .collect();
        outcome.push_str(&format!(" ({})", what.join(", ")));
    }
    if let Some(error) = &m.error {
        outcome.push_str(&format!(" ({error})"));
    }
    format!(
        "  {} {} `{}`: {outcome}",
        sources.describe(m.mutation.span),
        m.mutation.change.describe(),
        text(sources, m.mutation.span)
    )
}

fn print_human(sources: &SourceMap, report: &MutationReport) {
    let explored = if report.complete {
        "explored completely"
    } else {
        "NOT explored completely (budget)"
    };
    outln!(
        "Model: {} distinct states, {explored}.",
        report.distinct_states
    );
    let type_words = report.type_invariant.as_deref().unwrap_or("none");
    outln!(
        "Type invariant: {type_words}; tautologies checked on {}.",
        domain_words(report)
    );
    let count = |o: MutantOutcome| report.mutants.iter().filter(|m| m.outcome == o).count();
    outln!(
        "Mutants: {} sites, {} explored: {} killed, {} killed only by the type invariant or \
         deadlock, {} survived, {} equivalent, {} unknown (budget), {} errors.",
        report.sites_found,
        report.mutants.len(),
        count(MutantOutcome::Killed),
        count(MutantOutcome::KilledByTypeOrDeadlock),
        count(MutantOutcome::Survived),
        count(MutantOutcome::Equivalent),
        count(MutantOutcome::Unknown),
        count(MutantOutcome::Error),
    );
    outln!();
    for p in &report.properties {
        outln!("{}", verdict_line(sources, report, p));
        for v in &p.vacuous_in {
            outln!(
                "  {}: {}",
                sources.describe(v.span),
                explain(sources, v, p.action)
            );
        }
    }
    if !report.mutants.is_empty() {
        outln!();
        outln!("Mutants:");
        for m in &report.mutants {
            outln!("{}", mutant_line(sources, report, m));
        }
    }
}
