//! Data-driven tests: every `test_data/{ok,err}/*.cfg` is parsed and its dump compared with
//! the `.expected` file beside it. `UPDATE_EXPECT=1 cargo test -p tlafid_config` rewrites them.
//! Files in `ok/` must parse without errors; files in `err/` must produce a diagnostic.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use tlafid_base::FileId;

fn cases(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data")
        .join(folder);
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cfg"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no cases in {}", dir.display());
    paths
}

/// Compares each case's dump with its expected file; returns the names that differ.
fn run_folder(folder: &str, check: impl Fn(&Path, &tlafid_config::ParsedConfig)) {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut mismatches = Vec::new();
    for path in cases(folder) {
        let text = fs::read_to_string(&path).unwrap();
        let parsed = tlafid_config::parse(FileId(0), &text);
        check(&path, &parsed);
        let actual = common::dump(&parsed, &text);
        let expected_path = path.with_extension("expected");
        if update {
            fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            mismatches.push(format!("--- {}\n{actual}", path.display()));
        }
    }
    assert!(
        mismatches.is_empty(),
        "dumps differ (UPDATE_EXPECT=1 rewrites):\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn ok_cases_parse_without_errors() {
    run_folder("ok", |path, parsed| {
        assert!(
            !parsed.has_errors(),
            "{}: {:?}",
            path.display(),
            parsed.diagnostics
        );
    });
}

#[test]
fn err_cases_report_diagnostics() {
    run_folder("err", |path, parsed| {
        assert!(
            !parsed.diagnostics.is_empty(),
            "{}: no diagnostic",
            path.display()
        );
    });
}

/// Every truncation of every case parses without panicking, and diagnostics stay inside
/// the text.
#[test]
fn truncated_inputs_never_panic() {
    for path in cases("ok").into_iter().chain(cases("err")) {
        let text = fs::read_to_string(&path).unwrap();
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let prefix = &text[..end];
            let parsed = tlafid_config::parse(FileId(0), prefix);
            for diagnostic in &parsed.diagnostics {
                let span = diagnostic.span.unwrap();
                assert!(
                    span.start <= span.end && span.end as usize <= end,
                    "{}",
                    path.display()
                );
            }
        }
    }
}
