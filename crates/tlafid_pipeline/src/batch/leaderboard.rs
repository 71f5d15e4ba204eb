//! The leaderboard of batch results: per model and per system, the mean score of each phase
//! and overall, rendered as Markdown, CSV or a static HTML page.
//!
//! A job's phase scores: syntax and runtime 1 when they pass, else 0; conformance the
//! fraction of traces admitted; invariants the fraction of requirements that hold. A phase
//! skipped because the model does not load scores 0; one skipped for want of input (no
//! traces, no requirements) has no score; so has conformance or invariants skipped because
//! the model does not load when the job gave no traces or requirements. A job that was not graded (crashed, timed out)
//! scores 0 in every phase. A job's overall score is the mean of its phase scores; a row's
//! phase score is the mean over its jobs that have one, its overall the mean of its jobs'.
//! Incomplete phases score what they showed (an incomplete runtime phase 0). Invalid job
//! lines are left out and counted.

mod render;

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use crate::grade::PhaseVerdict;
use crate::report::batch::{JobOutcome, JobResult};

pub use render::{render, BoardFormat};

/// The phases, in the order of the scorecard and of the columns.
pub const PHASES: [&str; 4] = ["syntax", "runtime", "conformance", "invariants"];

/// One row: a model (of a system) or a system.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The system (`None` for jobs that name none).
    pub system: Option<String>,
    /// The model (`None` in a system's row).
    pub model: Option<String>,
    /// Models (1 in a model's row).
    pub models: usize,
    /// Jobs.
    pub jobs: usize,
    /// Jobs graded `pass`.
    pub passed: usize,
    /// Jobs graded `incomplete`.
    pub incomplete: usize,
    /// Jobs not graded (crashed, timed out).
    pub errors: usize,
    /// Each phase's mean score (0 to 1), `None` when no job has one.
    pub phases: [Option<f64>; 4],
    /// The mean of the jobs' overall scores (0 to 1).
    pub overall: f64,
}

/// The leaderboard: model rows and system rows, each best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// One per (system, model).
    pub models: Vec<Row>,
    /// One per system.
    pub systems: Vec<Row>,
    /// Jobs counted.
    pub jobs: usize,
    /// Invalid job lines left out.
    pub invalid: usize,
}

/// A job's scores: each phase's (or none), and overall.
#[derive(Clone, Copy, Debug, PartialEq)]
struct JobScores {
    phases: [Option<f64>; 4],
    overall: f64,
}

/// Jobs grouped by (system, model), with their scores.
type Groups<'a> = BTreeMap<(Option<String>, Option<String>), Vec<(&'a JobResult, JobScores)>>;

/// The leaderboard of these results.
pub fn leaderboard(results: &[JobResult]) -> Leaderboard {
    let mut by_model = Groups::new();
    let mut by_system = Groups::new();
    let mut invalid = 0;
    let mut jobs = 0;
    for result in results {
        if result.outcome == JobOutcome::Invalid {
            invalid += 1;
            continue;
        }
        jobs += 1;
        let scored = (result, scores(result));
        let system = result.system.clone();
        by_model
            .entry((system.clone(), result.model.clone()))
            .or_default()
            .push(scored);
        by_system.entry((system, None)).or_default().push(scored);
    }
    Leaderboard {
        models: ranked(by_model),
        systems: ranked(by_system),
        jobs,
        invalid,
    }
}

fn ranked(groups: Groups<'_>) -> Vec<Row> {
    let mut rows: Vec<Row> = groups
        .into_iter()
        .map(|((system, model), jobs)| row(system, model, &jobs))
        .collect();
    // Best first; ties in the groups' (system, model) order, which the sort keeps.
    rows.sort_by(|a, b| b.overall.total_cmp(&a.overall));
    rows
}

fn row(system: Option<String>, model: Option<String>, jobs: &[(&JobResult, JobScores)]) -> Row {
    let count = |outcome: JobOutcome| jobs.iter().filter(|(r, _)| r.outcome == outcome).count();
    let mut models: Vec<Option<&String>> = jobs.iter().map(|(r, _)| r.model.as_ref()).collect();
    models.dedup();
    models.sort();
    models.dedup();
    let phases =
        std::array::from_fn(|phase| mean(jobs.iter().filter_map(|(_, s)| s.phases[phase])));
    Row {
        system,
        model,
        models: models.len(),
        jobs: jobs.len(),
        passed: count(JobOutcome::Pass),
        incomplete: count(JobOutcome::Incomplete),
        errors: jobs.iter().filter(|(r, _)| !r.outcome.is_graded()).count(),
        phases,
        overall: mean(jobs.iter().map(|(_, s)| s.overall)).unwrap_or(0.0),
    }
}

fn mean(scores: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = scores.fold((0.0, 0usize), |(sum, count), s| (sum + s, count + 1));
    (count > 0).then(|| sum / count as f64)
}

/// What the leaderboard reads of a `grade` report.
#[derive(Deserialize)]
struct ReportPhases {
    phases: Vec<ReportPhase>,
}

#[derive(Deserialize)]
struct ReportPhase {
    phase: String,
    verdict: PhaseVerdict,
    details: Json,
}

fn scores(result: &JobResult) -> JobScores {
    let phases = result
        .report
        .as_ref()
        .and_then(|report| ReportPhases::deserialize(report).ok())
        .map(|report| report.phases);
    let Some(phases) = phases.filter(|_| result.outcome.is_graded()) else {
        return JobScores {
            phases: [Some(0.0); 4],
            overall: 0.0,
        };
    };
    let loads = phases
        .iter()
        .any(|p| p.phase == PHASES[0] && p.verdict == PhaseVerdict::Pass);
    let phases: [Option<f64>; 4] = std::array::from_fn(|index| {
        let phase = phases.iter().find(|p| p.phase == PHASES[index]);
        let requested = requested(result, PHASES[index]);
        phase.map_or(Some(0.0), |p| phase_score(p, loads || !requested))
    });
    JobScores {
        phases,
        overall: mean(phases.iter().flatten().copied()).unwrap_or(0.0),
    }
}

/// Whether the job gave the phase its input: traces for conformance, requirements for
/// invariants (syntax and runtime need none). A result without its arguments gave it.
fn requested(result: &JobResult, phase: &str) -> bool {
    let Some(arguments) = &result.arguments else {
        return true;
    };
    let given = |name: &str| arguments.get(name).is_some_and(|v| !v.is_null());
    match phase {
        "conformance" => given("traces") && arguments["traces"] != Json::Array(Vec::new()),
        "invariants" => given("requirements"),
        _ => true,
    }
}

/// A phase's score; `no_score_if_skipped`: a skipped phase has none (else it scores 0).
fn phase_score(phase: &ReportPhase, no_score_if_skipped: bool) -> Option<f64> {
    let fraction = |part: &str, whole: &str| {
        let part = phase.details.get(part).and_then(Json::as_f64)?;
        let whole = phase.details.get(whole).and_then(Json::as_f64)?;
        Some(if whole > 0.0 { part / whole } else { 0.0 })
    };
    match phase.verdict {
        PhaseVerdict::Skipped if no_score_if_skipped => None,
        PhaseVerdict::Skipped => Some(0.0),
        PhaseVerdict::Pass if matches!(phase.phase.as_str(), "syntax" | "runtime") => Some(1.0),
        _ => match phase.phase.as_str() {
            "conformance" => Some(fraction("admitted", "total").unwrap_or(0.0)),
            "invariants" => Some(fraction("holds", "total").unwrap_or(0.0)),
            _ => Some(0.0),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A graded job of `model` with the given arguments and phases (name, verdict, details).
    fn job(model: &str, arguments: Json, phases: &[(&str, &str, Json)]) -> JobResult {
        let phases: Vec<Json> = phases
            .iter()
            .map(|(phase, verdict, details)| {
                json!({"phase": phase, "verdict": verdict, "details": details})
            })
            .collect();
        let Json::Object(arguments) = arguments else {
            panic!("an object")
        };
        JobResult {
            system: Some("sys".into()),
            model: Some(model.into()),
            arguments: Some(arguments),
            outcome: JobOutcome::Fail,
            report: Some(json!({ "phases": phases })),
            ..JobResult::invalid(1, Some(model.into()), String::new())
        }
    }

    #[test]
    fn each_rule_of_the_scores() {
        let loads = [
            ("syntax", "pass", json!({"errors": 0})),
            ("runtime", "pass", Json::Null),
        ];
        let skipped = ("conformance", "skipped", Json::Null);
        let graded = job(
            "A",
            json!({"traces": ["t"], "requirements": "R.tla"}),
            &[
                loads[0].clone(),
                loads[1].clone(),
                ("conformance", "fail", json!({"admitted": 1, "total": 4})),
                ("invariants", "incomplete", json!({"holds": 2, "total": 3})),
            ],
        );
        let untraced = job(
            "B",
            json!({}),
            &[
                loads[0].clone(),
                loads[1].clone(),
                skipped.clone(),
                ("invariants", "skipped", Json::Null),
            ],
        );
        let broken = |model: &str, arguments: Json| {
            let fail = ("syntax", "fail", json!({"errors": 1}));
            let later = |phase: &'static str| (phase, "skipped", Json::Null);
            job(
                model,
                arguments,
                &[
                    fail,
                    later("runtime"),
                    later("conformance"),
                    later("invariants"),
                ],
            )
        };
        let crashed = JobResult {
            outcome: JobOutcome::Crashed,
            report: None,
            ..job("E", json!({}), &[])
        };
        let results = [
            graded,
            untraced,
            broken("C", json!({"traces": ["t"]})),
            broken("D", json!({})),
            crashed,
        ];
        let board = leaderboard(&results);
        let scores: Vec<(&str, [Option<f64>; 4], f64)> = board
            .models
            .iter()
            .map(|r| (r.model.as_deref().unwrap_or(""), r.phases, r.overall))
            .collect();
        assert_eq!(
            scores,
            [
                ("B", [Some(1.0), Some(1.0), None, None], 1.0),
                (
                    "A",
                    [Some(1.0), Some(1.0), Some(0.25), Some(2.0 / 3.0)],
                    35.0 / 48.0
                ),
                ("C", [Some(0.0), Some(0.0), Some(0.0), None], 0.0),
                ("D", [Some(0.0), Some(0.0), None, None], 0.0),
                ("E", [Some(0.0); 4], 0.0),
            ]
        );
        let system = &board.systems[0];
        assert_eq!((system.models, system.jobs, system.errors), (5, 5, 1));
        assert_eq!(system.phases[2], Some(0.25 / 3.0));
    }
}
