//! Each outcome on a small counter system whose answer is known by hand, including TLC's rules
//! for constraints, action constraints and deadlock.

mod common;

use common::{explore, naive_check, summary, trace_states};
use tlafid_check::{ActionId, Outcome, TransitionSystem, ViolationId};

/// `x` starts at 0; action 0 adds 1, action 1 adds 2, both while `x < limit`.
#[derive(Default)]
struct Counter {
    limit: u32,
    /// Invariant 0: `x /= bad`.
    bad: Option<u32>,
    /// CONSTRAINT `x <= bound`.
    bound: Option<u32>,
    /// ACTION_CONSTRAINT: no step of +2 from an odd `x`.
    no_odd_jumps: bool,
    /// Action property 0: no step from `from`.
    bad_step_from: Option<u32>,
    /// Evaluating successors of this state fails.
    fails_at: Option<u32>,
}

impl TransitionSystem for Counter {
    type State = u32;
    type Error = String;

    fn fingerprint(&self, x: &u32) -> u64 {
        common::mix(u64::from(*x))
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u32)) -> Result<(), String> {
        emit(0);
        Ok(())
    }
    fn successors(&self, x: &u32, emit: &mut dyn FnMut(ActionId, u32)) -> Result<(), String> {
        if self.fails_at == Some(*x) {
            return Err(format!("cannot evaluate Next at x = {x}"));
        }
        if *x < self.limit {
            emit(ActionId(0), x + 1);
            emit(ActionId(1), x + 2);
        }
        Ok(())
    }
    fn check_invariants(&self, x: &u32) -> Result<Option<ViolationId>, String> {
        Ok((self.bad == Some(*x)).then_some(ViolationId(0)))
    }
    fn in_model(&self, x: &u32) -> Result<bool, String> {
        Ok(!matches!(self.bound, Some(bound) if *x > bound))
    }
    fn action_allowed(&self, from: &u32, to: &u32) -> Result<bool, String> {
        Ok(!(self.no_odd_jumps && from % 2 == 1 && to - from == 2))
    }
    fn check_action_properties(&self, from: &u32, _: &u32) -> Result<Option<ViolationId>, String> {
        Ok((self.bad_step_from == Some(*from)).then_some(ViolationId(0)))
    }
}

fn check(system: Counter, deadlock: bool) -> tlafid_check::Report<u32, String> {
    let naive = summary(&naive_check(&system, deadlock));
    let report = explore(system, 2, 1, deadlock);
    assert_eq!(
        summary(&report),
        naive,
        "explorer and sequential TLC differ"
    );
    report
}

#[test]
fn deadlock_at_the_end_of_the_counter() {
    let report = check(
        Counter {
            limit: 5,
            ..Counter::default()
        },
        true,
    );
    assert!(matches!(report.outcome, Outcome::Deadlock));
    // 5 is the first state without successors in breadth-first order; its first parent in
    // that order is 3 (found before 4), whose first parent is 1.
    assert_eq!(trace_states(&report), vec![0, 1, 3, 5]);
    assert_eq!(report.stats.distinct_states, 7);
    assert_eq!(report.stats.states_generated, 11);
}

#[test]
fn no_deadlock_when_switched_off() {
    let report = check(
        Counter {
            limit: 5,
            ..Counter::default()
        },
        false,
    );
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.distinct_states, 7);
    assert_eq!(report.stats.states_generated, 11);
    assert_eq!(report.stats.depth, 4);
}

#[test]
fn invariant_violation_at_a_known_depth() {
    let report = check(
        Counter {
            limit: 100,
            bad: Some(7),
            ..Counter::default()
        },
        true,
    );
    assert!(matches!(
        report.outcome,
        Outcome::InvariantViolation {
            invariant: ViolationId(0)
        }
    ));
    assert_eq!(trace_states(&report), vec![0, 1, 3, 5, 7]);
}

#[test]
fn states_outside_the_constraint_are_checked_but_not_explored() {
    // x = 4 is outside the model, yet its invariant is checked (TLC's rule).
    let report = check(
        Counter {
            limit: 100,
            bad: Some(4),
            bound: Some(3),
            ..Counter::default()
        },
        true,
    );
    assert!(matches!(report.outcome, Outcome::InvariantViolation { .. }));
    assert_eq!(trace_states(&report), vec![0, 2, 4]);
    // Without the violation: 0..=3 distinct, and 2 and 3 are not deadlocks (they generate
    // successors, all outside the model).
    let report = check(
        Counter {
            limit: 100,
            bound: Some(3),
            ..Counter::default()
        },
        true,
    );
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.distinct_states, 4);
    assert_eq!(report.stats.states_generated, 1 + 4 * 2);
}

#[test]
fn action_constraint_prunes_steps() {
    let system = Counter {
        limit: 6,
        no_odd_jumps: true,
        ..Counter::default()
    };
    let report = check(system, false);
    assert!(report.outcome.is_success());
    // 7 would only be reached by 5 + 2, which the action constraint forbids.
    assert_eq!(report.stats.distinct_states, 7);
    assert_eq!(report.stats.states_generated, 1 + 6 * 2);
}

#[test]
fn action_property_violation_ends_with_the_step() {
    let report = check(
        Counter {
            limit: 100,
            bad_step_from: Some(3),
            ..Counter::default()
        },
        true,
    );
    assert!(matches!(
        report.outcome,
        Outcome::ActionPropertyViolation {
            property: ViolationId(0)
        }
    ));
    assert_eq!(trace_states(&report), vec![0, 1, 3, 4]);
}

#[test]
fn evaluation_error_reports_the_state_being_expanded() {
    let report = check(
        Counter {
            limit: 100,
            fails_at: Some(5),
            ..Counter::default()
        },
        true,
    );
    match &report.outcome {
        Outcome::EvalError { error } => assert_eq!(error, "cannot evaluate Next at x = 5"),
        other => panic!("expected an evaluation error, got {other:?}"),
    }
    assert_eq!(trace_states(&report), vec![0, 1, 3, 5]);
}

#[test]
fn initial_invariant_violation_has_a_one_state_trace() {
    let report = check(
        Counter {
            limit: 3,
            bad: Some(0),
            ..Counter::default()
        },
        true,
    );
    assert!(matches!(report.outcome, Outcome::InvariantViolation { .. }));
    assert_eq!(trace_states(&report), vec![0]);
    assert_eq!(report.stats.states_generated, 1);
    assert_eq!(report.stats.distinct_states, 1);
    assert_eq!(report.stats.depth, 1);
}
