//! One line of `grade --batch`'s results: a job's identity and how it ended, with the
//! `grade` report of the model when the job produced one.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a job ended: the scorecard's verdict when it was graded, else why it was not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobOutcome {
    /// Graded: every phase that ran passed.
    Pass,
    /// Graded: a phase failed.
    Fail,
    /// Graded: no phase failed, but a budget ran out in one.
    Incomplete,
    /// The grader ended without a report (a panic, an abort, a signal, a refused input).
    Crashed,
    /// The grader was stopped after the job's `timeout_seconds`.
    TimedOut,
    /// The job line is not a job (not JSON, no `id`, an unknown or mistyped field, an `id`
    /// used before).
    Invalid,
}

impl JobOutcome {
    /// The outcome's name, as results spell it.
    pub fn name(self) -> &'static str {
        match self {
            JobOutcome::Pass => "pass",
            JobOutcome::Fail => "fail",
            JobOutcome::Incomplete => "incomplete",
            JobOutcome::Crashed => "crashed",
            JobOutcome::TimedOut => "timed_out",
            JobOutcome::Invalid => "invalid",
        }
    }

    /// A report was made: pass, fail or incomplete.
    pub fn is_graded(self) -> bool {
        matches!(
            self,
            JobOutcome::Pass | JobOutcome::Fail | JobOutcome::Incomplete
        )
    }
}

/// One job's result: one line of `RESULTS.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct JobResult {
    /// The version of this shape.
    pub schema_version: u32,
    /// The job's `id` (null when the line has none).
    pub id: Option<String>,
    /// The job's line in the job file, from 1.
    pub line: usize,
    /// The job's `system` (null when it names none).
    pub system: Option<String>,
    /// The job's `model`, else its `spec` (null for an invalid line).
    pub model: Option<String>,
    /// The job's `grade` arguments as it gave them (null for an invalid line).
    #[serde(default)]
    pub arguments: Option<serde_json::Map<String, serde_json::Value>>,
    /// How the job ended.
    pub outcome: JobOutcome,
    /// The grader's exit status; minus the signal that ended it; null when it was stopped
    /// (timed out) or never run.
    pub exit_status: Option<i32>,
    /// Why the job was not graded: the problem with the line, or the end of what the
    /// grader wrote on standard error.
    pub error: Option<String>,
    /// The `grade` report, when the grader made one.
    #[schemars(with = "Option<super::GradeReport>")]
    pub report: Option<serde_json::Value>,
}

impl JobResult {
    /// The result of a line that is not a job.
    pub fn invalid(line: usize, id: Option<String>, error: String) -> JobResult {
        JobResult {
            schema_version: super::SCHEMA_VERSION,
            id,
            line,
            system: None,
            model: None,
            arguments: None,
            outcome: JobOutcome::Invalid,
            exit_status: None,
            error: Some(error),
            report: None,
        }
    }

    /// Results are written in this order: jobs by `id`, then invalid lines by line.
    pub fn order_key(&self) -> (bool, &str, usize) {
        let invalid = self.outcome == JobOutcome::Invalid;
        let id = if invalid {
            ""
        } else {
            self.id.as_deref().unwrap_or("")
        };
        (invalid, id, self.line)
    }
}
