//! The same counts, outcome and counterexample for any number of workers and block size, and
//! on every run; progress reports arrive.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{naive_check, summary, HashGraph};
use tlafid_check::{Explorer, Options, Outcome, Progress};

fn run(graph: &HashGraph, workers: usize, block_size: usize) -> common::Summary<u64> {
    let options = Options {
        workers,
        block_size,
        check_deadlock: false,
        ..Options::default()
    };
    summary(&Explorer::new(graph.clone(), options).run().unwrap())
}

/// The last state found by a plain breadth-first search: one of the deepest.
fn deep_state(graph: &HashGraph) -> u64 {
    use tlafid_check::TransitionSystem;
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::from([0, 1]);
    let mut last = 0;
    while let Some(s) = queue.pop_front() {
        if seen.insert(graph.fingerprint(&s)) {
            last = s;
            graph
                .successors(&s, &mut |_, t| queue.push_back(t))
                .unwrap();
        }
    }
    last
}

#[test]
fn complete_runs_agree_for_every_worker_count() {
    for merge_pairs in [false, true] {
        let graph = HashGraph {
            nodes: 20_000,
            bad: None,
            merge_pairs,
        };
        let expected = summary(&naive_check(&graph, false));
        assert!(
            expected.stats.distinct_states > 1000,
            "{:?}",
            expected.stats
        );
        for (workers, block) in [(1, 256), (2, 1), (2, 7), (4, 3), (4, 256)] {
            assert_eq!(
                run(&graph, workers, block),
                expected,
                "workers {workers} block {block}"
            );
        }
    }
}

#[test]
fn violations_and_traces_agree_for_every_worker_count() {
    let graph = HashGraph {
        nodes: 20_000,
        bad: None,
        merge_pairs: true,
    };
    let graph = HashGraph {
        bad: Some(deep_state(&graph)),
        ..graph
    };
    let expected = summary(&naive_check(&graph, false));
    assert!(
        expected.outcome.starts_with("InvariantViolation"),
        "{}",
        expected.outcome
    );
    assert!(expected.trace.as_ref().unwrap().len() > 5, "{expected:?}");
    for (workers, block) in [(1, 256), (2, 1), (4, 5)] {
        for _repeat in 0..3 {
            assert_eq!(
                run(&graph, workers, block),
                expected,
                "workers {workers} block {block}"
            );
        }
    }
}

#[test]
fn progress_is_reported() {
    let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
    let sink = Arc::clone(&seen);
    let options = Options {
        workers: 2,
        block_size: 16,
        check_deadlock: false,
        progress: Some(Arc::new(move |p: &Progress| sink.lock().unwrap().push(*p))),
        progress_interval: Duration::from_nanos(1),
        ..Options::default()
    };
    let graph = HashGraph {
        nodes: 5_000,
        bad: None,
        merge_pairs: false,
    };
    let report = Explorer::new(graph, options).run().unwrap();
    assert!(matches!(report.outcome, Outcome::Success));
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty());
    assert!(seen
        .iter()
        .all(|p| p.states_generated <= report.stats.states_generated));
    assert!(seen
        .iter()
        .all(|p| p.distinct_states <= report.stats.distinct_states));
}
