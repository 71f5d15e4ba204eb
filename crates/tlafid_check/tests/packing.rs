//! States the system packs into bytes ([`TransitionSystem::pack`]) give the same counts,
//! outcomes and counterexamples as states queued whole, for any number of workers; bytes the
//! system cannot unpack stop the run with `E096`.

mod common;

use common::{naive_check, summary, HashGraph};
use tlafid_check::{ActionId, Explorer, Options, TransitionSystem, ViolationId};

/// [`HashGraph`] with its even states packed (as 8 little-endian bytes, or as `corrupt`
/// bytes if set) and its odd states queued whole.
#[derive(Clone)]
struct Packing {
    graph: HashGraph,
    corrupt: bool,
}

impl TransitionSystem for Packing {
    type State = u64;
    type Error = ();

    fn fingerprint(&self, s: &u64) -> u64 {
        self.graph.fingerprint(s)
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
        self.graph.initial_states(emit)
    }
    fn successors(&self, s: &u64, emit: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
        self.graph.successors(s, emit)
    }
    fn check_invariants(&self, s: &u64) -> Result<Option<ViolationId>, ()> {
        self.graph.check_invariants(s)
    }
    fn pack(&self, s: &u64, out: &mut Vec<u8>) -> bool {
        if s % 2 == 1 {
            return false;
        }
        if self.corrupt {
            out.push(1);
        } else {
            out.extend_from_slice(&s.to_le_bytes());
        }
        true
    }
    fn unpack(&self, bytes: &[u8]) -> Option<u64> {
        Some(u64::from_le_bytes(bytes.try_into().ok()?))
    }
}

fn run(system: &Packing, workers: usize, block_size: usize) -> common::Summary<u64> {
    let options = Options {
        workers,
        block_size,
        check_deadlock: false,
        ..Options::default()
    };
    summary(&Explorer::new(system.clone(), options).run().unwrap())
}

#[test]
fn packed_states_give_the_counts_and_traces_of_whole_ones() {
    for bad in [None, Some(4242)] {
        let graph = HashGraph {
            nodes: 10_000,
            bad,
            merge_pairs: false,
        };
        let expected = summary(&naive_check(&graph, false));
        assert!(
            expected.stats.distinct_states > 1000,
            "{:?}",
            expected.stats
        );
        let system = Packing {
            graph,
            corrupt: false,
        };
        for (workers, block) in [(1, 256), (2, 3), (4, 64)] {
            assert_eq!(run(&system, workers, block), expected, "workers {workers}");
        }
    }
}

#[test]
fn a_violation_found_on_a_packed_state_shows_it_whole() {
    let graph = HashGraph {
        nodes: 10_000,
        bad: Some(4242),
        merge_pairs: false,
    };
    let report = Explorer::new(
        Packing {
            graph,
            corrupt: false,
        },
        Options {
            check_deadlock: false,
            ..Options::default()
        },
    )
    .run()
    .unwrap();
    let trace = report.trace.expect("a counterexample");
    assert_eq!(trace.last().map(|step| step.state), Some(4242));
}

#[test]
fn bytes_the_system_cannot_unpack_stop_the_run() {
    let system = Packing {
        graph: HashGraph {
            nodes: 1_000,
            bad: None,
            merge_pairs: false,
        },
        corrupt: true,
    };
    let error = Explorer::new(system, Options::default()).run().unwrap_err();
    assert_eq!(error.code, tlafid_check::errors::UNPACK_FAILED);
}
