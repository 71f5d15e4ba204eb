//! What `tlafid mutate` prints: a summary per property and per mutant for people, one JSON
//! object for machines.

use serde::Serialize;
use tlafid_base::{Diagnostic, SourceMap, Span};
use tlafid_mutate::domain::DomainSource;
use tlafid_mutate::occurrence::Role;
use tlafid_mutate::{
    MutantOutcome, MutantReport, MutationReport, PropertyReport, TautologyFinding, VacuousIn,
    Verdict,
};

use crate::render::{self, Format};

/// Prints the report in the chosen format.
pub fn print(
    format: Format,
    sources: &SourceMap,
    report: &MutationReport,
    diagnostics: &[Diagnostic],
) {
    match format {
        Format::Human => {
            render::print_human(sources, diagnostics);
            print_human(sources, report);
        }
        Format::Json => render::print_json(&json_report(sources, report, diagnostics)),
    }
}

/// The source text of a span on one line, shortened.
fn text(sources: &SourceMap, span: Span) -> String {
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
fn explain(sources: &SourceMap, vacuous: &VacuousIn, action: bool) -> String {
    let what = if action { "step" } else { "state" };
    let it = text(sources, vacuous.span);
    match vacuous.role {
        Role::Consequent { antecedent } => format!(
            "`{it}` never matters: the antecedent `{}` is true in no reachable {what}, so this \
             implication holds vacuously",
            text(sources, antecedent)
        ),
        Role::Antecedent { consequent } => format!(
            "`{it}` never matters: the consequent `{}` holds in every reachable {what}, so the \
             implication holds whatever `{it}` is",
            text(sources, consequent)
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
    println!(
        "Model: {} distinct states, {explored}.",
        report.distinct_states
    );
    let type_words = report.type_invariant.as_deref().unwrap_or("none");
    println!(
        "Type invariant: {type_words}; tautologies checked on {}.",
        domain_words(report)
    );
    let count = |o: MutantOutcome| report.mutants.iter().filter(|m| m.outcome == o).count();
    println!(
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
    println!();
    for p in &report.properties {
        println!("{}", verdict_line(sources, report, p));
        for v in &p.vacuous_in {
            println!(
                "  {}: {}",
                sources.describe(v.span),
                explain(sources, v, p.action)
            );
        }
    }
    if !report.mutants.is_empty() {
        println!();
        println!("Mutants:");
        for m in &report.mutants {
            println!("{}", mutant_line(sources, report, m));
        }
    }
}

#[derive(Serialize)]
struct JsonReport {
    schema_version: u32,
    outcome: &'static str,
    model: JsonModel,
    properties: Vec<JsonProperty>,
    mutation_sites: usize,
    mutants: Vec<JsonMutant>,
    diagnostics: Vec<render::JsonDiagnostic>,
}

#[derive(Serialize)]
struct JsonModel {
    distinct_states: u64,
    complete: bool,
    type_invariant: Option<String>,
    tautology_states: usize,
    tautology_states_from: &'static str,
}

#[derive(Serialize)]
struct JsonProperty {
    name: String,
    kind: &'static str,
    location: String,
    verdict: &'static str,
    kills: usize,
    mutants_considered: usize,
    subformulas_tried: usize,
    tautology_holds_in: Option<usize>,
    vacuous_in: Vec<JsonVacuous>,
}

#[derive(Serialize)]
struct JsonVacuous {
    location: String,
    subformula: String,
    replaced_by: bool,
    explanation: String,
}

#[derive(Serialize)]
struct JsonMutant {
    change: String,
    location: String,
    original: String,
    outcome: &'static str,
    killed_by: Vec<String>,
    type_violated: bool,
    deadlock: bool,
    distinct_states: u64,
    error: Option<String>,
}

fn json_report(
    sources: &SourceMap,
    report: &MutationReport,
    diagnostics: &[Diagnostic],
) -> JsonReport {
    let properties = (report.properties.iter())
        .map(|p| JsonProperty {
            name: p.name.clone(),
            kind: if p.action { "action" } else { "invariant" },
            location: sources.describe(p.span),
            verdict: p.verdict.name(),
            kills: p.kills,
            mutants_considered: p.mutants_considered,
            subformulas_tried: p.subformulas_tried,
            tautology_holds_in: match p.tautology {
                TautologyFinding::HoldsIn(n) => Some(n),
                _ => None,
            },
            vacuous_in: (p.vacuous_in.iter())
                .map(|v| JsonVacuous {
                    location: sources.describe(v.span),
                    subformula: text(sources, v.span),
                    replaced_by: !v.positive,
                    explanation: explain(sources, v, p.action),
                })
                .collect(),
        })
        .collect();
    let mutants = (report.mutants.iter())
        .map(|m| JsonMutant {
            change: m.mutation.change.describe(),
            location: sources.describe(m.mutation.span),
            original: text(sources, m.mutation.span),
            outcome: m.outcome.name(),
            killed_by: (m.killed_by.iter())
                .map(|&i| report.properties[i].name.clone())
                .collect(),
            type_violated: m.type_violated,
            deadlock: m.deadlock,
            distinct_states: m.distinct_states,
            error: m.error.clone(),
        })
        .collect();
    JsonReport {
        schema_version: 1,
        outcome: "judged",
        model: JsonModel {
            distinct_states: report.distinct_states,
            complete: report.complete,
            type_invariant: report.type_invariant.clone(),
            tautology_states: report.domain.1,
            tautology_states_from: match report.domain.0 {
                DomainSource::TypeDomain => "type-domain",
                DomainSource::Sample => "sample",
            },
        },
        properties,
        mutation_sites: report.sites_found,
        mutants,
        diagnostics: render::json_diagnostics(sources, diagnostics),
    }
}
