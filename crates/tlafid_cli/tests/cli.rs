//! End-to-end tests of the `tlafid` binary, driven by the files in `tests/cli/` at the
//! workspace root: each `NAME.args` holds one command line (run from the workspace root),
//! and `NAME.expected` beside it the exit status, standard output and standard error.
//! Timings are masked. `UPDATE_EXPECT=1 cargo test -p tlafid_cli --test cli` rewrites the
//! expected files; review the diff before committing.

mod common;

use common::workspace_root;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Replaces what changes from run to run (elapsed times) by a placeholder.
/// Masks what depends on the clock: elapsed times, and progress lines (printed every few
/// seconds, so their number depends on the machine's load).
fn mask_timings(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with("Progress("))
        .map(mask_clock)
        .map(|line| {
            if let Some(at) = line.find("Finished in ") {
                format!("{}Finished in <elapsed>.", &line[..at])
            } else if let Some(at) = line.find("\"elapsed_seconds\": ") {
                let rest = &line[at + "\"elapsed_seconds\": ".len()..];
                let comma = if rest.trim_end().ends_with(',') {
                    ","
                } else {
                    ""
                };
                format!("{}\"elapsed_seconds\": \"<elapsed>\"{comma}", &line[..at])
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Masks wall-clock stamps (`2026-12-01 22:50:24`, TLC's) and the machine's core count
/// (TLC's mode line, `on 2 cores`).
fn mask_clock(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let candidate = &rest[at..];
        let stamp = candidate.len() >= 19
            && candidate.is_char_boundary(19)
            && candidate[..19]
                .chars()
                .zip("dddd-dd-dd dd:dd:dd".chars())
                .all(|(c, p)| if p == 'd' { c.is_ascii_digit() } else { c == p });
        out.push_str(&rest[..at]);
        if stamp {
            out.push_str("<time>");
            rest = &candidate[19..];
        } else {
            out.push_str(&candidate[..1]);
            rest = &candidate[1..];
        }
    }
    out.push_str(rest);
    match (out.find(" on "), out.find(" cores")) {
        (Some(on), Some(cores)) if on < cores && out[on + 4..cores].parse::<u32>().is_ok() => {
            format!("{} on <cores>{}", &out[..on], &out[cores..])
        }
        _ => out,
    }
}

fn run_case(root: &Path, args_file: &Path) -> String {
    let args_line = std::fs::read_to_string(args_file).expect("read .args");
    let args: Vec<&str> = args_line.split_whitespace().collect();
    let output = Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .args(&args)
        .current_dir(root)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run tlafid");
    format!(
        "status: {}\n--- stdout\n{}\n--- stderr\n{}\n",
        output
            .status
            .code()
            .map_or("signal".to_string(), |c| c.to_string()),
        mask_timings(&String::from_utf8_lossy(&output.stdout)),
        mask_timings(&String::from_utf8_lossy(&output.stderr)),
    )
}

#[test]
fn cli_cases() {
    let root = workspace_root();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root.join("tests/cli"))
        .expect("tests/cli")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "args"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in tests/cli");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let actual = run_case(&root, case);
        let expected_path = case.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &actual).expect("write .expected");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "{}:\n--- expected\n{expected}\n--- actual\n{actual}",
                case.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
