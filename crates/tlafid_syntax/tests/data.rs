//! Data-driven parser tests: every `test_data/ok/*.tla` must parse without diagnostics to
//! the AST dump in its `.expected` file; every `test_data/err/*.tla` must produce exactly the
//! diagnostics (code, line:col, message) in its `.expected` file.
//!
//! `UPDATE_EXPECT=1 cargo test -p tlafid_syntax --test data` rewrites the expected files.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;

fn cases(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("test_data folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tla"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no cases in {}", root.display());
    files
}

/// Parses a case and renders what the expected file pins.
fn render(path: &Path, ok: bool) -> String {
    let text = std::fs::read_to_string(path).expect("case text");
    let mut map = SourceMap::new();
    let id = map.add(path.file_name().unwrap().to_string_lossy(), text);
    let parsed = tlafid_syntax::parse(id, &map.get(id).text);
    let mut out = String::new();
    for d in &parsed.diagnostics {
        let at = d.span.map_or("-".to_string(), |s| {
            let lc = map.get(id).line_col(s.start);
            format!("{}:{}", lc.line, lc.col)
        });
        out.push_str(&format!("{} {at} {}\n", d.code, d.message));
    }
    if ok {
        match &parsed.module {
            Some(m) => out.push_str(&tlafid_syntax::dump::module(m)),
            None => out.push_str("no module\n"),
        }
    }
    out
}

fn check(dir: &str, ok: bool) {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for case in cases(dir) {
        let actual = render(&case, ok);
        let expected_path = case.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &actual).expect("write expected");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if actual != expected {
            failures.push(format!(
                "--- {}\nexpected:\n{expected}\nactual:\n{actual}",
                case.display()
            ));
        }
        let has_diag =
            actual.starts_with('E') && actual.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
        if ok && has_diag {
            failures.push(format!(
                "--- {}: an ok case has diagnostics:\n{actual}",
                case.display()
            ));
        }
        if !ok && !has_diag {
            failures.push(format!(
                "--- {}: an err case has no diagnostic",
                case.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ok_cases_parse_to_their_expected_trees() {
    check("ok", true);
}

#[test]
fn err_cases_report_their_expected_diagnostics() {
    check("err", false);
}
