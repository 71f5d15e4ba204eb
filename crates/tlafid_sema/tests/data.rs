//! Data-driven tests: every `test_data/ok/*.tla` must load, and its lowered program must
//! match `*.expected` (see `dump`); every `test_data/err/*.tla` must fail with the
//! diagnostics listed in `*.expected` (code and `file:line:col`, one a line).
//!
//! A case is a `.tla` file (other modules nested in it, or found in `test_data/lib`), or a
//! folder whose root module is the `.tla` file named like the folder. Set `BLESS=1` to
//! write the expected files from the current output.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;

#[path = "examples/invariants.rs"]
mod invariants;

fn cases(kind: &str) -> Vec<(PathBuf, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data")
        .join(kind);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("test_data folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .to_string();
            out.push((
                path.join(format!("{name}.tla")),
                path.with_extension("expected"),
            ));
        } else if path.extension().is_some_and(|e| e == "tla") {
            out.push((path.clone(), path.with_extension("expected")));
        }
    }
    out.sort();
    out
}

/// Loads a case; returns the text to compare with its expected file and whether it loaded.
fn run(root: &Path) -> (String, bool) {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data")
        .join("lib");
    let case_dir = root.parent().expect("parent").to_path_buf();
    let mut sources = SourceMap::new();
    let text = std::fs::read_to_string(root).expect("case file");
    let file = sources.add(root.file_name().expect("name").to_string_lossy(), text);
    let mut find = |name: &str| {
        let mut dirs = vec![lib.clone()];
        if case_dir
            .file_name()
            .is_some_and(|n| n != "ok" && n != "err")
        {
            dirs.insert(0, case_dir.clone());
        }
        dirs.iter().find_map(|d| {
            let path = d.join(format!("{name}.tla"));
            let text = std::fs::read_to_string(&path).ok()?;
            Some((format!("{name}.tla"), text))
        })
    };
    let loaded = tlafid_sema::load(file, &mut sources, &mut find);
    let mut out = String::new();
    for d in &loaded.diagnostics {
        let place = d.span.map_or("-".to_string(), |s| sources.describe(s));
        out.push_str(&format!("{} {place} {}\n", d.code, d.message));
        if let Some(hint) = &d.hint {
            out.push_str(&format!("  hint: {hint}\n"));
        }
    }
    if let Some(program) = &loaded.program {
        let broken = invariants::violations(program);
        assert!(
            broken.is_empty(),
            "{}: {}",
            root.display(),
            broken.join("; ")
        );
        out.push_str(&tlafid_sema::dump::dump(program));
    }
    (out, loaded.program.is_some())
}

fn check(kind: &str, must_load: bool) {
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for (root, expected_path) in cases(kind) {
        let (actual, loaded) = run(&root);
        if loaded != must_load {
            failures.push(format!("{}: loaded = {loaded}\n{actual}", root.display()));
            continue;
        }
        if bless {
            std::fs::write(&expected_path, &actual).expect("write expected");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- actual\n{actual}",
                root.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn ok_cases_load_and_lower_as_expected() {
    check("ok", true);
}

#[test]
fn err_cases_report_the_expected_diagnostics() {
    check("err", false);
}
