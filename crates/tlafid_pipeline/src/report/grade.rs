//! The report of `grade`: the scorecard, each phase with its verdict and figures.

use schemars::JsonSchema;
use serde::Serialize;
use tlafid_base::{Diagnostic, SourceMap};

use super::{json_diagnostics, JsonDiagnostic, SCHEMA_VERSION};
use crate::grade::{GradeProfile, PhaseVerdict, Scorecard};
use crate::load::ModelInputs;
use crate::run::OutcomeKind;

/// What `grade` reports.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GradeReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// `grade`.
    pub command: &'static str,
    /// The model's root module.
    pub spec: String,
    /// `fail` when a phase failed; else `incomplete` when one is; else `pass`.
    pub outcome: PhaseVerdict,
    /// The mean of the phases' scores, from 0 to 1 (null when no phase decided).
    pub score: Option<f64>,
    /// Syntax, runtime, conformance, invariants.
    pub phases: Vec<PhaseEntry>,
    /// The syntax phase's problems (each later phase lists its own).
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// One phase.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PhaseEntry {
    /// `syntax`, `runtime`, `conformance` or `invariants`.
    pub phase: &'static str,
    /// How it ended.
    pub verdict: PhaseVerdict,
    /// One line for people.
    pub summary: String,
    /// Its score, from 0 to 1: 1 pass, 0 fail, the admitted share of the traces, the share
    /// of requirements that hold (null when skipped or incomplete).
    pub score: Option<f64>,
    /// What failed, by name: traces not admitted, requirements not holding.
    pub failing: Vec<String>,
    /// Its figures (null when skipped).
    pub details: PhaseDetails,
}

/// A phase's figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PhaseDetails {
    /// Syntax: the errors found.
    Syntax {
        /// How many.
        errors: usize,
    },
    /// Runtime: the simulation.
    Runtime {
        /// How it ended.
        outcome: OutcomeKind,
        /// Behaviours run.
        behaviours: u64,
        /// The most steps in one.
        depth: u32,
        /// The seed.
        seed: u64,
        /// Whose rules the phase followed (`sysmobench`: an exhaustive run, not a simulation;
        /// `behaviours`, `depth` and `seed` are then 0).
        profile: GradeProfile,
        /// The run's budget ran out (`sysmobench` counts that as a pass).
        budget_exhausted: bool,
        /// Its problems.
        diagnostics: Vec<JsonDiagnostic>,
    },
    /// Conformance: the traces.
    Conformance {
        /// Admitted.
        admitted: usize,
        /// In all.
        total: usize,
        /// Admitted of all, from 0 to 1.
        pass_rate: f64,
        /// Violating a configured invariant.
        violating: usize,
        /// The files of those not admitted.
        not_admitted: Vec<String>,
    },
    /// Invariants: the requirements.
    Invariants {
        /// Holding.
        holds: usize,
        /// In all.
        total: usize,
        /// Each with its verdict.
        requirements: Vec<RequirementEntry>,
    },
    /// The phase could not run its checks: why.
    Failed {
        /// Its problems.
        diagnostics: Vec<JsonDiagnostic>,
    },
    /// Skipped.
    Skipped,
}

/// A requirement's verdict in the invariants phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RequirementVerdict {
    /// It holds in every reachable state (or step, or behaviour).
    Holds,
    /// The model violates it: illegal model behaviour.
    Violated,
    /// A budget ran out.
    Incomplete,
    /// The run failed.
    Error,
}

/// One requirement.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RequirementEntry {
    /// Its name.
    pub name: String,
    /// Its verdict.
    pub verdict: RequirementVerdict,
    /// When violated: the states of the shortest counterexample.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterexample_states: Option<usize>,
    /// When violated: `illegal_model_behavior`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<super::check::Label>,
    /// Otherwise: the distinct states of the run that decided it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinct_states: Option<Option<u64>>,
    /// Otherwise: how that run ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeKind>,
    /// Otherwise: TLC's words for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Option<String>>,
}

impl GradeReport {
    /// The report of a scorecard.
    pub fn new(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        scorecard: &Scorecard,
    ) -> GradeReport {
        GradeReport {
            schema_version: SCHEMA_VERSION,
            command: "grade",
            spec: inputs.model.display().to_string(),
            outcome: scorecard.verdict(),
            score: scorecard.score(),
            phases: scorecard
                .phases
                .iter()
                .map(|p| PhaseEntry {
                    phase: p.name,
                    verdict: p.verdict,
                    summary: p.summary.clone(),
                    score: p.score(),
                    failing: p.failing(),
                    details: p.details.clone(),
                })
                .collect(),
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }
}
