//! Budgets end runs as incomplete, never as success, with deterministic counts; bad options
//! and nondeterministic systems are diagnostics.

mod common;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{summary, HashGraph};
use tlafid_check::{
    errors, ActionId, Budget, Explorer, Options, Outcome, Report, TransitionSystem, ViolationId,
};

fn graph() -> HashGraph {
    HashGraph {
        nodes: 20_000,
        bad: None,
        merge_pairs: false,
    }
}

fn run(options: Options) -> Report<u64, ()> {
    let options = Options {
        check_deadlock: false,
        ..options
    };
    Explorer::new(graph(), options).run().unwrap()
}

#[test]
fn max_states_stops_at_exactly_that_many() {
    let full = run(Options::default());
    assert!(full.outcome.is_success());
    let expected = summary(&run(Options {
        max_states: Some(1000),
        ..Options::default()
    }));
    assert_eq!(expected.outcome, "Incomplete { budget: MaxStates }");
    assert_eq!(expected.stats.distinct_states, 1000);
    assert!(expected.stats.states_generated < full.stats.states_generated);
    assert!(expected.trace.is_none());
    for workers in [2, 4] {
        let options = Options {
            workers,
            block_size: 3,
            max_states: Some(1000),
            ..Options::default()
        };
        assert_eq!(summary(&run(options)), expected);
    }
    // A budget the run fits in is no limit.
    let distinct = full.stats.distinct_states;
    let options = Options {
        max_states: Some(distinct),
        ..Options::default()
    };
    assert!(run(options).outcome.is_success());
}

#[test]
fn max_depth_stops_before_deeper_states() {
    let full = run(Options::default());
    let depth = full.stats.depth;
    let shallow = run(Options {
        max_depth: Some(3),
        ..Options::default()
    });
    assert!(matches!(
        shallow.outcome,
        Outcome::Incomplete {
            budget: Budget::MaxDepth
        }
    ));
    assert_eq!(shallow.stats.depth, 3);
    let exact = run(Options {
        max_depth: Some(depth),
        ..Options::default()
    });
    assert!(exact.outcome.is_success());
    assert_eq!(exact.stats, full.stats);
}

#[test]
fn time_budget_and_cancellation_are_incomplete() {
    let report = run(Options {
        max_duration: Some(Duration::ZERO),
        ..Options::default()
    });
    assert!(matches!(
        report.outcome,
        Outcome::Incomplete {
            budget: Budget::MaxDuration
        }
    ));
    let cancel = Arc::new(AtomicBool::new(true));
    let report = run(Options {
        cancel: Some(cancel),
        ..Options::default()
    });
    assert!(matches!(
        report.outcome,
        Outcome::Incomplete {
            budget: Budget::Cancelled
        }
    ));
    assert!(!report.outcome.is_success());
}

#[test]
fn a_violation_before_the_budget_is_reported() {
    let system = HashGraph {
        bad: Some(1),
        ..graph()
    };
    let options = Options {
        max_states: Some(10),
        check_deadlock: false,
        ..Options::default()
    };
    let report = Explorer::new(system, options).run().unwrap();
    assert!(matches!(report.outcome, Outcome::InvariantViolation { .. }));
}

#[test]
fn zero_workers_is_a_diagnostic() {
    let error = Explorer::new(
        graph(),
        Options {
            workers: 0,
            ..Options::default()
        },
    )
    .run();
    assert_eq!(error.unwrap_err().code, errors::INVALID_OPTIONS);
}

/// Successors `x + 1` and `x + 2`, in an order that flips on every call.
struct Flipping {
    calls: AtomicU64,
}

impl TransitionSystem for Flipping {
    type State = u32;
    type Error = ();
    fn fingerprint(&self, x: &u32) -> u64 {
        common::mix(u64::from(*x))
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u32)) -> Result<(), ()> {
        emit(0);
        Ok(())
    }
    fn successors(&self, x: &u32, emit: &mut dyn FnMut(ActionId, u32)) -> Result<(), ()> {
        let flip = self.calls.fetch_add(1, Ordering::Relaxed) % 2 == 1;
        let (first, second) = if flip { (2, 1) } else { (1, 2) };
        emit(ActionId(0), x + first);
        emit(ActionId(0), x + second);
        Ok(())
    }
    fn check_invariants(&self, x: &u32) -> Result<Option<ViolationId>, ()> {
        Ok((*x == 9).then_some(ViolationId(0)))
    }
}

#[test]
fn a_nondeterministic_system_cannot_replay() {
    let system = Flipping {
        calls: AtomicU64::new(0),
    };
    let error = Explorer::new(system, Options::default()).run().unwrap_err();
    assert_eq!(error.code, errors::REPLAY_MISMATCH);
}

/// A billion initial states `0..10^9`, with duplicates (each even state twice), counting how
/// many it was asked for; no successors.
struct HugeInit {
    generated: Arc<AtomicU64>,
}

impl TransitionSystem for HugeInit {
    type State = u64;
    type Error = ();
    fn fingerprint(&self, x: &u64) -> u64 {
        common::mix(*x)
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
        self.initial_states_while(&mut |x| {
            emit(x);
            true
        })
    }
    fn initial_states_while(&self, emit: &mut dyn FnMut(u64) -> bool) -> Result<(), ()> {
        for x in 0..1_000_000_000u64 {
            for _ in 0..(1 + u64::from(x % 2 == 0)) {
                self.generated.fetch_add(1, Ordering::Relaxed);
                if !emit(x) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }
    fn successors(&self, _: &u64, _: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
        Ok(())
    }
}

#[test]
fn max_states_stops_the_enumeration_of_initial_states() {
    for workers in [1, 3] {
        let generated = Arc::new(AtomicU64::new(0));
        let system = HugeInit {
            generated: generated.clone(),
        };
        let options = Options {
            max_states: Some(10),
            workers,
            check_deadlock: false,
            ..Options::default()
        };
        let report = Explorer::new(system, options).run().unwrap();
        let summary = summary(&report);
        assert_eq!(summary.outcome, "Incomplete { budget: MaxStates }");
        assert_eq!(summary.stats.distinct_states, 10);
        // 0 0 1 2 2 3 ... 9 10: the eleventh new state (10) is the 16th generated.
        assert_eq!(summary.stats.states_generated, 16);
        assert_eq!(generated.load(Ordering::Relaxed), 16);
    }
}

#[test]
fn a_time_budget_stops_the_enumeration_of_initial_states_and_counts_them() {
    let counter = Arc::new(AtomicU64::new(0));
    let system = HugeInit {
        generated: counter.clone(),
    };
    let options = Options {
        max_duration: Some(Duration::from_millis(200)),
        workers: 1,
        check_deadlock: false,
        ..Options::default()
    };
    let report = Explorer::new(system, options).run().unwrap();
    let summary = summary(&report);
    assert_eq!(summary.outcome, "Incomplete { budget: MaxDuration }");
    let generated = counter.load(Ordering::Relaxed);
    assert!(generated < 1_500_000_000, "the enumeration ran to its end");
    assert_eq!(summary.stats.states_generated, generated);
    // Two of every even number: the distinct states are two thirds of those generated.
    let distinct = summary.stats.distinct_states;
    assert!(
        distinct > 0 && distinct.abs_diff(generated * 2 / 3) <= 1,
        "{distinct} of {generated}"
    );
}
