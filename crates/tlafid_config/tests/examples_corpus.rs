//! Parses every configuration in a checkout of tlaplus/Examples (`.cfg` files, Toolbox
//! `MC.cfg` files, and `---- CONFIG name ----` sections embedded in `.tla` files) and prints
//! "parsed N of M". Ignored by default because it needs the checkout:
//! `cargo test -p tlafid_config --test examples_corpus -- --ignored --nocapture`
//! (`TLAFID_EXAMPLES` overrides the default path `/work/ext/Examples`).
//!
//! The configurations that must fail are pinned in [`EXPECTED_FAILURES`], each with the reason.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use tlafid_base::FileId;

/// Configurations in tlaplus/Examples that fail to parse, and why (none do).
const EXPECTED_FAILURES: &[&str] = &[];

/// Configurations that parse with warnings only. Both are Apalache configurations that write
/// `NULL = -1`: TLC's configuration language has no negative numbers (TLC reads `-` as a
/// model value and then stops at `1`), so tlafid accepts it with warning E068.
const EXPECTED_WARNINGS: &[&str] = &[
    "specifications/Disruptor/APDisruptor_MPMC.cfg",
    "specifications/Disruptor/APDisruptor_SPMC.cfg",
];

fn examples_root() -> PathBuf {
    std::env::var_os("TLAFID_EXAMPLES")
        .map_or_else(|| PathBuf::from("/work/ext/Examples"), PathBuf::from)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "cfg" || e == "tla") {
            out.push(path);
        }
    }
}

/// The name after `CONFIG` on each marker line of a `.tla` text.
fn embedded_config_names(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with("----") && line.contains("CONFIG"))
        .filter_map(|line| line.trim_matches('-').trim().strip_prefix("CONFIG"))
        .map(|rest| rest.trim().to_string())
        .collect()
}

#[test]
#[ignore = "needs a checkout of tlaplus/Examples"]
fn every_example_configuration_parses() {
    let root = examples_root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no files under {}", root.display());
    let (mut total, mut failures, mut warned) = (0, Vec::new(), Vec::new());
    for path in &files {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let parses: Vec<(String, tlafid_config::ParsedConfig)> =
            if path.extension().is_some_and(|e| e == "cfg") {
                vec![(shown, tlafid_config::parse(FileId(0), &text))]
            } else {
                embedded_config_names(&text)
                    .into_iter()
                    .map(|name| {
                        let parsed = tlafid_config::parse_embedded(FileId(0), &text, &name)
                            .expect("marker found");
                        (format!("{shown} (CONFIG {name})"), parsed)
                    })
                    .collect()
            };
        for (name, parsed) in parses {
            total += 1;
            if parsed.has_errors() {
                println!("FAILED {name}\n{}", common::dump(&parsed, &text));
                failures.push(name);
            } else if !parsed.diagnostics.is_empty() {
                println!("WARNED {name}\n{}", common::dump(&parsed, &text));
                warned.push(name);
            }
        }
    }
    let parsed = total - failures.len();
    println!(
        "parsed {parsed} of {total} ({} with warnings only)",
        warned.len()
    );
    assert_eq!(failures, EXPECTED_FAILURES);
    assert_eq!(warned, EXPECTED_WARNINGS);
}
