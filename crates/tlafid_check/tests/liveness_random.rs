//! Property test: on tiny random graphs with random fairness and a random temporal formula over
//! state atoms, the explorer finds a counterexample exactly when a brute-force search over
//! short lassos does (or finds one too long for it), and every lasso it reports is a path of
//! the graph that satisfies the formula.

mod common;

use common::live::{always, and, atom, eventually, holds_on_lasso, not, or, LiveGraph};
use proptest::prelude::*;
use tlafid_check::{Explorer, Ltl, Options, Outcome};

/// A random formula in negation normal form over state atoms 0 and 1, and with `steps` also
/// over the atoms "enabled k" (2, 4) and "a step of k" (3, 5).
fn formula(steps: bool) -> impl Strategy<Value = Ltl> {
    let atoms = if steps { 0u32..6 } else { 0u32..2 };
    let leaf = prop_oneof![
        atoms.clone().prop_map(atom),
        atoms.prop_map(not),
        Just(Ltl::Bool(true)),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(always),
            inner.clone().prop_map(eventually),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| and(vec![a, b])),
            (inner.clone(), inner).prop_map(|(a, b)| or(vec![a, b])),
        ]
    })
}

fn graph(steps: bool) -> impl Strategy<Value = (LiveGraph, Ltl)> {
    (1usize..5).prop_flat_map(move |nodes| {
        let node = 0..nodes as u32;
        (
            proptest::collection::vec(node.clone(), 1..3),
            proptest::collection::vec(proptest::collection::vec((0u32..2, node), 0..3), nodes),
            proptest::collection::vec(proptest::collection::vec(any::<bool>(), 2), nodes),
            proptest::collection::vec(0u8..3, 2),
            formula(steps),
        )
            .prop_map(|(initial, edges, props, fairness, property)| {
                let graph = LiveGraph::new(initial, edges, props, 2);
                let mut parts: Vec<Ltl> = Vec::new();
                for (k, kind) in fairness.iter().enumerate() {
                    match kind {
                        1 => parts.push(graph.weak(k as u32)),
                        2 => parts.push(graph.strong(k as u32)),
                        _ => {}
                    }
                }
                parts.push(property);
                let counter = and(parts);
                (graph.with("random", counter.clone()), counter)
            })
    })
}

/// Successors of a node in the lasso search: itself (stuttering), then its targets.
fn steps(graph: &LiveGraph, node: u32) -> Vec<u32> {
    let mut next = vec![node];
    next.extend(graph.edges[node as usize].iter().map(|&(_, t)| t));
    next
}

/// Some lasso with at most `max` states satisfies `counter`.
fn brute_force(graph: &LiveGraph, counter: &Ltl, max: usize) -> bool {
    let mut stack: Vec<Vec<u32>> = graph.initial.iter().map(|&s| vec![s]).collect();
    while let Some(path) = stack.pop() {
        let last = *path.last().unwrap();
        let closing = steps(graph, last);
        for cycle in 0..path.len() {
            if closing.contains(&path[cycle]) && holds_on_lasso(graph, counter, &path, cycle) {
                return true;
            }
        }
        if path.len() < max {
            for next in steps(graph, last) {
                let mut longer = path.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
    }
    false
}

fn is_lasso(graph: &LiveGraph, states: &[u32], cycle: usize) -> bool {
    let last = *states.last().unwrap();
    graph.initial.contains(&states[0])
        && states
            .windows(2)
            .all(|w| steps(graph, w[0]).contains(&w[1]))
        && cycle < states.len()
        && steps(graph, last).contains(&states[cycle])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn explorer_agrees_with_brute_force((graph, counter) in graph(false), workers in 1usize..4) {
        let options = Options { workers, block_size: 1, check_deadlock: false, ..Options::default() };
        let report = Explorer::new(graph.clone(), options).run().unwrap();
        let brute = brute_force(&graph, &counter, 6);
        match report.outcome {
            Outcome::LivenessViolation { property: 0 } => {
                let states: Vec<u32> =
                    report.trace.unwrap().iter().map(|step| step.state).collect();
                let cycle = report.cycle.unwrap();
                prop_assert!(is_lasso(&graph, &states, cycle), "{:?} {}", states, cycle);
                prop_assert!(holds_on_lasso(&graph, &counter, &states, cycle), "{:?} {}", states, cycle);
            }
            Outcome::Success => prop_assert!(!brute, "missed a counterexample"),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
    }

    /// With action atoms in the formula, a lasso shown without its stuttering steps may not
    /// satisfy a formula that is not invariant under stuttering; only whether a counterexample
    /// exists is compared.
    #[test]
    fn existence_agrees_with_action_atoms((graph, counter) in graph(true)) {
        let options = Options { check_deadlock: false, ..Options::default() };
        let report = Explorer::new(graph.clone(), options).run().unwrap();
        let brute = brute_force(&graph, &counter, 6);
        match report.outcome {
            Outcome::LivenessViolation { property: 0 } => {
                let states: Vec<u32> =
                    report.trace.unwrap().iter().map(|step| step.state).collect();
                prop_assert!(is_lasso(&graph, &states, report.cycle.unwrap()));
            }
            Outcome::Success => prop_assert!(!brute, "missed a counterexample"),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
    }
}
