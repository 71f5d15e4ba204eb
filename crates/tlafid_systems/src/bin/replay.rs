//! Replays an event log against the lock service:
//! `cargo run -p tlafid_systems --bin replay -- cex.ndjson [--bug forget-holder-on-hand-off]`.
//! Exit status 0 when the implementation reproduces the log, 1 when it diverges (the line and
//! why are printed), 2 when the log or the arguments cannot be used.

use tlafid_systems::catalog::lock_config;
use tlafid_systems::lock_service::{self, LockBug};
use tlafid_systems::Replay;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, bug) = match args.as_slice() {
        [file] => (file, None),
        [file, flag, name] if flag == "--bug" && name == "forget-holder-on-hand-off" => {
            (file, Some(LockBug::ForgetHolderOnHandOff))
        }
        _ => {
            eprintln!("usage: replay EVENT_LOG.ndjson [--bug forget-holder-on-hand-off]");
            std::process::exit(2);
        }
    };
    let log = match std::fs::read_to_string(file) {
        Ok(log) => log,
        Err(err) => {
            eprintln!("cannot read {file}: {err}");
            std::process::exit(2);
        }
    };
    match lock_service::replay(&lock_config(0, bug), &log) {
        Replay::Reproduced { steps } => {
            println!("{file}: the lock service reproduces all {steps} steps");
        }
        Replay::Diverged { line, reason } => {
            println!("{file}:{line}: the lock service diverges: {reason}");
            std::process::exit(1);
        }
        Replay::Unreadable { line, reason } => {
            eprintln!("{file}:{line}: not an event log: {reason}");
            std::process::exit(2);
        }
    }
}
