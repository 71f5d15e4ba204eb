//! Small real concurrent systems, run under a deterministic seeded scheduler that logs every
//! step: a lock service ([`lock_service`]) and a key-value store with primary-backup
//! replication ([`kv_replication`]). Their recorded runs are the project's trace-validation
//! data (`traces/`), and `specs/LockService`, `specs/KvReplication` are their models.
//!
//! The systems are ordinary message-passing code; only the logging knows about the models'
//! variable and action names. Nothing here does I/O: the `record-traces` binary writes files.
#![warn(missing_docs)]

pub mod catalog;
pub mod json;
pub mod kv_replication;
pub mod lock_service;
pub mod processes;
pub mod replay;
pub mod rng;
pub mod trace;

pub use catalog::{benchmark_traces, recorded_traces, System};
pub use replay::Replay;
pub use trace::{Observables, Step, Trace};

/// Actions of the store that a deployment logging only the primary and the clients does not
/// see: the backups' steps and their acknowledgements.
pub const KV_UNLOGGED: [&str; 2] = ["BackupApply", "PrimaryAck"];

/// The files one trace is written to, relative to the `traces/` folder, with their contents:
/// `<system>/<scenario>-<seed>.ndjson`, `.windows.ndjson` and `.itf.json`; for the store also
/// `kv_replication_unlogged/<scenario>-<seed>.ndjson`, the event log without the
/// [`KV_UNLOGGED`] steps; for the lock service also
/// `lock_service_processes/<scenario>-<seed>/<process>.ndjson`, one log per process with
/// vector clocks and updates, and `lock_service_messages/<scenario>-<seed>/<process>.ndjson`,
/// the same with sequence numbers and message ids and without the network ([`processes`]).
pub fn trace_files(trace: &Trace) -> Vec<(String, String)> {
    let base = format!("{}/{}", trace.system, trace.file_stem());
    let mut files = vec![
        (format!("{base}.ndjson"), trace.event_log()),
        (format!("{base}.windows.ndjson"), trace.action_windows()),
        (format!("{base}.itf.json"), trace.itf()),
    ];
    if trace.system == "lock_service" {
        for (name, text) in processes::lock_process_logs(trace) {
            files.push((
                format!("{}_processes/{}/{name}", trace.system, trace.file_stem()),
                text,
            ));
        }
        for (name, text) in processes::lock_message_logs(trace) {
            files.push((
                format!("{}_messages/{}/{name}", trace.system, trace.file_stem()),
                text,
            ));
        }
    }
    if trace.system == "kv_replication" {
        files.push((
            format!("{}_unlogged/{}.ndjson", trace.system, trace.file_stem()),
            trace.event_log_without(&KV_UNLOGGED),
        ));
    }
    files
}
