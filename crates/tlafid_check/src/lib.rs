//! Explicit-state exploration of any [`TransitionSystem`]: breadth-first model checking with
//! TLC's semantics ([`Explorer`]) and random simulation like TLC's `-simulate`
//! ([`Simulator`]).
//!
//! The crate knows nothing of TLA+: a binding implements [`TransitionSystem`] (initial states,
//! successors, fingerprints, invariants, constraints, action properties) and this crate
//! explores it. No I/O: progress goes to a callback, results come back as a [`Report`].
//!
//! Invariant: depends only on `tlafid_base` (and rayon); never names TLA+, never does I/O,
//! never lets thread timing reach a result (except time budgets and cancellation).
//!
//! # Binding a specification
//! | TLC configuration | [`TransitionSystem`] method |
//! |---|---|
//! | `INIT` | [`initial_states`](TransitionSystem::initial_states) |
//! | `NEXT` (split into actions) | [`successors`](TransitionSystem::successors), with an [`ActionId`] per action |
//! | `INVARIANT` | [`check_invariants`](TransitionSystem::check_invariants) |
//! | `PROPERTY` (initial part / `[][A]_v` part) | [`check_initial_properties`](TransitionSystem::check_initial_properties) / [`check_action_properties`](TransitionSystem::check_action_properties) |
//! | `CONSTRAINT` / `ACTION_CONSTRAINT` | [`in_model`](TransitionSystem::in_model) / [`action_allowed`](TransitionSystem::action_allowed) |
//! | `VIEW`, `SYMMETRY` | [`fingerprint`](TransitionSystem::fingerprint) |
//! | `CHECK_DEADLOCK`, `-deadlock` | [`Options::check_deadlock`] |
//! | `-workers` | [`Options::workers`] |
//! | `-simulate`, `-depth`, `-num`, `-seed` | [`Simulator`], [`SimulationOptions`] |
//!
//! | `PROPERTY` (liveness), fairness | [`liveness`](TransitionSystem::liveness), [`state_atoms`](TransitionSystem::state_atoms), [`action_atoms`](TransitionSystem::action_atoms) |
//!
//! # Liveness
//! When [`TransitionSystem::liveness`] has obligations, the one breadth-first search also
//! records the state graph (each state's out-edges inside the model and its stuttering step,
//! labelled with the atom values on the step), and after a complete safety search each
//! obligation is decided on it: a reachable lasso satisfying the obligation's formula is a
//! [`Outcome::LivenessViolation`], whose trace is the lasso with [`Report::cycle`] the
//! position the last state steps back to. See [`liveness`] for the algorithm. Budgets that cut
//! the search, a time budget or a cancellation during the liveness phase leave the run
//! incomplete.
//!
//! # Semantics (TLC's, read from `tlc2.tool.Worker` and `tlc2.tool.ModelChecker`)
//! - **States generated** counts every initial state produced (duplicates and states outside
//!   the constraints too) plus every successor produced, before constraints, each counted as
//!   it is produced (so a run stopped at a successor counts it and those before it).
//! - **Constraints.** A state failing `CONSTRAINT` ([`TransitionSystem::in_model`]) or a step
//!   failing `ACTION_CONSTRAINT` ([`TransitionSystem::action_allowed`]) is not added to the
//!   seen set, not counted as distinct and not explored; its invariants are still checked
//!   (every time it is generated). Initial states are subject to `CONSTRAINT` only.
//! - **Invariants** are checked once on each new distinct state (initial ones included), and on
//!   every generated state outside the constraints. (With several workers, a candidate for a
//!   new fingerprint may be checked and then displaced by one met earlier in sequential order;
//!   only the kept candidate's result counts.)
//! - **Action properties** are checked on every generated step, also towards seen states and
//!   states outside the constraints, after the successor's invariants.
//! - **Deadlock**: an explored state none of whose actions produces a successor (constraints do
//!   not matter); checked only when [`Options::check_deadlock`] is set.
//! - **Depth** is the number of breadth-first levels: initial states are at depth 1, and
//!   "the depth of the complete state graph search" is the largest depth of a distinct state.
//! - **VIEW and SYMMETRY** live in [`TransitionSystem::fingerprint`]: states with equal
//!   fingerprints are one state; the first one met in breadth-first order is kept.
//!
//! # Determinism
//! Levels are expanded in parallel, but every successor has a place in sequential order (its
//! parent's position in the frontier, then its position among the parent's successors). The
//! state kept for a fingerprint, its parent, the violation reported, the counterexample and all
//! counts are those of a sequential breadth-first search, whatever the number of workers. Only
//! time budgets and cancellation depend on timing.
//!
//! # Memory
//! The seen set holds 64-bit fingerprints in a lock-free open-addressing table (8-byte slots,
//! load between about 1/2 and 3/4: at most 16 bytes per distinct state). Parent links take
//! 8 bytes per distinct state (one exactly sized block per level); counterexamples are rebuilt
//! by replaying the system from an initial state. States are kept for the frontier (and the
//! next level's new states) only, and a system that can ([`TransitionSystem::pack`]) keeps
//! them packed into bytes, in one byte arena per level (per block while the level is built):
//! a new state is checked when it is claimed, still whole (after its level when a
//! `max_states` or `max_depth` budget could cut the level: a state cut off is never checked),
//! and a packed state is rebuilt when it is expanded or shown. The frontier is freed when its level is committed. A run holds at most `u32::MAX - 1` distinct states (then it is incomplete,
//! [`Budget::MaxStates`]). With temporal properties, the seen set also keeps each
//! fingerprint's state index (4 bytes a slot) and the state graph takes 8 bytes per state plus,
//! per edge, 4 bytes of target (none for the stuttering step) and 1 byte of label while there
//! are at most 256 distinct labels (2, then 4, beyond); deciding a property takes about 25
//! more bytes per reachable product node while it runs ([`LivenessStats`]).
#![warn(missing_docs)]

mod checkpoint;
mod claims;
mod disk;
pub mod errors;
mod event;
mod expand;
mod explorer;
mod graph_dump;
mod level_spill;
pub mod liveness;
mod options;
mod report;
mod rng;
mod seen;
mod simulate;
mod storage;
mod stored;
mod system;
mod trace;
mod watch;

/// The stack of each worker thread: 256 MiB of address space (pages are used only as deep
/// as a value or a recursion goes). Values nested thousands deep (`x' = <<x>>`) are legal
/// TLA+, and packing, hashing, comparing and dropping them recurses once per level.
pub const WORKER_STACK_BYTES: usize = 256 << 20;

pub use explorer::Explorer;
pub use graph_dump::{graph_dump, GraphDump};
pub use liveness::{AtomId, AtomKind, AtomValues, LivenessSpec, Ltl, Obligation};
pub use options::{LevelCallback, Options, Progress, ProgressCallback};
pub use report::{
    ActionStats, Budget, LivenessStats, OutDegree, Outcome, Report, Stats, TraceStep, Violation,
    ViolationKind, OUTDEGREE_BUCKETS,
};
pub use seen::FingerprintSet;
pub use simulate::{SimulationOptions, SimulationOutcome, SimulationReport, Simulator};
pub use storage::{CheckpointOptions, MemoryStorage, SharedMemoryStorage, SpillOptions, Storage};
pub use system::{ActionId, Successor, TransitionSystem, ViolationId};
