//! The die-hard puzzle (jugs of 3 and 5 gallons): 16 distinct states, 97 generated (TLC's
//! figures for DieHard.tla), and a shortest way to 4 gallons in 7 states.

mod common;

use common::die_hard::*;
use common::{explore, naive_check, summary, trace_states};
use tlafid_check::{ActionStats, Outcome, ViolationId};

#[test]
fn whole_state_space_has_tlc_counts() {
    let report = explore(DieHard { not_solved: false }, 1, 256, true);
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.states_generated, 97);
    assert_eq!(report.stats.distinct_states, 16);
    assert_eq!(report.stats.states_left_on_queue, 0);
    assert_eq!(report.stats.depth, 8);
    assert_eq!(report.stats.initial_states_generated, 1);
    assert_eq!(report.stats.initial_distinct_states, 1);
    let generated: Vec<u64> = report
        .stats
        .per_action
        .iter()
        .map(|a| a.generated)
        .collect();
    assert_eq!(generated, vec![16; 6]);
    let distinct: u64 = report
        .stats
        .per_action
        .iter()
        .map(|a: &ActionStats| a.distinct)
        .sum();
    assert_eq!(
        distinct, 15,
        "every state but the initial one is found by an action"
    );
    // Every distinct state is explored once and, but for the initial one, found by one other.
    let outdegree = report.stats.outdegree_summary().unwrap();
    assert_eq!(report.stats.outdegree.iter().sum::<u64>(), 16);
    assert_eq!(outdegree.mean, 15.0 / 16.0);
    assert_eq!((outdegree.min, outdegree.max), (0, 2));
}

#[test]
fn shortest_way_to_four_gallons() {
    let report = explore(DieHard { not_solved: true }, 1, 256, true);
    assert!(matches!(
        report.outcome,
        Outcome::InvariantViolation {
            invariant: ViolationId(0)
        }
    ));
    assert_eq!(
        trace_states(&report),
        vec![(0, 0), (0, 5), (3, 2), (0, 2), (2, 0), (2, 5), (3, 4)]
    );
    let actions: Vec<_> = report
        .trace
        .as_ref()
        .unwrap()
        .iter()
        .map(|s| s.action)
        .collect();
    assert_eq!(
        actions,
        vec![
            None,
            Some(FILL_BIG),
            Some(BIG_TO_SMALL),
            Some(EMPTY_SMALL),
            Some(BIG_TO_SMALL),
            Some(FILL_BIG),
            Some(BIG_TO_SMALL)
        ]
    );
    assert_eq!(
        summary(&report),
        summary(&naive_check(&DieHard { not_solved: true }, true))
    );
}

#[test]
fn same_answer_with_any_worker_count_and_block_size() {
    let expected = summary(&explore(DieHard { not_solved: true }, 1, 256, true));
    for (workers, block) in [(2, 1), (4, 1), (4, 3)] {
        let report = explore(DieHard { not_solved: true }, workers, block, true);
        assert_eq!(summary(&report), expected);
    }
}
