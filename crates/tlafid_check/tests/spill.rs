//! Spilling and checkpoints: a run whose seen set and queue spill to files far below the
//! state space's size gives the in-memory run's counts, outcome and counterexample for any
//! number of workers; a run resumed from a checkpoint ends with the counts of a run that was
//! never stopped; a missing, corrupt or foreign checkpoint is a diagnostic.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{summary, HashGraph, Summary};
use tlafid_check::{
    errors, ActionId, CheckpointOptions, Explorer, MemoryStorage, Options, SharedMemoryStorage,
    SpillOptions, TransitionSystem, ViolationId,
};

/// [`HashGraph`] with every state packed as 8 little-endian bytes, then `PAD` copies of its
/// low byte (a padded state fills a block's arenas quickly).
#[derive(Clone)]
struct Packed<const PAD: usize = 0>(HashGraph);

impl<const PAD: usize> TransitionSystem for Packed<PAD> {
    type State = u64;
    type Error = ();

    fn fingerprint(&self, s: &u64) -> u64 {
        self.0.fingerprint(s)
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
        self.0.initial_states(emit)
    }
    fn successors(&self, s: &u64, emit: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
        self.0.successors(s, emit)
    }
    fn check_invariants(&self, s: &u64) -> Result<Option<ViolationId>, ()> {
        self.0.check_invariants(s)
    }
    fn pack(&self, s: &u64, out: &mut Vec<u8>) -> bool {
        out.extend_from_slice(&s.to_le_bytes());
        out.resize(out.len() + PAD, *s as u8);
        true
    }
    fn unpack(&self, bytes: &[u8]) -> Option<u64> {
        let (value, pad) = bytes.split_first_chunk::<8>()?;
        let s = u64::from_le_bytes(*value);
        (pad.len() == PAD && pad.iter().all(|&b| b == s as u8)).then_some(s)
    }
    fn save_packing(&self, _: &mut Vec<u8>) -> bool {
        true
    }
    fn restore_packing(&self, bytes: &[u8]) -> bool {
        bytes.is_empty()
    }
}

fn graph(bad: Option<u64>) -> Packed {
    Packed(HashGraph {
        nodes: 20_000,
        bad,
        merge_pairs: false,
    })
}

fn options(workers: usize) -> Options {
    Options {
        workers,
        block_size: 16,
        check_deadlock: false,
        ..Options::default()
    }
}

fn spill(storage: &SharedMemoryStorage) -> Option<SpillOptions> {
    Some(SpillOptions {
        storage: Arc::new(storage.clone()),
        fingerprints_in_memory: 300,
        queue_in_memory: 100,
        queue_bytes_in_memory: u64::MAX,
    })
}

fn run<const PAD: usize>(system: &Packed<PAD>, options: Options) -> Summary<u64> {
    summary(&Explorer::new(system.clone(), options).run().unwrap())
}

/// `workers` workers spilling the queue to `storage` on its bytes alone (`bytes` in memory).
fn spilling_bytes(storage: Arc<dyn tlafid_check::Storage>, bytes: u64, workers: usize) -> Options {
    Options {
        spill: Some(SpillOptions {
            storage,
            fingerprints_in_memory: u64::MAX,
            queue_in_memory: u64::MAX,
            queue_bytes_in_memory: bytes,
        }),
        ..options(workers)
    }
}

#[test]
fn a_spilling_run_gives_the_in_memory_counts_and_trace() {
    for bad in [None, Some(4242)] {
        let system = graph(bad);
        let expected = run(&system, options(1));
        for workers in [1, 2, 4] {
            let storage = SharedMemoryStorage::default();
            let spilled = Options {
                spill: spill(&storage),
                ..options(workers)
            };
            assert_eq!(run(&system, spilled), expected, "workers {workers}");
            assert_eq!(storage.0.bytes(), 0, "the spill files are removed");
            // Fingerprints spilled every 300, queues of more than 100 states in segments.
            assert!(storage.0.created() > 20, "{}", storage.0.created());
        }
    }
    let expected = run(&graph(None), options(1));
    assert_eq!(
        (expected.stats.distinct_states, expected.stats.depth),
        (17_845, 20)
    );
}

/// The queue spills on its bytes alone (no state count, no fingerprint spilling): a state
/// here is 8 packed bytes and a 24-byte entry, so 3,200 bytes hold 100 states.
#[test]
fn a_queue_spills_past_its_bytes_with_the_in_memory_counts() {
    let system = graph(Some(4242));
    let expected = run(&system, options(1));
    for (bytes, spills) in [(u64::MAX, false), (3_200, true)] {
        for workers in [1, 2] {
            let storage = SharedMemoryStorage::default();
            let spilled = spilling_bytes(Arc::new(storage.clone()), bytes, workers);
            assert_eq!(run(&system, spilled), expected, "workers {workers}");
            assert_eq!(storage.0.bytes(), 0, "the spill files are removed");
            // Segments of about 100 states for every level of more than 100.
            let created = storage.0.created();
            assert_eq!(created > 20, spills, "{bytes} bytes: {created} files");
        }
    }
}

/// States of 2,008 bytes, so that a block's arenas fill while a level is expanded.
type Padded = Packed<2_000>;

/// A storage that notes the names of the files created.
#[derive(Clone, Default)]
struct Noting(SharedMemoryStorage, Arc<std::sync::Mutex<Vec<String>>>);

impl tlafid_check::Storage for Noting {
    fn create(&self, name: &str) -> std::io::Result<Box<dyn std::io::Write + Send>> {
        self.1.lock().unwrap().push(name.to_string());
        self.0.create(name)
    }
    fn open(&self, name: &str) -> std::io::Result<Box<dyn std::io::Read + Send>> {
        self.0.open(name)
    }
    fn remove(&self, name: &str) {
        self.0.remove(name)
    }
    fn publish(&self, temporary: &str, name: &str) -> std::io::Result<()> {
        self.0.publish(temporary, name)
    }
    fn describe(&self) -> String {
        self.0.describe()
    }
}

/// Past the queue's bytes, the arenas of the level being found go to disk while it is
/// expanded (files `level-*`), and the counts and the counterexample are the in-memory run's.
#[test]
fn a_level_spills_its_arenas_while_it_is_found() {
    for bad in [None, Some(4242)] {
        let system: Padded = Packed(graph(bad).0);
        let expected = run(&system, options(1));
        for workers in [1, 2] {
            let storage = Noting::default();
            let spilled = spilling_bytes(Arc::new(storage.clone()), 64 << 10, workers);
            assert_eq!(run(&system, spilled), expected, "workers {workers}");
            assert_eq!(storage.0 .0.bytes(), 0, "the spill files are removed");
            let names = storage.1.lock().unwrap();
            let levels = names.iter().filter(|n| n.starts_with("level-")).count();
            assert!(levels > 3, "{levels} level chunks of {}", names.len());
        }
    }
}

fn checkpointing(
    storage: &SharedMemoryStorage,
    resume: bool,
    model: u64,
) -> Option<CheckpointOptions> {
    Some(CheckpointOptions {
        storage: Arc::new(storage.clone()),
        every: Duration::from_secs(3600),
        every_states: Some(2_000),
        resume,
        model,
    })
}

#[test]
fn a_resumed_run_ends_with_the_counts_of_an_uninterrupted_one() {
    let system = graph(None);
    let expected = run(&system, options(2));
    for spills in [false, true] {
        let storage = SharedMemoryStorage::default();
        let spill_files = SharedMemoryStorage::default();
        let spill_options = || spills.then(|| spill(&spill_files)).flatten();
        // The first run stops (a state budget stands for the kill) after checkpoints.
        let stopped = run(
            &system,
            Options {
                max_states: Some(9_000),
                checkpoint: checkpointing(&storage, false, 7),
                spill: spill_options(),
                ..options(2)
            },
        );
        assert_eq!(stopped.outcome, "Incomplete { budget: MaxStates }");
        let resumed = run(
            &system,
            Options {
                checkpoint: checkpointing(&storage, true, 7),
                spill: spill_options(),
                ..options(3)
            },
        );
        assert_eq!(resumed, expected, "spilling: {spills}");
    }
}

fn resume_error(storage: &SharedMemoryStorage, model: u64) -> tlafid_base::Code {
    let options = Options {
        checkpoint: checkpointing(storage, true, model),
        ..options(1)
    };
    Explorer::new(graph(None), options).run().unwrap_err().code
}

#[test]
fn a_missing_corrupt_or_foreign_checkpoint_is_refused() {
    let storage = SharedMemoryStorage::default();
    assert_eq!(resume_error(&storage, 7), errors::CHECKPOINT_UNUSABLE);
    let writing = Options {
        checkpoint: checkpointing(&storage, false, 7),
        ..options(1)
    };
    Explorer::new(graph(None), writing).run().unwrap();
    assert_eq!(resume_error(&storage, 8), errors::CHECKPOINT_OTHER_MODEL);
    let file = storage.0.file("checkpoint.tlafid").expect("a checkpoint");
    let mut flipped = file.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 1;
    storage.0.put("checkpoint.tlafid", flipped);
    assert_eq!(resume_error(&storage, 7), errors::CHECKPOINT_UNUSABLE);
    storage
        .0
        .put("checkpoint.tlafid", file[..file.len() - 3].to_vec());
    assert_eq!(resume_error(&storage, 7), errors::CHECKPOINT_UNUSABLE);
    storage
        .0
        .put("checkpoint.tlafid", b"not a checkpoint".to_vec());
    assert_eq!(resume_error(&storage, 7), errors::CHECKPOINT_UNUSABLE);
    storage.0.put("checkpoint.tlafid", file);
    assert!(Explorer::new(
        graph(None),
        Options {
            checkpoint: checkpointing(&storage, true, 7),
            ..options(1)
        }
    )
    .run()
    .is_ok());
}

#[test]
fn memory_storage_keeps_what_was_written() {
    let storage = MemoryStorage::default();
    storage.put("a", vec![1, 2]);
    assert_eq!(storage.file("a"), Some(vec![1, 2]));
    assert_eq!(storage.bytes(), 2);
}

#[test]
fn a_system_that_cannot_save_its_packing_refuses_checkpoints_up_front() {
    // `HashGraph` keeps the default `save_packing` (it cannot): no run that never saves.
    let storage = SharedMemoryStorage::default();
    let system = graph(None).0;
    for resume in [false, true] {
        let options = Options {
            checkpoint: checkpointing(&storage, resume, 7),
            ..options(1)
        };
        let refused = Explorer::new(system.clone(), options).run().unwrap_err();
        assert_eq!(refused.code, errors::INVALID_OPTIONS);
        assert!(
            refused.message.contains("cannot save"),
            "{}",
            refused.message
        );
    }
    assert_eq!(storage.0.created(), 0);
}
