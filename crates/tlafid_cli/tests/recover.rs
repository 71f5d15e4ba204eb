//! Checkpoints end to end: a run killed with SIGKILL after it saved a checkpoint and resumed
//! with `--recover` ends with the counts of a run that was never stopped; a checkpoint is
//! refused for another model, and an unusable spill folder is a diagnostic.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{tlafid, workspace_root};

/// The last lines of a `check` transcript: counts and depth.
fn counts(output: &std::process::Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout
        .lines()
        .filter(|line| line.contains("states generated") || line.contains("depth of"))
        .collect::<Vec<_>>()
        .join("\n")
}

const BAKERY: &str = "specs/Bakery/Bakery.tla";
const BAKERY_COUNTS: &str =
    "24603 states generated, 9294 distinct states found, 0 states left on queue.\n\
                             The depth of the complete state graph search is 45.";

#[test]
fn a_run_killed_after_a_checkpoint_resumes_to_the_uninterrupted_counts() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().join("checkpoints");
    let dir = dir.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .args(["check", BAKERY, "--workers", "2", "--checkpoint", dir])
        .args(["--checkpoint-every-states", "1000"])
        .current_dir(workspace_root())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let checkpoint = folder.path().join("checkpoints/checkpoint.tlafid");
    let start = Instant::now();
    while !checkpoint.exists() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert!(checkpoint.exists(), "a checkpoint was saved");
    let resumed = tlafid(&["check", BAKERY, "--workers", "1", "--recover", dir]);
    assert_eq!(resumed.status.code(), Some(0));
    assert_eq!(counts(&resumed), BAKERY_COUNTS);
}

#[test]
fn a_run_stopped_by_a_budget_resumes_from_its_last_checkpoint() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_str().unwrap();
    let stopped = tlafid(&[
        "check",
        BAKERY,
        "--checkpoint",
        dir,
        "--checkpoint-every-states",
        "2000",
        "--max-states",
        "6000",
        "--spill-after",
        "500",
    ]);
    assert_eq!(stopped.status.code(), Some(3));
    assert_eq!(
        counts(&stopped),
        // The counts of the same budget without spilling or checkpoints.
        "14616 states generated, 6000 distinct states found, 485 states left on queue.\n\
         The depth of the complete state graph search is 28."
    );
    // Resumed with other workers and spilling: the counts of the run never stopped.
    let resumed = tlafid(&[
        "check",
        BAKERY,
        "--workers",
        "2",
        "--recover",
        dir,
        "--spill-after",
        "300",
    ]);
    assert_eq!(counts(&resumed), BAKERY_COUNTS);
    // Another configuration of the same spec is another model.
    let other = tlafid(&[
        "check",
        BAKERY,
        "--config",
        "specs/Bakery/BakeryEntries.cfg",
        "--recover",
        dir,
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("E099"));
}

#[test]
fn a_spill_folder_that_cannot_be_made_is_a_diagnostic() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let output = tlafid(&[
        "check",
        BAKERY,
        "--spill-dir",
        file.to_str().unwrap(),
        "--spill-after",
        "100",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("E097"), "{stderr}");
}

/// Runs `check` on the spec `name` (written with its config to a fresh folder) with `flags`.
fn check_written((name, spec, config): (&str, &str, &str), flags: &[&str]) -> std::process::Output {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join(format!("{name}.tla")), spec).unwrap();
    std::fs::write(folder.path().join(format!("{name}.cfg")), config).unwrap();
    let spec = folder.path().join(format!("{name}.tla"));
    let mut args = vec!["check", spec.to_str().unwrap(), "--workers", "1"];
    args.extend_from_slice(flags);
    tlafid(&args)
}

/// Under `VIEW`, the state `x = 0, y = 1` has the view of the initial state, so it is no new
/// state and its invariant is not checked. A spilling run finds that view on disk: its
/// candidate (checked when claimed, and violating `Inv`) is dropped before the level's
/// verdict, so both runs pass with the same counts.
#[test]
fn a_spilling_run_under_a_view_agrees_with_the_in_memory_run() {
    let spec = "---- MODULE ViewSpill ----\n\
                EXTENDS Naturals\n\
                VARIABLES x, y\n\
                Init == x = 0 /\\ y = 0\n\
                Next == \\/ x < 3 /\\ x' = x + 1 /\\ y' = y\n\
                \x20       \\/ x = 3 /\\ x' = 0 /\\ y' = 1\n\
                View == x\n\
                Inv == y = 0\n\
                ====\n";
    let config = "INIT Init\nNEXT Next\nVIEW View\nINVARIANT Inv\n";
    let expected = "5 states generated, 4 distinct states found, 0 states left on queue.\n\
                    The depth of the complete state graph search is 4.";
    for flags in [
        &[][..],
        &["--spill-after", "1"][..],
        &["--spill-after", "2"][..],
    ] {
        let output = check_written(("ViewSpill", spec, config), flags);
        assert_eq!(output.status.code(), Some(0), "{flags:?}");
        assert_eq!(counts(&output), expected, "{flags:?}");
    }
}

/// Checkpoints do not cover temporal properties: the combination is refused as a usage error
/// (exit 2, as the flag combinations the command line refuses), `E090`, before any level.
#[test]
fn a_checkpoint_with_temporal_properties_is_a_usage_error() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().join("checkpoints");
    let output = tlafid(&[
        "check",
        "specs/Liveness/TokenRing.tla",
        "--checkpoint",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("E090"), "{stderr}");
    assert!(stderr.contains("temporal properties"), "{stderr}");
    assert!(!dir.join("checkpoint.tlafid").exists());
}
