//! tlafid as a library: the pipeline every front end (the `tlafid` command line, the MCP
//! server, a batch grader, a test) runs, one call per question, each with a typed result.
//!
//! ```text
//! ModelInputs ──► load (model, configuration, observation module, requirements)
//!             ──► bind (constants, Init/Next, checks) ──► ASSUMEs
//!             ──► run: explore or simulate ──► Run { outcome: RunOutcome, explored, .. }
//! ```
//!
//! File text comes through [`Files`], which the front end implements: the pipeline reads
//! no file, sets no thread count and prints nothing. A [`Session`] holds the sources read
//! and the diagnostics found; a front end renders them once a call returns.
//!
//! Invariant: depends on the engine crates only; no I/O (files through [`Files`], progress
//! through a callback, thread counts given); the front end turns arguments into these
//! inputs, renders the results and maps them to exit statuses, nothing else.
#![warn(missing_docs)]

pub mod batch;
pub mod budget;
pub mod codes;
pub mod counterexample;
pub mod coverage;
pub mod files;
pub mod grade;
pub mod load;
pub mod mutate;
pub mod output;
pub mod report;
pub mod run;
pub mod session;
pub mod trace;

pub use counterexample::{Fitted, TraceDump};
pub use files::{FileText, Files};
pub use load::{LoadFailure, Loaded, ModelInputs, SpecReads};
pub use run::{
    run, Explored, Milestone, MilestoneCallback, Mode, OutcomeKind, Run, RunOptions, RunOutcome,
    SimulationOptions,
};
pub use session::Session;
