//! SIGINT and SIGTERM end a run as a cancellation: the first gives the report of an
//! incomplete run (exit 3, budget `cancelled`) with the counts found so far; a second ends
//! the process at once (128 + the signal). The run is two billion initial states
//! (`tests/harden/HugeInit.tla`), so it is still enumerating when the signal comes; the
//! signal is sent once the process's `signals` thread exists (its handlers are set).
#![cfg(target_os = "linux")]

mod common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::workspace_root;

/// `tlafid check` of the huge initial predicate, its report as JSON on standard output.
fn start() -> Child {
    Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .args(["check", "tests/harden/HugeInit.tla", "--workers", "1"])
        .args(["--format", "json", "--max-seconds", "120"])
        .current_dir(workspace_root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tlafid")
}

/// Waits until `child` has a thread named `signals`.
fn wait_for_handlers(child: &Child) {
    let tasks = format!("/proc/{}/task", child.id());
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        let named = std::fs::read_dir(&tasks)
            .into_iter()
            .flatten()
            .flatten()
            .any(|task| {
                std::fs::read_to_string(task.path().join("comm"))
                    .is_ok_and(|n| n.trim() == "signals")
            });
        if named {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("tlafid never started its signals thread");
}

/// Sends each of `signals` in turn from one shell (microseconds apart).
fn kill(child: &Child, signals: &[&str]) {
    let script: String = signals
        .iter()
        .map(|s| format!("kill -{s} {};", child.id()))
        .collect();
    let status = Command::new("sh")
        .args(["-c", &script])
        .status()
        .expect("sh");
    assert!(status.success());
}

#[test]
fn sigterm_ends_the_run_with_the_report_of_a_cancelled_run() {
    let child = start();
    wait_for_handlers(&child);
    kill(&child, &["TERM"]);
    let output = child.wait_with_output().expect("wait");
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["outcome"], "incomplete");
    assert_eq!(report["budget"], "cancelled");
    assert_eq!(
        report["message"],
        "Incomplete: the run was cancelled (SIGINT or SIGTERM, or an MCP client's \
         cancellation); no verdict."
    );
    // Every initial state is new: what was generated is what was found.
    let distinct = report["distinct_states"].as_u64().expect("a count");
    assert_eq!(report["states_generated"].as_u64(), Some(distinct));
    assert!(distinct < 2_000_000_000, "{report}");
}

/// Two different signals, since two of one kind pending at once are one for the kernel.
/// Threads may take them in either order: whichever comes second ends the process.
#[test]
fn a_second_signal_ends_the_process_at_once() {
    let child = start();
    wait_for_handlers(&child);
    kill(&child, &["INT", "TERM"]);
    let output = child.wait_with_output().expect("wait");
    let second = [128 + 2, 128 + 15].map(Some);
    assert!(second.contains(&output.status.code()), "{output:?}");
    assert!(output.stdout.is_empty(), "no report: {output:?}");
}
