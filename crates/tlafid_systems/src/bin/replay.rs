//! Replays an event log against one of the systems:
//! `cargo run -p tlafid_systems --bin replay -- SYSTEM LOG.ndjson [--bug NAME]`, where SYSTEM
//! is `lock_service` (bug `forget-holder-on-hand-off`) or `kv_replication` (bug
//! `apply-out-of-order`), with the configuration of the recorded traces. Exit status 0 when
//! the implementation reproduces the log, 1 when it diverges (the line and why are printed),
//! 2 when the log or the arguments cannot be used.

use tlafid_systems::catalog::{kv_config, lock_config};
use tlafid_systems::kv_replication::{self, KvBug};
use tlafid_systems::lock_service::{self, LockBug};
use tlafid_systems::Replay;

const USAGE: &str = "usage: replay (lock_service [--bug forget-holder-on-hand-off] | kv_replication [--bug apply-out-of-order]) LOG.ndjson";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (system, file, bug) = match args.as_slice() {
        [system, file] => (system.as_str(), file, None),
        [system, file, flag, bug] if flag == "--bug" => (system.as_str(), file, Some(bug.as_str())),
        _ => usage(),
    };
    let log = std::fs::read_to_string(file).unwrap_or_else(|err| {
        eprintln!("cannot read {file}: {err}");
        std::process::exit(2);
    });
    let replayed = match (system, bug) {
        ("lock_service", None) => lock_service::replay(&lock_config(0, None), &log),
        ("lock_service", Some("forget-holder-on-hand-off")) => {
            lock_service::replay(&lock_config(0, Some(LockBug::ForgetHolderOnHandOff)), &log)
        }
        ("kv_replication", None) => kv_replication::replay(&kv_config(0, None, None), &log),
        ("kv_replication", Some("apply-out-of-order")) => {
            kv_replication::replay(&kv_config(0, None, Some(KvBug::ApplyOutOfOrder)), &log)
        }
        _ => usage(),
    };
    match replayed {
        Replay::Reproduced { steps } => {
            println!("{file}: the {system} implementation reproduces all {steps} steps");
        }
        Replay::Diverged { line, reason } => {
            println!("{file}:{line}: the {system} implementation diverges: {reason}");
            std::process::exit(1);
        }
        Replay::Unreadable { line, reason } => {
            eprintln!("{file}:{line}: not an event log: {reason}");
            std::process::exit(2);
        }
    }
}

fn usage() -> ! {
    eprintln!("{USAGE}");
    std::process::exit(2);
}
