//! The fixed list of recorded scenarios (the files under `traces/`), and a generator of
//! larger traces for benchmarks (never committed).

use crate::kv_replication::{self, KvBug, KvConfig};
use crate::lock_service::{self, LockBug, LockConfig};
use crate::trace::Trace;

/// Longest recorded trace, in steps.
pub const MAX_RECORDED_STEPS: usize = 60;

/// The lock service configuration every recorded lock scenario uses: three clients, two
/// critical sections each (constants `Clients = {"c1", "c2", "c3"}` in the model).
pub fn lock_config(seed: u64, bug: Option<LockBug>) -> LockConfig {
    LockConfig {
        clients: 3,
        rounds: 2,
        seed,
        bug,
    }
}

/// The store configuration every recorded store scenario uses: two clients, three servers,
/// two keys, values 1..2, three operations per client.
pub fn kv_config(seed: u64, crash_primary_at_step: Option<usize>, bug: Option<KvBug>) -> KvConfig {
    KvConfig {
        clients: 2,
        servers: 3,
        keys: 2,
        max_value: 2,
        ops_per_client: 3,
        seed,
        crash_primary_at_step,
        bug,
    }
}

/// Every committed trace, in a fixed order: for each system, the correct scenarios, then
/// the one recorded with the bug switched on.
pub fn recorded_traces() -> Vec<Trace> {
    let mut traces = Vec::new();
    for seed in [1, 2, 3] {
        traces.push(lock_service::run(
            &lock_config(seed, None),
            "contention",
            MAX_RECORDED_STEPS,
        ));
    }
    let buggy = lock_config(BUGGY_LOCK_SEED, Some(LockBug::ForgetHolderOnHandOff));
    traces.push(lock_service::run(
        &buggy,
        "buggy-handoff",
        MAX_RECORDED_STEPS,
    ));
    for seed in [1, 2] {
        traces.push(kv_replication::run(
            &kv_config(seed, None, None),
            "steady",
            MAX_RECORDED_STEPS,
        ));
    }
    let failover = kv_config(FAILOVER_SEED, Some(FAILOVER_CRASH_STEP), None);
    traces.push(kv_replication::run(
        &failover,
        "failover",
        MAX_RECORDED_STEPS,
    ));
    let buggy = kv_config(BUGGY_KV_SEED, None, Some(KvBug::ApplyOutOfOrder));
    traces.push(kv_replication::run(
        &buggy,
        "buggy-backup",
        MAX_RECORDED_STEPS,
    ));
    traces
}

/// Seed of the buggy lock trace (one where two clients do end up in the critical section).
pub const BUGGY_LOCK_SEED: u64 = 4;
/// Seed of the failover trace.
pub const FAILOVER_SEED: u64 = 3;
/// Step at which the failover scenario crashes the primary.
pub const FAILOVER_CRASH_STEP: usize = 12;
/// Seed of the buggy store trace (one where a backup does apply a write out of order).
pub const BUGGY_KV_SEED: u64 = 4;

/// Which system a benchmark trace comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// The lock service.
    LockService,
    /// The replicated key-value store.
    KvReplication,
}

/// `count` traces of exactly `steps` steps each (seeds `first_seed`, `first_seed + 1`, ...),
/// from configurations large enough never to run out of work first. For benchmarks.
pub fn benchmark_traces(system: System, count: usize, steps: usize, first_seed: u64) -> Vec<Trace> {
    (0..count as u64)
        .map(|i| {
            let seed = first_seed + i;
            match system {
                System::LockService => {
                    let config = LockConfig {
                        clients: 3,
                        rounds: steps as u32,
                        seed,
                        bug: None,
                    };
                    lock_service::run(&config, "bench", steps)
                }
                System::KvReplication => {
                    let mut config = kv_config(seed, None, None);
                    config.ops_per_client = steps as u32;
                    kv_replication::run(&config, "bench", steps)
                }
            }
        })
        .collect()
}
