//! What a run returns: the outcome, the statistics and the counterexample, as plain data.

use std::time::Duration;

use crate::{ActionId, ViolationId};

/// Which budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// [`Options::max_states`](crate::Options::max_states).
    MaxStates,
    /// [`Options::max_depth`](crate::Options::max_depth).
    MaxDepth,
    /// [`Options::max_duration`](crate::Options::max_duration).
    MaxDuration,
    /// [`Options::cancel`](crate::Options::cancel) was set, or the
    /// [`Options::interrupt`](crate::Options::interrupt) raised as cancelled.
    Cancelled,
    /// The memory budget: [`Options::interrupt`](crate::Options::interrupt) raised for it.
    MaxMemory,
    /// A run with temporal properties would have had to spill its seen set
    /// ([`Options::spill`](crate::Options::spill)): the state graph does not spill.
    LivenessSpill,
}

impl Budget {
    /// The budget a stop signal stands for.
    pub fn of_stop(reason: tlafid_base::StopReason) -> Budget {
        match reason {
            tlafid_base::StopReason::Deadline => Budget::MaxDuration,
            tlafid_base::StopReason::Memory => Budget::MaxMemory,
            tlafid_base::StopReason::Cancelled => Budget::Cancelled,
        }
    }
}

/// How a run ended.
#[derive(Debug)]
pub enum Outcome<E> {
    /// Every reachable state was explored and no check failed.
    Success,
    /// A state violates an invariant; the trace ends in that state.
    InvariantViolation {
        /// The first invariant violated, as the system numbers them.
        invariant: ViolationId,
    },
    /// An initial state violates the initial part of a property; the trace is that state.
    InitialPropertyViolation {
        /// The first property violated, as the system numbers them.
        property: ViolationId,
    },
    /// A step violates an action property; the trace ends with that step.
    ActionPropertyViolation {
        /// The first action property violated, as the system numbers them.
        property: ViolationId,
    },
    /// A reachable state has no successor at all; the trace ends in it.
    Deadlock,
    /// The system failed to evaluate something; the trace ends in the state concerned
    /// (the successor for a failed check on a successor, else the state being expanded).
    EvalError {
        /// The system's error.
        error: E,
    },
    /// A behaviour violates a temporal property: the trace is a lasso, whose last state steps
    /// back to the state at [`Report::cycle`].
    LivenessViolation {
        /// The property violated: an index into
        /// [`LivenessSpec::obligations`](crate::LivenessSpec::obligations).
        property: usize,
    },
    /// A budget ran out before the state space was exhausted. Never a success.
    Incomplete {
        /// Which budget.
        budget: Budget,
    },
}

impl<E> Outcome<E> {
    /// True only for a complete run without violations.
    pub fn is_success(&self) -> bool {
        matches!(self, Outcome::Success)
    }
}

/// Generated and distinct states of one action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionStats {
    /// Successors this action generated.
    pub generated: u64,
    /// New distinct states this action found first.
    pub distinct: u64,
}

/// Counts, following TLC's definitions.
///
/// When a run stops early (violation, deadlock, error, budget), the counts are those a
/// sequential breadth-first search would have at the moment it met the stopping event, so they
/// match TLC with one worker and do not depend on the number of workers. Per-action counts then
/// cover the levels completed before the stop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Initial states generated plus successors generated (duplicates and states outside the
    /// constraints included).
    pub states_generated: u64,
    /// Distinct states added to the seen set.
    pub distinct_states: u64,
    /// Distinct states found but not explored yet.
    pub states_left_on_queue: u64,
    /// Length, in states, of the longest shortest path from an initial state (TLC's "depth of
    /// the complete state graph search"); 0 if no state was generated.
    pub depth: u32,
    /// Initial states generated (TLC's "Finished computing initial states: N ... generated").
    pub initial_states_generated: u64,
    /// Distinct initial states inside the constraints.
    pub initial_distinct_states: u64,
    /// Indexed by [`ActionId`]`.0`.
    pub per_action: Vec<ActionStats>,
    /// TLC's "outdegree": `outdegree[k]` explored states found `k` new states (the last
    /// bucket counts 31 or more). See [`Stats::outdegree_summary`].
    pub outdegree: [u64; OUTDEGREE_BUCKETS],
    /// Figures of the liveness phase, when the system has temporal properties and the safety
    /// search completed.
    pub liveness: Option<LivenessStats>,
}

/// What checking temporal properties cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LivenessStats {
    /// Edges of the state graph, each state's stuttering step included.
    pub edges: u64,
    /// Distinct sets of atom values on steps (labels).
    pub labels: u64,
    /// Bytes the state graph held (adjacency, labels, fingerprint-to-index table).
    pub graph_bytes: u64,
    /// Reachable nodes of the products of the graph with the tableaux, summed over the
    /// disjuncts and properties checked.
    pub product_nodes: u64,
    /// Bytes the largest product search held (per product node number: breadth-first rank
    /// and parent, Tarjan's index, low link, stack flag and component tag), on top of the
    /// graph, while it ran.
    pub search_bytes: u64,
}

impl LivenessStats {
    /// Graph bytes per distinct state (0 without states).
    pub fn bytes_per_state(&self, distinct_states: u64) -> f64 {
        if distinct_states == 0 {
            0.0
        } else {
            self.graph_bytes as f64 / distinct_states as f64
        }
    }
}

/// Buckets of [`Stats::outdegree`], as TLC keeps them.
pub const OUTDEGREE_BUCKETS: usize = 32;

/// TLC's summary line "The average outdegree of the complete state graph is .. (minimum is ..,
/// the maximum .. and the 95th percentile is ..)".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutDegree {
    /// Fewest new states found by one explored state.
    pub min: u32,
    /// Mean (TLC prints it rounded).
    pub mean: f64,
    /// Most new states found by one explored state (31 means 31 or more).
    pub max: u32,
    /// 95th percentile, computed as TLC does.
    pub percentile_95: u32,
}

impl Stats {
    /// The outdegree summary, or `None` if no state was explored.
    pub fn outdegree_summary(&self) -> Option<OutDegree> {
        let samples = || {
            (0u32..)
                .zip(self.outdegree.iter().copied())
                .filter(|&(_, n)| n > 0)
        };
        let observations: u64 = self.outdegree.iter().sum();
        let min = samples().next()?.0;
        let max = samples().last()?.0;
        let sum: u64 = samples().map(|(k, n)| u64::from(k) * n).sum();
        let position = (observations as f64 * 0.95) as u64;
        let mut seen = 0;
        let percentile_95 = samples()
            .find(|&(_, n)| {
                seen += n;
                seen > position
            })
            .map_or(max, |(k, _)| k);
        let mean = sum as f64 / observations as f64;
        Some(OutDegree {
            min,
            mean,
            max,
            percentile_95,
        })
    }
}

/// One state of a counterexample and the action that led to it (`None` for the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep<S> {
    /// The action taken into `state`; `None` for an initial state.
    pub action: Option<ActionId>,
    /// The full state.
    pub state: S,
}

/// The result of [`Explorer::run`](crate::Explorer::run).
#[derive(Debug)]
pub struct Report<S, E> {
    /// How the run ended.
    pub outcome: Outcome<E>,
    /// Counts.
    pub stats: Stats,
    /// A shortest behaviour leading to the violation, deadlock or error; `None` on success or
    /// incomplete runs.
    pub trace: Option<Vec<TraceStep<S>>>,
    /// For a [`Outcome::LivenessViolation`], the position in `trace` of the state the last
    /// state of the trace steps back to, forever. When it is the last position, the
    /// behaviour ends by stuttering in its last state (TLC prints "Stuttering").
    pub cycle: Option<usize>,
    /// Wall-clock time taken (not deterministic; never compare it in tests).
    pub elapsed: Duration,
    /// With [`Options::continue_after_violations`](crate::Options::continue_after_violations):
    /// every invariant and action-property violation met, in sequential breadth-first order
    /// (level, parent's position, successor's position). The run's `outcome` and `trace` are
    /// then the first of them unless something else stopped the run.
    pub violations: Vec<Violation<S>>,
}

/// A violation met by a run that went on exploring after it (TLC's `-continue`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation<S> {
    /// What was violated.
    pub kind: ViolationKind,
    /// A shortest behaviour to the violating state or step.
    pub trace: Vec<TraceStep<S>>,
}

/// Which check a [`Violation`] failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// An invariant, on the last state of the trace.
    Invariant(ViolationId),
    /// An action property, on the last step of the trace.
    ActionProperty(ViolationId),
}

impl ViolationKind {
    /// The outcome a run stopped by this violation has.
    pub fn outcome<E>(self) -> Outcome<E> {
        match self {
            ViolationKind::Invariant(invariant) => Outcome::InvariantViolation { invariant },
            ViolationKind::ActionProperty(property) => {
                Outcome::ActionPropertyViolation { property }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outdegree_summary_follows_tlc() {
        let mut stats = Stats::default();
        assert_eq!(stats.outdegree_summary(), None);
        stats.outdegree[0] = 10;
        stats.outdegree[1] = 5;
        stats.outdegree[3] = 5;
        let summary = stats.outdegree_summary().unwrap();
        // 20 observations: the 95th percentile is the value at position 19 (0-based).
        assert_eq!(
            summary,
            OutDegree {
                min: 0,
                mean: 1.0,
                max: 3,
                percentile_95: 3
            }
        );
        stats.outdegree[3] = 0;
        stats.outdegree[1] = 10;
        assert_eq!(stats.outdegree_summary().unwrap().percentile_95, 1);
    }
}
