//! Trace arguments: a file, a folder (its `.ndjson`/`.json`/`.log` files, sorted; for a
//! folder with none, those of each of its folders) or a glob (`*`, `?` and `[...]` in the last
//! path component, matched by the `glob` crate's `Pattern`, whose matcher gives up on a whole
//! pattern early instead of backtracking exponentially).

use std::path::{Path, PathBuf};

use tlafid_base::Diagnostic;

use crate::files;

/// The files one trace argument names, in order.
pub fn expand(argument: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let path = Path::new(argument);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name.contains(['*', '?', '[']) {
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let pattern = match glob::Pattern::new(name) {
            Ok(pattern) => pattern,
            Err(e) => {
                diagnostics.push(Diagnostic::error_nowhere(
                    files::CODE_BAD_FLAG,
                    format!("{argument} is not a valid glob: {e}"),
                ));
                return Vec::new();
            }
        };
        let found = list_dir(dir, &|file: &str| pattern.matches(file));
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

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn many_stars_against_a_long_name_end_at_once() {
        let dir = std::env::temp_dir().join(format!("tlafid-glob-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a".repeat(200)), "").unwrap();
        let pattern = dir.join("*a*a*a*a*a*a*b").display().to_string();
        let mut diagnostics = Vec::new();
        assert!(expand(&pattern, &mut diagnostics).is_empty());
        assert_eq!(diagnostics.len(), 1);
        let pattern = dir.join("*a*a*a*a*a*a").display().to_string();
        assert_eq!(expand(&pattern, &mut Vec::new()).len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
