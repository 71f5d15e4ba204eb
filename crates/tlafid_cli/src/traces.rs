//! Trace arguments: a file, a folder (its `.ndjson`/`.json`/`.log` files, sorted; for a
//! folder with none, those of each of its folders) or a glob (`*` and `?` in the last path
//! component).

use std::path::{Path, PathBuf};

use tlafid_base::Diagnostic;

use crate::files;

/// The files one trace argument names, in order.
pub fn expand(argument: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let path = Path::new(argument);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name.contains(['*', '?']) {
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let found = list_dir(dir, &|file: &str| {
            glob_match(name.as_bytes(), file.as_bytes())
        });
        if found.is_empty() {
            diagnostics.push(Diagnostic::error_nowhere(
                files::CODE_UNREADABLE,
                format!("no file matches {argument}"),
            ));
        }
        found
    } else if path.is_dir() {
        let files = list_dir(path, &is_trace_file);
        if !files.is_empty() {
            return files;
        }
        sub_dirs(path)
            .iter()
            .flat_map(|dir| list_dir(dir, &is_trace_file))
            .collect()
    } else {
        vec![path.to_path_buf()]
    }
}

fn is_trace_file(file: &str) -> bool {
    file.ends_with(".ndjson") || file.ends_with(".json") || file.ends_with(".log")
}

/// The folders in `dir`, sorted.
fn sub_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

fn list_dir(dir: &Path, keep: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.file_name().and_then(|n| n.to_str()).is_some_and(keep))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// `*` matches any run of characters, `?` one character.
fn glob_match(pattern: &[u8], name: &[u8]) -> bool {
    match (pattern.first(), name.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            glob_match(&pattern[1..], name) || (!name.is_empty() && glob_match(pattern, &name[1..]))
        }
        (Some(b'?'), Some(_)) => glob_match(&pattern[1..], &name[1..]),
        (Some(p), Some(n)) if p == n => glob_match(&pattern[1..], &name[1..]),
        _ => false,
    }
}
