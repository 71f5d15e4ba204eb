//! Property test: on random small graphs (with constraints, invariants, action properties,
//! failing states and merged fingerprints), the parallel explorer reports exactly what TLC's
//! sequential algorithm reports: outcome, counts and counterexample.

mod common;

use common::{explore, naive_check, summary, Graph};
use proptest::prelude::*;

fn graph() -> impl Strategy<Value = Graph> {
    (1usize..30).prop_flat_map(|nodes| {
        let node = 0..nodes as u32;
        let flags = |p: f64| proptest::collection::vec(proptest::bool::weighted(p), nodes);
        (
            proptest::collection::vec(node.clone(), 1..4),
            proptest::collection::vec(
                proptest::collection::vec((0u32..3, node.clone()), 0..4),
                nodes,
            ),
            flags(0.15),
            flags(0.08),
            flags(0.1),
            proptest::collection::vec((node.clone(), node), 0..2),
            flags(0.04),
            any::<bool>(),
        )
            .prop_map(
                |(initial, edges, out_of_model, bad, bad_initial, bad_steps, failing, merge)| {
                    Graph {
                        initial,
                        edges,
                        out_of_model,
                        bad,
                        bad_initial,
                        bad_steps,
                        failing,
                        merge_pairs: merge,
                    }
                },
            )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn explorer_matches_sequential_tlc(graph in graph(), deadlock in any::<bool>(), block in 1usize..5) {
        let expected = summary(&naive_check(&graph, deadlock));
        for workers in [1, 3] {
            let report = explore(graph.clone(), workers, block, deadlock);
            prop_assert_eq!(&summary(&report), &expected, "workers {}", workers);
        }
    }

    #[test]
    fn complete_runs_match_on_plain_graphs(graph in graph()) {
        let plain = Graph {
            out_of_model: vec![false; graph.edges.len()],
            bad: vec![false; graph.edges.len()],
            bad_initial: vec![false; graph.edges.len()],
            bad_steps: Vec::new(),
            failing: vec![false; graph.edges.len()],
            ..graph
        };
        let expected = naive_check(&plain, false);
        let report = explore(plain, 2, 2, false);
        prop_assert!(report.outcome.is_success());
        prop_assert_eq!(report.stats.distinct_states, expected.stats.distinct_states);
        prop_assert_eq!(report.stats.depth, expected.stats.depth);
        prop_assert_eq!(&report.stats, &expected.stats);
    }
}
