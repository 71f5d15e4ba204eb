//! The die-hard puzzle (jugs of 3 and 5 gallons): 16 distinct states, 97 generated (TLC's
//! figures for DieHard.tla), and a shortest way to 4 gallons in 7 states.

mod common;

use common::{explore, mix, naive_check, summary, trace_states};
use tlafid_check::{ActionId, ActionStats, Outcome, TransitionSystem, ViolationId};

/// (small, big) gallons. Actions in DieHard.tla's order.
struct DieHard {
    /// Check `big /= 4` as invariant 0.
    not_solved: bool,
}

const FILL_SMALL: ActionId = ActionId(0);
const FILL_BIG: ActionId = ActionId(1);
const EMPTY_SMALL: ActionId = ActionId(2);
const EMPTY_BIG: ActionId = ActionId(3);
const SMALL_TO_BIG: ActionId = ActionId(4);
const BIG_TO_SMALL: ActionId = ActionId(5);

impl TransitionSystem for DieHard {
    type State = (u8, u8);
    type Error = ();

    fn fingerprint(&self, &(small, big): &(u8, u8)) -> u64 {
        mix(u64::from(small) << 8 | u64::from(big))
    }

    fn initial_states(&self, emit: &mut dyn FnMut((u8, u8))) -> Result<(), ()> {
        emit((0, 0));
        Ok(())
    }

    fn successors(
        &self,
        &(small, big): &(u8, u8),
        emit: &mut dyn FnMut(ActionId, (u8, u8)),
    ) -> Result<(), ()> {
        emit(FILL_SMALL, (3, big));
        emit(FILL_BIG, (small, 5));
        emit(EMPTY_SMALL, (0, big));
        emit(EMPTY_BIG, (small, 0));
        let poured = small.min(5 - big);
        emit(SMALL_TO_BIG, (small - poured, big + poured));
        let poured = big.min(3 - small);
        emit(BIG_TO_SMALL, (small + poured, big - poured));
        Ok(())
    }

    fn check_invariants(&self, &(_, big): &(u8, u8)) -> Result<Option<ViolationId>, ()> {
        Ok((self.not_solved && big == 4).then_some(ViolationId(0)))
    }
}

#[test]
fn whole_state_space_has_tlc_counts() {
    let report = explore(DieHard { not_solved: false }, 1, 256, true);
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.states_generated, 97);
    assert_eq!(report.stats.distinct_states, 16);
    assert_eq!(report.stats.states_left_on_queue, 0);
    assert_eq!(report.stats.depth, 8);
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
