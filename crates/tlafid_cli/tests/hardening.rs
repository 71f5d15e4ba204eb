//! End-to-end cases of issue 14 whose input or output is too large for a `tests/cli` file:
//! a counterexample of deeply nested states written as JSON and ITF (over the output cap
//! when indented), and a trace file over
//! the size limit (a sparse file made here) that must still appear in the summary, and a
//! time budget that ends the enumeration of two billion initial states (its counts vary
//! with the machine, so they are checked for consistency, not pinned).

mod common;

use common::tlafid;

use std::process::Command;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tlafid-hardening-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn a_deep_counterexample_is_written_as_json_and_itf() {
    let dir = scratch("deep");
    let itf = dir.join("cex.itf.json");
    let output = tlafid(&[
        "check",
        "tests/harden/DeepViolation.tla",
        "--workers",
        "2",
        "--format",
        "json",
        "--dump-trace",
        itf.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(output.status.code(), Some(12), "{output:?}");
    // Indented, the report and the ITF trace would take over 80 MB (each state indented as
    // deep as it is nested): both are over the output cap, so both come without indentation,
    // whole (about 0.4 MB each).
    let json = String::from_utf8(output.stdout).expect("utf-8");
    assert!(json.len() < 1 << 20, "{} bytes", json.len());
    assert!(json.contains("\"outcome\":\"invariant_violation\""));
    assert!(json.contains("\"distinct_states\":501"));
    let itf_text = std::fs::read_to_string(&itf).expect("the ITF file");
    assert_eq!(itf_text.matches("\"#meta\"").count(), 1 + 501);
    // The last state's x is nested 500 deep.
    let nested = format!("{}{}", "[".repeat(500), "]".repeat(500));
    assert!(itf_text.contains(&nested));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_trace_over_the_size_limit_is_counted_and_the_others_still_judged() {
    let dir = scratch("oversize");
    let big = dir.join("big.ndjson");
    let file = std::fs::File::create(&big).expect("create");
    file.set_len(65 * 1024 * 1024)
        .expect("a sparse 65 MiB file");
    let big = big.to_str().expect("utf-8 path");
    let output = tlafid(&[
        "trace",
        "specs/LockService/LockService.tla",
        "--config",
        "specs/LockService/LockService.cfg",
        big,
        "traces/lock_service/contention-1.ndjson",
    ]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert!(stderr.contains("E001"), "{stderr}");
    assert!(stdout.contains(&format!("{big}: not checked")), "{stdout}");
    assert!(stdout.contains("traces/lock_service/contention-1.ndjson: admitted (30 steps)"));
    assert!(
        stdout.contains("Admitted 1 of 2 trace(s); 1 unreadable."),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_module_beside_a_spec_named_without_a_folder_is_read() {
    // The spec's folder is then the empty path: the current folder, not outside it.
    let dir = scratch("beside");
    std::fs::write(
        dir.join("Base.tla"),
        "---- MODULE Base ----\nEXTENDS Naturals\nVARIABLE x\n====\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("Top.tla"),
        "---- MODULE Top ----\nEXTENDS Base\nInit == x = 0\nNext == x' = 1 - x\n====\n",
    )
    .unwrap();
    std::fs::write(dir.join("Top.cfg"), "INIT Init\nNEXT Next\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .args(["check", "Top.tla", "--workers", "1"])
        .current_dir(&dir)
        .output()
        .expect("run tlafid");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    assert!(stdout.contains("2 distinct states found"), "{stdout}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_time_budget_inside_init_reports_the_states_found() {
    let output = tlafid(&[
        "check",
        "tests/harden/HugeInit.tla",
        "--workers",
        "1",
        "--max-seconds",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["outcome"], "incomplete");
    assert_eq!(report["budget"], "max_seconds");
    // Every initial state is new: what was generated is what was found, and not nothing.
    let distinct = report["distinct_states"].as_u64().expect("a count");
    assert!(distinct > 0, "{report}");
    assert_eq!(report["states_generated"].as_u64(), Some(distinct));
    assert!(distinct < 2_000_000_000);
}
