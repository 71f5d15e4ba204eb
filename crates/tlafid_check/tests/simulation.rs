//! Random simulation: finds violations and deadlocks with valid traces, is reproducible from a
//! seed for any worker count, and counts actions taken.

mod common;

use std::time::Duration;

use common::die_hard::DieHard;
use common::HashGraph;
use tlafid_check::{
    errors, Budget, SimulationOptions, SimulationOutcome, SimulationReport, Simulator,
    TransitionSystem,
};

fn simulate<T: TransitionSystem>(
    system: T,
    options: SimulationOptions,
) -> SimulationReport<T::State, T::Error> {
    Simulator::new(system, options)
        .run()
        .expect("valid options")
}

/// Each step of the trace is a successor of the one before, by the action it names.
fn assert_valid_trace<T: TransitionSystem>(
    system: &T,
    report: &SimulationReport<T::State, T::Error>,
) where
    T::State: PartialEq + std::fmt::Debug,
{
    let trace = report.trace.as_ref().expect("a trace");
    let mut initial = Vec::new();
    system.initial_states(&mut |s| initial.push(s)).ok();
    assert!(initial.contains(&trace[0].state));
    for pair in trace.windows(2) {
        let mut successors = Vec::new();
        system
            .successors(&pair[0].state, &mut |a, s| successors.push((Some(a), s)))
            .ok();
        assert!(
            successors.contains(&(pair[1].action, pair[1].state.clone())),
            "{pair:?}"
        );
    }
}

#[test]
fn finds_the_die_hard_solution_with_a_valid_trace() {
    let options = SimulationOptions {
        depth: 50,
        behaviours: Some(200),
        seed: 7,
        ..SimulationOptions::default()
    };
    let report = simulate(DieHard { not_solved: true }, options);
    assert!(matches!(
        report.outcome,
        SimulationOutcome::InvariantViolation { .. }
    ));
    let trace = report.trace.as_ref().unwrap();
    assert_eq!(trace.last().unwrap().state.1, 4);
    assert_valid_trace(&DieHard { not_solved: true }, &report);
    let taken: u64 = report.action_counts.iter().sum();
    assert!(taken > 0);
}

#[test]
fn same_seed_same_result_for_any_worker_count() {
    let run = |workers, seed| {
        let options = SimulationOptions {
            workers,
            depth: 30,
            behaviours: Some(300),
            seed,
            ..SimulationOptions::default()
        };
        let report = simulate(
            HashGraph {
                nodes: 5000,
                bad: None,
                merge_pairs: false,
            },
            options,
        );
        assert!(matches!(report.outcome, SimulationOutcome::NoViolation));
        (
            report.behaviours,
            report.states_generated,
            report.action_counts,
        )
    };
    let expected = run(1, 42);
    assert_eq!(expected.0, 300);
    // 300 behaviours of 30 steps, every state of this graph has a successor.
    assert_eq!(expected.2.iter().sum::<u64>(), 300 * 30);
    assert_eq!(run(2, 42), expected);
    assert_eq!(run(4, 42), expected);
    assert_ne!(run(1, 43).1, expected.1, "another seed takes other paths");

    let violation = |workers| {
        let options = SimulationOptions {
            workers,
            depth: 50,
            behaviours: Some(500),
            seed: 3,
            ..SimulationOptions::default()
        };
        let report = simulate(DieHard { not_solved: true }, options);
        (report.behaviours, report.states_generated, report.trace)
    };
    assert_eq!(violation(1), violation(4));
}

#[test]
fn deadlock_is_reported_unless_switched_off() {
    struct Stop;
    impl TransitionSystem for Stop {
        type State = u8;
        type Error = ();
        fn fingerprint(&self, s: &u8) -> u64 {
            u64::from(*s)
        }
        fn initial_states(&self, emit: &mut dyn FnMut(u8)) -> Result<(), ()> {
            emit(0);
            Ok(())
        }
        fn successors(
            &self,
            s: &u8,
            emit: &mut dyn FnMut(tlafid_check::ActionId, u8),
        ) -> Result<(), ()> {
            if *s < 3 {
                emit(tlafid_check::ActionId(0), s + 1);
            }
            Ok(())
        }
    }
    let report = simulate(Stop, SimulationOptions::default());
    assert!(matches!(report.outcome, SimulationOutcome::Deadlock));
    assert_eq!(report.trace.as_ref().unwrap().len(), 4);
    assert_eq!(report.behaviours, 1);
    assert_eq!(report.action_counts, vec![3]);
    let quiet = SimulationOptions {
        check_deadlock: false,
        behaviours: Some(10),
        ..SimulationOptions::default()
    };
    let report = simulate(Stop, quiet);
    assert!(matches!(report.outcome, SimulationOutcome::NoViolation));
    assert_eq!(report.action_counts, vec![30]);
    assert_eq!(report.states_generated, 1 + 10 * 3);
}

#[test]
fn budgets_and_bad_options() {
    let options = SimulationOptions {
        behaviours: None,
        max_duration: Some(Duration::ZERO),
        ..SimulationOptions::default()
    };
    let report = simulate(DieHard { not_solved: false }, options);
    assert!(matches!(
        report.outcome,
        SimulationOutcome::Stopped {
            budget: Budget::MaxDuration
        }
    ));
    let unbounded = SimulationOptions {
        behaviours: None,
        ..SimulationOptions::default()
    };
    let error = Simulator::new(DieHard { not_solved: false }, unbounded)
        .run()
        .unwrap_err();
    assert_eq!(error.code, errors::INVALID_OPTIONS);
}
