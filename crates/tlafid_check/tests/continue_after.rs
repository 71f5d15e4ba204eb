//! `-continue`: every invariant and action-property violation is reported, in sequential
//! breadth-first order, with a shortest trace; the counts are those of the whole search; the
//! answer does not depend on the number of workers or the block size.

mod common;

use std::collections::{HashSet, VecDeque};

use common::mix;
use tlafid_check::{
    ActionId, Explorer, Options, Outcome, TransitionSystem, Violation, ViolationId, ViolationKind,
};

/// A pseudo-random graph on `0..nodes`; states `s % 97 == 5` break the invariant and steps
/// into a state `t % 89 == 3` break an action property (also towards states already seen).
#[derive(Clone)]
struct Faulty {
    nodes: u64,
}

impl TransitionSystem for Faulty {
    type State = u64;
    type Error = ();
    fn fingerprint(&self, s: &u64) -> u64 {
        mix(*s)
    }
    fn fingerprint_is_exact(&self) -> bool {
        true
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
        emit(5);
        emit(1);
        Ok(())
    }
    fn successors(&self, s: &u64, emit: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
        for i in 0..1 + mix(*s) % 4 {
            emit(
                ActionId((i % 3) as u32),
                mix(s.wrapping_mul(31).wrapping_add(i)) % self.nodes,
            );
        }
        Ok(())
    }
    fn check_invariants(&self, s: &u64) -> Result<Option<ViolationId>, ()> {
        Ok((s % 97 == 5).then_some(ViolationId(0)))
    }
    fn check_action_properties(&self, _: &u64, t: &u64) -> Result<Option<ViolationId>, ()> {
        Ok((t % 89 == 3).then_some(ViolationId(1)))
    }
}

/// A violation's kind, last state and trace length.
type Brief = (ViolationKind, u64, usize);

/// What a plain breadth-first search (TLC with one worker) reports, in its order: the kind,
/// the last state and the trace length of each violation, and (generated, distinct).
fn naive(system: &Faulty) -> (Vec<Brief>, (u64, u64)) {
    let mut seen = HashSet::new();
    let mut depth_of = std::collections::HashMap::new();
    let mut queue = VecDeque::new();
    let mut found = Vec::new();
    let mut generated = 0;
    for s in [5u64, 1] {
        generated += 1;
        if seen.insert(s) {
            depth_of.insert(s, 1usize);
            queue.push_back(s);
            if let Some(id) = system.check_invariants(&s).unwrap() {
                found.push((ViolationKind::Invariant(id), s, 1));
            }
        }
    }
    while let Some(s) = queue.pop_front() {
        let depth = depth_of[&s];
        let mut next = Vec::new();
        system.successors(&s, &mut |_, t| next.push(t)).unwrap();
        for t in next {
            generated += 1;
            if seen.insert(t) {
                depth_of.insert(t, depth + 1);
                queue.push_back(t);
                if let Some(id) = system.check_invariants(&t).unwrap() {
                    found.push((ViolationKind::Invariant(id), t, depth + 1));
                }
            }
            if let Some(id) = system.check_action_properties(&s, &t).unwrap() {
                found.push((ViolationKind::ActionProperty(id), t, depth + 1));
            }
        }
    }
    (found, (generated, seen.len() as u64))
}

fn brief(violations: &[Violation<u64>]) -> Vec<Brief> {
    violations
        .iter()
        .map(|v| (v.kind, v.trace.last().unwrap().state, v.trace.len()))
        .collect()
}

#[test]
fn every_violation_in_breadth_first_order_for_any_worker_count() {
    let system = Faulty { nodes: 5_000 };
    let (expected, (generated, distinct)) = naive(&system);
    assert!(expected.len() > 20, "{}", expected.len());
    assert_eq!(
        expected[0],
        (ViolationKind::Invariant(ViolationId(0)), 5, 1)
    );
    let mut first_run = None;
    for (workers, block) in [(1, 256), (2, 1), (2, 7), (4, 3)] {
        let options = Options {
            workers,
            block_size: block,
            check_deadlock: false,
            continue_after_violations: true,
            ..Options::default()
        };
        let report = Explorer::new(system.clone(), options).run().unwrap();
        assert!(
            matches!(report.outcome, Outcome::InvariantViolation { invariant } if invariant == ViolationId(0)),
            "{:?}",
            report.outcome
        );
        assert_eq!(
            brief(&report.violations),
            expected,
            "workers {workers} block {block}"
        );
        assert_eq!(
            (report.stats.states_generated, report.stats.distinct_states),
            (generated, distinct)
        );
        assert_eq!(report.trace.as_ref(), Some(&report.violations[0].trace));
        // Each trace is a path of the system from an initial state.
        for v in &report.violations {
            for pair in v.trace.windows(2) {
                let mut next = Vec::new();
                system
                    .successors(&pair[0].state, &mut |_, t| next.push(t))
                    .unwrap();
                assert!(next.contains(&pair[1].state));
            }
        }
        match &first_run {
            None => first_run = Some(report.violations),
            Some(first) => assert_eq!(first, &report.violations),
        }
    }
}

#[test]
fn without_continue_the_first_violation_stops_the_run() {
    let options = Options {
        check_deadlock: false,
        ..Options::default()
    };
    let report = Explorer::new(Faulty { nodes: 5_000 }, options)
        .run()
        .unwrap();
    assert!(report.violations.is_empty());
    assert_eq!(report.stats.distinct_states, 1);
}

#[test]
fn a_deadlock_still_stops_a_continued_run_after_the_violations_before_it() {
    /// 5 -> 6 -> ... -> 20, which has no successor; 5 and 10 break the invariant.
    struct Line;
    impl TransitionSystem for Line {
        type State = u64;
        type Error = ();
        fn fingerprint(&self, s: &u64) -> u64 {
            mix(*s)
        }
        fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
            emit(5);
            Ok(())
        }
        fn successors(&self, s: &u64, emit: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
            if *s < 20 {
                emit(ActionId(0), s + 1);
            }
            Ok(())
        }
        fn check_invariants(&self, s: &u64) -> Result<Option<ViolationId>, ()> {
            Ok((s.is_multiple_of(5) && *s < 20).then_some(ViolationId(0)))
        }
    }
    let options = Options {
        continue_after_violations: true,
        ..Options::default()
    };
    let report = Explorer::new(Line, options).run().unwrap();
    assert!(
        matches!(report.outcome, Outcome::Deadlock),
        "{:?}",
        report.outcome
    );
    assert_eq!(
        brief(&report.violations),
        vec![
            (ViolationKind::Invariant(ViolationId(0)), 5, 1),
            (ViolationKind::Invariant(ViolationId(0)), 10, 6),
            (ViolationKind::Invariant(ViolationId(0)), 15, 11),
        ]
    );
    assert_eq!(report.trace.unwrap().len(), 16);
    assert_eq!(report.stats.distinct_states, 16);
}

#[test]
fn an_initial_state_outside_the_constraints_is_reported_and_the_run_goes_on() {
    /// Initial states 100 (outside the constraint `s < 50`) and 5; 5 -> 6 -> 7 and stops.
    struct Constrained;
    impl TransitionSystem for Constrained {
        type State = u64;
        type Error = ();
        fn fingerprint(&self, s: &u64) -> u64 {
            mix(*s)
        }
        fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
            emit(100);
            emit(5);
            Ok(())
        }
        fn successors(&self, s: &u64, emit: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
            if *s < 7 {
                emit(ActionId(0), s + 1);
            }
            Ok(())
        }
        fn in_model(&self, s: &u64) -> Result<bool, ()> {
            Ok(*s < 50)
        }
        fn check_invariants(&self, s: &u64) -> Result<Option<ViolationId>, ()> {
            Ok((*s == 100 || *s == 6).then_some(ViolationId(0)))
        }
    }
    let options = Options {
        check_deadlock: false,
        continue_after_violations: true,
        ..Options::default()
    };
    let report = Explorer::new(Constrained, options).run().unwrap();
    assert_eq!(
        brief(&report.violations),
        vec![
            (ViolationKind::Invariant(ViolationId(0)), 100, 1),
            (ViolationKind::Invariant(ViolationId(0)), 6, 2),
        ]
    );
    assert_eq!(
        (report.stats.states_generated, report.stats.distinct_states),
        (4, 3)
    );
}
