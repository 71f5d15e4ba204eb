//! Lamport's TwoPhase.tla as a Rust system: 288 distinct states with 3 resource managers and
//! 8832 with 5 (TLC's and stateright's figures), cross-checked against the naive checker.

mod common;

use common::{explore, mix, naive_check, summary};
use tlafid_check::{ActionId, Outcome, TransitionSystem, ViolationId};

const WORKING: u8 = 0;
const PREPARED: u8 = 1;
const COMMITTED: u8 = 2;
const ABORTED: u8 = 3;

#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    rm: Vec<u8>,
    /// 0 init, 1 committed, 2 aborted.
    tm: u8,
    tm_prepared: u32,
    /// Prepared messages, one bit per resource manager.
    msg_prepared: u32,
    msg_commit: bool,
    msg_abort: bool,
}

struct TwoPhase {
    managers: usize,
    /// Invariant 0: no manager has committed (violated at a known depth).
    never_commit: bool,
}

impl TransitionSystem for TwoPhase {
    type State = State;
    type Error = ();

    fn fingerprint(&self, s: &State) -> u64 {
        let rm = s.rm.iter().fold(0u64, |acc, &r| acc << 2 | u64::from(r));
        let rest = u64::from(s.tm) << 40
            | u64::from(s.tm_prepared) << 20
            | u64::from(s.msg_prepared) << 2
            | u64::from(s.msg_commit) << 1
            | u64::from(s.msg_abort);
        mix(rm ^ mix(rest))
    }

    fn initial_states(&self, emit: &mut dyn FnMut(State)) -> Result<(), ()> {
        emit(State {
            rm: vec![WORKING; self.managers],
            tm: 0,
            tm_prepared: 0,
            msg_prepared: 0,
            msg_commit: false,
            msg_abort: false,
        });
        Ok(())
    }

    fn successors(&self, s: &State, emit: &mut dyn FnMut(ActionId, State)) -> Result<(), ()> {
        let all = (1u32 << self.managers) - 1;
        if s.tm == 0 && s.tm_prepared == all {
            emit(
                ActionId(1),
                State {
                    tm: 1,
                    msg_commit: true,
                    ..s.clone()
                },
            );
        }
        if s.tm == 0 {
            emit(
                ActionId(2),
                State {
                    tm: 2,
                    msg_abort: true,
                    ..s.clone()
                },
            );
        }
        for r in 0..self.managers {
            let bit = 1u32 << r;
            let with_rm = |value| {
                let mut next = s.clone();
                next.rm[r] = value;
                next
            };
            if s.tm == 0 && s.msg_prepared & bit != 0 {
                emit(
                    ActionId(0),
                    State {
                        tm_prepared: s.tm_prepared | bit,
                        ..s.clone()
                    },
                );
            }
            if s.rm[r] == WORKING {
                let mut next = with_rm(PREPARED);
                next.msg_prepared |= bit;
                emit(ActionId(3), next);
                emit(ActionId(4), with_rm(ABORTED));
            }
            if s.msg_commit {
                emit(ActionId(5), with_rm(COMMITTED));
            }
            if s.msg_abort {
                emit(ActionId(6), with_rm(ABORTED));
            }
        }
        Ok(())
    }

    fn check_invariants(&self, s: &State) -> Result<Option<ViolationId>, ()> {
        let committed = s.rm.contains(&COMMITTED);
        let consistent = !(committed && s.rm.contains(&ABORTED));
        if !consistent {
            return Ok(Some(ViolationId(1)));
        }
        Ok((self.never_commit && committed).then_some(ViolationId(0)))
    }
}

#[test]
fn three_managers_have_288_states() {
    let system = TwoPhase {
        managers: 3,
        never_commit: false,
    };
    let report = explore(system, 2, 16, true);
    assert!(report.outcome.is_success(), "{:?}", report.outcome);
    assert_eq!(report.stats.distinct_states, 288);
    assert_eq!(report.stats.depth, 11);
    let naive = naive_check(
        &TwoPhase {
            managers: 3,
            never_commit: false,
        },
        true,
    );
    assert_eq!(summary(&report), summary(&naive));
}

#[test]
fn five_managers_have_8832_states() {
    let report = explore(
        TwoPhase {
            managers: 5,
            never_commit: false,
        },
        2,
        64,
        true,
    );
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.distinct_states, 8832);
    let naive = naive_check(
        &TwoPhase {
            managers: 5,
            never_commit: false,
        },
        true,
    );
    assert_eq!(summary(&report), summary(&naive));
}

#[test]
fn first_commit_is_found_at_the_shortest_depth() {
    let expected = naive_check(
        &TwoPhase {
            managers: 3,
            never_commit: true,
        },
        true,
    );
    for workers in [1, 2, 4] {
        let report = explore(
            TwoPhase {
                managers: 3,
                never_commit: true,
            },
            workers,
            2,
            true,
        );
        assert!(matches!(
            report.outcome,
            Outcome::InvariantViolation {
                invariant: ViolationId(0)
            }
        ));
        // 3 prepares, 3 receipts by the TM, commit, a first manager commits: 9 states.
        assert_eq!(report.trace.as_ref().unwrap().len(), 9);
        assert_eq!(summary(&report), summary(&expected));
    }
}
