//! Temporal properties on toy graphs: stuttering, weak and strong fairness, leads-to (the
//! tableau), persistence, pinned lassos, and the same answer for every worker count.

mod common;

use common::live::{always, and, atom, eventually, holds_on_lasso, not, LiveGraph};
use tlafid_check::{Explorer, Options, Outcome, Report};

/// Runs with 1, 2, 4 workers (blocks of one state) and 3 workers (blocks of two) and checks
/// they agree; returns the outcome, the trace's states and the cycle index.
fn check(graph: &LiveGraph) -> (String, Vec<u32>, Option<usize>) {
    let mut results = Vec::new();
    for (workers, block_size) in [(1, 1), (2, 1), (4, 1), (3, 2)] {
        let options = Options {
            workers,
            block_size,
            check_deadlock: false,
            ..Options::default()
        };
        let report: Report<u32, ()> = Explorer::new(graph.clone(), options).run().unwrap();
        let states: Vec<u32> = report
            .trace
            .iter()
            .flatten()
            .map(|step| step.state)
            .collect();
        if let Outcome::LivenessViolation { property } = report.outcome {
            let counter = &graph.spec.obligations[property].counter;
            let cycle = report.cycle.expect("a lasso has a cycle");
            assert!(
                holds_on_lasso(graph, counter, &states, cycle),
                "the lasso is a counterexample"
            );
        }
        results.push((format!("{:?}", report.outcome), states, report.cycle));
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]), "{results:?}");
    results.pop().unwrap()
}

const VIOLATED: &str = "LivenessViolation { property: 0 }";

/// 0 -> 1 -> 2, the goal `p` (atom 0) nowhere or in 2.
fn chain(goal_at_end: bool) -> LiveGraph {
    let props = vec![vec![false], vec![false], vec![goal_at_end]];
    LiveGraph::new(vec![0], vec![vec![(0, 1)], vec![(0, 2)], vec![]], props, 1)
}

#[test]
fn eventually_is_violated_by_stuttering_without_fairness() {
    // <>p fails: stay in 0 forever.
    let graph = chain(true).with("<>p", always(not(0)));
    assert_eq!(check(&graph), (VIOLATED.into(), vec![0], Some(0)));
}

#[test]
fn weak_fairness_forces_progress_until_the_end() {
    let fair = |graph: LiveGraph, goal| {
        let counter = and(vec![graph.weak(0), always(not(goal))]);
        graph.with("<>p", counter)
    };
    assert_eq!(
        check(&fair(chain(true), 0)),
        ("Success".into(), vec![], None)
    );
    // With no goal anywhere the behaviour stutters in its last state: cycle = last index.
    assert_eq!(
        check(&fair(chain(false), 0)),
        (VIOLATED.into(), vec![0, 1, 2], Some(2))
    );
}

/// 0 <-> 1 by action 0, `p` in 1 only.
fn toggle() -> LiveGraph {
    let props = vec![vec![false], vec![true]];
    LiveGraph::new(vec![0], vec![vec![(0, 1)], vec![(0, 0)]], props, 1)
}

#[test]
fn infinitely_often_needs_fairness() {
    let graph = toggle();
    let unfair = graph.clone().with("[]<>p", eventually(always(not(0))));
    assert_eq!(check(&unfair), (VIOLATED.into(), vec![0], Some(0)));
    let counter = and(vec![graph.weak(0), eventually(always(not(0)))]);
    assert_eq!(
        check(&graph.with("[]<>p", counter)),
        ("Success".into(), vec![], None)
    );
}

#[test]
fn leads_to_is_violated_through_the_tableau() {
    // 0 -> 1 (p) -> 2 -> 3 (q); 1 -> 4 <-> 5 never reaches q.
    let mut props = vec![vec![false, false]; 6];
    props[1][0] = true;
    props[3][1] = true;
    let edges = vec![
        vec![(0, 1)],
        vec![(0, 2), (0, 4)],
        vec![(0, 3)],
        vec![],
        vec![(0, 5)],
        vec![(0, 4)],
    ];
    let graph = LiveGraph::new(vec![0], edges, props, 1);
    // p ~> q, negated: <>(p /\ []~q), with weak fairness on the one action.
    let counter = and(vec![
        graph.weak(0),
        eventually(and(vec![atom(0), always(not(1))])),
    ]);
    let graph = graph.with("p ~> q", counter);
    assert_eq!(check(&graph), (VIOLATED.into(), vec![0, 1, 4, 5], Some(2)));
}

/// 0 <-> 1 by action 0 (T); action 1 (B) from 0 only, to 2 where `q` (atom 0) holds.
fn strong_choice() -> LiveGraph {
    let props = vec![vec![false], vec![false], vec![true]];
    let edges = vec![vec![(0, 1), (1, 2)], vec![(0, 0)], vec![]];
    LiveGraph::new(vec![0], edges, props, 2)
}

#[test]
fn strong_fairness_makes_a_property_hold_where_weak_does_not() {
    let graph = strong_choice();
    let weak = and(vec![graph.weak(0), graph.weak(1), always(not(0))]);
    assert_eq!(
        check(&graph.clone().with("<>q", weak)),
        (VIOLATED.into(), vec![0, 1], Some(0))
    );
    let strong = and(vec![graph.weak(0), graph.strong(1), always(not(0))]);
    assert_eq!(
        check(&graph.with("<>q", strong)),
        ("Success".into(), vec![], None)
    );
}

#[test]
fn persistence_condition_restricts_the_cycle() {
    // <>[]~p (p in 1) on the toggle with weak fairness: every cycle passes through 1.
    let graph = toggle();
    let counter = and(vec![graph.weak(0), eventually(always(not(0)))]);
    assert!(check(&graph.clone().with("[]<>p", counter)).0 == "Success");
    // <>[]p alone: stay in 1 forever after one step.
    let counter = eventually(always(atom(0)));
    assert_eq!(
        check(&graph.with("<>[]~p", counter)),
        (VIOLATED.into(), vec![0, 1], Some(1))
    );
}

#[test]
fn the_first_violated_obligation_is_reported() {
    let graph = toggle();
    let fair = graph.weak(0);
    let graph = graph
        .with("holds", and(vec![fair.clone(), eventually(always(not(0)))]))
        .with("fails", and(vec![fair, always(eventually(atom(0)))]));
    let (outcome, states, cycle) = check(&graph);
    assert_eq!(outcome, "LivenessViolation { property: 1 }");
    assert_eq!((states, cycle), (vec![0, 1], Some(0)));
}

#[test]
fn budgets_leave_liveness_undecided() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    // Violated without fairness; a cancellation raised while the last state is expanded, or a
    // state budget, makes the run incomplete instead.
    let graph = chain(true).with("<>p", always(not(0)));
    let flag = Arc::new(AtomicBool::new(false));
    let cancelled = LiveGraph {
        cancel_at: Some((2, flag.clone())),
        ..graph.clone()
    };
    let options = Options {
        check_deadlock: false,
        cancel: Some(flag),
        ..Options::default()
    };
    let report = Explorer::new(cancelled, options).run().unwrap();
    assert_eq!(
        format!("{:?}", report.outcome),
        "Incomplete { budget: Cancelled }"
    );
    assert!(report.trace.is_none() && report.cycle.is_none());
    let options = Options {
        check_deadlock: false,
        max_states: Some(2),
        ..Options::default()
    };
    let report = Explorer::new(graph, options).run().unwrap();
    assert_eq!(
        format!("{:?}", report.outcome),
        "Incomplete { budget: MaxStates }"
    );
    assert_eq!(report.stats.liveness, None);
}

#[test]
fn statistics_describe_the_graph() {
    let graph = toggle();
    let counter = and(vec![graph.weak(0), eventually(always(not(0)))]);
    let options = Options {
        check_deadlock: false,
        ..Options::default()
    };
    let report = Explorer::new(graph.with("[]<>p", counter), options)
        .run()
        .unwrap();
    let live = report.stats.liveness.expect("liveness figures");
    // Two states, each with its stuttering step and one move; labels: (p, enabled, moved)
    // on 0 -> 0, 0 -> 1, 1 -> 1, 1 -> 0.
    assert_eq!((live.edges, live.labels, live.product_nodes), (4, 4, 2));
    assert!(live.graph_bytes > 0);
}

#[test]
fn a_formula_too_large_is_a_diagnostic() {
    // Thirteen disjunctions of two persistences: 8192 disjuncts, over the limit of 4096.
    let props = vec![vec![false; 26]; 2];
    let graph = LiveGraph::new(vec![0], vec![vec![(0, 1)], vec![(0, 0)]], props, 1);
    let either = |n: u32| {
        common::live::or(vec![
            eventually(always(atom(2 * n))),
            eventually(always(atom(2 * n + 1))),
        ])
    };
    let counter = and((0..13).map(either).collect());
    let options = Options {
        check_deadlock: false,
        ..Options::default()
    };
    let error = Explorer::new(graph.with("big", counter), options)
        .run()
        .unwrap_err();
    assert_eq!(error.code, tlafid_check::errors::LIVENESS_TOO_LARGE);
}

#[test]
fn atoms_that_fail_to_evaluate_are_evaluation_errors() {
    let graph = chain(true).with("<>p", always(not(0)));
    let run = |fail_at| {
        let system = LiveGraph {
            fail_at: Some(fail_at),
            ..graph.clone()
        };
        check(&system)
    };
    // The state atoms of state 1: the trace ends in the state being expanded.
    assert_eq!(
        run((1, false)),
        ("EvalError { error: () }".into(), vec![0, 1], None)
    );
    // The action atoms of the step into 2: the trace ends with that step.
    assert_eq!(
        run((2, true)),
        ("EvalError { error: () }".into(), vec![0, 1, 2], None)
    );
}
