//! What a run may do: worker count, deadlock checking, budgets, progress reporting.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use tlafid_base::Interrupt;

use crate::storage::{CheckpointOptions, SpillOptions};

/// A snapshot of a run in progress, handed to the progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Breadth-first level being expanded (initial states are level 1).
    pub depth: u32,
    /// States generated so far (approximate while a level is being expanded).
    pub states_generated: u64,
    /// Distinct states found in completed levels.
    pub distinct_states: u64,
    /// States of the level being expanded that are not expanded yet (approximate).
    pub states_on_queue: u64,
    /// Time since the run started.
    pub elapsed: Duration,
}

/// Called every [`Options::progress_interval`] with a [`Progress`] snapshot.
pub type ProgressCallback = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Called after each breadth-first level is complete, with the counts so far (per-action
/// counts included): what periodic coverage reports print.
pub type LevelCallback = Arc<dyn Fn(&crate::Stats) + Send + Sync>;

/// How an exploration runs.
#[derive(Clone)]
pub struct Options {
    /// Worker threads (at least 1). Results do not depend on it.
    pub workers: usize,
    /// Report states without successors as deadlocks (TLC's default; `-deadlock` turns it off).
    pub check_deadlock: bool,
    /// Stop, incomplete, before adding the distinct state that would exceed this many.
    pub max_states: Option<u64>,
    /// Stop, incomplete, before adding a state deeper than this (initial states have depth 1).
    pub max_depth: Option<u32>,
    /// Stop, incomplete, after about this much time (checked between blocks of work).
    pub max_duration: Option<Duration>,
    /// Set to `true` from elsewhere to stop the run (reported as incomplete, `Cancelled`).
    pub cancel: Option<Arc<AtomicBool>>,
    /// A stop signal from outside (deadline, memory, cancellation), checked with the time
    /// budget; the evaluator polls the same signal inside one state's work.
    pub interrupt: Option<Interrupt>,
    /// Called with progress snapshots; the CLI prints them.
    pub progress: Option<ProgressCallback>,
    /// How often `progress` is called.
    pub progress_interval: Duration,
    /// Frontier states handed to a worker at a time.
    pub block_size: usize,
    /// Distinct states expected, to size the seen set up front (it grows anyway).
    pub expected_states: Option<u64>,
    /// TLC's `-continue`: an invariant or action-property violation is recorded in
    /// [`Report::violations`](crate::Report::violations) and the search goes on (the violating
    /// state is explored like any other). Deadlocks, errors, initial-property violations and
    /// budgets still stop the run.
    pub continue_after_violations: bool,
    /// Called after each complete level (not after the level a run stops in). The counts
    /// at a level's end do not depend on the number of workers.
    pub after_level: Option<LevelCallback>,
    /// Hand each kept distinct state to
    /// [`TransitionSystem::observe_state`](crate::TransitionSystem::observe_state) when its
    /// level is committed.
    pub observe_states: bool,
    /// Spill the seen set and the queue to files past these sizes (without it, all stays in
    /// memory). Counts and verdicts do not depend on it.
    pub spill: Option<SpillOptions>,
    /// Save checkpoints, or resume from one.
    pub checkpoint: Option<CheckpointOptions>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            workers: 1,
            check_deadlock: true,
            max_states: None,
            max_depth: None,
            max_duration: None,
            cancel: None,
            interrupt: None,
            progress: None,
            progress_interval: Duration::from_secs(5),
            block_size: 256,
            expected_states: None,
            continue_after_violations: false,
            after_level: None,
            observe_states: false,
            spill: None,
            checkpoint: None,
        }
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("workers", &self.workers)
            .field("check_deadlock", &self.check_deadlock)
            .field("max_states", &self.max_states)
            .field("max_depth", &self.max_depth)
            .field("max_duration", &self.max_duration)
            .field("progress_interval", &self.progress_interval)
            .field("block_size", &self.block_size)
            .field("expected_states", &self.expected_states)
            .field("continue_after_violations", &self.continue_after_violations)
            .field("spill", &self.spill)
            .field("checkpoint", &self.checkpoint)
            .finish_non_exhaustive()
    }
}
