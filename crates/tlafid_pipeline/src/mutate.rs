//! Judging whether each property a model checks constrains anything ([`tlafid_mutate`]):
//! vacuity, tautology, behaviour mutants; with requirements, the requirements are judged.

use tlafid_base::SourceMap;
use tlafid_model::requirements::{exported_name, original_name};
use tlafid_mutate::{Analysis, MutateOptions, MutationReport, RunBudget, Verdict};

use crate::load::{self, LoadFailure, ModelInputs};
use crate::run::{self, Run, RunOptions};
use crate::session::Session;

/// How to judge.
#[derive(Clone, Debug)]
pub struct MutationOptions {
    /// Judge only these invariants or properties (by configured name; all when empty).
    pub properties: Vec<String>,
    /// The type invariant (default: TypeOK, TypeInvariant or TypeInv when defined).
    pub type_invariant: Option<String>,
    /// The most mutants explored (evenly spread over the mutation sites found).
    pub max_mutants: usize,
    /// Distinct states per exploration (the model's, and each mutant's).
    pub max_states: Option<u64>,
    /// Seconds per exploration (the model's, and each mutant's).
    pub max_seconds: Option<f64>,
    /// Worker threads (at least 1). Results do not depend on it.
    pub workers: usize,
}

impl Default for MutationOptions {
    fn default() -> MutationOptions {
        MutationOptions {
            properties: Vec::new(),
            type_invariant: None,
            max_mutants: 100,
            max_states: None,
            max_seconds: None,
            workers: 1,
        }
    }
}

/// What judging gave.
#[derive(Debug)]
pub enum Mutation {
    /// Every property judged.
    Judged(MutationReport),
    /// The model itself fails a check: nothing can be judged. This is the run that shows
    /// it, exactly as checking the model reports it (the session holds only its sources and
    /// diagnostics).
    ModelFails(Run),
    /// The model could not be loaded or the options do not fit it (see the diagnostics).
    Stopped(LoadFailure),
}

/// The verdict over every property judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overall {
    /// Every property is load-bearing.
    LoadBearing,
    /// Some property is vacuous, a tautology or not load-bearing.
    Weak,
    /// None is weak, but some verdict is inconclusive (a budget ran out).
    Inconclusive,
}

/// The verdict over every property of `report`: weak beats inconclusive.
pub fn overall(report: &MutationReport) -> Overall {
    let verdicts: Vec<Verdict> = report.properties.iter().map(|p| p.verdict).collect();
    if verdicts.iter().any(|v| {
        matches!(
            v,
            Verdict::Vacuous | Verdict::Tautology | Verdict::NotLoadBearing
        )
    }) {
        Overall::Weak
    } else if verdicts.contains(&Verdict::Inconclusive) {
        Overall::Inconclusive
    } else {
        Overall::LoadBearing
    }
}

/// Loads the model and judges its properties (or its requirements).
pub fn mutate(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &MutationOptions,
) -> Mutation {
    match analyze(session, inputs, options) {
        Ok(Analysis::Judged(report)) => Mutation::Judged(report),
        Ok(Analysis::ModelFails) => {
            // Report it exactly as checking the model does, from a fresh start.
            session.sources = SourceMap::new();
            session.diagnostics.clear();
            let check = RunOptions {
                workers: options.workers,
                max_states: options.max_states,
                max_seconds: options.max_seconds,
                ..RunOptions::default()
            };
            Mutation::ModelFails(run::run(session, inputs, &check))
        }
        Err(failure) => Mutation::Stopped(failure),
    }
}

fn analyze(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &MutationOptions,
) -> Result<Analysis, LoadFailure> {
    if let Some(problem) = crate::budget::flags_problem(options.workers, options.max_seconds) {
        session.diagnostics.push(problem);
        return Err(LoadFailure::Usage);
    }
    let loaded = load::load(session, inputs, &[])?;
    let reads = load::spec_inputs(session, &inputs.reads).ok_or(LoadFailure::Usage)?;
    let definitions = loaded
        .requirements
        .map(|r| r.definitions)
        .unwrap_or_default();
    let requirements = inputs.requirements.is_some();
    let analysis_options = MutateOptions {
        properties: if requirements {
            options
                .properties
                .iter()
                .map(|p| exported_name(p))
                .collect()
        } else {
            options.properties.clone()
        },
        type_invariant: options.type_invariant.clone(),
        max_mutants: options.max_mutants,
        budget: RunBudget {
            max_states: options.max_states,
            max_duration: crate::budget::duration(options.max_seconds),
        },
        workers: options.workers,
        interrupt: session.interrupt.clone(),
        inputs: reads,
    };
    let analysis = tlafid_mutate::analyze(loaded.program, &loaded.config, &analysis_options)
        .map_err(|problems| {
            let usage = problems.iter().any(|d| {
                d.code == tlafid_mutate::codes::UNKNOWN_PROPERTY
                    || d.code == tlafid_mutate::codes::BAD_TYPE_INVARIANT
            });
            session.diagnostics.extend(problems);
            if usage {
                LoadFailure::Usage
            } else {
                LoadFailure::Config
            }
        })?;
    Ok(match analysis {
        Analysis::Judged(mut report) => {
            for property in &mut report.properties {
                if let Some(name) = original_name(&property.name) {
                    property.name = name.to_string();
                }
                if let Some(def) = definitions.iter().find(|d| d.name == property.name) {
                    property.span = def.span;
                }
            }
            Analysis::Judged(report)
        }
        fails => fails,
    })
}
